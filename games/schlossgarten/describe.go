package schlossgarten

import (
	"strconv"

	"github.com/jardin-games/jardin/engine"
)

// DescribeMove implements engine.Describer: a move as a user interface
// clicks it, with the ids of the view (docs/schlossgarten.md, "Move
// descriptions"). Parts come in the order a player chooses them: the pawn
// (by its kind and square), then where it goes; the element, then its
// orientation, then the square.
func (s *state) DescribeMove(m engine.Move) engine.MoveDesc {
	part := func(name, id string) engine.Part { return engine.Part{Name: name, ID: id} }
	switch mvKind(m) {
	case mkPlay:
		if c := mvSq(m); mvArg(m) == 0 && c < len(cards) {
			return engine.MoveDesc{Kind: "play", Parts: []engine.Part{part("card", cards[c].id)}}
		}
	case mkStep:
		if k, to := mvArg(m), mvSq(m); k < nPawns && to < nSquares {
			p := int(s.toMove)
			return engine.MoveDesc{Kind: "move", Parts: []engine.Part{
				part("pawn", pawnIDs[k]), part("from", cellID(int(s.pawnSq[p][k]))), part("to", cellID(to))}}
		}
	case mkRelocate:
		if to := mvSq(m); mvArg(m) == 0 && to < nSquares {
			parts := make([]engine.Part, 0, 2)
			if s.struck >= 0 {
				parts = append(parts, part("pawn", s.pawnID(int(s.struck)/nPawns, int(s.struck)%nPawns)))
			}
			return engine.MoveDesc{Kind: "put", Parts: append(parts, part("cell", cellID(to)))}
		}
	case mkStop:
		if m == moveStop {
			return engine.MoveDesc{Kind: "stop"}
		}
	case mkDig:
		if k, to := mvArg(m), mvSq(m); (k == gardener || k == architect) && to < nSquares {
			return engine.MoveDesc{Kind: "dig", Parts: []engine.Part{part("worker", pawnIDs[k]), part("cell", cellID(to))}}
		}
	case mkBuild:
		e, mask := mvArg(m), mvMask(m)
		if e < nElems && mask != 0 && mask&^boardMask == 0 {
			if o, first, ok := orientationOf(e, mask); ok {
				return engine.MoveDesc{Kind: "build", Parts: []engine.Part{
					part("element", elems[e].id), part("orientation", orientID(o)), part("cell", cellID(first))}}
			}
		}
	case mkDone:
		if m == moveDone {
			return engine.MoveDesc{Kind: "done"}
		}
	}
	// Not a move of this game: described by its notation so that it still
	// reads, and never equal to a real move's description.
	return engine.MoveDesc{Kind: "unknown", Parts: []engine.Part{part("notation", formatMove(m))}}
}

// orientID is the id of orientation o of an element: "r0" … "r3", the
// index into the element's orientations in the view.
func orientID(o int) string { return "r" + strconv.Itoa(o) }

// orientationOf finds which orientation of element e the placement mask is,
// and its first square (the lowest square index: top row, leftmost). The
// first square plus the orientation's offsets (View.Elements) gives every
// square of the placement.
func orientationOf(e int, mask uint64) (o, first int, ok bool) {
	first = lowSq(mask)
	fx, fy := sqXY(first)
	for i, sh := range elems[e].orients {
		var m uint64
		ok := true
		for _, d := range firstOffsets(sh) {
			x, y := fx+d[0], fy+d[1]
			if !onBoard(x, y) {
				ok = false
				break
			}
			m |= bit(sqOf(x, y))
		}
		if ok && m == mask {
			return i, first, true
		}
	}
	return 0, 0, false
}

// firstOffsets returns a normalised orientation's squares as offsets from
// its first square (the first in row order, which normalise sorts first).
func firstOffsets(sh []xy) []xy {
	out := make([]xy, len(sh))
	for i, p := range sh {
		out[i] = xy{p[0] - sh[0][0], p[1] - sh[0][1]}
	}
	return out
}

// Prompt names the current decision (engine.Describer), from what every
// seat sees: the step of the turn (SG-T1), the moves left (SG-T4), the
// struck subject (SG-T10), and in the work step which of excavating and
// building is still possible (SG-T15 … SG-T17), so that the prompt offers
// only what the player can do.
func (s *state) Prompt() engine.Prompt {
	p := int(s.toMove)
	switch s.phase {
	case phPlay:
		return engine.Prompt{Key: "play", Args: []engine.Arg{engine.Num(int(s.handN[p]))}}
	case phMove:
		return engine.Prompt{Key: "move", Args: []engine.Arg{engine.Num(budget - int(s.steps))}}
	case phRelocate:
		q, k := int(s.struck)/nPawns, int(s.struck)%nPawns
		return engine.Prompt{Key: "put", Args: []engine.Arg{engine.Comp(s.pawnID(q, k))}}
	case phWork:
		// The prompt names the pieces that may work (n: 1 the gardener,
		// 2 the architect, 3 both), never "your worker": a newcomer looks
		// for a piece called so.
		dig, build := 0, 0
		if !s.dug {
			for _, k := range [2]int{gardener, architect} {
				if s.canWork(k) && s.digTargets(p, k) != 0 {
					dig |= workerBit(k)
				}
			}
		}
		s.builds(p, func(e int, _ uint64) bool {
			build |= workerBit(elems[e].builder)
			return build != 3
		})
		switch {
		case dig != 0 && build != 0:
			return engine.Prompt{Key: "work", Args: []engine.Arg{engine.Num(dig)}} // "excavate next to …"
		case dig != 0:
			return engine.Prompt{Key: "dig", Args: []engine.Arg{engine.Num(dig)}}
		case build != 0:
			return engine.Prompt{Key: "build", Args: []engine.Arg{engine.Num(build)}}
		}
		return engine.Prompt{Key: "done"}
	}
	return engine.Prompt{}
}
