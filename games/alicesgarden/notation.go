package alicesgarden

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Notation (docs/alices-garden.md):
//
//	bag O            choose the bag of O tiles (O I L T S)
//	take O03         take tile O03 from the supply (solo: from the drawn tiles)
//	place r90f 2,3   place the tile taken: orientation, then row,col of the
//	                 top-left corner of its bounding box
//	bonus 2          draw 2 gardener bonus tiles (0 declines); when unable to place: bonus 1 or bonus 0
//	put R 3,4        place a bonus tile (R M T C g) on row 3, column 4
func (s *state) FormatMove(m engine.Move) string {
	if !wellFormed(m) {
		return fmt.Sprintf("?%x", uint64(m))
	}
	switch mvKind(m) {
	case kBag:
		return "bag " + string(shapeLetters[mvA(m)])
	case kTake:
		return "take " + tiles[mvTile(m)].id
	case kPlace:
		return "place " + orientName(uint8(mvA(m))) + " " + sqName(mvSq(m))
	case kBonus:
		return "bonus " + strconv.Itoa(mvN(m))
	case kPut:
		return "put " + string(iconLetter[bonusIcon[mvA(m)]]) + " " + sqName(mvSq(m))
	}
	return fmt.Sprintf("?%x", uint64(m))
}

func sqName(sq int) string {
	return strconv.Itoa(sq/cols+1) + "," + strconv.Itoa(sq%cols+1)
}

// parseSquare reads "row,col" (1-based, row 1..6, column 1..8).
func parseSquare(t string) (int, error) {
	a, b, ok := strings.Cut(t, ",")
	if !ok {
		return 0, catalog.Errorf("error.square.syntax", i18n.S("square", t))
	}
	r, err1 := strconv.Atoi(strings.TrimSpace(a))
	c, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || r < 1 || r > rows || c < 1 || c > cols {
		return 0, catalog.Errorf("error.square.range", i18n.S("square", t))
	}
	return (r-1)*cols + c - 1, nil
}

func parseOrient(in string) (int, error) {
	t := strings.ToLower(in)
	k := 0
	if strings.HasSuffix(t, "f") {
		k = 4
		t = t[:len(t)-1]
	}
	switch t {
	case "r0":
	case "r90":
		k++
	case "r180":
		k += 2
	case "r270":
		k += 3
	default:
		return 0, catalog.Errorf("error.orient.syntax", i18n.S("orient", in))
	}
	return k, nil
}

var bonusWords = map[string]int{"r": 0, "rose": 0, "m": 1, "mushroom": 1, "t": 2, "tree": 2,
	"c": 3, "chess": 3, "g": 4, "grass": 4}

func (s *state) ParseMove(str string) (engine.Move, error) {
	f := strings.Fields(str)
	// allow "2, 3" for a square
	if len(f) == 4 && strings.HasSuffix(f[2], ",") {
		f = []string{f[0], f[1], f[2] + f[3]}
	}
	if len(f) == 0 {
		return 0, catalog.Errorf("error.move.empty")
	}
	verb := strings.ToLower(f[0])
	switch verb {
	case "bag":
		if len(f) != 2 || len(f[1]) != 1 {
			return 0, catalog.Errorf("error.bag.syntax")
		}
		i := strings.IndexByte(shapeLetters, upper(f[1][0]))
		if i < 0 {
			return 0, catalog.Errorf("error.bag.letter", i18n.S("bag", f[1]))
		}
		return mvBag(i), nil
	case "take":
		if len(f) != 2 {
			return 0, catalog.Errorf("error.take.syntax")
		}
		t, ok := tileByID(f[1])
		if !ok {
			return 0, catalog.Errorf("error.take.tile", i18n.S("tile", f[1]))
		}
		return mvTake(t), nil
	case "place":
		if len(f) != 3 {
			return 0, catalog.Errorf("error.place.syntax")
		}
		k, err := parseOrient(f[1])
		if err != nil {
			return 0, err
		}
		sq, err := parseSquare(f[2])
		if err != nil {
			return 0, err
		}
		if s.phase == phPlace && s.held >= 0 {
			// An orientation that puts the same icons on the same squares
			// as an offered one is the same move (AG-T5a): r0f of a tile
			// whose mirror image is itself is r0.
			k = int(tiles[s.held].canon[k])
		}
		return mvPlace(k, sq), nil
	case "bonus":
		if len(f) != 2 {
			return 0, catalog.Errorf("error.bonus.syntax")
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 || n > maxBonusDraw {
			return 0, catalog.Errorf("error.bonus.count", i18n.S("count", f[1]), i18n.N("max", maxBonusDraw))
		}
		return mvBonus(n), nil
	case "put":
		if len(f) != 3 {
			return 0, catalog.Errorf("error.put.syntax")
		}
		k, ok := bonusWords[strings.ToLower(f[1])]
		if !ok {
			return 0, catalog.Errorf("error.put.kind", i18n.S("bonus", f[1]))
		}
		sq, err := parseSquare(f[2])
		if err != nil {
			return 0, err
		}
		return mvPut(k, sq), nil
	}
	return 0, catalog.Errorf("error.move.unknown", i18n.S("word", f[0]))
}
