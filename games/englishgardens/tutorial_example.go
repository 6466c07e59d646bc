package englishgardens

import (
	"encoding/json"
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// TutorialExample returns base with seat's village replaced by the position
// data (a worked example of the rulebook, in the ScorePosition format), so
// that the tutorial draws it with the game's renderer and the state scores
// it as a table would (server/learn.go). The seat keeps its own village card;
// the displays and decks stay as dealt (the example is a garden, not a whole
// table).
//
// Without a "hand" the example is the rulebook's scoring example: the seat
// holds no cards. With one (a list of card descriptions, as the cells'),
// it is a placement example asked as a move: the seat keeps base's turn and
// phase and holds those cards, so the learner places one of them on the
// example's village.
func (g *game) TutorialExample(base engine.State, seat int, data []byte) (engine.State, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("english-gardens tutorial example: %w", err)
	}
	var hand []string
	if h, ok := raw["hand"]; ok {
		if err := json.Unmarshal(h, &hand); err != nil || len(hand) == 0 || len(hand) > 4 {
			return nil, fmt.Errorf("english-gardens tutorial example: a hand is 1 to 4 card descriptions: %v", err)
		}
		delete(raw, "hand")
		var err error
		if data, err = json.Marshal(raw); err != nil {
			return nil, fmt.Errorf("english-gardens tutorial example: %w", err)
		}
	}
	p, solo, err := g.parsePosition(data)
	if err != nil {
		return nil, err
	}
	s, ok := base.Clone().(*state)
	if !ok || seat < 0 || seat >= int(s.n) || solo != s.solo() {
		return nil, fmt.Errorf("english-gardens tutorial example: no seat %d (solo %v)", seat, solo)
	}
	if hand == nil {
		p.village = s.pl[seat].village
		s.pl[seat] = *p
		return s, nil
	}
	if s.ToMove() != seat || s.phase != phPlace {
		return nil, fmt.Errorf("english-gardens tutorial example: a hand is asked for a placement, and seat %d is not placing", seat)
	}
	pl := &s.pl[seat]
	// the village: every field putLand and putTrophy keep (not the village card, the hand, the discards)
	pl.land, pl.visible, pl.trophy, pl.tHist, pl.tN, pl.pts, pl.line, pl.ponds, pl.tops, pl.filled = p.land, p.visible, p.trophy, p.tHist, p.tN, p.pts, p.line, p.ponds, p.tops, p.filled
	pl.hand, pl.handKnown, pl.handN = [4]int8{}, [4]bool{}, 0
	var used [numLand]bool
	for _, d := range hand {
		c, err := g.findCard(d, &used)
		if err != nil {
			return nil, fmt.Errorf("english-gardens tutorial example, hand: %w", err)
		}
		pl.addHand(c, true)
	}
	return s, nil
}
