package hanginggardens

import (
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// HG-T1, HG-T2, HG-T10, H8: four rounds of three turns each, in turn order
// from the round's first player; a crown mid-round does not reorder it.
func TestRule_HG_T1_T2_T10_H8_TurnOrder(t *testing.T) {
	s := newState(t, 3, 11, engine.Options{"first": "2"})
	rng := engine.NewRNG(5)
	var order []int
	var buf []engine.Move
	round := s.round
	firsts := []int8{s.first}
	for !s.Over() {
		if s.phase == phaseTake {
			order = append(order, int(s.cur))
		}
		buf = s.LegalMoves(buf[:0])
		if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			t.Fatal(err)
		}
		if s.round != round && !s.Over() {
			round = s.round
			firsts = append(firsts, s.first)
			if s.cur != s.first || s.roundFirst != s.first {
				t.Fatalf("HG-T10: round %d starts with %d, tile held by %d", round+1, s.cur, s.first)
			}
			for c := 0; c < 3; c++ {
				if s.colN[c] != 0 {
					t.Fatal("HG-T10: columns not reopened")
				}
			}
		}
	}
	if len(order) != 36 {
		t.Fatalf("HG-T1: %d turns, want 36", len(order))
	}
	for r := 0; r < 4; r++ {
		f := int(firsts[r])
		for i := 0; i < 9; i++ {
			if order[r*9+i] != (f+i)%3 {
				t.Fatalf("HG-T2: round %d turn %d by %d, want %d", r+1, i, order[r*9+i], (f+i)%3)
			}
		}
	}
}

func TestRule_HG_T2_CrownMidRoundKeepsOrder(t *testing.T) {
	s := newState(t, 3, 1, engine.Options{"first": "1"})
	// seat 0 takes a crown card: seat 2 takes the tile on its turn, the round order stays 0,1,2.
	atPlace(s, 0, "TR01")
	mustApply(t, s, "place a1")
	for s.phase != phaseTake {
		mustApply(t, s, "pass")
	}
	if s.cur != 1 {
		t.Fatal("seat 1 should move")
	}
	atPlace(s, 1, "TR01")
	mustApply(t, s, "place a1")
	for s.phase != phaseTake {
		mustApply(t, s, "pass")
	}
	atPlace(s, 2, "EM02") // crown
	mustApply(t, s, "place a1")
	if s.first != 2 {
		t.Fatal("HG-T6: crown did not take the tile")
	}
	for s.phase != phaseTake {
		mustApply(t, s, "pass")
	}
	if s.cur != 0 || s.roundFirst != 0 {
		t.Fatalf("HG-T2: order changed mid-round, seat %d to move", s.cur)
	}
}

func TestRule_HG_T3_StepsInOrder(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	wantRule(t, s, "place a1", "HG-T3")
	wantRule(t, s, "pass", "HG-T3")
	wantRule(t, s, "buy 2", "HG-T3")
	wantRule(t, s, "objective 1", "HG-T3")
	mustApply(t, s, "take 1 1")
	wantRule(t, s, "take 2 1", "HG-T3")
	wantRule(t, s, "pass", "HG-T3")
	if err := s.Apply(engine.Move(1<<40), nil); engine.RuleOf(err) != "HG-T3" {
		t.Errorf("garbage move: %v", err)
	}
}

// WE-1 (HG-T4, HG-T7): Raphaël's closed columns and the reveal.
func TestWorkedExample_WE1_HG_T4_T7_H3_ClosedColumnAndReveal(t *testing.T) {
	s := newState(t, 3, 1, engine.Options{"first": "1"})
	s.colN = [3]uint8{1, 3, 3}
	s.cols[1] = [5]int8{1, 2, 1, -1, -1}
	s.cols[2] = [5]int8{2, 1, 2, -1, -1}
	setMarket(s, 0, "TR01", "AN02", "EM01", "VI01")
	atTake(s, 0)
	s.pl[0].Tools = 4
	for _, m := range legalText(s) {
		if m[5] != '1' {
			t.Fatalf("HG-T4d: %s offered", m)
		}
	}
	wantRule(t, s, "take 2 1", "HG-T4d")
	wantRule(t, s, "take 3 4", "HG-T4d")
	top := s.deck[s.deckLen-1]
	stock := s.stockTools
	mustApply(t, s, "take 1 2")
	if s.pl[0].Tools != 3 || s.stockTools != stock+1 {
		t.Fatalf("HG-T4b: tools %d stock %d", s.pl[0].Tools, s.stockTools)
	}
	if s.cols[0][1] != 0 || s.colN[0] != 2 {
		t.Fatal("HG-T4a: gardener not in column 1")
	}
	// H3: the gap stays until the card is placed.
	if s.market[0][1] != 0 || s.market[0][2] != card("EM01")+1 {
		t.Fatal("H3: reveal before placing")
	}
	mustApply(t, s, "place a1")
	want := [4]uint8{card("TR01") + 1, card("EM01") + 1, card("VI01") + 1, top + 1}
	if s.market[0] != want {
		t.Fatalf("HG-T7: column 1 is %v, want %v", s.market[0], want)
	}
}

