package englishgardens

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
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
		return 0, texts.Errorf("error.parse.empty")
	}
	q := i18n.S("move", strings.TrimSpace(txt))
	// usage: the notation of the move typed, as the error shows it.
	want := func(n int, usage string) error {
		if len(f) != n {
			return texts.Errorf("error.parse.usage", q, i18n.S("usage", usage))
		}
		return nil
	}
	switch f[0] {
	case "take", "trophy":
		if err := want(2, f[0]+" 1|2|3|deck"); err != nil {
			return 0, err
		}
		a, ok := parseTake(f[1])
		if !ok {
			return 0, texts.Errorf("error.parse.take", q)
		}
		kind := uint8(mkTakeLand)
		if f[0] == "trophy" {
			kind = mkTakeTrophy
		}
		return move{kind: kind, a: a}.pack(), nil
	case "refresh":
		if len(f) != 3 {
			return 0, texts.Errorf("error.parse.refresh", q)
		}
		var which uint8
		switch f[1] {
		case "land", "landscape":
		case "trophy", "trophies":
			which = 1
		default:
			return 0, texts.Errorf("error.parse.refresh", q)
		}
		if len(f[2]) < 1 || len(f[2]) > 3 {
			return 0, texts.Errorf("error.parse.refresh-order", q)
		}
		var slots []int
		for _, ch := range f[2] {
			if ch < '1' || ch > '3' {
				return 0, texts.Errorf("error.parse.refresh-order", q)
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
		if err := want(3, f[0]+" h1 r1c1"); err != nil {
			return 0, err
		}
		h, ok := parseHand(f[1])
		if !ok {
			return 0, texts.Errorf("error.parse.hand", q)
		}
		c, ok := parseCell(f[2])
		if !ok {
			return 0, texts.Errorf("error.parse.cell", q)
		}
		kind := uint8(mkPlace)
		if f[0] == "cover" {
			kind = mkCover
		}
		return move{kind: kind, a: h, b: c}.pack(), nil
	case "discard":
		if err := want(2, "discard h1"); err != nil {
			return 0, err
		}
		h, ok := parseHand(f[1])
		if !ok {
			return 0, texts.Errorf("error.parse.hand", q)
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
		return 0, texts.Errorf("error.parse.slot", q)
	case "end", "pass":
		if err := want(1, f[0]); err != nil {
			return 0, err
		}
		if f[0] == "end" {
			return move{kind: mkEnd}.pack(), nil
		}
		return move{kind: mkPass}.pack(), nil
	}
	return 0, texts.Errorf("error.parse.unknown", q)
}

// parseTake reads a display position 1, 2 or 3, or "deck".
func parseTake(s string) (uint8, bool) {
	switch s {
	case "1", "2", "3":
		return s[0] - '1', true
	case "deck":
		return fromDeck, true
	}
	return 0, false
}

// parseHand reads a hand card, h1 to h4.
func parseHand(s string) (uint8, bool) {
	if len(s) == 2 && s[0] == 'h' && s[1] >= '1' && s[1] <= '4' {
		return s[1] - '1', true
	}
	return 0, false
}

// parseCell reads a landscape cell, r1c1 to r3c3.
func parseCell(s string) (uint8, bool) {
	if len(s) == 4 && s[0] == 'r' && s[2] == 'c' && s[1] >= '1' && s[1] <= '3' && s[3] >= '1' && s[3] <= '3' {
		return (s[1]-'1')*3 + (s[3] - '1'), true
	}
	return 0, false
}
