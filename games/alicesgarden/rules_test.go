package alicesgarden

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

// ---- Setup ----

func TestRule_AG_S1_BoardSide(t *testing.T) {
	for _, tc := range []struct {
		opt  string
		want uint8
	}{{"", 0}, {"A", 0}, {"B", 1}} {
		o := engine.Options{}
		if tc.opt != "" {
			o["side"] = tc.opt
		}
		st, err := Game.New(3, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		if st.(*state).side != tc.want {
			t.Errorf("side=%q: got %d", tc.opt, st.(*state).side)
		}
		v := st.View(engine.Spectator).(View)
		if v.Side != string("AB"[tc.want]) {
			t.Errorf("view side %s", v.Side)
		}
	}
	if _, err := Game.New(2, 1, engine.Options{"side": "C"}); err == nil {
		t.Error("side=C accepted")
	}
	if _, err := Game.New(5, 1, nil); err == nil {
		t.Error("5 players accepted")
	}
	if _, err := Game.New(0, 1, nil); err == nil {
		t.Error("0 players accepted")
	}
}

func TestRule_AG_S2_Bags(t *testing.T) {
	s := newState(t, 2, nil)
	for b := 0; b < nShapes; b++ {
		if s.bagN[b] != 13 {
			t.Errorf("bag %c holds %d", shapeLetters[b], s.bagN[b])
		}
		for i := 0; i < 13; i++ {
			if int(tiles[s.bag[b][i]].shape) != b {
				t.Errorf("bag %c holds %s", shapeLetters[b], tiles[s.bag[b][i]].id)
			}
		}
	}
	if s.bonusN != 30 {
		t.Errorf("bonus bag %d", s.bonusN)
	}
	// draws are random: two seeds give different supplies
	diff := false
	for seed := uint64(1); seed < 6 && !diff; seed++ {
		a, _ := Game.New(2, seed, engine.Options{"first": "1"})
		b, _ := Game.New(2, seed+100, engine.Options{"first": "1"})
		a.Apply(mvBag(0), nil)
		b.Apply(mvBag(0), nil)
		diff = a.(*state).supply != b.(*state).supply
	}
	if !diff {
		t.Error("draws do not depend on the seed")
	}
}

func TestRule_AG_S3_FirstPlayer(t *testing.T) {
	for first := 1; first <= 4; first++ {
		st, err := Game.New(4, 9, engine.Options{"first": string(rune('0' + first))})
		if err != nil {
			t.Fatal(err)
		}
		if st.ToMove() != first-1 {
			t.Errorf("first=%d: ToMove %d", first, st.ToMove())
		}
	}
	seen := map[int]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		st, _ := Game.New(3, seed, nil)
		seen[st.ToMove()] = true
		st2, _ := Game.New(3, seed, nil)
		if st2.ToMove() != st.ToMove() {
			t.Fatal("random first player is not seeded")
		}
	}
	if len(seen) != 3 {
		t.Errorf("random first player drew only %v", seen)
	}
	if _, err := Game.New(2, 1, engine.Options{"first": "3"}); err == nil {
		t.Error("first=3 accepted with 2 players")
	}
}

func TestRule_AG_S4_SupplyStartsEmpty(t *testing.T) {
	s := newState(t, 3, nil)
	if s.supplyN != 0 || s.phase != phBag {
		t.Errorf("supply %d, phase %s", s.supplyN, phaseNames[s.phase])
	}
}

// ---- Turn ----

// TestRule_AG_T1_WE1_SupplySize: WE-1 (4 players: 5 then 4 with 1 left
// over; 2 players: 3 then 2).
func TestRule_AG_T1_WE1_SupplySize(t *testing.T) {
	for _, tc := range []struct{ n, r1, later int }{{4, 5, 4}, {3, 4, 3}, {2, 3, 2}} {
		s := newState(t, tc.n, nil)
		for round := 1; round <= 3; round++ {
			if s.phase != phBag || int(s.round) != round {
				t.Fatalf("%dp: phase %s round %d", tc.n, phaseNames[s.phase], s.round)
			}
			before := int(s.supplyN)
			b := s.LegalMoves(nil)[0]
			bag := mvA(b)
			inBag := int(s.bagN[bag])
			mustApply(t, s, s.FormatMove(b))
			drawn := int(s.supplyN) - before
			want := tc.later
			if round == 1 {
				want = tc.r1
			}
			if drawn != want || inBag-int(s.bagN[bag]) != want {
				t.Errorf("%dp round %d: drew %d, want %d", tc.n, round, drawn, want)
			}
			for s.phase != phBag { // each player takes and places
				if s.phase == phBonus {
					mustApply(t, s, "bonus 0")
					continue
				}
				playFirstLegal(t, s)
			}
			if s.supplyN != 1 {
				t.Errorf("%dp round %d: %d tiles left in the supply, want 1", tc.n, round, s.supplyN)
			}
		}
	}
}