func TestRule_HG_T4c_CannotPay(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	s.pl[0].Tools = 1
	wantRule(t, s, "take 1 3", "HG-T4c")
	wantRule(t, s, "take 2 4", "HG-T4c")
	for _, m := range legalText(s) {
		if m[7] > '2' {
			t.Fatalf("%s offered with 1 tool", m)
		}
	}
	mustApply(t, s, "take 1 2")
	if s.pl[0].Tools != 0 {
		t.Fatal("cost not paid")
	}
}

func TestRule_HG_T4b_EmptySpace(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	s.market[1][3] = 0
	wantRule(t, s, "take 2 4", "HG-T4b")
}

// HG-T5: placement in the 5/4/3 pyramid.
func TestRule_HG_T5_Placement(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	tests := []struct {
		name   string
		garden map[string]string
		move   string
		rule   string // "" = legal
	}{
		{"T5a first card on floor 1", nil, "place b1", "HG-T5a"},
		{"T5a first card at a1", nil, "place a1", ""},
		{"T5a first card elsewhere", nil, "place a3", "HG-T5a"},
		{"T5c extend right", map[string]string{"a1": "TR01"}, "place a2", ""},
		{"T5c extend left", map[string]string{"a1": "TR01"}, "place a0", ""},
		{"T5c gap in floor 1", map[string]string{"a1": "TR01"}, "place a3", "HG-T5c"},
		{"T5c floor 1 full", map[string]string{"a1": "TR01", "a2": "TR01", "a3": "TR01", "a4": "TR01", "a5": "TR01"}, "place a0", "HG-T5c"},
		{"T5c floor 1 full right", map[string]string{"a1": "TR01", "a2": "TR01", "a3": "TR01", "a4": "TR01", "a5": "TR01"}, "place a6", "HG-T5c"},
		{"T5d b needs two below", map[string]string{"a1": "TR01"}, "place b1", "HG-T5d"},
		{"T5d b on a pair", map[string]string{"a1": "TR01", "a2": "TR01"}, "place b1", ""},
		{"T5d c needs two b", map[string]string{"a1": "TR01", "a2": "TR01", "a3": "TR01", "b1": "TR01"}, "place c1", "HG-T5d"},
		{"T5d c on b pair", map[string]string{"a1": "TR01", "a2": "TR01", "a3": "TR01", "b1": "TR01", "b2": "TR01"}, "place c1", ""},
		{"T5e upper floor before floor 1 is full", map[string]string{"a1": "TR01", "a2": "TR01", "a3": "TR01"}, "place b2", ""},
		{"T5f occupied floor 1", map[string]string{"a1": "TR01", "a2": "TR01"}, "place a1", "HG-T5f"},
		{"T5f occupied floor 2", map[string]string{"a1": "TR01", "a2": "TR01", "b1": "TR01"}, "place b1", "HG-T5f"},
		{"T5d floor 2 out of range", map[string]string{"a1": "TR01", "a2": "TR01"}, "place b5", "HG-T5d"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := *s
			setGarden(&c, 0, tc.garden)
			atPlace(&c, 0, "AN02")
			m, err := c.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			legal := slices.Contains(c.LegalMoves(nil), m)
			if tc.rule == "" {
				if !legal {
					t.Fatalf("%s not offered: %v", tc.move, legalText(&c))
				}
				mustApply(t, &c, tc.move)
				return
			}
			if legal {
				t.Fatalf("%s offered", tc.move)
			}
			wantRule(t, &c, tc.move, tc.rule)
		})
	}
}

