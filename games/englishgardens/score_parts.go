package englishgardens

import "github.com/jardin-games/jardin/engine"

// parts records what each score line counts, as breakdownParts scores it;
// a nil *parts records nothing.
type parts struct {
	cats [8][]engine.ScorePart
}

// add records a part of line cat worth pts: the things named by ids. A
// trophy that scores nothing is still a part (its line, worth 0): the
// newcomer sees what it looked at.
func (r *parts) add(cat, pts int, ids ...string) {
	if r == nil {
		return
	}
	r.cats[cat] = append(r.cats[cat], engine.ScorePart{IDs: ids, Points: pts})
}

// ScoreParts says what each line of player's score pad counts
// (engine.ScoreParter), in player's own village as player's view draws
// it: the village card, each pond, each trophy with the cells of its line.
func (s *state) ScoreParts(player int) [][]engine.ScorePart {
	if uint(player) >= uint(s.n) {
		return nil
	}
	var r parts
	var pts [8]int
	s.g.c.breakdownParts(&s.pl[player], &pts, &r)
	return r.cats[:]
}

var _ engine.ScoreParter = (*state)(nil)
