package englishgardens

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// Notation (docs/english-gardens.md):
//
//	take 1|2|3|deck       action A: take a landscape card (also special 2's take)
//	trophy 1|2|3|deck     action B, or a structure's trophy: take a trophy
//	refresh land 312      special 1: display positions in the order they go under the deck
//	refresh trophy 21     (the first listed is drawn first; the last ends at the very bottom)
//	special2              special 2: plant over a card
//	place h2 r1c3         place hand card 2 in row 1, column 3
//	cover h1 r2c2         special 2: play hand card 1 on top of the card at r2c2
//	discard h4            discard hand card 4 face down
//	put c1|c2|c3|r1|r2|r3 put the taken trophy in a slot
//	end                   solo: declare the game over
//	pass                  no action is possible

var slotNames = [6]string{"c1", "c2", "c3", "r1", "r2", "r3"}

func cellID(i int) string { return fmt.Sprintf("r%dc%d", i/3+1, i%3+1) }

func takeName(a uint8) string {
	if a == fromDeck {
		return "deck"
	}
	return strconv.Itoa(int(a) + 1)
}

func (s *state) FormatMove(m engine.Move) string {
	mv, ok := unpack(m)
	if !ok {
		return fmt.Sprintf("?%#x", uint64(m))
	}
	switch mv.kind {
	case mkTakeLand:
		return "take " + takeName(mv.a)
	case mkTakeTrophy:
		return "trophy " + takeName(mv.a)
	case mkRefresh:
		which := "land"
		if mv.a == 1 {
			which = "trophy"
		}
		slots, k, _ := decodeOrder(mv.b)
		var b strings.Builder
		for _, sl := range slots[:k] {
			b.WriteByte(byte('1' + sl))
		}
		return "refresh " + which + " " + b.String()
	case mkSpecial2:
		return "special2"
	case mkPlace:
		return fmt.Sprintf("place h%d %s", mv.a+1, cellID(int(mv.b)))
	case mkCover:
		return fmt.Sprintf("cover h%d %s", mv.a+1, cellID(int(mv.b)))
	case mkDiscard:
		return fmt.Sprintf("discard h%d", mv.a+1)
	case mkPut:
		if mv.a < 6 {
			return "put " + slotNames[mv.a]
		}
	case mkEnd:
		return "end"
	case mkPass:
		return "pass"
	}
	return fmt.Sprintf("?%#x", uint64(m))
}

func (s *state) ParseMove(txt string) (engine.Move, error) {
	f := strings.Fields(strings.ToLower(txt))
	if len(f) == 0 {
		return 0, fmt.Errorf("empty move")
	}
	want := func(n int, usage string) error {
		if len(f) != n {
			return fmt.Errorf("%q: usage: %s", txt, usage)
		}
		return nil
	}
	switch f[0] {
	case "take", "trophy":
		if err := want(2, f[0]+" 1|2|3|deck"); err != nil {
			return 0, err
		}
		a, err := parseTake(f[1])
		if err != nil {
			return 0, fmt.Errorf("%q: %w", txt, err)
		}
		kind := uint8(mkTakeLand)
		if f[0] == "trophy" {
			kind = mkTakeTrophy
		}
		return move{kind: kind, a: a}.pack(), nil
	case "refresh":
		if err := want(3, "refresh land|trophy ORDER, e.g. refresh land 312"); err != nil {
			return 0, err
		}
		var which uint8
		switch f[1] {
		case "land", "landscape":
		case "trophy", "trophies":
			which = 1
		default:
			return 0, fmt.Errorf("%q: refresh land or refresh trophy", txt)
		}
		if len(f[2]) < 1 || len(f[2]) > 3 {
			return 0, fmt.Errorf("%q: the order lists 1 to 3 display positions, e.g. 312", txt)
		}
		var slots []int
		for _, ch := range f[2] {
			if ch < '1' || ch > '3' {
				return 0, fmt.Errorf("%q: display positions are 1, 2 and 3", txt)
			}
			slots = append(slots, int(ch-'1'))
		}
		return move{kind: mkRefresh, a: which, b: orderCode(slots)}.pack(), nil
	case "special2":
		if err := want(1, "special2"); err != nil {
			return 0, err
		}
		return move{kind: mkSpecial2}.pack(), nil
	case "place", "cover":
		if err := want(3, f[0]+" hN rRcC, e.g. "+f[0]+" h2 r1c3"); err != nil {
			return 0, err
		}
		h, err := parseHand(f[1])
		if err != nil {
			return 0, fmt.Errorf("%q: %w", txt, err)
		}
		c, err := parseCell(f[2])
		if err != nil {
			return 0, fmt.Errorf("%q: %w", txt, err)
		}
		kind := uint8(mkPlace)
		if f[0] == "cover" {
			kind = mkCover
		}
		return move{kind: kind, a: h, b: c}.pack(), nil
	case "discard":
		if err := want(2, "discard hN"); err != nil {
			return 0, err
		}
		h, err := parseHand(f[1])
		if err != nil {
			return 0, fmt.Errorf("%q: %w", txt, err)
		}
		return move{kind: mkDiscard, a: h}.pack(), nil
	case "put":
		if err := want(2, "put c1|c2|c3|r1|r2|r3"); err != nil {
			return 0, err
		}
		for i, n := range slotNames {
			if f[1] == n {
				return move{kind: mkPut, a: uint8(i)}.pack(), nil
			}
		}
		return 0, fmt.Errorf("%q: trophy slots are c1, c2, c3 (columns) and r1, r2, r3 (rows)", txt)
	case "end", "pass":
		if err := want(1, f[0]); err != nil {
			return 0, err
		}
		if f[0] == "end" {
			return move{kind: mkEnd}.pack(), nil
		}
		return move{kind: mkPass}.pack(), nil
	}
	return 0, fmt.Errorf("%q: unknown move; moves are take, trophy, refresh, special2, place, cover, discard, put, end, pass", txt)
}

func parseTake(s string) (uint8, error) {
	switch s {
	case "1", "2", "3":
		return s[0] - '1', nil
	case "deck":
		return fromDeck, nil
	}
	return 0, fmt.Errorf("take from display position 1, 2 or 3, or from the deck")
}

func parseHand(s string) (uint8, error) {
	if len(s) == 2 && s[0] == 'h' && s[1] >= '1' && s[1] <= '4' {
		return s[1] - '1', nil
	}
	return 0, fmt.Errorf("hand cards are h1 to h4")
}

func parseCell(s string) (uint8, error) {
	if len(s) == 4 && s[0] == 'r' && s[2] == 'c' && s[1] >= '1' && s[1] <= '3' && s[3] >= '1' && s[3] <= '3' {
		return (s[1]-'1')*3 + (s[3] - '1'), nil
	}
	return 0, fmt.Errorf("landscape cells are r1c1 to r3c3")
}
