package alicesgarden

import (
	"math/bits"
	"slices"

	"github.com/jardin-games/jardin/engine"
)

// Score pad lines, in the pad's order (AG-E3, AG-E4).
var categories = []engine.Category{
	{ID: "chess"},
	{ID: "roses"},
	{ID: "mushrooms"},
	{ID: "trees"},
	{ID: "empty"},
	{ID: "bonus"},
}

const nCats = 6

var roseScore = [6]int{0, 1, 4, 9, 16, 25}

// colMask[c] is column c (0-based).
var colMask = func() (m [cols]uint64) {
	for c := 0; c < cols; c++ {
		for r := 0; r < rows; r++ {
			m[c] |= 1 << (r*cols + c)
		}
	}
	return
}()

// The point functions below take a parts recorder (score_parts.go): nil
// when only the points are wanted (Score, in bots' loops), so that the
// score pad and what each line counts come from the same code.

func chessPoints(chess, chessboard uint64, rec *parts) int {
	on := chess & chessboard
	if rec != nil {
		for m := on; m != 0; m &= m - 1 {
			if rec != nil { // the hot path (Score) records nothing
				rec.add(catChess, 5, m&-m)
			}
		}
	}
	return 5 * bits.OnesCount64(on)
}

func rosePoints(rose uint64) int { return roseParts(rose, nil) }

func roseParts(rose uint64, rec *parts) int {
	pts := 0
	for rose != 0 {
		g := component(rose, rose&-rose)
		rose &^= g
		v := roseScore[min(bits.OnesCount64(g), 5)]
		if rec != nil { // the hot path (Score) records nothing
			rec.add(catRoses, v, g)
		}
		pts += v
	}
	return pts
}

func mushroomPoints(m uint64, rec *parts) int {
	pts := 0
	for c := 0; c < cols; c++ {
		if bits.OnesCount64(m&colMask[c]) >= 2 {
			if rec != nil { // the hot path (Score) records nothing
				rec.add(catMushrooms, 8, m&colMask[c])
			}
			pts += 8
		}
	}
	return pts
}

// treePoints scores each row by the largest distance between neighbouring
// trees, both tree squares included (AG-E3, WE-6).
func treePoints(t uint64) int { return treeParts(t, nil) }

// treeParts records, for each row, the squares of its widest gap, both
// trees included.
func treeParts(t uint64, rec *parts) int {
	pts := 0
	for r := 0; r < rows; r++ {
		row := uint(t >> (r * cols) & 0xff)
		if bits.OnesCount(row) < 2 {
			continue
		}
		best, from, prev := 0, 0, -1
		for row != 0 {
			c := bits.TrailingZeros(row)
			row &= row - 1
			if prev >= 0 && c-prev+1 > best {
				best, from = c-prev+1, prev
			}
			prev = c
		}
		// the squares from one tree to the other, in row r
		if rec != nil { // the hot path (Score) records nothing
			rec.add(catTrees, best, (uint64(1)<<best-1)<<(r*cols+from))
		}
		pts += best
	}
	return pts
}

func emptyAreas(occ uint64, rec *parts) int {
	free := full &^ occ
	n := 0
	for free != 0 {
		g := component(free, free&-free)
		free &^= g
		if rec != nil { // the hot path (Score) records nothing
			rec.add(catEmpty, -5, g)
		}
		n++
	}
	return n
}

// breakdown is the score pad of board b. Bonus tiles still held count -5
// each only beyond the free squares left: while the game runs, a held tile
// will be placed on a free square at the end (AG-E2), so only the excess is
// certain to stay unplaced. After the final placement this is exactly the
// number of unplaced bonus tiles.
func breakdown(b *board, side uint8) [nCats]int { return breakdownParts(b, side, nil) }

// breakdownParts is breakdown recording what each line counts in rec (nil:
// nothing recorded).
func breakdownParts(b *board, side uint8, rec *parts) [nCats]int {
	free := nSquares - bits.OnesCount64(b.occ)
	unplaced := max(0, int(b.heldN)-free)
	if rec != nil { // the hot path (Score) records nothing
		rec.addHeld(b, unplaced)
	}
	return [nCats]int{
		chessPoints(b.icon[iconChess], chessMask[side], rec),
		roseParts(b.icon[iconRose], rec),
		mushroomPoints(b.icon[iconMushroom], rec),
		treeParts(b.icon[iconTree], rec),
		-5 * emptyAreas(b.occ, rec),
		-5 * unplaced,
	}
}

// Score is p's running pad; 0 for a viewer that is not a seat.
func (s *state) Score(p int) int {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	pts := breakdown(&s.b[p], s.side)
	t := 0
	for _, v := range pts {
		t += v
	}
	return t
}

func (s *state) Result() engine.Result {
	// a copy, so that a caller editing its pad never changes the next one
	res := engine.Result{Final: s.phase == phOver, Categories: slices.Clone(categories)}
	res.Players = make([]engine.PlayerResult, s.n)
	for p := range res.Players {
		pts := breakdown(&s.b[p], s.side)
		pr := engine.PlayerResult{Points: pts[:]}
		for _, v := range pts {
			pr.Total += v
		}
		if s.n == 1 {
			rating := soloRating(pr.Total)
			pr.Rating = rating
		}
		res.Players[p] = pr
	}
	engine.SetRanks(res.Players) // no tie-break: tied players share the victory (AG-E5)
	return res
}

// soloRatings are the solo rating bands (AG-SO5, WE-7) from the lowest:
// their words are messages rating.<id> (the French in the rulebook's
// words, shortened to fit a line of the terminal).
var soloRatings = [5]string{"below-70", "70-89", "90-109", "110-129", "130-plus"}

// soloRating is the solo rating band of a total (AG-SO5, WE-7).
func soloRating(total int) string {
	switch {
	case total < 70:
		return soloRatings[0]
	case total < 90:
		return soloRatings[1]
	case total < 110:
		return soloRatings[2]
	case total < 130:
		return soloRatings[3]
	}
	return soloRatings[4]
}

// Evaluate is the score pad plus the potential of the garden: held bonus
// tiles that will fill a square, lone mushrooms waiting for a partner in
// their column, rose groups that can still grow, free pockets too small for
// a large tile (they can only be filled by bonus tiles) and gardeners with
// free neighbours (future bonus draws).
func (s *state) Evaluate(p int) float64 {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	b := &s.b[p]
	v := float64(s.Score(p))
	free := full &^ b.occ
	nFree := bits.OnesCount64(free)
	v += 3 * float64(min(int(b.heldN), nFree))
	if s.phase == phOver || s.phase == phFinal {
		return v
	}
	for c := 0; c < cols; c++ {
		if bits.OnesCount64(b.icon[iconMushroom]&colMask[c]) == 1 && free&colMask[c] != 0 {
			v += 2
		}
	}
	// free pockets of 1 to 3 squares cannot take a large tile
	pockets := 0
	for f := free; f != 0; {
		g := component(f, f&-f)
		f &^= g
		if bits.OnesCount64(g) < 4 {
			pockets += bits.OnesCount64(g)
		}
	}
	v -= 1.5 * float64(max(0, pockets-int(b.heldN)))
	// gardeners with a free neighbour can still earn bonus tiles
	v += 0.5 * float64(bits.OnesCount64(neighbours(b.icon[iconGardener])&free))
	// chessboard squares still free can hold a chess piece
	v += 0.3 * float64(bits.OnesCount64(chessMask[s.side]&free))
	return v
}
