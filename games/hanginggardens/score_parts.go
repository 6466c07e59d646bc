package hanginggardens

import (
	"math/bits"

	"github.com/jardin-games/jardin/engine"
)

// parts records what each score line counts, as scoreGardenParts and
// objectiveParts score it; a nil *parts records nothing.
type parts struct {
	cats [nCats][]engine.ScorePart
}

// add records a part of line cat worth pts: the positions of mask (a1…c3).
// A part worth nothing (a visitor with nothing to count) is left out.
func (r *parts) add(cat, pts int, mask uint16) {
	if r == nil || pts == 0 {
		return
	}
	var ids []string
	for m := mask; m != 0; m &= m - 1 {
		ids = append(ids, posNames[bits.TrailingZeros16(m)])
	}
	r.cats[cat] = append(r.cats[cat], engine.ScorePart{IDs: ids, Points: pts})
}

// addObjective records a marker on royal objective k worth pts.
func (r *parts) addObjective(k, pts int) {
	if r == nil {
		return
	}
	r.cats[catObjectives] = append(r.cats[catObjectives], engine.ScorePart{IDs: []string{objectiveCell(k)}, Points: pts})
}

// ScoreParts says what each line of player's score pad counts
// (engine.ScoreParter), in player's own garden as player's view draws it:
// the irrigated places, each colour's best bed, each grove, each animal
// and visitor, the objectives player's markers are on.
func (s *state) ScoreParts(player int) [][]engine.ScorePart {
	if player < 0 || player >= int(s.n) {
		return nil
	}
	var r parts
	s.padParts(player, &r)
	return r.cats[:]
}

var _ engine.ScoreParter = (*state)(nil)
