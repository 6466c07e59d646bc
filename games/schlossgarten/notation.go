package schlossgarten

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// Notation (see docs/schlossgarten.md):
//
//	play C07             play a card from the hand (SG-T3)
//	k 3,5  g 2,4  a 4,4  step or jump with the king, gardener or architect to (x,y) (SG-T7, SG-T9)
//	put 6,5              put the struck subject on its owner's element (SG-T10)
//	stop                 end movement early (SG-T4)
//	dig g 3,3            the gardener (g) or architect (a) excavates (x,y) (SG-T15)
//	build pool 3,3 4,3   build an element on these squares (SG-T16, SG-T17)
//	done                 end the turn without (further) work

func maskNames(m uint64) string {
	var b strings.Builder
	for ; m != 0; m &= m - 1 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(sqName(lowSq(m)))
	}
	return b.String()
}

var pawnCode = [nPawns]string{"k", "g", "a"}

// FormatMove writes m in the game's notation.
func (s *state) FormatMove(m engine.Move) string { return formatMove(m) }

func formatMove(m engine.Move) string {
	switch mvKind(m) {
	case mkPlay:
		if mvArg(m) == 0 && mvSq(m) < len(cards) {
			return "play " + cards[mvSq(m)].id
		}
	case mkStep:
		if k := mvArg(m); k < nPawns && mvSq(m) < nSquares {
			return pawnCode[k] + " " + sqName(mvSq(m))
		}
	case mkRelocate:
		if mvArg(m) == 0 && mvSq(m) < nSquares {
			return "put " + sqName(mvSq(m))
		}
	case mkStop:
		if m == moveStop {
			return "stop"
		}
	case mkDig:
		if k := mvArg(m); (k == gardener || k == architect) && mvSq(m) < nSquares {
			return "dig " + pawnCode[k] + " " + sqName(mvSq(m))
		}
	case mkBuild:
		e, mask := mvArg(m), mvMask(m)
		if e < nElems && mask != 0 && mask&^boardMask == 0 && popcount(mask) <= 3 {
			return "build " + elems[e].id + " " + maskNames(mask)
		}
	case mkDone:
		if m == moveDone {
			return "done"
		}
	}
	return fmt.Sprintf("?%#x", uint64(m))
}

// parseSquare reads "x,y" or "(x,y)" with x, y from 0 to 6.
func parseSquare(t string) (int, error) {
	t = strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
	xs, ys, ok := strings.Cut(t, ",")
	if !ok {
		return 0, fmt.Errorf("square %q: want x,y such as 3,5", t)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if err1 != nil || err2 != nil || !onBoard(x, y) {
		return 0, fmt.Errorf("square %q: want x,y with x and y from 0 to 6", t)
	}
	return sqOf(x, y), nil
}

func parsePawn(t string) (int, bool) {
	switch t {
	case "k", "king", "roi", "r":
		return king, true
	case "g", "gardener", "jardinier", "j":
		return gardener, true
	case "a", "architect", "architecte":
		return architect, true
	}
	return 0, false
}

// ParseMove reads the notation; case and extra spaces do not matter.
func (s *state) ParseMove(txt string) (engine.Move, error) { return parseMove(txt) }

func parseMove(txt string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(txt))
	if len(f) == 0 {
		return 0, fmt.Errorf("empty move: try play C07, k 3,5, put 6,5, stop, dig g 3,3, build pool 3,3 4,3 or done")
	}
	switch f[0] {
	case "play":
		if len(f) != 2 {
			return 0, fmt.Errorf("play: want play C07")
		}
		id := strings.TrimPrefix(f[1], "c")
		n, err := strconv.Atoi(id)
		if err != nil || n < 1 || n > len(cards) {
			return 0, fmt.Errorf("play: unknown card %q (C01 to C%02d)", f[1], len(cards))
		}
		return mvPlay(n - 1), nil
	case "put":
		if len(f) != 2 {
			return 0, fmt.Errorf("put: want put x,y")
		}
		sq, err := parseSquare(f[1])
		if err != nil {
			return 0, err
		}
		return mvRelocate(sq), nil
	case "stop":
		if len(f) != 1 {
			return 0, fmt.Errorf("stop takes no argument")
		}
		return moveStop, nil
	case "done":
		if len(f) != 1 {
			return 0, fmt.Errorf("done takes no argument")
		}
		return moveDone, nil
	case "dig":
		if len(f) != 3 {
			return 0, fmt.Errorf("dig: want dig g x,y or dig a x,y")
		}
		k, ok := parsePawn(f[1])
		if !ok || k == king {
			return 0, fmt.Errorf("dig: the worker is g (gardener) or a (architect), not %q", f[1])
		}
		sq, err := parseSquare(f[2])
		if err != nil {
			return 0, err
		}
		return mvDig(k, sq), nil
	case "build":
		if len(f) < 3 || len(f) > 5 {
			return 0, fmt.Errorf("build: want build ELEMENT x,y [x,y [x,y]], e.g. build pool 3,3 4,3")
		}
		e := -1
		for i := range elems {
			if elems[i].id == f[1] {
				e = i
			}
		}
		if e < 0 {
			names := make([]string, nElems)
			for i := range elems {
				names[i] = elems[i].id
			}
			return 0, fmt.Errorf("build: unknown element %q (%s)", f[1], strings.Join(names, ", "))
		}
		var mask uint64
		for _, t := range f[2:] {
			sq, err := parseSquare(t)
			if err != nil {
				return 0, err
			}
			mask |= bit(sq)
		}
		return mvBuild(e, mask), nil
	}
	if k, ok := parsePawn(f[0]); ok {
		if len(f) != 2 {
			return 0, fmt.Errorf("%s: want %s x,y", f[0], pawnCode[k])
		}
		sq, err := parseSquare(f[1])
		if err != nil {
			return 0, err
		}
		return mvStep(k, sq), nil
	}
	return 0, fmt.Errorf("unknown move %q: try play C07, k 3,5, put 6,5, stop, dig g 3,3, build pool 3,3 4,3 or done", txt)
}