func TestRule_AG_T1_A4_BagChoice(t *testing.T) {
	s := newState(t, 3, nil)
	s.bagN = [5]uint8{13, 3, 2, 0, 13}
	// round 1 needs 4: bag I (3) and L (2) are too small, T is empty
	if got := legalStrings(s); strings.Join(got, ";") != "bag O;bag S" {
		t.Errorf("legal %v", got)
	}
	wantIllegal(t, s, "bag I", "AG-T1")
	wantIllegal(t, s, "bag T", "AG-T1")
	wantIllegal(t, s, "take O01", "AG-T1")
	// no bag holds enough: any non-empty bag, drawing all it holds
	s.bagN = [5]uint8{3, 2, 0, 0, 1}
	if got := legalStrings(s); strings.Join(got, ";") != "bag O;bag I;bag S" {
		t.Errorf("legal when short %v", got)
	}
	wantIllegal(t, s, "bag L", "AG-T1")
	mustApply(t, s, "bag I")
	if s.supplyN != 2 || s.bagN[1] != 0 {
		t.Errorf("short draw: supply %d, bag %d", s.supplyN, s.bagN[1])
	}
}

func TestRule_AG_T2_LeftoverTile(t *testing.T) {
	s := newState(t, 2, nil)
	mustApply(t, s, "bag O")
	// both players take and place; the remaining tile stays
	for s.round == 1 {
		if s.phase == phBonus {
			mustApply(t, s, "bonus 0")
			continue
		}
		playFirstLegal(t, s)
	}
	left := s.supply[0]
	if s.supplyN != 1 || tiles[left].shape != 0 {
		t.Fatalf("supply after round 1: %v", s.supply[:s.supplyN])
	}
	mustApply(t, s, "bag I")
	if !hasLegal(s, "take "+tiles[left].id) {
		t.Errorf("leftover %s cannot be taken in round 2: %v", tiles[left].id, legalStrings(s))
	}
	mustApply(t, s, "take "+tiles[left].id)
}

func TestRule_AG_T3_TakeInTurnOrder(t *testing.T) {
	s := newState(t, 3, engine.Options{"first": "2"})
	mustApply(t, s, "bag O")
	order := []int{}
	for s.round == 1 {
		if s.phase == phTake {
			order = append(order, s.ToMove())
		}
		if s.phase == phBonus {
			mustApply(t, s, "bonus 0")
			continue
		}
		playFirstLegal(t, s)
	}
	if len(order) != 3 || order[0] != 1 || order[1] != 2 || order[2] != 0 {
		t.Errorf("take order %v, want [1 2 0]", order)
	}
	// a tile not in the supply
	mustApply(t, s, "bag I")
	for _, id := range []string{"L05", "O01"} {
		in := false
		for _, x := range s.supply[:s.supplyN] {
			in = in || tiles[x].id == id
		}
		if !in {
			wantIllegal(t, s, "take "+id, "AG-T3")
		}
	}
	wantIllegal(t, s, "place r0 1,1", "AG-T3")
}

func TestRule_AG_T4_A5_MustTakePlaceable(t *testing.T) {
	s := newState(t, 2, nil)
	mustApply(t, s, "bag O")
	// only a 2×2 hole and a 1×3 strip are free: O fits, I does not
	fillExcept(&s.b[0], sq(1, 1), sq(1, 2), sq(2, 1), sq(2, 2), sq(6, 1), sq(6, 2), sq(6, 3))
	o1, i1 := tid(t, "O01"), tid(t, "I01")
	setSupply(s, o1, i1)
	if got := legalStrings(s); strings.Join(got, ";") != "take O01" {
		t.Errorf("legal %v", got)
	}
	wantIllegal(t, s, "take I01", "AG-T4")
	mustApply(t, s, "take O01")
}

func TestRule_AG_T5_A3_Placement(t *testing.T) {
	s := newState(t, 2, nil)
	mustApply(t, s, "bag O")
	i := tid(t, "I01")
	o := tid(t, "O01")
	setSupply(s, i, o)
	mustApply(t, s, "take I01")
	cases := []struct {
		rule, move string
		legal      bool
	}{
		{"AG-T5a", "place r0 1,1", true},
		{"AG-T5a", "place r90 1,1", true},
		{"AG-T5a", "place r180 1,1", true},
		{"AG-T5a", "place r270 1,1", true},
		{"AG-T5b", "place r0 4,1", false},  // vertical I from row 4 sticks out
		{"AG-T5b", "place r90 1,6", false}, // horizontal I from column 6 sticks out
		{"AG-T5b", "place r0 3,8", true},
		{"AG-T5d", "place r0 1,4", true}, // chessboard squares like grass
	}
	for _, tc := range cases {
		if tc.legal {
			if !hasLegal(s, tc.move) {
				t.Errorf("%s: %s not legal", tc.rule, tc.move)
			}
		} else {
			wantIllegal(t, s, tc.move, tc.rule)
		}
	}
	// 4 distinct orientations: two vertical (8 columns × 3 rows), two horizontal (5 × 6)
	if n, want := len(s.LegalMoves(nil)), 2*(8*3)+2*(5*6); n != want {
		t.Errorf("I01 on an empty board: %d placements, want %d", n, want)
	}
	mustApply(t, s, "place r0 1,4")
	b := &s.b[0]
	// I01 = RRMT from top to bottom on column 4
	for r, ic := range []uint8{iconRose, iconRose, iconMushroom, iconTree} {
		if b.icon[ic]&(1<<sq(r+1, 4)) == 0 {
			t.Errorf("square %d,4 lacks %s", r+1, iconNameEN[ic])
		}
	}
	// AG-T5c: player 2 plays, then player 1 tries to overlap in round 2
	for s.ToMove() != 0 || s.phase != phTake {
		if s.phase == phBag {
			mustApply(t, s, "bag I")
			continue
		}
		if s.phase == phBonus {
			mustApply(t, s, "bonus 0")
			continue
		}
		playFirstLegal(t, s)
	}
	setSupply(s, tid(t, "O02"), tid(t, "O05"))
	mustApply(t, s, "take O02")
	wantIllegal(t, s, "place r0 1,3", "AG-T5c")
	wantIllegal(t, s, "place r0 4,4", "AG-T5c")
	wantIllegal(t, s, "place r0 6,1", "AG-T5b")
	if !hasLegal(s, "place r0 5,4") {
		t.Error("place r0 5,4 should be legal")
	}
	wantIllegal(t, s, "bonus 1", "AG-T5")
}

