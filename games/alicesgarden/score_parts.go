package alicesgarden

import (
	"fmt"
	"math/bits"

	"github.com/jardin-games/jardin/engine"
)

// The score pad's lines by index (categories).
const (
	catChess = iota
	catRoses
	catMushrooms
	catTrees
	catEmpty
	catBonus
)

// parts records what each score line counts, as breakdownParts scores it.
// A nil *parts records nothing: Score passes nil and allocates nothing.
type parts struct {
	cats [nCats][]engine.ScorePart
}

// add records a part of category cat: the squares of mask, worth pts.
func (r *parts) add(cat, pts int, mask uint64) {
	if r == nil {
		return
	}
	var ids []string
	for m := mask; m != 0; m &= m - 1 {
		ids = append(ids, squareID(bits.TrailingZeros64(m)))
	}
	r.cats[cat] = append(r.cats[cat], engine.ScorePart{IDs: ids, Points: pts})
}

// addHeld records the bonus tiles held that no free square can take: -5
// each (AG-E2), the first ones held in the catalogue's order.
func (r *parts) addHeld(b *board, unplaced int) {
	if r == nil {
		return
	}
	for k := 0; k < nBonusKinds && unplaced > 0; k++ {
		for i := 0; i < int(b.held[k]) && unplaced > 0; i++ {
			r.cats[catBonus] = append(r.cats[catBonus], engine.ScorePart{IDs: []string{bonusID(k)}, Points: -5})
			unplaced--
		}
	}
}

// squareID is a square's id in the view and on the drawing ("r2c3").
func squareID(sq int) string { return fmt.Sprintf("r%dc%d", sq/cols+1, sq%cols+1) }

// ScoreParts says what each line of player's score pad counts, on
// player's own garden as player's view draws it (engine.ScoreParter).
func (s *state) ScoreParts(player int) [][]engine.ScorePart {
	if player < 0 || player >= int(s.n) {
		return nil
	}
	var r parts
	breakdownParts(&s.b[player], s.side, &r)
	return r.cats[:]
}

var _ engine.ScoreParter = (*state)(nil)
