package englishgardens

import (
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// TutorialExample returns base with seat's village replaced by the position
// data (the rulebook's scoring example, in the ScorePosition format), so
// that the tutorial draws it with the game's renderer and the state scores
// it as a table would (server/learn.go). The seat keeps its own village card
// and holds no cards; the displays and decks stay as dealt (the example is
// a garden, not a whole table).
func (g *game) TutorialExample(base engine.State, seat int, data []byte) (engine.State, error) {
	p, solo, err := g.parsePosition(data)
	if err != nil {
		return nil, err
	}
	s, ok := base.Clone().(*state)
	if !ok || seat < 0 || seat >= int(s.n) || solo != s.solo() {
		return nil, fmt.Errorf("english-gardens tutorial example: no seat %d (solo %v)", seat, solo)
	}
	p.village = s.pl[seat].village
	s.pl[seat] = *p
	return s, nil
}
