package hanginggardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

func scoreOf(t *testing.T, irrigation string, g map[string]string, objPts, objCount int) [nCats]int {
	t.Helper()
	var cards, enh [nPos]uint8
	for k, v := range g {
		i := posIndex(k)
		c, e, has := cut(v)
		cards[i] = card(c) + 1
		if has {
			enh[i] = enhOf(e) + 1
		}
	}
	mask := uint16(0)
	for _, ic := range comp.Irrigation {
		if ic.Name == irrigation {
			mask = ic.Mask
		}
	}
	return scoreGarden(garden{Cards: &cards, Enh: &enh, IrrMask: mask, ObjPoints: objPts, ObjCount: objCount})
}

// HG-E1a: irrigation, only positions of the pattern count; a card and its
// enhancement irrigate a position once.
func TestRule_HG_E1a_Irrigation(t *testing.T) {
	tests := []struct {
		g    map[string]string
		want int
	}{
		{map[string]string{"a1": "TR02", "a2": "TR02", "b1": "AN01", "b2": "AN03"}, 7},                // Left: 4 → 7
		{map[string]string{"a1": "TR02", "a2": "TR02", "b1": "AN01", "b2": "AN03", "c1": "AN08"}, 10}, // 5
		{map[string]string{"a1": "TR02", "a2": "TR02", "b1": "AN01", "b2": "AN03", "c1": "AN08", "c2": "VI01"}, 15},
		{map[string]string{"a3": "TR02", "a4": "TR02", "a5": "AN01"}, 0},      // off pattern
		{map[string]string{"a1": "EM17+EN25"}, 1},                             // counted once
		{map[string]string{"a1": "EM01+EN25", "a2": "EM17", "b1": "TR06"}, 4}, // enhancement irrigates
	}
	for i, tc := range tests {
		if got := scoreOf(t, "Left", tc.g, 0, 0)[catIrrigation]; got != tc.want {
			t.Errorf("case %d: %d, want %d", i, got, tc.want)
		}
	}
	want := []int{0, 1, 2, 4, 7, 10, 15}
	for i, v := range want {
		if comp.IrrigPoints[i] != v {
			t.Errorf("irrigation table %d: %d", i, comp.IrrigPoints[i])
		}
	}
}

// HG-E1b, H11: blooms per colour, the largest group, doubles count 2.
func TestRule_HG_E1b_H11_Blooms(t *testing.T) {
	g := map[string]string{
		"a1": "EM11", // BB
		"a2": "EM01", // B R Y
		"a3": "TR01",
		"a4": "EM14", // BB
		"a5": "EM20", // B
		"b1": "EM13", // YY
		"c3": "EM12", // RR, not adjacent to a2
	}
	p := scoreOf(t, "Left", g, 0, 0)
	if p[catBlue] != 3 { // {a1,a2}=3 beats {a4,a5}=3 (tie: either)
		t.Errorf("blue %d", p[catBlue])
	}
	if p[catRed] != 2 { // c3 RR beats a2 R
		t.Errorf("red %d", p[catRed])
	}
	if p[catYellow] != 3 { // a2 Y + b1 YY adjacent
		t.Errorf("yellow %d", p[catYellow])
	}
	// a group of more positions but fewer flowers loses to a richer one
	g2 := map[string]string{"a1": "EM20", "a2": "EM23", "a4": "EM11+EN10"}
	if got := scoreOf(t, "Left", g2, 0, 0)[catBlue]; got != 4 {
		t.Errorf("blue with enhancement %d, want 4", got)
	}
}

// HG-E1c, H10, WE-7, WE-8: trees.
func TestWorkedExample_WE7_WE8_HG_E1c_H10_Trees(t *testing.T) {
	tests := []struct {
		species, n, want int
	}{
		{dragon, 1, 2}, {dragon, 2, 7}, {dragon, 3, 9},
		{cedar, 1, 2}, {cedar, 2, 5}, {cedar, 3, 9}, {cedar, 4, 11},
		{palm, 1, 3}, {palm, 4, 18}, {palm, 6, 25},
	}
	for _, tc := range tests {
		if got := treeValue(tc.species, tc.n); got != tc.want {
			t.Errorf("species %d × %d: %d, want %d", tc.species, tc.n, got, tc.want)
		}
	}
	// 6 connected date palms in a garden (5 cards + 1 enhancement): 18 + 7.
	g := map[string]string{"a1": "TR01", "a2": "TR01", "a3": "TR01", "a4": "TR01", "a5": "TR01",
		"b4": "EM01+EN04"}
	if got := scoreOf(t, "Left", g, 0, 0)[catTrees]; got != 25 {
		t.Errorf("6 connected palms → %d, want 25", got)
	}
	g["c3"] = "EM02+EN23" // a 7th: 18 + 12
	if got := scoreOf(t, "Left", g, 0, 0)[catTrees]; got != 30 {
		t.Errorf("7 connected palms → %d, want 30", got)
	}
	// two separate cedar groups and a dragon tree
	g = map[string]string{"a1": "TR02", "a2": "TR03", "a4": "TR04", "b4": "TR06"}
	if got := scoreOf(t, "Left", g, 0, 0)[catTrees]; got != 5+2+2 {
		t.Errorf("cedars 2+1 and a dragon tree: %d", got)
	}
}

