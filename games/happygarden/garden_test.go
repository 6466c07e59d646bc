package happygarden

import (
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// HP-X12, HP-T15, HP-T16, P8: placement rejections.
func TestRule_HP_T15_T16_P8_X12_Placement(t *testing.T) {
	mk := func() *state {
		s := bare(2)
		lay(s, 0, "F28", 2, 0)
		lay(s, 0, "F05", 3, 0)
		lay(s, 0, "F17", 3, 1)
		lay(s, 0, "G1", -1, 0)
		lay(s, 0, "W1", 1, 2)
		return s
	}
	cases := []struct {
		tile  string
		cell  string
		legal bool
		why   string
	}{
		{"F29", "2,1", false, "HP-T16.3 next to the identical flower F28"},
		{"F29", "2,-1", false, "HP-T16.3 next to the identical flower F28"},
		{"F29", "1,-1", true, "only diagonal to F28"},
		{"G2", "-1,1", false, "HP-T16.4 next to gnome G1, identical to G2"},
		{"G2", "-2,0", false, "HP-T16.4 next to gnome G1, identical to G2"},
		{"G3", "-1,1", false, "HP-T16.4 next to gnome G1, another design"},
		{"G2", "0,-1", true, "only diagonal to G1"},
		{"W2", "1,-1", false, "HP-T16.5 same column as W1"},
		{"W2", "3,2", false, "HP-T16.5 same row as W1, gap between"},
		{"W2", "4,0", true, "touches F05, free row and column"},
		{"F01", "4,4", false, "HP-T16.2 touches nothing"},
		{"G2", "4,4", false, "HP-T16.2 touches nothing"},
		{"F01", "-1,2", false, "HP-T16.2 corner of the house only"},
		{"F01", "2,0", false, "HP-T16.1 occupied"},
		{"F01", "0,0", false, "HP-T16.1 house cell"},
	}
	for _, c := range cases {
		s := mk()
		hold(s, 0, c.tile)
		if c.legal {
			play(t, s, "place "+c.cell)
			if s.grid[cellOf(cellX(int(s.pos[tid(c.tile)])), cellY(int(s.pos[tid(c.tile)])))] != tid(c.tile) {
				t.Errorf("%s at %s not placed", c.tile, c.cell)
			}
		} else {
			reject(t, s, "place "+c.cell, "HP-T16")
		}
	}
	// HP-T15: the tile goes in white side up with its tokens.
	s := mk()
	x := hold(s, 0, "F11")
	s.worms[x] = 1
	play(t, s, "place 0,-1")
	if s.worms[x] != 1 || s.happy&(1<<x) != 0 || s.owner[x] != 0 {
		t.Errorf("HP-T15: tile should arrive unhappy with its worm")
	}
}

// HP-T17, HP-T18, P9, HP-X6: the house and gnomes as colour sources.
func TestRule_HP_T17_T18_T19_P9_X6_ColourSources(t *testing.T) {
	s := bare(2, "violet")
	stock(s, "F48")
	hold(s, 0, "G4")
	play(t, s, "place 2,0", "end")
	hold(s, 0, "F26")
	play(t, s, "place 3,0", "end")
	wantHappy(t, s, false, "G4", "F26")
	hold(s, 0, "F04")
	play(t, s, "place 2,-1", "end")
	wantHappy(t, s, true, "G4") // house violet, F26 blue, F04 red
	hold(s, 0, "F43")
	play(t, s, "place 4,0", "end")
	wantHappy(t, s, true, "F26") // tulip F43, blue from the gnome
	wantHappy(t, s, false, "F43", "F04")
}

// HP-T18: a flower needs both a same-shape neighbour and a same-colour source.
func TestRule_HP_T18_FlowerCondition(t *testing.T) {
	cases := []struct {
		mouse string
		lay   []string // id@x,y
		place string
		cell  [2]int
		happy bool
	}{
		{"red", []string{"F03@2,0"}, "F10", [2]int{3, 0}, false},           // tulip neighbour, no orange
		{"orange", []string{"F03@2,0"}, "F10", [2]int{2, 1}, true},         // tulip + orange house
		{"red", []string{"F09@2,0"}, "F10", [2]int{3, 0}, false},           // orange neighbour, not a tulip
		{"red", []string{"F09@2,0", "F03@3,1"}, "F10", [2]int{3, 0}, true}, // colour from F09, shape from F03
	}
	for i, c := range cases {
		s := bare(2, c.mouse)
		stock(s, "F48")
		for _, l := range c.lay {
			var id string
			var x, y int
			id, x, y = parseLay(l)
			lay(s, 0, id, x, y)
		}
		hold(s, 0, c.place)
		mv := "place " + cellName(cellOf(c.cell[0], c.cell[1]))
		play(t, s, mv)
		if isHappy(s, c.place) != c.happy {
			t.Errorf("case %d: %s happy=%v, want %v", i, c.place, !c.happy, c.happy)
		}
	}
}

func parseLay(l string) (string, int, int) {
	var id string
	var x, y int
	for i := range l {
		if l[i] == '@' {
			id = l[:i]
			c, _ := parseCell(l[i+1:])
			x, y = cellX(c), cellY(c)
		}
	}
	return id, x, y
}

// HP-T19: a gnome needs its three colours around it.
func TestRule_HP_T19_GnomeCondition(t *testing.T) {
	s := bare(2, "red") // G1 wears red, orange, blue
	stock(s, "F48")
	lay(s, 0, "G1", 2, 0) // red from the house
	hold(s, 0, "F09")     // orange
	play(t, s, "place 3,0", "end")
	wantHappy(t, s, false, "G1")
	hold(s, 0, "F25") // blue
	play(t, s, "place 2,-1", "end")
	wantHappy(t, s, true, "G1")
}

// HP-T20, P9, HP-X5: windmill validated by three stars in its column, with gaps.
func TestRule_HP_T20_P9_X5_Windmill(t *testing.T) {
	mk := func() *state {
		s := bare(2, "blue")
		stock(s, "F48")
		lay(s, 0, "F22", 2, -2)
		lay(s, 0, "W2", 2, 0)
		lay(s, 0, "F28", 2, 2)
		lay(s, 0, "F16", 1, -1)
		lay(s, 0, "F04", 1, -2)
		lay(s, 0, "F07", 1, 2)
		lay(s, 0, "F13", 1, 3)
		lay(s, 0, "F43", 1, 4)
		for _, x := range s.gtiles[0][:s.gn[0]] {
			if s.ready(0, x) {
				panic(tiles[x].id + " ready")
			}
		}
		hold(s, 0, "F45")
		return s
	}
	s := mk()
	play(t, s, "place 2,4")
	wantHappy(t, s, true, "W2")
	wantHappy(t, s, false, "F45")
	if s.Score(0) != 3 {
		t.Errorf("score %d, want 3 for the windmill", s.Score(0))
	}
	v := mk()
	play(t, v, "place 3,0")
	wantHappy(t, v, false, "W2") // row 1 star + column 2 stars: never added
}

// HP-T21: several tiles turn happy at the same moment.
func TestRule_HP_T21_SeveralAtOnce(t *testing.T) {
	s := bare(2, "red")
	stock(s, "F48")
	lay(s, 0, "F03", 2, 0) // red tulip beside the red house
	lay(s, 0, "G5", 1, -1) // violet, pink, yellow
	hold(s, 0, "F34")      // violet tulip
	play(t, s, "place 2,-1")
	wantHappy(t, s, true, "F03", "F34")
}

// HP-T22: happy is permanent, even when the condition stops holding.
func TestRule_HP_T22_HappyIsPermanent(t *testing.T) {
	s := bare(2, "red")
	stock(s, "F48")
	lay(s, 0, "F03", 2, 0)
	lay(s, 0, "G5", 1, -1)
	hold(s, 0, "F34")
	play(t, s, "place 2,-1")
	s.wb[0] = 2
	play(t, s, "repot", "lift F34", "place 0,-1")
	if s.ready(0, tid("F03")) {
		t.Fatal("F03's condition should no longer hold")
	}
	wantHappy(t, s, true, "F03", "F34")
}

// HP-T23, P4, HP-X3: the violet mouse's gardener bonus.
func TestRule_HP_T23_P4_X3_GardenerBonus(t *testing.T) {
	s := bare(2, "violet")
	stock(s, "F48")
	for _, l := range []string{"F33@0,-1", "F09@1,-1", "W1@-1,0", "F35@2,0", "F40@-2,1", "F08@-1,1", "F19@2,1", "F28@0,2"} {
		id, x, y := parseLay(l)
		lay(s, 0, id, x, y)
	}
	s.validate(0, nil)
	for _, x := range s.gtiles[0][:s.gn[0]] {
		want := tiles[x].id == "F33" || tiles[x].id == "F35"
		if (s.happy&(1<<x) != 0) != want {
			t.Errorf("%s happy=%v before the last move", tiles[x].id, !want)
		}
	}
	if s.bonus[0] {
		t.Fatal("bonus visible with 7 ring cells")
	}
	hold(s, 0, "F36")
	s.cans[0] = 0
	s.wb[0] = 2
	play(t, s, "place 1,2")
	wantHappy(t, s, true, "F36")
	wantHappy(t, s, false, "F28", "W1")
	if !s.bonus[0] {
		t.Fatal("all 8 ring cells filled: the mouse should turn over")
	}
	if s.Score(0) != 11 {
		t.Errorf("score %d, want 11 (3 happy flowers + 4 violet flowers × 2)", s.Score(0))
	}
	// The bonus stays whatever happens to the ring later.
	play(t, s, "repot", "lift F36", "place 2,2")
	if !s.bonus[0] || s.grid[cellOf(1, 2)] != 0 {
		t.Errorf("bonus lost after emptying a ring cell")
	}
}

// HP-T24, P10, HP-X4: a validated worm becomes a mole for an opponent.
func TestRule_HP_T24_P10_X4_MoleToOpponent(t *testing.T) {
	mk := func() *state {
		s := bare(2, "red", "blue")
		lay(s, 0, "F22", 2, 0)
		lay(s, 1, "F26", 2, 0)
		f25 := lay(s, 1, "F25", -1, 0)
		s.worms[f25] = 1
		s.supWorm--
		stock(s, "F06", "F48")
		return s
	}
	s := mk()
	play(t, s, "take B1")
	if s.worms[tid("F06")] != 1 || s.supWorm != 14 {
		t.Fatalf("F06's worm")
	}
	play(t, s, "place 2,1")
	wantHappy(t, s, true, "F06")
	wantHappy(t, s, false, "F22")
	if s.ToMove() != 1 || s.phase != phReceive || !slices.Equal(names(s), []string{"mole F26", "mole F25"}) {
		t.Fatalf("B should place the mole: seat %d %v", s.ToMove()+1, names(s))
	}
	reject(t, s, "mole F22", "HP-T24")
	play(t, s, "mole F26")
	if s.worms[tid("F06")] != 0 || s.moles[tid("F26")] != 1 || s.ToMove() != 0 || s.phase != phAfter {
		t.Fatalf("after the mole: worms %d moles %d", s.worms[tid("F06")], s.moles[tid("F26")])
	}
	if s.Score(1) != -1 {
		t.Errorf("B's score %d, want -1", s.Score(1))
	}
	play(t, s, "end")
	// Later, F26 turns happy: B hands the mole to A.
	stock(s, "F43", "F48")
	play(t, s, "take B1", "place 3,0")
	wantHappy(t, s, true, "F26")
	if s.ToMove() != 0 || s.phase != phReceive || s.moles[tid("F26")] != 0 {
		t.Fatalf("A should receive B's mole")
	}
	play(t, s, "mole F22")
	// Variant: every tile of B holds a mole: the token returns to the supply.
	v := mk()
	v.moles[tid("F26")], v.moles[tid("F25")] = 1, 1
	sup := v.supWorm
	play(t, v, "take B1", "place 2,1")
	if v.supWorm != sup || v.phase != phAfter || v.ToMove() != 0 {
		t.Errorf("the mole should return to the supply: supply %d→%d", sup, v.supWorm)
	}
}

// HP-T24 with three players: the validating player chooses the receiver.
func TestRule_HP_T24_P10_GiverChooses(t *testing.T) {
	s := bare(3, "red", "blue", "yellow")
	lay(s, 0, "F22", 2, 0)
	lay(s, 2, "F30", 2, 0)
	x := hold(s, 0, "F06")
	s.worms[x], s.moles[x] = 1, 1
	play(t, s, "place 2,1")
	if s.phase != phGive || !slices.Equal(names(s), []string{"give 2", "give 3"}) {
		t.Fatalf("give choice: %v", names(s))
	}
	reject(t, s, "give 1", "HP-T24")
	play(t, s, "give 2") // seat 2 has no tile: back to the supply
	if s.phase != phGive {
		t.Fatalf("second token: step %s", phaseNames[s.phase])
	}
	play(t, s, "give 3", "mole F30")
	if s.moles[tid("F30")] != 1 || s.phase != phAfter {
		t.Errorf("the second mole should be on F30")
	}
}

// HP-E2, HP-E3, P12, HP-X11: final scoring and tie-break.
func TestRule_HP_E2_E3_P12_X11_Scoring(t *testing.T) {
	s := bare(4, "red", "blue", "yellow", "pink")
	type g struct {
		ids      []string
		bfly     map[string]uint8
		worm     map[string]uint8
		mole     map[string]uint8
		unhappy  []string
		bonus    bool
		wantPts  []int
		wantRank int
	}
	gs := []g{
		{ids: []string{"F01", "F03", "F05", "F06", "F09", "G1", "W1"}, bfly: map[string]uint8{"F01": 2}, worm: map[string]uint8{"F03": 1}, mole: map[string]uint8{"F05": 2},
			bonus: true, wantPts: []int{4, 5, 3, 3, 8, 0, -2}, wantRank: 2},
		{ids: []string{"F25", "F26", "F27", "F10", "F12", "F14", "F16", "G2", "G3"}, bfly: map[string]uint8{"F25": 2}, mole: map[string]uint8{"F26": 1},
			wantPts: []int{4, 7, 6, 0, 0, 0, -1}, wantRank: 3},
		{ids: []string{"F17", "F18", "F33", "F34", "F35", "F36", "F37", "F38", "F39", "F40", "W2", "W3"}, bfly: map[string]uint8{"F17": 1},
			bonus: true, wantPts: []int{1, 10, 0, 6, 4, 0, 0}, wantRank: 1},
		{ids: []string{"F41", "F20"}, unhappy: []string{"F20"}, wantPts: []int{0, 1, 0, 0, 0, 0, 0}, wantRank: 4},
	}
	for p, gg := range gs {
		for i, id := range gg.ids {
			x := lay(s, p, id, 2+i, 0)
			if !slices.Contains(gg.unhappy, id) {
				s.happy |= 1 << x
			}
			s.bfly[x], s.worms[x], s.moles[x] = gg.bfly[id], gg.worm[id], gg.mole[id]
		}
		s.bonus[p] = gg.bonus
	}
	s.phase = phOver
	r := s.Result()
	if !r.Final || len(r.Categories) != 7 || r.Categories[0].ID != "butterflies" || r.Categories[6].ID != "moles" {
		t.Fatalf("categories %v", r.Categories)
	}
	for p, gg := range gs {
		if !slices.Equal(r.Players[p].Points, gg.wantPts) || r.Players[p].Rank != gg.wantRank {
			t.Errorf("seat %d: points %v rank %d, want %v rank %d", p+1, r.Players[p].Points, r.Players[p].Rank, gg.wantPts, gg.wantRank)
		}
		if s.Score(p) != r.Players[p].Total {
			t.Errorf("Score(%d)=%d, total %d", p, s.Score(p), r.Players[p].Total)
		}
	}
	if r.Players[0].Total != 21 || r.Players[2].Total != 21 || r.Players[1].Total != 16 {
		t.Errorf("totals %d %d %d", r.Players[0].Total, r.Players[1].Total, r.Players[2].Total)
	}
	if r.Players[0].Tiebreak[0] != 7 || r.Players[2].Tiebreak[0] != 12 {
		t.Errorf("happy tiles %v %v", r.Players[0].Tiebreak, r.Players[2].Tiebreak)
	}
	// Variant: same total and same happy-tile count: shared victory.
	v := bare(2)
	a := lay(v, 0, "F01", 2, 0)
	b := lay(v, 1, "F02", 2, 0)
	v.happy |= 1<<a | 1<<b
	v.phase = phOver
	rv := v.Result()
	if rv.Players[0].Rank != 1 || rv.Players[1].Rank != 1 || len(rv.Winners()) != 2 {
		t.Errorf("shared victory: ranks %d %d", rv.Players[0].Rank, rv.Players[1].Rank)
	}
	// No butterflies anywhere: nobody scores butterflies; a total may be negative.
	w := bare(2)
	m := lay(w, 0, "F01", 2, 0)
	w.moles[m] = 3
	if w.Score(0) != -3 {
		t.Errorf("negative total: %d", w.Score(0))
	}
	_ = engine.Spectator
}
