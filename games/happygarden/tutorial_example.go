package happygarden

import (
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// TutorialExample is the rulebook's scoring example (data, in the
// ScorePosition format) as a state the game's renderer draws and scores as
// a table would (server/learn.go): the one garden the position describes,
// read and checked as ScorePosition reads it. The shop, the bag and the
// other gardens are not part of the example and stay empty; base and seat
// are not needed (a position is one garden, seat 0).
func (game) TutorialExample(_ engine.State, seat int, data []byte) (engine.State, error) {
	if seat != 0 {
		return nil, fmt.Errorf("happy-garden tutorial example: the example is seat 0's garden, not seat %d's", seat)
	}
	var pos Position
	if err := engine.DecodeJSON(data, &pos, true); err != nil {
		return nil, fmt.Errorf("happy-garden tutorial example: %w", err)
	}
	if len(pos.OpponentButterflies) > 0 && pos.OpponentButterflies[0] != 0 || len(pos.OpponentButterflies) > 1 {
		// a one-garden state has no opponent to hold them
		return nil, fmt.Errorf("happy-garden tutorial example: opponents' butterflies %v are not drawn", pos.OpponentButterflies)
	}
	s, err := pos.state()
	if err != nil {
		return nil, fmt.Errorf("happy-garden tutorial example: %w", err)
	}
	return s, nil
}