// TestRule_AG_T5e_TilesNeverMove: squares once covered keep their icon to
// the end of the game.
func TestRule_AG_T5e_TilesNeverMove(t *testing.T) {
	st, _ := Game.New(2, 7, nil)
	s := st.(*state)
	rng := engine.NewRNG(3)
	var prev [2]board
	for !s.Over() {
		ms := s.LegalMoves(nil)
		if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
			t.Fatal(err)
		}
		for p := 0; p < 2; p++ {
			for ic := 0; ic < nIcons; ic++ {
				if s.b[p].icon[ic]&prev[p].icon[ic] != prev[p].icon[ic] {
					t.Fatalf("player %d: a %s moved", p, iconNameEN[ic])
				}
			}
			prev[p] = s.b[p]
		}
	}
}

// TestRule_AG_T6_WE2_GardenerBonus is the rulebook example (WE-2, ruling A6).
func TestRule_AG_T6_WE2_GardenerBonus(t *testing.T) {
	s := newState(t, 2, nil)
	mustApply(t, s, "bag O")
	setGrid(t, &s.b[0], [rows]string{
		"...GG...", // (1,4) gardener, (1,5) diagonal to (2,4)
		"..G.....", // (2,3) gardener
		"..G.....", // (3,3) diagonal to (2,4)
		"........",
		"........",
		"........",
	})
	o3 := tid(t, "O03") // MGTR
	setSupply(s, o3, tid(t, "O01"))
	mustApply(t, s, "take O03")
	mustApply(t, s, "place r0f 2,4") // flipped: G M / R T, gardener on (2,4)
	if s.b[0].icon[iconGardener]&(1<<sq(2, 4)) == 0 {
		t.Fatal("gardener not on (2,4)")
	}
	if s.phase != phBonus || s.bonusMax != 2 {
		t.Fatalf("phase %s, bonus max %d, want 2", phaseNames[s.phase], s.bonusMax)
	}
	if got := strings.Join(legalStrings(s), ";"); got != "bonus 0;bonus 1;bonus 2" {
		t.Errorf("legal %s", got)
	}
	wantIllegal(t, s, "bonus 3", "AG-T6")
	wantIllegal(t, s, "put R 6,6", "AG-T6")
	mustApply(t, s, "bonus 2")
	if s.b[0].heldN != 2 || s.bonusN != 28 {
		t.Errorf("held %d, bag %d", s.b[0].heldN, s.bonusN)
	}
	if s.ToMove() != 1 {
		t.Errorf("turn did not pass")
	}
}

func TestRule_AG_T6_A6_OptionalAndBagLimit(t *testing.T) {
	for _, tc := range []struct {
		name     string
		bag      uint8
		take     string
		wantMax  uint8
		wantBag  uint8
		wantHeld uint8
	}{
		{"decline", 30, "bonus 0", 2, 30, 0},
		{"one of two", 30, "bonus 1", 2, 29, 1},
		{"bag holds one", 1, "bonus 1", 1, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(t, 2, nil)
			mustApply(t, s, "bag O")
			setGrid(t, &s.b[0], [rows]string{"...G....", "..G.....", "........", "........", "........", "........"})
			s.bonusN = tc.bag
			setSupply(s, tid(t, "O03"), tid(t, "O01"))
			mustApply(t, s, "take O03")
			mustApply(t, s, "place r0f 2,4")
			if s.bonusMax != tc.wantMax {
				t.Fatalf("max %d, want %d", s.bonusMax, tc.wantMax)
			}
			mustApply(t, s, tc.take)
			if s.bonusN != tc.wantBag || s.b[0].heldN != tc.wantHeld {
				t.Errorf("bag %d held %d", s.bonusN, s.b[0].heldN)
			}
		})
	}
	// no adjacent gardener, or an empty bonus bag: no bonus decision at all
	s := newState(t, 2, nil)
	mustApply(t, s, "bag O")
	setSupply(s, tid(t, "O03"), tid(t, "O01"))
	mustApply(t, s, "take O03")
	mustApply(t, s, "place r0 1,1")
	if s.phase == phBonus || s.ToMove() != 1 {
		t.Errorf("bonus phase without an adjacent gardener")
	}
}

