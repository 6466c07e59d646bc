package happygarden

import (
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// HP-T1, HP-T2, P7: a turn is optional actions, choose, place, optional
// actions, end; nothing can be placed before choosing, nothing else taken
// before placing, and the optional actions are open at every step (issue
// 13: the rulebook's « à n'importe quel moment de votre tour »).
func TestRule_HP_T1_T2_P7_TurnSteps(t *testing.T) {
	s := bare(2)
	lay(s, 0, "F01", 2, 0)
	lay(s, 0, "F10", 3, 0)
	s.wb[0] = 2
	stock(s, "F20", "F30", "F40", "F21", "F31", "F41")
	reject(t, s, "place 2,1", "HP-T2")
	reject(t, s, "end", "HP-T2")
	play(t, s, "take B1")
	reject(t, s, "take B2", "HP-T15")
	reject(t, s, "end", "HP-T15")
	if got := names(s); !slices.Contains(got, "repot") || !slices.Contains(got, "water F01 Y") {
		t.Fatalf("between choosing and placing: moves %v, want a repot and the watering can offered", got)
	}
	play(t, s, "place 2,1")
	if s.phase != phAfter {
		t.Fatalf("after placing: step %s", phaseNames[s.phase])
	}
	reject(t, s, "take B2", "HP-T2")
	play(t, s, "repot", "lift F10", "place 3,1", "end")
	if s.ToMove() != 1 || s.phase != phTurn {
		t.Fatalf("after end: seat %d step %s", s.ToMove()+1, phaseNames[s.phase])
	}
}

// HP-T3, HP-T4, P6: "each player" effects in turn order; a short supply
// serves the first players only.
func TestRule_HP_T3_T4_P6_WheelbarrowToken(t *testing.T) {
	s := bare(3)
	s.first = 1
	s.supWB = 2
	s.pile[0], s.pileN = tokWheelbarrow, 1
	stock(s, "F01", "F02", "F03")
	s.turnIdx = 0
	s.startRound(nil)
	if s.wb != [5]uint8{0, 1, 1} || s.supWB != 0 {
		t.Errorf("wheelbarrows %v supply %d, want seats 2 and 3 served", s.wb, s.supWB)
	}
	if s.ToMove() != 1 || s.phase != phTurn {
		t.Errorf("first player's turn should start: seat %d step %s", s.ToMove()+1, phaseNames[s.phase])
	}
}

// HP-T5, HP-X8 (first part): the worm token, in turn order, with a short supply.
func TestRule_HP_T5_X8_WormToken(t *testing.T) {
	s := bare(4)
	lay(s, 0, "F01", 2, 0)
	lay(s, 0, "F10", 3, 0)
	h := lay(s, 1, "F20", 2, 0)
	s.happy |= 1 << h // seat 2 has no unhappy tile
	lay(s, 2, "F30", 2, 0)
	lay(s, 3, "F40", 2, 0)
	s.supWorm = 2
	stock(s, "F02", "F03", "F04")
	s.pile[0], s.pileN = tokWorm, 1
	s.startRound(nil)
	if s.ToMove() != 0 || s.phase != phEffect {
		t.Fatalf("seat 1 should place a worm")
	}
	if got := names(s); !slices.Equal(got, []string{"worm F01", "worm F10"}) {
		t.Fatalf("worm choices %v", got)
	}
	reject(t, s, "pass", "HP-T5")
	play(t, s, "worm F10")
	if s.ToMove() != 2 {
		t.Fatalf("seat 2 has no unhappy tile: seat %d to move", s.ToMove()+1)
	}
	reject(t, s, "worm F01", "HP-T5")
	play(t, s, "worm F30")
	if s.phase != phTurn || s.ToMove() != 0 || s.worms[tid("F40")] != 0 || s.supWorm != 0 {
		t.Fatalf("seat 4 should get nothing and seat 1 play: step %s seat %d", phaseNames[s.phase], s.ToMove()+1)
	}
}

// HP-T6, HP-X14: gust of wind.
func TestRule_HP_T6_X14_Gust(t *testing.T) {
	s := bare(2)
	a := lay(s, 0, "F01", 2, 0)
	b := lay(s, 0, "F10", 3, 0)
	c := lay(s, 0, "F20", -1, 0)
	s.moles[a], s.moles[b], s.bfly[a] = 1, 1, 1
	s.happy |= 1 << c
	stock(s, "F02", "F03", "F04")
	s.pile[0], s.pileN = tokGust, 1
	s.startRound(nil)
	if s.ToMove() != 0 || s.phase != phEffect {
		t.Fatal("seat 1 should decide the gust")
	}
	reject(t, s, "gust F01 worm F10", "HP-T6")
	reject(t, s, "gust F01 mole F01", "HP-T6")
	x := s.Clone().(*state)
	play(t, s, "gust F01 mole F10")
	if s.moles[a] != 0 || s.moles[b] != 2 {
		t.Errorf("moles %d %d, want both on F10", s.moles[a], s.moles[b])
	}
	// a butterfly onto a happy tile: legal, and it is then safe (HP-T24).
	play(t, x, "gust F01 butterfly F20")
	if x.bfly[c] != 1 || x.happy&(1<<c) == 0 {
		t.Errorf("butterfly not moved onto the happy tile")
	}
	// seat 2 has no token: not asked.
	if s.ToMove() != 0 || s.phase != phTurn {
		t.Errorf("seat 2 has nothing to move and should be skipped")
	}
}

// HP-T8, HP-X14: drum.
func TestRule_HP_T8_X14_Drum(t *testing.T) {
	s := bare(3)
	a := lay(s, 0, "F01", 2, 0)
	s.moles[a] = 2
	s.supWorm = 10
	lay(s, 1, "F10", 2, 0) // no mole: not asked
	b := lay(s, 2, "F20", 2, 0)
	s.moles[b] = 1
	stock(s, "F02", "F03", "F04")
	s.pile[0], s.pileN = tokDrum, 1
	s.startRound(nil)
	play(t, s, "drum F01")
	if s.moles[a] != 1 || s.supWorm != 11 {
		t.Errorf("drum: moles %d supply %d", s.moles[a], s.supWorm)
	}
	if s.ToMove() != 2 {
		t.Fatalf("seat 2 has no mole and is skipped; seat %d to move", s.ToMove()+1)
	}
	play(t, s, "pass")
	if s.moles[b] != 1 || s.phase != phTurn {
		t.Errorf("pass kept the mole")
	}
}

// HP-T7, HP-X8 (second part): the truck closes the middle column for the whole round.
func TestRule_HP_T7_X8_Truck(t *testing.T) {
	s := bare(4)
	for p := 0; p < 4; p++ {
		s.cans[p] = 0
		s.wb[p] = 1
	}
	s.pile[0], s.pile[1], s.pileN = tokBlank, tokTruck, 2
	s.rng = engine.NewRNG(7)
	stock(s, "F01", "F02", "F03", "F04", "F05", "F06")
	s.startRound(nil)
	for s.curToken() != tokTruck {
		s.pile[0], s.pileN = tokTruck, 1
		s.startRound(nil)
	}
	for k := 0; k < 4; k++ {
		if s.ToMove() != k {
			t.Fatalf("seat %d expected, seat %d to move", k+1, s.ToMove()+1)
		}
		reject(t, s, "take B2", "HP-T7")
		reject(t, s, "take T2", "HP-T7")
		play(t, s, "take B1")
		play(t, s, s.FormatMove(s.LegalMoves(nil)[0]))
		if s.phase == phAfter {
			play(t, s, "end")
		}
	}
	if s.truck {
		t.Errorf("the closure should end with the round")
	}
}

// HP-T9: the big watering can gives one can to each player and makes the round the last.
func TestRule_HP_T9_E1_BigWateringCan(t *testing.T) {
	s := bare(3)
	for p := 0; p < 3; p++ {
		s.cans[p] = 0
	}
	s.supCan = 6
	s.pileN = 0
	stock(s, "F01", "F02", "F03", "F04", "F05", "F06")
	s.startRound(nil)
	if !s.last || s.cans != [5]uint8{1, 1, 1} || s.supCan != 3 {
		t.Fatalf("cans %v supply %d last %v", s.cans, s.supCan, s.last)
	}
	for !s.Over() {
		if s.phase == phAfter {
			play(t, s, "end")
			continue
		}
		play(t, s, s.FormatMove(s.LegalMoves(nil)[0]))
	}
	if s.round != 2 {
		t.Errorf("the game should end after the watering-can round")
	}
}

// HP-T10, HP-T28: taking a bottom tile slides the top one down; the top slot is refilled.
func TestRule_HP_T10_T28_SlideAndRefill(t *testing.T) {
	s := bare(2)
	stock(s, "F01", "F02", "F03", "F04", "F05", "F06")
	bag := s.bagN
	play(t, s, "take B1")
	if s.held != tid("F01") || s.shop[0] != tid("F04") || s.shop[3] != 0 {
		t.Fatalf("slide: shop %v", s.shop)
	}
	play(t, s, "place 2,0", "end")
	if s.shop[3] == 0 || s.bagN != bag-1 {
		t.Errorf("T1 not refilled from the bag")
	}
	// Empty bag: the slot stays empty.
	s.bagN = 0
	play(t, s, "take B2", "place 2,0", "end")
	if s.shop[4] != 0 {
		t.Errorf("T2 refilled from an empty bag")
	}
}

// HP-T11, HP-T4: rummaging costs one wheelbarrow; nothing slides.
func TestRule_HP_T11_T4_Rummage(t *testing.T) {
	s := bare(2)
	stock(s, "F01", "F02", "F03", "F04", "F05", "F06")
	reject(t, s, "take T2", "HP-T11")
	s.wb[0] = 1
	s.supWB--
	play(t, s, "take T2")
	if s.wb[0] != 0 || s.supWB != 19 || s.shop[1] != tid("F02") || s.shop[4] != 0 {
		t.Errorf("rummage: wb %d supply %d shop %v", s.wb[0], s.supWB, s.shop)
	}
}

// HP-T12, P13, HP-X7: exhausted shop.
func TestRule_HP_T12_P13_X7_ExhaustedShop(t *testing.T) {
	s := bare(4)
	s.bagN = 0
	stock(s, "", "F01", "", "", "F02", "")
	s.truck = true
	if got := names(s); !slices.Contains(got, "take B2") || !slices.Contains(got, "take T2") {
		t.Fatalf("exhausted shop: moves %v", got)
	}
	x := s.Clone().(*state)
	play(t, x, "take T2")
	if x.wb[0] != 0 || x.shop[1] != tid("F01") {
		t.Errorf("T2 under HP-T12 is free and nothing slides")
	}
	play(t, s, "take B2")
	if s.shop[1] != tid("F02") || s.shop[4] != 0 {
		t.Errorf("T2 should slide into B2: %v", s.shop)
	}
	play(t, s, "place 2,0", "end")
	if s.shop[4] != 0 {
		t.Errorf("nothing is drawn from an empty bag")
	}
	// Completely empty shop: choosing and placing are skipped; with a
	// watering can to use, the player may still water, then "end".
	e := bare(4)
	e.bagN = 0
	stock(e)
	lay(e, 0, "F01", 2, 0)
	e.startTurn(0, nil)
	if got := names(e); slices.Contains(got, "take B1") || !slices.Contains(got, "end") || !slices.Contains(got, "water F01 Y") {
		t.Errorf("empty shop: moves %v, want no take, a watering and end", got)
	}
}

// HP-T13: no placeable tile: the player skips choosing and placing.
func TestRule_HP_T13_NoPlaceableTile(t *testing.T) {
	s := bare(2)
	lay(s, 0, "W1", 0, -1)
	lay(s, 0, "W2", 2, 0)
	lay(s, 0, "W3", 1, 2)
	lay(s, 0, "W4", -1, 1)
	s.cans[0] = 0
	stock(s, "W5", "W6", "", "F01")
	reject(t, s, "take B1", "HP-T13")
	s.startTurn(0, nil)
	if s.ToMove() != 1 {
		t.Errorf("seat 1 should skip its turn (no placeable tile); seat %d step %s", s.ToMove()+1, phaseNames[s.phase])
	}
	// With a wheelbarrow the flower on the top shelf can be taken instead.
	s2 := bare(2)
	lay(s2, 0, "W1", 0, -1)
	lay(s2, 0, "W2", 2, 0)
	lay(s2, 0, "W3", 1, 2)
	lay(s2, 0, "W4", -1, 1)
	stock(s2, "W5", "W6", "", "F01")
	s2.wb[0] = 1
	if got := names(s2); !slices.Contains(got, "take T1") || slices.Contains(got, "take B1") {
		t.Errorf("moves %v", got)
	}
}

// HP-T14: symbols of the chosen tile.
func TestRule_HP_T14_Symbols(t *testing.T) {
	cases := []struct {
		tile, rule             string
		supBfly, supWorm, supW uint8
		bfly, worm, wb         uint8
	}{
		{"F02", "butterfly from the supply", 1, 5, 5, 1, 0, 0},
		{"F02", "no butterfly anywhere", 0, 5, 5, 0, 0, 0},
		{"F11", "worm from the supply", 1, 5, 5, 0, 1, 0},
		{"F11", "worm supply empty", 1, 0, 5, 0, 0, 0},
		{"F08", "wheelbarrow", 1, 5, 5, 0, 0, 1},
		{"F08", "wheelbarrow supply empty", 1, 5, 0, 0, 0, 0},
		{"F01", "no symbol", 1, 5, 5, 0, 0, 0},
	}
	for _, c := range cases {
		s := bare(2)
		s.supBfly, s.supWorm, s.supWB = c.supBfly, c.supWorm, c.supW
		stock(s, c.tile)
		play(t, s, "take B1")
		x := tid(c.tile)
		if s.bfly[x] != c.bfly || s.worms[x] != c.worm || s.wb[0] != c.wb {
			t.Errorf("HP-T14 %s (%s): butterfly %d worm %d wheelbarrow %d", c.tile, c.rule, s.bfly[x], s.worms[x], s.wb[0])
		}
	}
}

// HP-T14, P10, HP-X9: taking a butterfly from an opponent.
func TestRule_HP_T14_P10_X9_StealButterfly(t *testing.T) {
	setup := func() *state {
		s := bare(3)
		s.supBfly = 0
		b1 := lay(s, 1, "F26", 2, 0)
		b2 := lay(s, 1, "F21", -1, 0)
		s.bfly[b1], s.bfly[b2] = 1, 1
		s.happy |= 1 << b2
		c := lay(s, 2, "W1", 2, 0)
		s.bfly[c] = 1
		stock(s, "F03")
		return s
	}
	s := setup()
	play(t, s, "take B1")
	if s.bfly[tid("F03")] != 1 || s.bfly[tid("F26")] != 0 || s.bfly[tid("F21")] != 1 || s.bfly[tid("W1")] != 1 {
		t.Errorf("the butterfly should come from F26 only")
	}
	if s.phase != phPlace {
		t.Errorf("one source only: no choice to make")
	}
	v := setup()
	v.happy |= 1 << tid("F26")
	play(t, v, "take B1")
	if v.bfly[tid("F03")] != 0 {
		t.Errorf("variant: no butterfly may be taken")
	}
	// Two sources: the taker chooses.
	w := setup()
	d := lay(w, 2, "F40", 2, 1)
	w.bfly[d] = 1
	play(t, w, "take B1")
	if w.phase != phSteal || !slices.Equal(names(w), []string{"steal F26", "steal F40"}) {
		t.Fatalf("steal choice: %v", names(w))
	}
	reject(t, w, "steal F21", "HP-T14")
	play(t, w, "steal F40")
	if w.bfly[d] != 0 || w.bfly[tid("F03")] != 1 || w.phase != phPlace {
		t.Errorf("steal F40 not applied")
	}
}

// HP-X2, HP-T26, HP-T4: Julie's repot.
func TestRule_HP_T26_X2_JuliesRepot(t *testing.T) {
	mk := func() *state {
		s := bare(2, "pink")
		f15 := lay(s, 0, "F15", 2, 0)
		s.worms[f15] = 1
		lay(s, 0, "F17", -1, 2)
		lay(s, 0, "F36", 0, 2)
		lay(s, 0, "F26", 1, 2)
		lay(s, 0, "W1", 0, 3)
		lay(s, 0, "G1", 1, 3)
		lay(s, 0, "F05", 1, 4)
		s.wb[0] = 2
		s.supWB -= 2
		stock(s, "F48")
		return s
	}
	s := mk()
	for p := 0; p < 1; p++ {
		for _, x := range s.gtiles[p][:s.gn[p]] {
			if s.ready(p, x) {
				t.Fatalf("%s should not be ready", tiles[x].id)
			}
		}
	}
	play(t, s, "repot", "lift F15", "place 2,3")
	wantHappy(t, s, true, "G1")
	wantHappy(t, s, false, "F15")
	if s.wb[0] != 0 || s.supWB != 19 || s.worms[tid("F15")] != 1 || s.pos[tid("F15")] != int16(cellOf(2, 3)) {
		t.Errorf("after the repot: wb %d supply %d worm %d", s.wb[0], s.supWB, s.worms[tid("F15")])
	}
	if s.phase != phTurn {
		t.Errorf("the repot happened before choosing; the player still chooses")
	}
	s = mk()
	play(t, s, "repot")
	reject(t, s, "lift F36", "HP-T26")
	// Not enough wheelbarrows.
	s = mk()
	s.wb[0] = 1
	reject(t, s, "repot", "HP-T26")
}

// HP-X13, HP-T26: a repot may not detach a tile.
func TestRule_HP_T26_X13_NoDetachedTile(t *testing.T) {
	mk := func() *state {
		s := bare(2)
		lay(s, 0, "F01", 2, 0)
		lay(s, 0, "F10", 3, 0)
		s.wb[0] = 4
		stock(s, "F48")
		return s
	}
	s := mk()
	if r, _ := s.repotRule(0, tid("F01"), cellOf(0, -1)); r != "HP-T26" {
		t.Errorf("F01 to (0,-1): rule %q, want HP-T26", r)
	}
	play(t, s, "repot")
	reject(t, s, "lift F01", "HP-T26") // F01 has no destination that keeps F10 attached
	s = mk()
	play(t, s, "repot", "lift F10", "place 2,1")
	// HP-T26.5: several repots in one turn, 2 wheelbarrows each.
	play(t, s, "repot", "lift F10", "place 3,0")
	if s.wb[0] != 0 {
		t.Errorf("two repots should cost 4 wheelbarrows")
	}
	// HP-T26.1: the tile may not jump: a closed pocket is unreachable.
	u := bare(2)
	for _, c := range []struct {
		id   string
		x, y int
	}{{"F25", 2, 0}, {"F26", 2, -1}, {"F27", 3, -1}, {"F28", 4, 0}, {"F29", 3, 1}, {"F30", 2, 1}, {"F31", 4, 1}, {"F32", 4, -1}} {
		lay(u, 0, c.id, c.x, c.y)
	}
	u.wb[0] = 2
	stock(u, "F48")
	play(t, u, "repot", "lift F32")
	if slices.Contains(names(u), "place 3,0") || !slices.Contains(names(u), "place 3,-2") {
		t.Errorf("a tile may not jump into the enclosed cell (3,0): %v", names(u))
	}
}

// HP-T27, P7, HP-X10: magic watering can.
func TestRule_HP_T27_X10_WateringCan(t *testing.T) {
	s := bare(2, "yellow")
	lay(s, 0, "F14", 2, 0)
	lay(s, 0, "F28", 3, 0)
	lay(s, 0, "G1", -1, 0)
	lay(s, 0, "W1", 0, 2)
	stock(s, "F48")
	wantHappy(t, s, false, "F14", "F28")
	reject(t, s, "water F14 B", "HP-T27") // identical to F28
	reject(t, s, "water G1 Y", "HP-T27")  // a gnome
	reject(t, s, "water W1 Y", "HP-T27")  // a windmill
	reject(t, s, "water F14 O", "HP-T27") // its own colour
	reject(t, s, "water F48 Y", "HP-T27") // not in the garden
	s.bonus[0] = true
	before := s.Score(0)
	play(t, s, "water F14 Y")
	wantHappy(t, s, true, "F14")
	if s.cans[0] != 0 || s.colourOf(tid("F14")) != 2 {
		t.Errorf("can not spent or colour not set")
	}
	if got := s.Score(0) - before; got != 1+2 {
		t.Errorf("score gain %d, want 1 (happy) + 2 (yellow flower with the bonus)", got)
	}
	reject(t, s, "water F28 R", "HP-T27") // no can left
	// The watered colour counts for placement (HP-T16.3): a yellow star may not go next to it.
	hold(s, 0, "F22")
	if s.checkCell(0, tid("F22"), cellOf(2, -1), 0) != errIdentical {
		t.Errorf("F22 YS next to the watered F14 (now YS) should be rejected")
	}
}

// HP-T13 with HP-T2: the skip is decided at the choosing step, after the
// optional actions of step 1. Here no windmill fits (every row and column
// next to the garden holds one), but repotting W1 out of row -1 frees
// (3,-1) for W5: the player may repot first and then take W5.
func TestRule_HP_T13_T2_RepotBeforeSkipping(t *testing.T) {
	mk := func() *state {
		s := bare(2)
		lay(s, 0, "W1", 0, -1)
		lay(s, 0, "W2", 2, 0)
		lay(s, 0, "W3", 1, 2)
		lay(s, 0, "W4", -1, 1)
		lay(s, 0, "F01", 1, -1)
		lay(s, 0, "F10", 1, -2)
		lay(s, 0, "F20", 2, -1)
		s.cans[0] = 0
		stock(s, "W5", "W6")
		return s
	}
	s := mk()
	s.wb[0] = 2
	s.startTurn(0, nil)
	if got := names(s); s.phase != phTurn || !slices.Equal(got, []string{"repot", "end"}) {
		t.Fatalf("step 1 with no takeable tile: step %s moves %v, want [repot end]", phaseNames[s.phase], got)
	}
	skip := s.Clone().(*state)
	play(t, s, "repot", "lift W1", "place 0,-2")
	if s.phase != phTurn || !slices.Equal(names(s), []string{"take B1", "take B2"}) {
		t.Fatalf("after the repot W5 fits at (3,-1): step %s moves %v", phaseNames[s.phase], names(s))
	}
	play(t, s, "take B1", "place 3,-1")
	// Declining: "end" skips choosing and placing and passes the turn.
	play(t, skip, "end")
	if skip.ToMove() != 1 || skip.gn[0] != 7 {
		t.Errorf("end in step 1 should pass the turn: seat %d to move, %d tiles", skip.ToMove()+1, skip.gn[0])
	}
	// Without wheelbarrows there is nothing to decide: the turn passes at once.
	n := mk()
	n.startTurn(0, nil)
	if n.ToMove() != 1 {
		t.Errorf("no takeable tile and no optional action: seat %d to move, want seat 2", n.ToMove()+1)
	}
}

// HP-T4: a wheelbarrow is spendable from the moment it is gained: one taken
// from the chosen tile's symbol completes the pair that pays for a repot
// after placing (the turn would otherwise end by itself after placing).
func TestRule_HP_T4_T14_SymbolWheelbarrowPaysRepot(t *testing.T) {
	s := bare(2)
	s.cans[0] = 0
	lay(s, 0, "F01", 2, 0)
	lay(s, 0, "F10", 3, 0)
	s.wb[0] = 1
	s.supWB--
	stock(s, "F08", "F20", "F30")
	play(t, s, "take B1") // F08 RC: wheelbarrow symbol
	if s.wb[0] != 2 {
		t.Fatalf("wheelbarrows after F08's symbol: %d, want 2", s.wb[0])
	}
	play(t, s, "place -1,0")
	if s.phase != phAfter || s.ToMove() != 0 || !slices.Contains(names(s), "repot") {
		t.Fatalf("after placing: seat %d step %s moves %v, want a repot offered", s.ToMove()+1, phaseNames[s.phase], names(s))
	}
	play(t, s, "repot", "lift F10", "place 2,1")
	if s.wb[0] != 0 || s.supWB != 19 || s.ToMove() != 1 {
		t.Errorf("after the repot: wheelbarrows %d supply %d, seat %d to move", s.wb[0], s.supWB, s.ToMove()+1)
	}
}

// HP-T6, HP-X14: moving a token never triggers HP-T24: a worm blown onto a
// happy tile stays there as a worm; a butterfly blown onto a happy tile can
// no longer be taken by an opponent's butterfly symbol.
func TestRule_HP_T6_X14_GustTriggersNothing(t *testing.T) {
	mk := func() *state {
		s := bare(2)
		a := lay(s, 0, "F01", 2, 0)
		lay(s, 0, "F10", 3, 0)
		h := lay(s, 0, "F20", -1, 0)
		s.happy |= 1 << h
		s.worms[a], s.bfly[a] = 1, 1
		s.supWorm--
		s.supBfly = 0
		lay(s, 1, "F30", 2, 0)
		s.pile[0], s.pileN = tokGust, 1
		stock(s, "F48", "F03", "F47")
		s.startRound(nil)
		return s
	}
	s := mk()
	play(t, s, "gust F01 worm F20")
	if s.worms[tid("F20")] != 1 || s.moles[tid("F20")] != 0 || s.pend != 0 || s.phase != phTurn || s.ToMove() != 0 {
		t.Fatalf("worm on the happy F20: worms %d moles %d pending %d, step %s", s.worms[tid("F20")], s.moles[tid("F20")], s.pend, phaseNames[s.phase])
	}
	if s.Score(0) != 3 {
		t.Errorf("score %d, want 3 (F20 happy 1, butterfly majority 2; the worm scores 0)", s.Score(0))
	}
	// The butterfly: left on the unhappy F01 it is taken by seat 2's F03;
	// blown onto the happy F20 it is safe.
	for _, c := range []struct {
		gust    string
		stolen  bool
		comment string
	}{{"pass", true, "left on the unhappy F01"}, {"gust F01 butterfly F20", false, "blown onto the happy F20"}} {
		s := mk()
		play(t, s, c.gust, "take B1", "place 2,1", "end", "take B2")
		if got := s.bfly[tid("F03")] == 1; got != c.stolen {
			t.Errorf("butterfly %s: taken by seat 2 = %v, want %v", c.comment, got, c.stolen)
		}
	}
}

// HP-T26.2: the destination differs from the start and is judged as if the
// tile were lifted: its old cell neither gives contact nor counts as an
// identical neighbour; only the owner's tiles can be repotted.
func TestRule_HP_T26_DestinationAsIfLifted(t *testing.T) {
	mk := func() *state {
		s := bare(2)
		lay(s, 0, "F28", 2, 0) // BS
		lay(s, 0, "F05", 1, -1)
		lay(s, 0, "F17", 2, 1)
		lay(s, 0, "W1", 2, 2)
		lay(s, 1, "F30", 2, 0)
		s.wb[0] = 2
		stock(s, "F48")
		play(t, s, "repot")
		return s
	}
	s := mk()
	reject(t, s, "lift F30", "HP-T26") // an opponent's tile
	play(t, s, "lift F28")
	reject(t, s, "place 2,0", "HP-T26") // its own cell
	reject(t, s, "place 3,0", "HP-T16") // its only contact would be its own old cell
	play(t, s, "place 2,-1")            // next to its own old cell: not an identical neighbour
	if s.pos[tid("F28")] != int16(cellOf(2, -1)) || s.wb[0] != 0 {
		t.Errorf("F28 should land at (2,-1) for 2 wheelbarrows")
	}
	// A windmill moves along its own row: its old cell is not another windmill.
	w := mk()
	play(t, w, "lift W1", "place 1,2")
	if w.pos[tid("W1")] != int16(cellOf(1, 2)) {
		t.Errorf("W1 should slide along its own row")
	}
}

// HP-T27 with HP-T22: a happy flower may be watered; it stays happy although
// its condition no longer holds, and its new colour replaces the old one for
// the mouse bonus.
func TestRule_HP_T27_T22_WaterHappyFlower(t *testing.T) {
	s := bare(2, "red")
	lay(s, 0, "F03", 2, 0) // RT beside the red house
	lay(s, 0, "F10", 3, 0) // OT: the tulip neighbour
	s.validate(0, nil)
	wantHappy(t, s, true, "F03")
	s.bonus[0] = true
	stock(s, "F48")
	if got := s.Score(0); got != 1+2 {
		t.Fatalf("score before watering %d, want 3 (F03 happy, one red flower with the bonus)", got)
	}
	play(t, s, "water F03 Y")
	if s.ready(0, tid("F03")) {
		t.Fatal("a yellow F03 should no longer meet its condition")
	}
	wantHappy(t, s, true, "F03")
	if got := s.Score(0); got != 1 {
		t.Errorf("score after watering %d, want 1 (F03 no longer red for the bonus)", got)
	}
}

// HP-T26, HP-T27, HP-T4, HP-T14 (issue 13): repotting and the watering can
// are allowed between choosing and placing, so a wheelbarrow gained from
// the chosen tile's symbol completes the pair that pays for a repot before
// the tile is placed. Validation runs after the repot (HP-T21) and the turn
// goes back to placing the chosen tile.
func TestRule_HP_T26_T4_T14_RepotBeforePlacing(t *testing.T) {
	s := bare(2, "pink")
	f15 := lay(s, 0, "F15", 2, 0) // Julie's garden (HP-X2)
	s.worms[f15] = 1
	s.supWorm--
	lay(s, 0, "F17", -1, 2)
	lay(s, 0, "F36", 0, 2)
	lay(s, 0, "F26", 1, 2)
	lay(s, 0, "W1", 0, 3)
	lay(s, 0, "G1", 1, 3)
	lay(s, 0, "F05", 1, 4)
	s.wb[0] = 1
	s.supWB--
	stock(s, "F08") // wheelbarrow symbol
	var log engine.Log
	for _, mv := range []string{"take B1", "repot", "lift F15", "place 2,3", "place -1,0"} {
		if mv == "place -1,0" {
			wantHappy(t, s, true, "G1")
			if s.phase != phPlace || s.held != tid("F08") || s.wb[0] != 0 || s.supWB != 19 {
				t.Fatalf("after the repot: step %s held %s, %d wheelbarrows, supply %d; want F08 still to place", phaseNames[s.phase], tileID(int(s.held)), s.wb[0], s.supWB)
			}
		}
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(s.LegalMoves(nil), m) {
			t.Fatalf("%q is not offered: %v (step %s, %d wheelbarrows)", mv, names(s), phaseNames[s.phase], s.wb[0])
		}
		if err := s.Apply(m, &log); err != nil {
			t.Fatalf("%q: %v", mv, err)
		}
	}
	var keys []string
	for _, e := range log.Events {
		keys = append(keys, e.Key)
	}
	want := []string{"take", "wheelbarrow_take", "repot", "happy", "place"}
	if !slices.Equal(keys, want) {
		t.Errorf("events %v, want %v", keys, want)
	}
	if s.phase != phAfter {
		t.Errorf("after placing: step %s", phaseNames[s.phase])
	}
}

// HP-T27 (issue 13): the watering can between choosing and placing; the
// recoloured flower counts at once, for the placement of the chosen tile
// too.
func TestRule_HP_T27_T15_WaterBeforePlacing(t *testing.T) {
	s := bare(2, "yellow")
	lay(s, 0, "F14", 2, 0) // OS
	lay(s, 0, "F28", 3, 0) // BS
	stock(s, "F21")        // YS
	play(t, s, "take B1", "water F14 Y")
	wantHappy(t, s, true, "F14")
	if s.phase != phPlace || s.held != tid("F21") || s.cans[0] != 0 {
		t.Fatalf("after watering: step %s held %s cans %d", phaseNames[s.phase], tileID(int(s.held)), s.cans[0])
	}
	// F14 is now a yellow star: the yellow star F21 may no longer go beside it.
	reject(t, s, "place 2,-1", "HP-T16")
	play(t, s, "place -1,0")
}

// HP-T15 with HP-T26 (issue 13): the chosen tile must still be placed, so a
// repot before placing may not leave it without a legal cell. Here the
// windmill W5 fits only at (3,-1), after W1 has left row -1; sliding W1
// back into that row is refused while W5 waits, and allowed otherwise.
func TestRule_HP_T15_T26_RepotKeepsTheChosenTilePlaceable(t *testing.T) {
	s := bare(2)
	lay(s, 0, "W1", 0, -2)
	lay(s, 0, "W2", 2, 0)
	lay(s, 0, "W3", 1, 2)
	lay(s, 0, "W4", -1, 1)
	lay(s, 0, "F01", 1, -1)
	lay(s, 0, "F10", 1, -2)
	lay(s, 0, "F20", 2, -1)
	s.cans[0] = 0
	s.wb[0] = 2
	stock(s, "W5", "W6")
	free := s.Clone().(*state)
	play(t, s, "take B1")
	if got := names(s); !slices.Equal(got[:1], []string{"place 3,-1"}) || len(got) < 2 || got[1] != "repot" {
		t.Fatalf("holding W5: moves %v, want place 3,-1 and a repot", got)
	}
	play(t, s, "repot", "lift W1")
	if slices.Contains(names(s), "place 0,-1") {
		t.Errorf("W1 back into row -1 is offered although W5 would have nowhere to go: %v", names(s))
	}
	reject(t, s, "place 0,-1", "HP-T15")
	// With no tile held, the same repot is legal.
	play(t, free, "repot", "lift W1", "place 0,-1")
}

// heldFits, which decides the rule above without changing the state,
// agrees with doing the change on a copy and looking for a legal cell, for
// every repot destination and every watering in the placing step of random
// games; and whether a tile can be repotted agrees with the list of its
// destinations.
func TestRule_HP_T15_HeldFitsMatchesTheGarden(t *testing.T) {
	checked := 0
	for n := 2; n <= 5; n++ {
		for seed := uint64(0); seed < 3; seed++ {
			randomGame(t, n, seed, func(s *state, _ string) {
				if s.phase != phPlace {
					return
				}
				p := int(s.cur)
				free := s.Clone().(*state)
				free.held = 0
				for _, u := range s.gtiles[p][:s.gn[p]] {
					// The quick existence check agrees with the full list.
					for _, st := range []*state{s, free} {
						all, _ := st.repotDests(p, u, nil, false)
						if _, any := st.repotDests(p, u, nil, true); any != (len(all) > 0) {
							t.Fatalf("repot of %s: a destination exists = %v, but %d are listed", tileID(int(u)), any, len(all))
						}
					}
					dests, _ := free.repotDests(p, u, nil, false)
					for _, m := range dests {
						_, _, to, _ := unpack(m)
						ch := change{moved: u, from: int(s.pos[u]), to: to}
						c := s.Clone().(*state)
						c.move(p, u, to)
						if got, want := s.heldFits(p, ch), c.anyCell(p, c.held); got != want {
							t.Fatalf("repot %s to %s holding %s: heldFits %v, garden says %v", tileID(int(u)), cellID(to), tileID(int(s.held)), got, want)
						}
						checked++
					}
					if tiles[u].kind != kindFlower {
						continue
					}
					for col := 0; col < numColours; col++ {
						c := s.Clone().(*state)
						c.recol[u] = uint8(col) + 1
						if got, want := s.heldFits(p, change{recol: u, colour: uint8(col)}), c.anyCell(p, c.held); got != want {
							t.Fatalf("watering %s into %d holding %s: heldFits %v, garden says %v", tileID(int(u)), col, tileID(int(s.held)), got, want)
						}
						checked++
					}
				}
			})
		}
	}
	if checked < 500 {
		t.Errorf("only %d changes checked", checked)
	}
}
