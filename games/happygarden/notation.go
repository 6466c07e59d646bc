package happygarden

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Notation (docs/happy-garden.md):
//
//	take B1 | take T3          choose a shop tile (a top slot costs a wheelbarrow)
//	place 2,-1                 place the held tile at (x, y)
//	repot                      start a repot (2 wheelbarrows), then
//	lift F15                   choose the tile to slide, then
//	place 2,3                  choose its destination
//	water F14 Y                magic watering can: F14 becomes yellow
//	end                        end the turn
//	steal F26                  take the butterfly of an opponent's flower
//	worm F26                   put the revealed worm on your tile
//	gust F15 mole F26          move a token (butterfly, worm or mole)
//	drum F26                   remove a mole
//	pass                       decline a gust or drum
//	give 2                     hand a mole to seat 2
//	mole F26                   put a received mole on your tile

var slotNames = [6]string{"B1", "B2", "B3", "T1", "T2", "T3"}

func slotName(i int) string {
	if i >= 0 && i < 6 {
		return slotNames[i]
	}
	return "?"
}

func cellName(c int) string {
	return strconv.Itoa(cellX(c)) + "," + strconv.Itoa(cellY(c))
}

func tileID(t int) string {
	if t >= 1 && t <= numTiles {
		return tiles[t].id
	}
	return "#" + strconv.Itoa(t)
}

// tileName is the id and, for a flower, its code as currently shown.
func tileName(s *state, t uint8) string {
	if t == 0 || t > numTiles {
		return "?"
	}
	if tiles[t].kind == kindFlower {
		return tiles[t].id + " " + code(s.colourOf(t), tiles[t].shape)
	}
	return tiles[t].id
}

func (s *state) FormatMove(m engine.Move) string {
	kind, a, b, c := unpack(m)
	if mkMove(kind, a, b, c) != m {
		return fmt.Sprintf("?%#x", uint64(m))
	}
	switch kind {
	case mvTake:
		if a < 6 && b == 0 && c == 0 {
			return "take " + slotNames[a]
		}
	case mvPlace:
		if a == 0 && c == 0 && b < ncell {
			return "place " + cellName(b)
		}
	case mvRepot:
		if a == 0 && b == 0 && c == 0 {
			return "repot"
		}
	case mvLift:
		if b == 0 && c == 0 {
			return "lift " + tileID(a)
		}
	case mvWater:
		if b == 0 && c < numColours {
			return "water " + tileID(a) + " " + string(colourLet[c])
		}
	case mvEnd:
		if a == 0 && b == 0 && c == 0 {
			return "end"
		}
	case mvSteal:
		if b == 0 && c == 0 {
			return "steal " + tileID(a)
		}
	case mvWorm:
		if b == 0 && c == 0 {
			return "worm " + tileID(a)
		}
	case mvGust:
		if c >= ttButterfly && c <= ttMole {
			return "gust " + tileID(a) + " " + ttNames[c] + " " + tileID(b)
		}
	case mvDrum:
		if b == 0 && c == 0 {
			return "drum " + tileID(a)
		}
	case mvPass:
		if a == 0 && b == 0 && c == 0 {
			return "pass"
		}
	case mvGive:
		if b == 0 && c == 0 {
			return "give " + strconv.Itoa(a+1)
		}
	case mvMole:
		if b == 0 && c == 0 {
			return "mole " + tileID(a)
		}
	}
	return fmt.Sprintf("?%#x", uint64(m))
}

func parseTile(w string) (int, error) {
	u := strings.ToUpper(w)
	if strings.HasPrefix(u, "#") {
		n, err := strconv.Atoi(u[1:])
		if err != nil || n < 0 || n > 255 || (n >= 1 && n <= numTiles) {
			return 0, texts.Errorf("error.parse.tile", i18n.S("tile", w))
		}
		return n, nil
	}
	if t, ok := tileByID[u]; ok {
		return int(t), nil
	}
	return 0, texts.Errorf("error.parse.tile", i18n.S("tile", w))
}