// TestRule_AG_T7_BonusTilesPublic: every seat and spectators see every
// player's bonus tiles.
func TestRule_AG_T7_BonusTilesPublic(t *testing.T) {
	s := newState(t, 2, nil)
	s.b[1].held[0] = 2
	s.b[1].held[4] = 1
	s.b[1].heldN = 3
	for _, p := range []int{engine.Spectator, 0, 1} {
		v := s.View(p).(View)
		if v.Boards[1].Bonus != "RRg" {
			t.Errorf("view %d: bonus %q", p, v.Boards[1].Bonus)
		}
	}
}

// TestRule_AG_T8_A5_CannotPlace: the stuck player may draw 1 bonus tile; the
// others still play; the game ends at the end of the round (AG-E1).
func TestRule_AG_T8_A5_CannotPlace(t *testing.T) {
	for _, take := range []string{"bonus 1", "bonus 0"} {
		s := newState(t, 3, nil)
		fillExcept(&s.b[0], sq(1, 1), sq(3, 3), sq(5, 5)) // nothing fits
		mustApply(t, s, "bag O")
		if s.phase != phStuck || s.ToMove() != 0 {
			t.Fatalf("phase %s", phaseNames[s.phase])
		}
		if got := strings.Join(legalStrings(s), ";"); got != "bonus 0;bonus 1" {
			t.Errorf("legal %s", got)
		}
		wantIllegal(t, s, "bonus 2", "AG-T8")
		wantIllegal(t, s, "take "+tiles[s.supply[0]].id, "AG-T8")
		supply := s.supplyN
		mustApply(t, s, take)
		if s.supplyN != supply {
			t.Error("the stuck player took a supply tile")
		}
		want := uint8(0)
		if take == "bonus 1" {
			want = 1
		}
		if s.b[0].heldN != want {
			t.Errorf("%s: held %d", take, s.b[0].heldN)
		}
		if !s.endTrig || s.Over() {
			t.Fatal("the end was not triggered, or came too early")
		}
		// AG-E1: players 2 and 3 still play this round
		for s.phase != phOver && s.phase != phFinal {
			if s.phase == phBag {
				t.Fatal("a new round started")
			}
			if s.phase == phBonus {
				mustApply(t, s, "bonus 0")
				continue
			}
			playFirstLegal(t, s)
		}
		if s.b[1].tiles != 1 || s.b[2].tiles != 1 {
			t.Errorf("the other players did not play their last turn")
		}
	}
	// empty bonus bag: no decision, the turn passes
	s := newState(t, 2, nil)
	fillExcept(&s.b[0], sq(1, 1))
	s.bonusN = 0
	mustApply(t, s, "bag O")
	if s.ToMove() != 1 || s.phase != phTake || !s.endTrig {
		t.Errorf("phase %s to move %d", phaseNames[s.phase], s.ToMove())
	}
}

func TestRule_AG_T9_A8_FirstPlayerPasses(t *testing.T) {
	s := newState(t, 3, nil)
	want := []int{0, 1, 2, 0}
	for r := 0; r < 4; r++ {
		if s.phase != phBag || int(s.first) != want[r] || s.ToMove() != want[r] {
			t.Fatalf("round %d: first %d, to move %d, want %d", r+1, s.first, s.ToMove(), want[r])
		}
		mustApply(t, s, s.FormatMove(s.LegalMoves(nil)[0]))
		for s.phase != phBag {
			if s.phase == phBonus {
				mustApply(t, s, "bonus 0")
				continue
			}
			playFirstLegal(t, s)
		}
	}
}

func TestRule_AG_T10_A5_Exhausted(t *testing.T) {
	s := newState(t, 2, nil)
	s.bagN = [5]uint8{}
	s.startRound(nil)
	if !s.Over() {
		t.Errorf("supply and bags empty: phase %s, want over", phaseNames[s.phase])
	}
	// supply empty while a bag still holds tiles: the player takes nothing, play goes on
	s = newState(t, 3, nil)
	s.bagN = [5]uint8{2, 1, 0, 0, 0}
	mustApply(t, s, "bag O") // round 1 needs 4, O holds 2
	playFirstLegal(t, s)     // P1 takes
	playFirstLegal(t, s)     // P1 places
	if s.phase == phBonus {
		mustApply(t, s, "bonus 0")
	}
	playFirstLegal(t, s)
	playFirstLegal(t, s)
	if s.phase == phBonus {
		mustApply(t, s, "bonus 0")
	}
	// P3 found the supply empty; bag I is not empty: next round
	if s.phase != phBag || s.round != 2 || s.endTrig {
		t.Errorf("phase %s round %d end %v", phaseNames[s.phase], s.round, s.endTrig)
	}
}

// ---- End of game ----

