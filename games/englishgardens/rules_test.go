package englishgardens

import (
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Test names carry the rule ids of docs/english-gardens.md and of the
// specification (EG-S*, EG-T*, EG-E*, EG-SO*, rulings E*, worked examples WE-*).

func TestData_CheckTotals(t *testing.T) {
	c := Game.(*game).c
	var lawns, ponds, structs, treeCards, icons int
	var perColour [4]int
	var perFlower [4]int
	var pair [4][4]int
	var species [3]int
	for _, k := range c.land {
		switch {
		case k.Lawn:
			lawns++
			continue
		case k.Feature == featPond:
			ponds++
		case k.Feature == featStructure:
			structs++
		default:
			treeCards++
		}
		if (k.Feature != featNone) && len(k.Icons) > 0 {
			t.Errorf("pond or structure with trees: %s", k.name())
		}
		perColour[k.Colour]++
		perFlower[k.Flower]++
		pair[k.Colour][k.Flower]++
		for sp, n := range k.Trees {
			species[sp] += int(n)
			icons += int(n)
		}
	}
	if lawns != 6 || ponds != 9 || structs != 18 || treeCards != 27 {
		t.Errorf("lawns %d ponds %d structures %d tree cards %d, want 6 9 18 27", lawns, ponds, structs, treeCards)
	}
	for col := 1; col <= 3; col++ {
		if perColour[col] != 18 || perFlower[col] != 18 {
			t.Errorf("colour %d: %d cards, flower %d: %d cards, want 18", col, perColour[col], col, perFlower[col])
		}
		for f := 1; f <= 3; f++ {
			if pair[col][f] != 6 {
				t.Errorf("%s %s: %d cards, want 6", colourNames[col], flowerNames[f], pair[col][f])
			}
		}
	}
	if icons != 45 || species != [3]int{15, 15, 15} {
		t.Errorf("tree icons %d %v, want 45 [15 15 15]", icons, species)
	}
	var perFlowerIcons [4]int
	for _, k := range c.land {
		perFlowerIcons[k.Flower] += len(k.Icons)
	}
	if perFlowerIcons[flPetunia] != 9 || perFlowerIcons[flRose] != 18 || perFlowerIcons[flLily] != 18 {
		t.Errorf("icons per flower %v, want petunia 9, rose 18, lily 18", perFlowerIcons)
	}
	if len(c.trophies) != 30 || c.trophies[0].Name != "The Ruby Clover Award" || c.trophies[29].N != 30 {
		t.Errorf("trophy data")
	}
}

// lineOf builds a village whose column 1 holds the given cards (top to
// bottom, "" = empty) under trophy n, and returns that trophy's score.
func lineScore(t *testing.T, n int, cells [3]string) int {
	t.Helper()
	g := Game.(*game)
	p := &player{}
	var used [numLand]bool
	for i, d := range cells {
		if d == "" {
			continue
		}
		c, err := g.findCard(d, &used)
		if err != nil {
			t.Fatal(err)
		}
		p.putLand(g.c, i*3, c)
	}
	v := g.c.lineVector(p, 0)
	return g.c.trophies[n-1].score(&v)
}

// TestTrophies covers the 30 trophy conditions (trophy table, EG-E3, E12, E15).
func TestTrophies(t *testing.T) {
	cases := []struct {
		n     int
		cells [3]string
		want  int
	}{
		{1, [3]string{"red lily pond", "red lily oak+birch", "blue lily pond"}, 6},
		{2, [3]string{"yellow lily pond", "red lily pond", ""}, 3},
		{3, [3]string{"blue lily structure", "blue lily birch+willow", "blue lily pond"}, 9},
		{4, [3]string{"red petunia oak", "red rose pond", ""}, 3},
		{5, [3]string{"yellow petunia pond", "", ""}, 3},
		{6, [3]string{"blue petunia structure", "blue petunia willow", "lawn"}, 6},
		{7, [3]string{"red rose structure", "", ""}, 3},
		{8, [3]string{"yellow rose oak+oak", "yellow rose pond", "yellow lily pond"}, 6},
		{9, [3]string{"", "", ""}, 0},
		{10, [3]string{"red rose pond", "blue lily pond", "lawn"}, 4},
		{11, [3]string{"red rose pond", "blue rose pond", "yellow rose pond"}, 6},
		{11, [3]string{"red rose pond", "blue rose pond", "lawn"}, 0},
		{12, [3]string{"red rose pond", "red petunia pond", "red lily pond"}, 6},
		{12, [3]string{"red rose pond", "red petunia pond", ""}, 0},
		{13, [3]string{"yellow rose pond", "yellow lily structure", "yellow rose birch+birch"}, 4}, // E15
		{13, [3]string{"lawn", "", ""}, 2},
		{14, [3]string{"lawn", "red rose pond", ""}, -1},
		{15, [3]string{"yellow rose birch+birch", "red lily birch+willow", "red rose oak+oak"}, 4},
		{16, [3]string{"yellow rose oak+oak", "red lily birch+willow", ""}, 3},
		{17, [3]string{"yellow rose oak+oak", "red lily birch+willow", "red petunia oak"}, 5},
		{18, [3]string{"yellow rose oak+oak", "red lily oak+birch", "red petunia oak"}, 4},
		{18, [3]string{"yellow rose oak+oak", "red lily oak+birch", "red petunia birch"}, 4},
		{18, [3]string{"red petunia oak", "red lily oak+birch", "red petunia willow"}, 2},
		{18, [3]string{"yellow rose oak+oak", "red rose oak+oak", ""}, 4},
		{19, [3]string{"lawn", "red lily oak+birch", "red rose structure"}, 4},
		{20, [3]string{"", "", ""}, -4},
		{20, [3]string{"red rose structure", "", ""}, 2},
		{20, [3]string{"red rose structure", "red lily structure", ""}, -2},
		{20, [3]string{"red rose structure", "red lily structure", "blue lily structure"}, 6},
		{21, [3]string{"lawn", "", ""}, -2},
		{21, [3]string{"red rose structure", "red lily structure", "blue lily structure"}, 4},
		{21, [3]string{"red rose structure", "red lily structure", ""}, 2},
		{21, [3]string{"red rose structure", "", ""}, 1},
		{22, [3]string{"lawn", "lawn", "lawn"}, 8},
		{22, [3]string{"lawn", "lawn", ""}, 4},
		{22, [3]string{"lawn", "", ""}, 1},
		{22, [3]string{"", "", ""}, -2},
		{23, [3]string{"red rose structure", "red lily structure", "blue lily structure"}, 5},
		{23, [3]string{"red rose oak+oak", "red petunia oak", "blue lily oak+birch"}, 5},
		{23, [3]string{"red rose oak+oak", "red petunia oak", "blue rose oak+oak"}, 5},
		{24, [3]string{"", "", ""}, -1},
		{24, [3]string{"yellow petunia birch", "", ""}, 3},
		{24, [3]string{"red lily birch+willow", "", ""}, -1},
		{24, [3]string{"red lily birch+willow", "red petunia oak", ""}, 5},
		{25, [3]string{"lawn", "", ""}, 1 - 4},
		{25, [3]string{"red rose oak+oak", "lawn", "lawn"}, -3},
		{25, [3]string{"red lily birch+willow", "lawn", "lawn"}, 2},
		{25, [3]string{"red lily birch+willow", "red petunia oak", "lawn"}, 6},
		{26, [3]string{"", "", ""}, -2},
		{26, [3]string{"red petunia oak", "", ""}, 4},
		{26, [3]string{"red rose oak+oak", "", ""}, -1},
		{26, [3]string{"red rose oak+oak", "red lily birch+willow", "red petunia oak"}, 4},
		{26, [3]string{"red rose oak+oak", "red lily birch+willow", "blue rose willow+willow"}, 6},
		{27, [3]string{"red rose pond", "red lily pond", ""}, -2 + 2 - 3},
		{27, [3]string{"red petunia pond", "lawn", "lawn"}, 1 - 6},
		{28, [3]string{"red rose pond", "blue lily pond", "yellow lily pond"}, -2 + 2 + 1},
		{28, [3]string{"lawn", "", "blue lily pond"}, -3 - 3 + 2},
		{29, [3]string{"red rose structure", "red petunia oak", "red lily pond"}, 6},
		{29, [3]string{"red rose structure", "red petunia oak", ""}, 6},
		{29, [3]string{"red rose structure", "red petunia oak", "lawn"}, 0},
		{29, [3]string{"red rose structure", "red rose oak+oak", "red lily pond"}, 0},
		{30, [3]string{"red rose structure", "lawn", ""}, -2},
		{30, [3]string{"red rose structure", "red rose oak+oak", ""}, 4},
		{30, [3]string{"red rose structure", "red lily structure", "red rose oak+oak"}, 6},
		{30, [3]string{"red rose structure", "red lily structure", ""}, 0},
	}
	for _, c := range cases {
		if got := lineScore(t, c.n, c.cells); got != c.want {
			t.Errorf("trophy #%d on %q: %d, want %d", c.n, c.cells, got, c.want)
		}
	}
}

// WE-3 and rulings E15, E16: the rulebook's final score of 16.
func TestWE3_FinalScore16(t *testing.T) {
	pos := `{"village":"up","cells":{
	 "r1c1":"red rose structure","r1c2":"yellow rose structure","r1c3":"yellow petunia birch",
	 "r2c1":"yellow rose oak+oak","r2c2":"yellow lily pond","r2c3":"yellow petunia structure",
	 "r3c1":"yellow rose pond","r3c2":"yellow lily structure","r3c3":"yellow rose birch+birch"},
	 "trophies":{"c1":12,"c2":2,"c3":24,"r1":20,"r3":13}}`
	sc, err := Game.(engine.PositionScorer).ScorePosition([]byte(pos))
	if err != nil {
		t.Fatal(err)
	}
	want := []int{1, 4, 0, 6, 3, -2, 0, 4}
	for i, w := range want {
		if sc.Points[i] != w {
			t.Errorf("%s: %d, want %d", catText(sc.Categories[i]).EN, sc.Points[i], w)
		}
	}
	if sc.Total != 16 {
		t.Errorf("total %d, want 16", sc.Total)
	}
	// Control from the spec: with +1 per card on trophy #13 the total is 13.
	// The control trophy is a copy: the shared components stay untouched.
	g := Game.(*game)
	p, _, _ := g.parsePosition([]byte(pos))
	control := g.c.trophies[12]
	control.per[cCard] = 1
	v := g.c.lineVector(p, 5)
	if got := sc.Total - sc.Points[7] + control.score(&v); got != 13 {
		t.Errorf("control with +1 per card: %d, want 13", got)
	}
	// Tie-break count: 9 visible cards (EG-E5).
	if p.visible != 9 {
		t.Errorf("visible %d, want 9", p.visible)
	}
}

// WE-4, EG-S3, ruling E3: setup removals and deck sizes after dealing.
func TestWE4_SetupRemovals(t *testing.T) {
	for _, c := range []struct{ n, land, tro, remL, remT int }{
		{1, 54, 24, 0, 0}, {2, 36, 11, 15, 10}, {3, 38, 13, 10, 5}, {4, 40, 15, 5, 0}, {5, 42, 12, 0, 0},
	} {
		s := newState(t, c.n, 9, nil)
		if int(s.land.n) != c.land || int(s.tro.n) != c.tro || int(s.nRemovedLand) != c.remL || int(s.nRemovedTro) != c.remT {
			t.Errorf("%d players: decks %d/%d removed %d/%d, want %d/%d %d/%d", c.n, s.land.n, s.tro.n,
				s.nRemovedLand, s.nRemovedTro, c.land, c.tro, c.remL, c.remT)
		}
	}
}

// EG-S1, EG-S4, EG-S5, EG-S6, EG-S7, ruling E4: villages, hands, displays, top-row trophies.
func TestEG_S1_S7_Setup(t *testing.T) {
	s := newState(t, 5, 3, nil)
	seen := map[int8]bool{}
	all := map[int8]int{}
	for p := 0; p < 5; p++ {
		pl := &s.pl[p]
		if seen[pl.village] || !pl.villageUp {
			t.Errorf("EG-S1: player %d village %d face up %v", p, pl.village, pl.villageUp)
		}
		seen[pl.village] = true
		if pl.handN != 3 {
			t.Errorf("EG-S4: hand %d", pl.handN)
		}
		for i := 0; i < 3; i++ {
			all[pl.hand[i]]++
			if pl.trophy[i] < 0 {
				t.Errorf("E4: slot c%d empty", i+1)
			}
		}
		for i := 3; i < 6; i++ {
			if pl.trophy[i] >= 0 {
				t.Errorf("E4: row slot %d filled at setup", i)
			}
		}
	}
	for _, c := range s.landDisp {
		if c < 0 {
			t.Error("EG-S5: display short")
		}
		all[c]++
	}
	for _, c := range s.land.cards[:s.land.n] {
		all[c]++
	}
	if len(all) != 60 {
		t.Errorf("EG-S2: %d distinct landscape cards in play, want 60", len(all))
	}
	for _, c := range s.troDisp {
		if c < 0 {
			t.Error("EG-S7: trophy display short")
		}
	}
}

// EG-S8, EG-S9, EG-T1: the first player option; the same seed deals the same game.
func TestEG_S8_S9_FirstPlayerAndDeterminism(t *testing.T) {
	s := newState(t, 4, 5, engine.Options{"first": "3"})
	if s.ToMove() != 2 {
		t.Errorf("first=3: player %d to move", s.ToMove())
	}
	a, b := newState(t, 4, 77, nil), newState(t, 4, 77, nil)
	if *a != *b {
		t.Error("EG-S9: same seed, different setup")
	}
	c := newState(t, 4, 78, nil)
	if *a == *c {
		t.Error("different seeds, same setup")
	}
	if _, err := Game.New(4, 1, engine.Options{"first": "5"}); err == nil {
		t.Error("first=5 with 4 players accepted")
	}
	if _, err := Game.New(6, 1, nil); err == nil {
		t.Error("6 players accepted")
	}
	if _, err := Game.New(2, 1, engine.Options{"side": "B"}); err == nil {
		t.Error("unknown option accepted")
	}
}

// EG-T1, EG-T2, EG-T4, ruling E7: one action (take, then place or discard: the hand is
// back to 3), then the turn passes to the left.
func TestEG_T1_T2_T4_TurnPassesClockwise(t *testing.T) {
	s := newState(t, 3, 1, engine.Options{"first": "2"})
	setVillage(t, s, 1, `{"cells":{}}`)
	setHand(t, s, 1, "red rose pond", "blue lily pond", "yellow petunia pond")
	setLandDisplay(t, s, "lawn", "red rose structure", "blue rose structure")
	apply(t, s, "take 1")
	if s.pl[1].handN != 4 || s.landDisp[0] < 0 {
		t.Fatalf("EG-T4a: hand %d, slot refilled %v", s.pl[1].handN, s.landDisp[0])
	}
	if !s.pl[1].handKnown[3] {
		t.Error("E5: a card taken face up is public")
	}
	apply(t, s, "place h1 r2c2")
	if s.pl[1].handN != 3 || s.ToMove() != 2 {
		t.Errorf("EG-T4b: hand %d, next %d", s.pl[1].handN, s.ToMove())
	}
	apply(t, s, "take deck")
	apply(t, s, "discard h1")
	if s.ToMove() != 0 || s.pl[2].discards != 1 || s.pl[2].handN != 3 {
		t.Errorf("EG-T1: next %d, discards %d", s.ToMove(), s.pl[2].discards)
	}
}

// EG-T4b: the card placed may be the one just taken; a discard leaves the game.
func TestEG_T4b_PlaceTakenCardOrDiscard(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{}}`)
	setLandDisplay(t, s, "red rose pond", "", "")
	apply(t, s, "take 1")
	if !legal(s)["place h4 r1c1"] || !legal(s)["discard h4"] {
		t.Error("EG-T4b: the card just taken can be placed or discarded")
	}
	illegal(t, s, "take 2", "EG-T4b")
	before := *s
	if err := s.Apply(move{kind: mkDiscard, a: 4}.pack(), nil); engine.RuleOf(err) != "EG-T4b" || before != *s {
		t.Errorf("discard of a fifth card: %v", err)
	}
}

// EG-T4c, EG-T10: no blind draw from an empty deck; an empty slot stays empty.
func TestEG_T4c_T10_EmptyDecks(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	s.land.n = 0
	setLandDisplay(t, s, "red rose pond", "", "")
	illegal(t, s, "take deck", "EG-T10")
	illegal(t, s, "take 2", "EG-T10")
	apply(t, s, "take 1")
	if s.landDisp[0] != -1 {
		t.Error("EG-T10: the display cannot be refilled and stays short")
	}
	apply(t, s, "discard h1")
	// Nothing left to take: action A is not offered.
	s2 := newState(t, 2, 1, engine.Options{"first": "1"})
	s2.land.n = 0
	setLandDisplay(t, s2, "", "", "")
	illegal(t, s2, "take 1", "EG-T4c")
	for m := range legal(s2) {
		if strings.HasPrefix(m, "take") {
			t.Errorf("EG-T4c: %s offered", m)
		}
	}
}

// EG-T5: a trophy is taken and must be placed at once; never kept or declined.
func TestEG_T5_TrophyMustBePlaced(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	apply(t, s, "trophy 2")
	if s.phase != phTrophyPlace {
		t.Fatal("no trophy placement pending")
	}
	illegal(t, s, "take 1", "EG-T5")
	illegal(t, s, "pass", "EG-T5")
	for m := range legal(s) {
		if !strings.HasPrefix(m, "put ") {
			t.Errorf("EG-T5: %s offered while a trophy is held", m)
		}
	}
	illegal(t, s, "trophy deck", "EG-T5")
}

// EG-T6a-e, WE-1, WE-2, EG-T9, ruling E8: placement.
func TestEG_T6_Placement(t *testing.T) {
	base := `{"cells":{"r2c1":"yellow rose oak+oak","r1c2":"red lily pond","r1c3":"blue lily birch+willow","r3c3":"lawn"}}`
	cases := []struct {
		rule string
		hand string
		cell string
		ok   bool
	}{
		{"WE-1 EG-T6c", "red petunia oak", "r2c2", false},
		{"WE-2 EG-T6c diagonal ignored", "red rose pond", "r2c2", true},
		{"EG-T6b not on a card", "red lily pond", "r1c2", false},
		{"EG-T6b on a lawn", "red lily pond", "r3c3", true},
		{"EG-T9 a lawn matches everything", "lawn", "r2c2", true},
		{"EG-T6d need not touch", "blue petunia oak", "r3c1", false}, // r3c1 touches r2c1 yellow rose: no match
		{"EG-T6d need not touch", "blue petunia oak", "r3c2", true},
		{"EG-T6c EG-T9 next to a lawn", "blue petunia oak", "r2c3", true}, // blue lily above shares the colour; the lawn below sets no condition
	}
	for _, c := range cases {
		s := newState(t, 2, 1, engine.Options{"first": "1"})
		setVillage(t, s, 0, base)
		setHand(t, s, 0, c.hand, "red rose pond", "red rose pond")
		setLandDisplay(t, s, "blue rose pond", "", "")
		apply(t, s, "take 1")
		mv := "place h1 " + c.cell
		if ok := legal(s)[mv]; ok != c.ok {
			t.Errorf("%s: %s %s legal=%v, want %v", c.rule, c.hand, c.cell, legal(s)[mv], c.ok)
		}
		if !legal(s)[mv] {
			cell, _ := parseCell(c.cell)
			err := s.checkPlace(&s.pl[0], s.pl[0].hand[0], int(cell))
			if err == nil || !strings.HasPrefix(engine.RuleOf(err), "EG-T6") {
				t.Errorf("%s: error %v", c.rule, err)
			}
			illegal(t, s, mv, engine.RuleOf(err))
		}
	}
}

// EG-T6e: a covered card stops counting for everything.
func TestEG_T6e_CoveredCardsDoNotCount(t *testing.T) {
	sc := func(pos string) int {
		s, err := Game.(engine.PositionScorer).ScorePosition([]byte(pos))
		if err != nil {
			t.Fatal(err)
		}
		return s.Total
	}
	if got := sc(`{"cells":{"r1c1":["red rose pond","lawn"]}}`); got != 1 {
		t.Errorf("pond under a lawn scores: %d, want 1 (village only)", got)
	}
	if got := sc(`{"cells":{"r1c1":["lawn","red rose pond"]}}`); got != 3 {
		t.Errorf("pond on a lawn: %d, want 3", got)
	}
}

// EG-T7, ruling E9: a structure brings action B at once; without trophies
// it is skipped (Still to confirm 6).
func TestEG_T7_StructureTakesTrophy(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{}}`)
	setLandDisplay(t, s, "red rose structure", "", "")
	apply(t, s, "take 1")
	apply(t, s, "place h4 r1c1")
	if s.phase != phStructTake || s.ToMove() != 0 {
		t.Fatalf("EG-T7: phase %s", phaseNames[s.phase])
	}
	illegal(t, s, "take 1", "EG-T7")
	apply(t, s, "trophy 1")
	apply(t, s, "put r2")
	if s.ToMove() != 1 || s.pl[0].trophy[4] < 0 {
		t.Error("EG-T7: trophy not placed or turn not passed")
	}
	// No trophy left: the extra action is skipped.
	s = newState(t, 2, 1, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{}}`)
	s.tro.n, s.troDisp = 0, [3]int8{-1, -1, -1}
	setLandDisplay(t, s, "red rose structure", "", "")
	apply(t, s, "take 1")
	apply(t, s, "place h4 r1c1")
	if s.ToMove() != 1 {
		t.Error("Still to confirm 6: structure without trophies should end the turn")
	}
}

// EG-T8, ruling E10: six slots, covering allowed, never the village card.
func TestEG_T8_TrophySlots(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	old := s.pl[0].trophy[0]
	apply(t, s, "trophy 1")
	if len(legal(s)) != 6 {
		t.Errorf("EG-T8a: %d slots offered, want 6", len(legal(s)))
	}
	// EG-T8a, EG-T8c: no seventh slot; the village card (0,0) has no slot.
	before := *s
	if err := s.Apply(move{kind: mkPut, a: 6}.pack(), nil); engine.RuleOf(err) != "EG-T8a" || before != *s {
		t.Errorf("slot 6: %v", err)
	}
	if _, err := s.ParseMove("put r0"); err == nil {
		t.Error("put r0 parsed")
	}
	held := s.held
	apply(t, s, "put c1") // EG-T8b: covers the starting trophy
	if s.pl[0].trophy[0] != held || s.pl[0].tN != 4 || s.pl[0].tHist[0][1] != old {
		t.Error("EG-T8b: the new trophy covers the old one, which stays in the history")
	}
	v := s.View(engine.Spectator).(View)
	if len(v.Villages[0].Trophies[0].Stack) != 2 {
		t.Error("covered trophies are public")
	}
}
