package alicesgarden

import (
	"math/bits"

	"github.com/jardin-games/jardin/engine"
)

// DescribeMove implements engine.Describer: each move of the current
// decision as a page clicks it, with the view's ids, parts in the order a
// player chooses them. A placement is chosen in three steps (the tile, its
// orientation, a cell), so a page can offer the 100-odd placements of a
// decision one part at a time. The cell is the first square the tile covers
// in reading order, not the corner of its bounding box that the notation
// names: that corner may be a square the tile leaves free (an L, a T, an
// S), and a player points at where the tile lies, never beside it. For a
// given orientation the two determine each other.
//
// The catalogue words them for people: move.<kind> names a kind of move
// and part.<name> a part's role ("at" before a cell: "at row 2, column 3");
// the ids are the components' (component.<id>.name) and the cells'
// (cell.square). A count is a number: the page words it as the number of
// bonus tiles (page.choice.count).
//
//	{"kind":"bag","bag":"bag:O"}
//	{"kind":"take","tile":"tile:O03"}
//	{"kind":"place","tile":"tile:O03","orientation":"orient:r90f","cell":"r2c3"}
//	{"kind":"bonus","count":"2"}               (stuck: "0" or "1")
//	{"kind":"put","bonus":"bonus:R","cell":"r3c4"}
func (s *state) DescribeMove(m engine.Move) engine.MoveDesc {
	if !wellFormed(m) {
		return engine.MoveDesc{Kind: "invalid"}
	}
	part := func(name, id string) engine.Part { return engine.Part{Name: name, ID: id} }
	switch mvKind(m) {
	case kBag:
		return engine.MoveDesc{Kind: "bag", Parts: []engine.Part{part("bag", bagID(mvA(m)))}}
	case kTake:
		return engine.MoveDesc{Kind: "take", Parts: []engine.Part{part("tile", tileID(mvTile(m)))}}
	case kPlace:
		d := engine.MoveDesc{Kind: "place"}
		if s.held >= 0 {
			d.Parts = append(d.Parts, part("tile", tileID(int(s.held))))
		}
		d.Parts = append(d.Parts, part("orientation", orientID(uint8(mvA(m)))), part("cell", cellID(s.firstCovered(m))))
		return d
	case kBonus:
		return engine.MoveDesc{Kind: "bonus", Parts: []engine.Part{part("count", countID(mvN(m)))}}
	case kPut:
		return engine.MoveDesc{Kind: "put", Parts: []engine.Part{part("bonus", bonusID(mvA(m))), part("cell", cellID(mvSq(m)))}}
	}
	return engine.MoveDesc{Kind: "invalid"}
}

var _ engine.Describer = (*state)(nil)

// firstCovered is the first square, in reading order, that placement m
// covers: the box's corner plus the smallest offset of the orientation.
// Outside a placement decision (no tile held) it is the corner.
func (s *state) firstCovered(m engine.Move) int {
	if s.held < 0 {
		return mvSq(m)
	}
	o, ok := tiles[s.held].findOrient(uint8(mvA(m)))
	if !ok {
		return mvSq(m)
	}
	return mvSq(m) + bits.TrailingZeros64(o.mask)
}

// Prompt names the current decision (engine.Describer), one key per phase,
// the solo steps apart because they read differently (a bag on the left, a
// drawn tile to keep). Its numbers are public: how many tiles the chosen bag
// gives, how many bonus tiles the gardeners earned, how many are left to
// place at the end.
func (s *state) Prompt() engine.Prompt {
	solo := s.n == 1
	switch s.phase {
	case phBag:
		if solo {
			return engine.Prompt{Key: "bag.solo"}
		}
		return engine.Prompt{Key: "bag", Args: []engine.Arg{engine.Num(s.need())}}
	case phTake:
		if solo {
			return engine.Prompt{Key: "take.solo"}
		}
		return engine.Prompt{Key: "take"}
	case phPlace:
		return engine.Prompt{Key: "place"}
	case phBonus:
		return engine.Prompt{Key: "bonus", Args: []engine.Arg{engine.Num(int(s.bonusMax))}}
	case phStuck:
		return engine.Prompt{Key: "stuck"}
	case phFinal:
		return engine.Prompt{Key: "final", Args: []engine.Arg{engine.Num(int(s.b[s.toMove].heldN))}}
	}
	return engine.Prompt{}
}
