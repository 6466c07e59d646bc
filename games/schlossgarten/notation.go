package schlossgarten

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
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
		return 0, catalog().Errorf("error.parse.square", i18n.S("square", t))
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if err1 != nil || err2 != nil || !onBoard(x, y) {
		return 0, catalog().Errorf("error.parse.square.range", i18n.S("square", t))
	}
	return sqOf(x, y), nil
}

func parsePawn(t string) (int, bool) {
	switch t {
	case "k", "king", "roi", "r", "könig":
		return king, true
	case "g", "gardener", "jardinier", "j", "gärtner":
		return gardener, true
	case "a", "architect", "architecte", "architekt":
		return architect, true
	}
	return 0, false
}

// ParseMove reads the notation; case and extra spaces do not matter.
func (s *state) ParseMove(txt string) (engine.Move, error) { return parseMove(txt) }

func parseMove(txt string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(txt))
	if len(f) == 0 {
		return 0, catalog().Errorf("error.parse.empty")
	}
	switch f[0] {
	case "play":
		if len(f) != 2 {
			return 0, catalog().Errorf("error.parse.play")
		}
		id := strings.TrimPrefix(f[1], "c")
		n, err := strconv.Atoi(id)
		if err != nil || n < 1 || n > len(cards) {
			return 0, catalog().Errorf("error.parse.card", i18n.S("card", f[1]), i18n.S("last", cardNumber(len(cards)-1)))
		}
		return mvPlay(n - 1), nil
	case "put":
		if len(f) != 2 {
			return 0, catalog().Errorf("error.parse.put")
		}
		sq, err := parseSquare(f[1])
		if err != nil {
			return 0, err
		}
		return mvRelocate(sq), nil
	case "stop":
		if len(f) != 1 {
			return 0, catalog().Errorf("error.parse.stop")
		}
		return moveStop, nil
	case "done":
		if len(f) != 1 {
			return 0, catalog().Errorf("error.parse.done")
		}
		return moveDone, nil
	case "dig":
		if len(f) != 3 {
			return 0, catalog().Errorf("error.parse.dig")
		}
		k, ok := parsePawn(f[1])
		if !ok || k == king {
			return 0, catalog().Errorf("error.parse.worker", i18n.S("word", f[1]))
		}
		sq, err := parseSquare(f[2])
		if err != nil {
			return 0, err
		}
		return mvDig(k, sq), nil
	case "build":
		if len(f) < 3 || len(f) > 5 {
			return 0, catalog().Errorf("error.parse.build")
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
			return 0, catalog().Errorf("error.parse.element", i18n.S("word", f[1]), i18n.S("elements", strings.Join(names, ", ")))
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
			return 0, catalog().Errorf("error.parse.step", i18n.S("word", f[0]), i18n.S("letter", pawnCode[k]))
		}
		sq, err := parseSquare(f[1])
		if err != nil {
			return 0, err
		}
		return mvStep(k, sq), nil
	}
	return 0, catalog().Errorf("error.parse.unknown", i18n.S("move", txt))
}
