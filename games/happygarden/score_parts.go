package happygarden

import "github.com/jardin-games/jardin/engine"

// The score pad's lines by index (categories).
const (
	catButterflies = iota
	catFlowers
	catGnomes
	catWindmills
	catMouse
	catWorms
	catMoles
)

// parts records, as countParts counts, how many things of each line each
// tile holds; ScoreParts prices them at the pad's own price (a line's
// points over its count). A nil *parts records nothing.
type parts struct {
	cats [numCats][]tileCount
}

type tileCount struct {
	tile uint8
	n    int
}

func (r *parts) add(cat int, t uint8, n int) {
	if r == nil || n == 0 {
		return
	}
	r.cats[cat] = append(r.cats[cat], tileCount{t, n})
}

// ScoreParts says what each line of player's score pad counts
// (engine.ScoreParter): the tiles of player's garden, each worth what it
// holds at the pad's price. A line worth nothing (worms at the
// end, the mouse before its bonus shows) has no parts.
func (s *state) ScoreParts(player int) [][]engine.ScorePart {
	if player < 0 || player >= int(s.n) {
		return nil
	}
	var r parts
	k := s.countParts(player, &r)
	pts, n := padOf(k, s.bonus[player], s.maxOther(player)), k.counted()
	out := make([][]engine.ScorePart, numCats)
	for c, tcs := range r.cats {
		if n[c] == 0 || pts[c] == 0 {
			continue
		}
		unit := pts[c] / n[c] // exact: padOf prices each thing of a line alike
		for _, tc := range tcs {
			out[c] = append(out[c], engine.ScorePart{IDs: []string{tileID(int(tc.tile))}, Points: unit * tc.n})
		}
	}
	return out
}

var _ engine.ScoreParter = (*state)(nil)
