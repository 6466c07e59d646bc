package happygarden

import (
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// TutorialExample is the rulebook's scoring example (data, in the
// ScorePosition format) as a state the game's renderer draws and scores as
// a table would (server/learn.go): the one garden the position describes,
// read and checked as ScorePosition reads it. The shop, the bag and the
// other gardens are not part of the example (a position is one garden,
// seat 0's); the shop and supplies are base's.
func (game) TutorialExample(base engine.State, seat int, data []byte) (engine.State, error) {
	if seat != 0 {
		return nil, fmt.Errorf("happy-garden tutorial example: the example is seat 0's garden, not seat %d's", seat)
	}
	// A worked example of a turn adds to the position the wheelbarrows the
	// player holds and the repot it has begun (HP-X2, Julie's repot).
	var ex struct {
		Position
		Wheelbarrows int  `json:"wheelbarrows,omitempty"`
		Repot        bool `json:"repot,omitempty"`
	}
	if err := engine.DecodeJSON(data, &ex, true); err != nil {
		return nil, fmt.Errorf("happy-garden tutorial example: %w", err)
	}
	pos := ex.Position
	if len(pos.OpponentButterflies) > 0 && pos.OpponentButterflies[0] != 0 || len(pos.OpponentButterflies) > 1 {
		// a one-garden state has no opponent to hold them
		return nil, fmt.Errorf("happy-garden tutorial example: opponents' butterflies %v are not drawn", pos.OpponentButterflies)
	}
	s, err := pos.state()
	if err != nil {
		return nil, fmt.Errorf("happy-garden tutorial example: %w", err)
	}
	// Around the garden, the table as dealt at the last round (the game
	// over but for the scoring): the shop, the bag and the supplies of
	// base, without the example's tiles, so that no tile shows twice.
	b, ok := base.(*state)
	if !ok {
		return nil, fmt.Errorf("happy-garden tutorial example: base is not a happy-garden state")
	}
	inGarden := func(t uint8) bool { return s.owner[t] >= 0 }
	for _, t := range b.bag[:b.bagN] {
		if !inGarden(t) {
			s.bag[s.bagN] = t
			s.bagN++
		}
	}
	for i, t := range b.shop {
		// a tile of the example, or a slot not dealt yet (base is a new
		// game): the shop is full at any round
		if (t == 0 || inGarden(t)) && s.bagN > 0 {
			s.bagN--
			t = s.bag[s.bagN]
		}
		s.shop[i] = t
	}
	s.supWB, s.supWorm, s.supCan, s.supBfly = b.supWB, b.supWorm, b.supCan, b.supBfly
	s.round, s.rounds = b.rounds, b.rounds
	if ex.Wheelbarrows < 0 || ex.Wheelbarrows > int(s.supWB) {
		return nil, fmt.Errorf("happy-garden tutorial example: %d wheelbarrows, %d in the supply", ex.Wheelbarrows, s.supWB)
	}
	s.wb[0], s.supWB = uint8(ex.Wheelbarrows), s.supWB-uint8(ex.Wheelbarrows)
	if ex.Repot {
		// the player's turn, the repot begun: the tile to move is asked
		s.cur, s.toMove, s.phase = 0, 0, phTurn
		m, err := s.ParseMove("repot")
		if err == nil {
			err = s.Apply(m, nil)
		}
		if err != nil {
			return nil, fmt.Errorf("happy-garden tutorial example: the repot: %w", err)
		}
	}
	return s, nil
}
