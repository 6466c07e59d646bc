package schlossgarten

import (
	"strconv"

	"github.com/jardin-games/jardin/engine"
)

// The score pad's lines by index (categories).
const (
	catTiles = iota
	catElements
)

// parts records what each score line counts, as tileParts and elemParts
// score it; a nil *parts records nothing.
type parts struct {
	cats [2][]engine.ScorePart
}

// addSquares records a part of category cat: the squares of mask, worth pts.
func (r *parts) addSquares(cat, pts int, mask uint64) {
	if r == nil {
		return
	}
	var ids []string
	for m := mask; m != 0; m &= m - 1 {
		ids = append(ids, cellID(lowSq(m)))
	}
	r.cats[cat] = append(r.cats[cat], engine.ScorePart{IDs: ids, Points: pts})
}

// addTiles records n collected tiles worth v each: the seat panel's pile of
// that value, "tiles:V" (the renderer's data-part).
func (r *parts) addTiles(v, n int) {
	if r == nil {
		return
	}
	r.cats[catTiles] = append(r.cats[catTiles], engine.ScorePart{IDs: []string{TilesPartID(v)}, Points: v * n})
}

// TilesPartID names the pile of collected tiles worth v in a seat's own
// panel, as the renderer marks it (data-part): the collected tiles have
// no place on the board.
func TilesPartID(v int) string { return "tiles:" + strconv.Itoa(v) }

// ScoreParts says what each line of player's score pad counts
// (engine.ScoreParter): the squares of each element built, the piles of
// tiles collected in player's own panel.
func (s *state) ScoreParts(player int) [][]engine.ScorePart {
	if player < 0 || player >= int(s.n) {
		return nil
	}
	var r parts
	s.tileParts(player, &r)
	s.elemParts(player, &r)
	return r.cats[:]
}

var _ engine.ScoreParter = (*state)(nil)