// HG-T5g: positions are relative until floor 1 is complete; a0 renumbers.
func TestRule_HG_T5g_LeftExtensionRenumbers(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "TR02", "b1": "EM01+EN01"})
	atPlace(s, 0, "AN02")
	mustApply(t, s, "place a0")
	pl := &s.pl[0]
	if pl.Cards[0] != card("AN02")+1 || pl.Cards[1] != card("TR01")+1 || pl.Cards[2] != card("TR02")+1 {
		t.Fatalf("floor 1 not renumbered: %v", pl.Cards)
	}
	if pl.Cards[5] != 0 || pl.Cards[6] != card("EM01")+1 || pl.Enh[6] != enhOf("EN01")+1 {
		t.Fatalf("floor 2 not renumbered: %v %v", pl.Cards, pl.Enh)
	}
	if got := s.FormatMove(mk(kindPlace, 0, 0)); got != "place a0" {
		t.Fatal(got)
	}
}

// HG-T5b, HG-T5f: in random games every placement touches the garden, and
// a legal place always exists until 12 cards.
func TestRule_HG_T5b_T5f_AdjacentAndAlwaysPlaceable(t *testing.T) {
	occupied := func(pl *player) (occ uint16) {
		for i := 0; i < nPos; i++ {
			if pl.Cards[i] != 0 {
				occ |= 1 << i
			}
		}
		return
	}
	for seed := uint64(1); seed <= 30; seed++ {
		s := newState(t, 2, seed, nil)
		rng := engine.NewRNG(seed)
		var buf []engine.Move
		for !s.Over() {
			buf = s.LegalMoves(buf[:0])
			if len(buf) == 0 {
				t.Fatal("HG-T5f: no legal move")
			}
			p := s.cur
			if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
			if occ := occupied(&s.pl[p]); occ != 0 && group(occ, occ&-occ) != occ {
				t.Fatal("HG-T5b: garden not connected")
			}
		}
	}
}

// wantRawRule applies a packed move that the notation cannot write and
// checks the rule named and that nothing changed.
func wantRawRule(t *testing.T, s *state, m engine.Move, rule string) {
	t.Helper()
	before := *s
	if err := s.Apply(m, nil); engine.RuleOf(err) != rule {
		t.Fatalf("%#x: got %v, want rule %s", uint64(m), err, rule)
	}
	if *s != before {
		t.Fatalf("%#x: rejected move changed the state", uint64(m))
	}
}

// Every rejection names its rule, out-of-range moves included (HG-T1, HG-T4,
// HG-T5, HG-T8, HG-T9), and changes nothing.
func TestRule_HG_T1_T4_T5_T8_T9_OutOfRangeMovesNameTheRule(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	wantRawRule(t, s, mk(kindTake, 3, 0), "HG-T4")
	wantRawRule(t, s, mk(kindTake, 0, 4), "HG-T4")
	mustApply(t, s, "take 1 1")
	wantRawRule(t, s, mk(kindPlace, 3, 1), "HG-T5a") // first card
	s.pendCard = card("EM01") + 1
	setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "TR01"})
	wantRawRule(t, s, mk(kindPlace, 3, 1), "HG-T5")
	wantRawRule(t, s, mk(kindPlace, 2, 4), "HG-T5d")
	mustApply(t, s, "place a3")
	s.pl[0].Gold = 9
	if s.phase != phaseBuy {
		t.Fatalf("phase %s", phaseNames[s.phase])
	}
	wantRawRule(t, s, mk(kindBuy, 3, 0), "HG-T8")
	wantRawRule(t, s, mk(kindPass, 1, 0), "HG-T3")
	mustApply(t, s, "buy 2")
	wantRawRule(t, s, mk(kindPut, 0, 6), "HG-T8a")
	wantRawRule(t, s, mk(kindPut, 3, 1), "HG-T8a")
	mustApply(t, s, "put a3")
	s.phase = phaseObjective
	wantRawRule(t, s, mk(kindObjective, 4, 0), "HG-T9")
	s = newState(t, 2, 1, nil)
	playRandom(t, s, 3)
	wantRule(t, s, "take 1 1", "HG-T1")
	wantRule(t, s, "pass", "HG-T1")
}
