package hanginggardens

import (
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Notation (docs/hanging-gardens.md):
//
//	take C R      take the card of column C (1-3, left to right), row R (1 bottom .. 4 top)
//	place a1      place the taken card; a0 = left of a1, a(N+1) = right end of floor 1,
//	              bJ / cJ on the floors above ("place left" / "place right" also read)
//	buy 2|3|4     buy the top enhancement of the 2-, 3- or 4-gold pile
//	put b2        put the bought enhancement on that empty card
//	objective K   complete the royal objective in position K (1-4)
//	pass          skip buying or the objective
func (s *state) FormatMove(m engine.Move) string {
	kind, a, b, ok := unpack(m)
	if !ok {
		return fmt.Sprintf("?%#x", uint64(m))
	}
	switch kind {
	case kindTake:
		if a <= 2 && b <= 3 {
			return fmt.Sprintf("take %d %d", a+1, b+1)
		}
	case kindPlace:
		if a <= 2 && b <= 9 {
			return fmt.Sprintf("place %c%d", 'a'+a, b)
		}
	case kindBuy:
		if a <= 2 && b == 0 {
			return fmt.Sprintf("buy %d", a+2)
		}
	case kindPut:
		if a <= 2 && b <= 9 {
			return fmt.Sprintf("put %c%d", 'a'+a, b)
		}
	case kindObjective:
		if a <= 3 && b == 0 {
			return fmt.Sprintf("objective %d", a+1)
		}
	case kindPass:
		if a == 0 && b == 0 {
			return "pass"
		}
	}
	return fmt.Sprintf("?%#x", uint64(m))
}

func parsePos(w string) (floor, idx int, ok bool) {
	if len(w) != 2 || w[0] < 'a' || w[0] > 'c' || w[1] < '0' || w[1] > '9' {
		return 0, 0, false
	}
	return int(w[0] - 'a'), int(w[1] - '0'), true
}

func parseDigit(w string, lo, hi int) (int, bool) {
	if len(w) != 1 || w[0] < byte('0'+lo) || w[0] > byte('0'+hi) {
		return 0, false
	}
	return int(w[0] - '0'), true
}

func (s *state) ParseMove(txt string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(txt))
	if len(f) == 0 {
		return 0, texts.Errorf("error.parse.empty")
	}
	// bad is a typed move that does not parse: error.parse.<what> says
	// how to type it (the notation's words are the same in every language).
	bad := func(what string) (engine.Move, error) {
		return 0, texts.Errorf("error.parse."+what, i18n.S("text", txt))
	}
	switch f[0] {
	case "take", "t":
		if len(f) == 2 && len(f[1]) == 2 { // "take 12"
			f = []string{f[0], f[1][:1], f[1][1:]}
		}
		if len(f) != 3 {
			return bad("take")
		}
		c, ok1 := parseDigit(f[1], 1, 3)
		r, ok2 := parseDigit(f[2], 1, 4)
		if !ok1 || !ok2 {
			return bad("take-range")
		}
		return mk(kindTake, c-1, r-1), nil
	case "place", "p":
		if len(f) != 2 {
			return bad("place")
		}
		switch f[1] {
		case "left", "l":
			if s.pl[max(s.cur, 0)].NCards == 0 {
				return mk(kindPlace, 0, 1), nil
			}
			return mk(kindPlace, 0, 0), nil
		case "right", "r":
			return mk(kindPlace, 0, int(s.pl[max(s.cur, 0)].N1)+1), nil
		}
		fl, idx, ok := parsePos(f[1])
		if !ok {
			return bad("place-pos")
		}
		return mk(kindPlace, fl, idx), nil
	case "buy", "b":
		if len(f) != 2 {
			return bad("buy")
		}
		c, ok := parseDigit(f[1], 2, 4)
		if !ok {
			return bad("buy-cost")
		}
		return mk(kindBuy, c-2, 0), nil
	case "put", "enhance":
		if len(f) != 2 {
			return bad("put")
		}
		fl, idx, ok := parsePos(f[1])
		if !ok {
			return bad("put-pos")
		}
		return mk(kindPut, fl, idx), nil
	case "objective", "obj", "o":
		if len(f) != 2 {
			return bad("objective")
		}
		k, ok := parseDigit(f[1], 1, 4)
		if !ok {
			return bad("objective-pos")
		}
		return mk(kindObjective, k-1, 0), nil
	case "pass", "skip", "-":
		if len(f) != 1 {
			return bad("pass")
		}
		return mk(kindPass, 0, 0), nil
	}
	return bad("unknown")
}