func TestRule_AG_E1_EndAtRoundEnd(t *testing.T) {
	s := newState(t, 2, engine.Options{"first": "2"})
	fillExcept(&s.b[1], sq(6, 8)) // player 2 (first this round) cannot place
	mustApply(t, s, "bag O")
	mustApply(t, s, "bonus 0")
	if s.Over() || s.ToMove() != 0 {
		t.Fatal("the game ended mid-round")
	}
	playFirstLegal(t, s)
	playFirstLegal(t, s)
	if s.phase == phBonus {
		mustApply(t, s, "bonus 0")
	}
	if !s.Over() {
		t.Errorf("phase %s, want over", phaseNames[s.phase])
	}
	if s.ToMove() != -1 || len(s.LegalMoves(nil)) != 0 {
		t.Error("finished game offers moves")
	}
	wantIllegal(t, s, "bag O", "AG-E1")
}

// TestRule_AG_E2_A7_PlaceBonusTiles: bonus tiles are placed one at a time on
// free squares while any is free; the rest score -5 each.
func TestRule_AG_E2_A7_PlaceBonusTiles(t *testing.T) {
	s := newState(t, 2, nil)
	fillExcept(&s.b[0], sq(1, 1), sq(6, 8))
	s.b[0].held = [5]uint8{2, 0, 0, 0, 1} // R R g
	s.b[0].heldN = 3
	s.b[1].held[3] = 1
	s.b[1].heldN = 1
	s.startFinal(nil)
	if s.phase != phFinal || s.ToMove() != 0 {
		t.Fatalf("phase %s to move %d", phaseNames[s.phase], s.ToMove())
	}
	if got := strings.Join(legalStrings(s), ";"); got != "put R 1,1;put R 6,8;put g 1,1;put g 6,8" {
		t.Errorf("legal %s", got)
	}
	wantIllegal(t, s, "put R 2,2", "AG-E2")
	wantIllegal(t, s, "put M 1,1", "AG-E2")
	wantIllegal(t, s, "bonus 0", "AG-E2")
	if s.Score(0) != -15 { // two empty areas; 3 held tiles for 2 free squares: 1 certain to stay unplaced
		t.Errorf("running score %d, want -15", s.Score(0))
	}
	mustApply(t, s, "put R 1,1")
	mustApply(t, s, "put R 6,8")
	if s.ToMove() != 1 {
		t.Fatalf("board full: turn should pass, to move %d", s.ToMove())
	}
	mustApply(t, s, "put C 3,4")
	if !s.Over() {
		t.Fatal("not over")
	}
	r := s.Result()
	if r.Players[0].Points[5] != -5 {
		t.Errorf("unplaced: %v", r.Players[0].Points)
	}
	if r.Players[1].Points[0] != 5 {
		t.Errorf("chess piece bonus tile on the path: %v", r.Players[1].Points)
	}
}