// HG-E1d: animals by floor.
func TestRule_HG_E1d_AnimalsByFloor(t *testing.T) {
	g := map[string]string{"a1": "AN02", "b1": "AN02", "c1": "AN12", "a2": "EM01+EN21", "b2": "EM02+EN21"}
	// lion 5 on F1, lion AN02 second copy? only 1 AN02: use it once
	g["b1"] = "AN01" // lion 4/2/2 on floor 2 → 2
	got := scoreOf(t, "Left", g, 0, 0)[catAnimals]
	want := 5 + 2 + 5 + 2 + 4 // AN02 F1, AN01 F2, AN12 F3, EN21 F1 (2), EN21 F2 (4)
	if got != want {
		t.Errorf("animals %d, want %d", got, want)
	}
}

// HG-E1e: every visitor of the visitor table.
func TestRule_HG_E1e_Visitors(t *testing.T) {
	base := map[string]string{
		"a1": "EM01+EN20", // B R Y + B Y R crown
		"a2": "AN09",      // peacock crown
		"a3": "TR05",      // cedar gold
		"a4": "EM26",      // B irrigation tools
		"b1": "EM29",      // B crown gold
	}
	// totals: blue 1+1+1+1 = 4, red 2, yellow 2, irrigated 1 (a4) + visitor's own,
	// crowns 3, gold 2, tools 1, animals 1, trees 1, enhancements 1.
	tests := []struct {
		id   string
		want int
	}{
		{"VI01", 4}, {"VI02", 2}, {"VI03", 2},
		{"VI04", 2},     // a4 + the visitor itself
		{"VI05", 3 + 1}, // the visitor's own crown
		{"VI06", 2 * 2},
		{"VI07", 1},
		{"VI08", 2 * 2}, // 2 objectives
		{"VI09", 1}, {"VI10", 1},
		{"VI11", 2 + 1},
		{"VI12", 2 * 1},
		{"VI13", 3 * 1},
		{"VI14", 1 + 1},
	}
	for _, tc := range tests {
		g := map[string]string{}
		for k, v := range base {
			g[k] = v
		}
		g["c1"] = tc.id
		if got := scoreOf(t, "Left", g, 0, 2)[catVisitors]; got != tc.want {
			t.Errorf("%s: %d, want %d", tc.id, got, tc.want)
		}
	}
	// VI07 counts every visitor
	g := map[string]string{"a1": "VI07", "a2": "VI01", "a3": "VI13"}
	p := scoreOf(t, "Left", g, 0, 0)
	if p[catVisitors] != 3+0+0 {
		t.Errorf("three visitors: %d", p[catVisitors])
	}
}

// HG-E1f, HG-E2: objectives in the pad; category order.
func TestRule_HG_E1f_E2_ScorePad(t *testing.T) {
	ids := []string{"irrigation", "blue", "red", "yellow", "trees", "animals", "visitors", "objectives"}
	s := newState(t, 2, 1, nil)
	r := s.Result()
	if len(r.Categories) != len(ids) {
		t.Fatal("categories")
	}
	for i, id := range ids {
		if r.Categories[i].ID != id {
			t.Errorf("category %d is %s, want %s", i, r.Categories[i].ID, id)
		}
	}
	if r.Final {
		t.Error("a new game's result is final")
	}
	s.marks[0] = [4]int8{1, 0, -1, -1}
	s.markN[0] = 2
	s.marks[1] = [4]int8{0, -1, -1, -1}
	s.markN[1] = 1
	if p := s.pad(0); p[catObjectives] != 3+4 {
		t.Errorf("objectives %d, want 7", p[catObjectives])
	}
}

// HG-E3, H13: tie-break on tools + gold, then shared victory.
func TestRule_HG_E3_H13_TieBreak(t *testing.T) {
	s := newState(t, 3, 1, nil)
	for p := 0; p < 3; p++ {
		setGarden(s, p, map[string]string{"a1": "TR01"})
	}
	s.pl[0].Gold, s.pl[0].Tools = 1, 1
	s.pl[1].Gold, s.pl[1].Tools = 3, 0
	s.pl[2].Gold, s.pl[2].Tools = 0, 3
	r := s.Result()
	if r.Players[0].Rank != 3 || r.Players[1].Rank != 1 || r.Players[2].Rank != 1 {
		t.Errorf("ranks %d %d %d", r.Players[0].Rank, r.Players[1].Rank, r.Players[2].Rank)
	}
	if len(r.Winners()) != 2 {
		t.Error("shared victory expected")
	}
}

// Score during the game is the running pad and never allocates.
func TestScoreDoesNotAllocate(t *testing.T) {
	s := newState(t, 4, 3, nil)
	playRandom(t, s, 3)
	if a := testing.AllocsPerRun(100, func() { _ = s.Score(1) }); a != 0 {
		t.Errorf("Score allocates %v times", a)
	}
	for p := 0; p < 4; p++ {
		if s.Score(p) != s.Result().Players[p].Total {
			t.Error("Score differs from the result")
		}
	}
	var buf []engine.Move
	s = newState(t, 4, 3, nil)
	buf = s.LegalMoves(buf)
	if a := testing.AllocsPerRun(100, func() { buf = s.LegalMoves(buf[:0]) }); a != 0 {
		t.Errorf("LegalMoves allocates %v times", a)
	}
	// Apply without a log, through every kind of decision of a game.
	rng := engine.NewRNG(8)
	var c state
	for !s.Over() {
		buf = s.LegalMoves(buf[:0])
		m := buf[rng.Intn(len(buf))]
		if a := testing.AllocsPerRun(5, func() {
			c = *s
			if err := c.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}); a != 0 {
			t.Fatalf("Apply(%s) in the %s step allocates %v times", s.FormatMove(m), phaseNames[s.phase], a)
		}
		*s = c
	}
}
