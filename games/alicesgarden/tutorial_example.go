package alicesgarden

import (
	"fmt"
	"math/bits"

	"github.com/jardin-games/jardin/engine"
)

// TutorialExample returns base with seat's garden replaced by the position
// data (the rulebook's scoring example, in the ScorePosition format), so
// that the tutorial draws the example with the game's own renderer and the
// state scores it as a table would (server/learn.go). The squares carry
// their icons but no tile outlines: the rulebook's picture gives none.
func (game) TutorialExample(base engine.State, seat int, data []byte) (engine.State, error) {
	g, err := readText(data)
	if err != nil {
		return nil, err
	}
	if _, err := g.score(); err != nil { // the same checks as scoring it
		return nil, err
	}
	s, ok := base.Clone().(*state)
	if !ok || seat < 0 || seat >= int(s.n) {
		return nil, fmt.Errorf("alices-garden tutorial example: no seat %d", seat)
	}
	if g.unplaced > 0 {
		return nil, fmt.Errorf("alices-garden tutorial example: %d bonus tiles unplaced, not drawn", g.unplaced)
	}
	s.side = g.side
	s.b[seat] = g.b
	// The picture does not say how many large tiles made the garden; each
	// covers 4 squares, so the drawing's count reads the squares over 4
	// rather than "0 tiles placed" under a full garden.
	s.b[seat].tiles = uint8(bits.OnesCount64(g.b.occ) / 4)
	return s, nil
}