// TestRule_AG_E3_A9_Scoring: each category on small boards.
func TestRule_AG_E3_A9_Scoring(t *testing.T) {
	full := func(rowsIn ...string) [rows]string {
		var g [rows]string
		for i := range g {
			g[i] = "gggggggg"
			if i < len(rowsIn) {
				g[i] = rowsIn[i]
			}
		}
		return g
	}
	cases := []struct {
		name string
		side uint8
		grid [rows]string
		want [nCats]int
	}{
		{"chess on path (A)", 0, full("CCCCCCCC"), [nCats]int{10, 0, 0, 0, 0, 0}},
		{"chess on side B zones", 1, full("CCCCCCCC", "gggCCggg", "gggCCggg"), [nCats]int{20, 0, 0, 0, 0, 0}},
		{"rose groups 1+4", 0, full("RgRRgggg", "ggRRgggg"), [nCats]int{0, 17, 0, 0, 0, 0}},
		{"rose group of 6 = 25", 0, full("RRRRRRgg"), [nCats]int{0, 25, 0, 0, 0, 0}},
		{"mushroom columns", 0, full("MMgggggM", "gggggggg", "Mggggggg", "gMgggggg"), [nCats]int{0, 0, 16, 0, 0, 0}},
		{"diagonal roses do not connect", 0, full("Rggggggg", "gRgggggg"), [nCats]int{0, 2, 0, 0, 0, 0}},
		{"trees", 0, full("TggggggT", "Tggggggg", "TTgggggg"), [nCats]int{0, 0, 0, 10, 0, 0}},
		{"empty areas", 0, full("g.g.gggg", "gggggggg", "........"), [nCats]int{0, 0, 0, 0, -15, 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b board
			setGrid(t, &b, tc.grid)
			if got := breakdown(&b, tc.side); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRule_AG_E4_ScorePadLines(t *testing.T) {
	want := []string{"chess", "roses", "mushrooms", "trees", "empty", "bonus"}
	r := newState(t, 2, nil).Result()
	if len(r.Categories) != len(want) {
		t.Fatal(r.Categories)
	}
	for i, c := range r.Categories {
		if c.ID != want[i] || catText(c).EN == "" || catText(c).FR == "" {
			t.Errorf("category %d: %+v", i, c)
		}
	}
	if r.Final {
		t.Error("result of a running game is final")
	}
}

func TestRule_AG_E5_WinnerAndSharedVictory(t *testing.T) {
	s := newState(t, 3, nil)
	var g [rows]string
	for i := range g {
		g[i] = "gggggggg"
	}
	g[0] = "ggggCggg"
	setGrid(t, &s.b[0], g)
	setGrid(t, &s.b[1], g)
	g[0] = "gggggggg"
	setGrid(t, &s.b[2], g)
	r := s.Result()
	if r.Players[0].Rank != 1 || r.Players[1].Rank != 1 || r.Players[2].Rank != 3 {
		t.Errorf("ranks %d %d %d, want 1 1 3", r.Players[0].Rank, r.Players[1].Rank, r.Players[2].Rank)
	}
	if w := r.Winners(); len(w) != 2 {
		t.Errorf("winners %v", w)
	}
}

// ---- Worked examples ----

func TestWE3_EmptyAreas(t *testing.T) {
	var b board
	fillExcept(&b, sq(6, 1), sq(6, 2))
	if got := breakdown(&b, 0)[4]; got != -5 {
		t.Errorf("touching: %d, want -5", got)
	}
	fillExcept(&b, sq(6, 1), sq(6, 3))
	if got := breakdown(&b, 0)[4]; got != -10 {
		t.Errorf("apart: %d, want -10", got)
	}
}

func TestWE4_RoseGroups(t *testing.T) {
	for _, tc := range []struct{ size, want int }{{1, 1}, {2, 4}, {3, 9}, {4, 16}, {5, 25}, {7, 25}} {
		var m uint64
		for i := 0; i < tc.size; i++ {
			m |= 1 << i
		}
		if got := rosePoints(m); got != tc.want {
			t.Errorf("group of %d: %d, want %d", tc.size, got, tc.want)
		}
	}
}

// TestWE5_A11_Score97 is the rulebook's scoring example (97 = 45 + 26 + 24 +
// 17 - 15).
func TestWE5_A11_Score97(t *testing.T) {
	var b board
	setGrid(t, &b, we5)
	got := breakdown(&b, 0)
	if want := [nCats]int{45, 26, 24, 17, -15, 0}; got != want {
		t.Errorf("breakdown %v, want %v", got, want)
	}
	total := 0
	for _, v := range got {
		total += v
	}
	if total != 97 {
		t.Errorf("total %d, want 97", total)
	}
}

var we5 = [rows]string{
	"RMTCCGTM",
	"MCTCCTGM",
	"TMGCCT.C",
	"MCGC.GTT",
	"GCMC.RRG",
	"..GMCRRR",
}

func TestWE6_NeighbouringTrees(t *testing.T) {
	m := uint64(1<<0 | 1<<2 | 1<<7) // columns 1, 3, 8
	if got := treePoints(m); got != 6 {
		t.Errorf("trees in 1, 3, 8: %d, want 6", got)
	}
	if got := treePoints(1 << 3); got != 0 {
		t.Errorf("one tree: %d", got)
	}
}

// WE-7, AG-SO5: the solo rating bands, in English and in the rulebook's
// French, each language on its own and within 80 columns (the final
// drawing prints the band on a line of its own).
func TestWE7_AG_SO5_SoloRating(t *testing.T) {
	for _, tc := range []struct {
		score  int
		en, fr string
	}{
		{-20, "below 70", "Sous les 70 points\u00a0: vous n'avez pas réussi à calmer la colère de la Reine"},
		{69, "below 70", "Sous les 70 points\u00a0: vous n'avez pas réussi à calmer la colère de la Reine"},
		{70, "70-89", "70-89 points\u00a0: cela ressemble à un Jardin, mais la Reine n'est pas satisfaite"},
		{89, "70-89", "70-89 points\u00a0: cela ressemble à un Jardin, mais la Reine n'est pas satisfaite"},
		{90, "90-109", "90-109 points\u00a0: assez bien, la Reine est impressionnée par le travail fourni"},
		{109, "90-109", "90-109 points\u00a0: assez bien, la Reine est impressionnée par le travail fourni"},
		{110, "110-129", "110-129 points\u00a0: la Reine est ravie et les Jardiniers chantent vos louanges"},
		{129, "110-129", "110-129 points\u00a0: la Reine est ravie et les Jardiniers chantent vos louanges"},
		{130, "130 or more", "130 points ou plus\u00a0: parfait\u202f! La Reine vous nomme Jardinier en Chef de la Cour"},
		{200, "130 or more", "130 points ou plus\u00a0: parfait\u202f! La Reine vous nomme Jardinier en Chef de la Cour"},
	} {
		got := ratingText(soloRating(tc.score))
		if !strings.HasPrefix(got.EN, tc.en+":") || got.FR != tc.fr {
			t.Errorf("%d: %+v, want %s… / %q", tc.score, got, tc.en, tc.fr)
		}
		for _, s := range []string{got.EN, got.FR} {
			if n := utf8.RuneCountInString(s); n > 80 {
				t.Errorf("%d: %q is %d columns wide", tc.score, s, n)
			}
		}
	}
}

// ---- Solo ----

func TestRule_AG_SO1_SoloSetup(t *testing.T) {
	s := newState(t, 1, nil)
	if s.left != 31 || s.supplyN != 0 || s.phase != phBag || s.ToMove() != 0 {
		t.Errorf("left %b supply %d phase %s", s.left, s.supplyN, phaseNames[s.phase])
	}
	v := s.View(0).(View)
	if v.First != -1 || len(v.Bags) != 5 || !v.Bags[0].Left {
		t.Errorf("view %+v", v)
	}
	if _, err := Game.New(1, 1, engine.Options{"first": "2"}); err == nil {
		t.Error("first=2 accepted in solo")
	}
}

func TestRule_AG_SO2_A10_SoloTurn(t *testing.T) {
	s := newState(t, 1, nil)
	mustApply(t, s, "bag L")
	if s.drawnN != 2 || s.bagN[2] != 11 || s.left&(1<<2) != 0 || s.phase != phTake {
		t.Fatalf("drawn %d bag %d left %b", s.drawnN, s.bagN[2], s.left)
	}
	a, b := s.drawn[0], s.drawn[1]
	if got := legalStrings(s); len(got) != 2 {
		t.Errorf("legal %v", got)
	}
	wantIllegal(t, s, "take O01", "AG-SO2c")
	mustApply(t, s, "take "+tiles[b].id)
	playFirstLegal(t, s) // place
	if s.phase == phBonus {
		mustApply(t, s, "bonus 0")
	}
	if s.discardN != 1 || s.lastDiscard != int8(a) || s.drawnN != 0 {
		t.Errorf("the other tile did not leave the game: %d %d", s.discardN, s.lastDiscard)
	}
	if s.b[0].tiles != 1 {
		t.Error("tile not placed")
	}
	wantIllegal(t, s, "bag L", "AG-SO2e")
	// a bag holding one tile: draw 1
	s.bagN[0] = 1
	mustApply(t, s, "bag O")
	if s.drawnN != 1 {
		t.Errorf("drawn %d from a bag of 1", s.drawnN)
	}
}

func TestRule_AG_SO3_BagsReturnLeft(t *testing.T) {
	s := newState(t, 1, nil)
	for i, bag := range []string{"O", "I", "L", "T", "S"} {
		if s.round != 1 {
			t.Fatalf("turn %d: round %d", i, s.round)
		}
		mustApply(t, s, "bag "+bag)
		for s.phase != phBag && !s.Over() {
			if s.phase == phBonus {
				mustApply(t, s, "bonus 0")
				continue
			}
			playFirstLegal(t, s)
		}
	}
	if s.left != 31 || s.round != 2 {
		t.Errorf("after 5 turns: left %b round %d", s.left, s.round)
	}
}

func TestRule_AG_SO4_SoloEnd(t *testing.T) {
	s := newState(t, 1, nil)
	fillExcept(&s.b[0], sq(1, 1), sq(3, 3))
	s.b[0].held[0] = 1
	s.b[0].heldN = 1
	bonus := s.bonusN
	// no bag's shape fits any more: the turn does not start, no tile is
	// drawn and no bonus tile either
	var log engine.Log
	s.soloTurn(&log)
	if s.phase != phFinal || s.discardN != 0 || s.bonusN != bonus || s.bagN != [nShapes]uint8{13, 13, 13, 13, 13} {
		t.Errorf("phase %s discarded %d bonus bag %d bags %v", phaseNames[s.phase], s.discardN, s.bonusN, s.bagN)
	}
	if len(log.Events) == 0 || log.Events[0].Key != "solo.end" {
		t.Errorf("events %+v", log.Events)
	}
	mustApply(t, s, "put R 1,1")
	if !s.Over() {
		t.Fatal("not over")
	}
	r := s.Result()
	if want := ratingText(soloRating(r.Players[0].Total)); ratingText(r.Players[0].Rating).EN != want.EN || ratingText(r.Players[0].Rating).FR != want.FR || !r.Final {
		t.Errorf("result %+v, want ratings %+v", r, want)
	}
	if fr := s.Draw(0, engine.Style{Lang: "fr"}); !strings.Contains(fr, ratingText(r.Players[0].Rating).FR) || strings.Contains(fr, r.Players[0].Rating) {
		t.Errorf("the French drawing does not give the French rating alone:\n%s", fr)
	}
	// no bag on the left holds a tile
	s = newState(t, 1, nil)
	s.left = 1 << 0
	s.bagN[0] = 0
	s.soloTurn(nil)
	if !s.Over() {
		t.Errorf("phase %s, want over", phaseNames[s.phase])
	}
}

// TestViewLeaksNoBagContents: two states that differ only in the hidden
// order of the bags and the generator give byte-identical views, and no
// view names a tile still in a bag.
func TestViewLeaksNoBagContents(t *testing.T) {
	for _, n := range []int{1, 2, 4} {
		st, _ := Game.New(n, 11, nil)
		s := st.(*state)
		rng := engine.NewRNG(5)
		for i := 0; i < 7; i++ {
			ms := s.LegalMoves(nil)
			s.Apply(ms[rng.Intn(len(ms))], nil)
		}
		o := *s
		o.rng = engine.NewRNG(999)
		for b := 0; b < nShapes; b++ {
			engine.Shuffle(&o.rng, o.bag[b][:o.bagN[b]])
		}
		engine.Shuffle(&o.rng, o.bonus[:o.bonusN])
		for p := engine.Spectator; p < n; p++ {
			v1, _ := json.Marshal(s.View(p))
			v2, _ := json.Marshal(o.View(p))
			if string(v1) != string(v2) {
				t.Errorf("%dp view %d differs with hidden parts", n, p)
			}
			for b := 0; b < nShapes; b++ {
				for _, tl := range s.bag[b][:s.bagN[b]] {
					if strings.Contains(string(v1), `"`+tiles[tl].id+`"`) {
						t.Errorf("view %d names %s, still in its bag", p, tiles[tl].id)
					}
				}
			}
		}
	}
}

// TestRule_AG_T6_WE2_DiagonalAddsNothing: WE-2 with the spec's diagonal
// gardener at (3,5): a horizontal I03 (TMCG) turned r90 puts its gardener on
// (2,4); 2 bonus tiles, the diagonal one adds nothing.
func TestRule_AG_T6_WE2_DiagonalAddsNothing(t *testing.T) {
	s := newState(t, 2, nil)
	mustApply(t, s, "bag I")
	setGrid(t, &s.b[0], [rows]string{
		"...G....",
		"..G.....",
		"....G...",
		"........",
		"........",
		"........",
	})
	setSupply(s, tid(t, "I03"), tid(t, "I01"))
	mustApply(t, s, "take I03")
	mustApply(t, s, "place r90 2,4")
	if s.b[0].icon[iconGardener]&(1<<sq(2, 4)) == 0 {
		t.Fatal("gardener not on (2,4)")
	}
	if s.phase != phBonus || s.bonusMax != 2 {
		t.Errorf("bonus max %d, want 2", s.bonusMax)
	}
}

// TestRule_AG_T6_ManyGardenersEarnMore: a tile with two gardener squares (the
// data file may be corrected to such a tile) earns up to 3 bonus tiles per
// gardener square, so the bonus decision can offer more than 3; every
// offered move must print, parse back and apply.
func TestRule_AG_T6_ManyGardenersEarnMore(t *testing.T) {
	for max := uint8(4); max <= 12; max += 4 {
		s := newState(t, 2, nil)
		mustApply(t, s, "bag O")
		s.phase, s.bonusMax = phBonus, max
		ms := s.LegalMoves(nil)
		if len(ms) != int(max)+1 {
			t.Fatalf("max %d: %d moves", max, len(ms))
		}
		for _, m := range ms {
			txt := s.FormatMove(m)
			back, err := s.ParseMove(txt)
			if err != nil || back != m {
				t.Fatalf("%q does not parse back: %v", txt, err)
			}
			c := *s
			if err := c.Apply(m, nil); err != nil {
				t.Fatalf("%q rejected: %v", txt, err)
			}
		}
		wantIllegal(t, s, fmt.Sprintf("bonus %d", max+1), "AG-T6")
	}
}

// TestResultCategoriesAreCopies: a caller that edits one score pad's
// category names never changes the next pad (no shared package state).
func TestResultCategoriesAreCopies(t *testing.T) {
	s := newState(t, 2, nil)
	r := s.Result()
	r.Categories[0].ID = "edited"
	sc, err := Game.(engine.PositionScorer).ScorePosition([]byte(strings.Join(we5[:], "\n")))
	if err != nil {
		t.Fatal(err)
	}
	sc.Categories[1].ID = "edited"
	if got := s.Result().Categories; got[0].ID != "chess" || got[1].ID != "roses" {
		t.Errorf("categories changed by a caller: %+v", got)
	}
}

// TestDeterminizeResamplesOnlyTheBags: a determinized copy keeps every
// public part and the contents of each bag (they follow from public history),
// and only the draws to come change with the seed.
func TestDeterminizeResamplesOnlyTheBags(t *testing.T) {
	s := newState(t, 3, nil)
	mustApply(t, s, "bag O")
	sorted := func(x []uint8) string { y := append([]uint8(nil), x...); slices.Sort(y); return fmt.Sprint(y) }
	differ := false
	for seed := uint64(1); seed <= 8; seed++ {
		c := s.Determinize(1, seed).(*state)
		if c.b != s.b || c.supply != s.supply || c.bagN != s.bagN || c.bonusN != s.bonusN || c.phase != s.phase || c.toMove != s.toMove {
			t.Fatal("a public part changed")
		}
		for b := 0; b < nShapes; b++ {
			if sorted(c.bag[b][:c.bagN[b]]) != sorted(s.bag[b][:s.bagN[b]]) {
				t.Fatalf("bag %c holds other tiles", shapeLetters[b])
			}
		}
		if sorted(c.bonus[:c.bonusN]) != sorted(s.bonus[:s.bonusN]) {
			t.Fatal("the bonus bag holds other tiles")
		}
		// play the round out and draw the next supply from bag I
		for c.phase != phBag {
			playFirstLegal(t, c)
		}
		o := s.Clone().(*state)
		for o.phase != phBag {
			playFirstLegal(t, o)
		}
		mustApply(t, c, "bag I")
		mustApply(t, o, "bag I")
		differ = differ || c.supply != o.supply
	}
	if !differ {
		t.Error("the draws to come do not depend on the determinization seed")
	}
}