func parseCell(w string) (int, error) {
	w = strings.TrimSuffix(strings.TrimPrefix(w, "("), ")")
	xs, ys, ok := strings.Cut(w, ",")
	if !ok {
		return 0, texts.Errorf("error.parse.cell", i18n.S("cell", w))
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if err1 != nil || err2 != nil {
		return 0, texts.Errorf("error.parse.cell", i18n.S("cell", w))
	}
	if x < minXY || x > maxXY || y < minXY || y > maxXY {
		return 0, texts.Errorf("error.parse.outside", i18n.S("cell", w), i18n.N("min", minXY), i18n.N("max", maxXY))
	}
	return cellOf(x, y), nil
}

// example is a well-formed move of the given verb, for error messages.
func example(verb string) string {
	switch verb {
	case "take":
		return "take B1"
	case "place":
		return "place 2,-1"
	case "water":
		return "water F14 Y"
	case "gust":
		return "gust F15 mole F26"
	case "give":
		return "give 2"
	case "repot", "end", "pass":
		return verb
	}
	return verb + " F26" // lift, steal, worm, drum, mole
}

func (s *state) ParseMove(txt string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(strings.TrimSpace(txt)))
	// "place (2, -1)" typed with a space: join the cell back.
	if len(f) >= 3 && f[0] == "place" && strings.HasSuffix(f[len(f)-2], ",") {
		f = append(f[:len(f)-2], f[len(f)-2]+f[len(f)-1])
	}
	if len(f) == 0 {
		return 0, texts.Errorf("error.parse.empty")
	}
	want := func(n int) error {
		if len(f) != n {
			return texts.Errorf("error.parse.args", i18n.S("verb", f[0]), i18n.N("n", n-1), i18n.S("example", example(f[0])))
		}
		return nil
	}
	tileMove := func(kind int) (engine.Move, error) {
		if err := want(2); err != nil {
			return 0, err
		}
		t, err := parseTile(f[1])
		if err != nil {
			return 0, err
		}
		return mkMove(kind, t, 0, 0), nil
	}
	switch f[0] {
	case "take":
		if err := want(2); err != nil {
			return 0, err
		}
		for i, n := range slotNames {
			if strings.EqualFold(n, f[1]) {
				return mkMove(mvTake, i, 0, 0), nil
			}
		}
		return 0, texts.Errorf("error.parse.slot", i18n.S("slot", f[1]))
	case "place":
		if err := want(2); err != nil {
			return 0, err
		}
		c, err := parseCell(f[1])
		if err != nil {
			return 0, err
		}
		return mkMove(mvPlace, 0, c, 0), nil
	case "repot":
		if err := want(1); err != nil {
			return 0, err
		}
		return mkMove(mvRepot, 0, 0, 0), nil
	case "lift":
		return tileMove(mvLift)
	case "water":
		if err := want(3); err != nil {
			return 0, err
		}
		t, err := parseTile(f[1])
		if err != nil {
			return 0, err
		}
		col := colourIndex(f[2])
		if col < 0 {
			return 0, texts.Errorf("error.parse.colour", i18n.S("colour", f[2]))
		}
		return mkMove(mvWater, t, 0, col), nil
	case "end":
		if err := want(1); err != nil {
			return 0, err
		}
		return mkMove(mvEnd, 0, 0, 0), nil
	case "pass":
		if err := want(1); err != nil {
			return 0, err
		}
		return mkMove(mvPass, 0, 0, 0), nil
	case "steal":
		return tileMove(mvSteal)
	case "worm":
		return tileMove(mvWorm)
	case "drum":
		return tileMove(mvDrum)
	case "mole":
		return tileMove(mvMole)
	case "gust":
		if err := want(4); err != nil {
			return 0, err
		}
		a, err := parseTile(f[1])
		if err != nil {
			return 0, err
		}
		b, err := parseTile(f[3])
		if err != nil {
			return 0, err
		}
		tt := 0
		for i := ttButterfly; i <= ttMole; i++ {
			if f[2] == ttNames[i] {
				tt = i
			}
		}
		if tt == 0 {
			return 0, texts.Errorf("error.parse.token", i18n.S("token", f[2]))
		}
		return mkMove(mvGust, a, b, tt), nil
	case "give":
		if err := want(2); err != nil {
			return 0, err
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > maxPlayers {
			return 0, texts.Errorf("error.parse.seat", i18n.S("seat", f[1]), i18n.N("max", maxPlayers))
		}
		return mkMove(mvGive, n-1, 0, 0), nil
	}
	return 0, texts.Errorf("error.parse.move", i18n.S("move", f[0]))
}
