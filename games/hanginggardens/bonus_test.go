package hanginggardens

import (
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// WE-2 (HG-T6 crown): the tile moves at once and gives the objective discount.
func TestWorkedExample_WE2_HG_T6_Crown(t *testing.T) {
	s := newState(t, 3, 1, engine.Options{"first": "1"}) // Émeline = seat 0 holds the tile
	atPlace(s, 1, "EM03")                                // Raphaël, a crown card
	s.obj[0] = 7                                         // OB08: 4 blue
	setGarden(s, 1, map[string]string{"a1": "EM11"})     // BB
	mustApply(t, s, "place a2")
	if s.first != 1 {
		t.Fatal("the tile did not move to Raphaël")
	}
	if s.need(1, 0) != 3 || s.need(0, 0) != 4 {
		t.Fatalf("discount: Raphaël needs %d, Émeline %d", s.need(1, 0), s.need(0, 0))
	}
	// floor 1: BB + B = 3 blue: enough with the tile.
	if !s.canComplete(1, 0) {
		t.Fatal("HG-T9c: the discount is not applied")
	}
}

// WE-3 (HG-T6 gold/tools, H5): gains by floor, limited by the stock.
func TestWorkedExample_WE3_HG_T6_H5_GoldAndToolsByFloor(t *testing.T) {
	base := map[string]string{"a1": "TR01", "a2": "TR01", "a3": "TR01", "b1": "TR01", "b2": "TR01"}
	tests := []struct {
		card, where string
		stock, gain int
		tools       bool
	}{
		{"EM08", "a4", 20, 1, false},
		{"EM08", "b2", 20, 2, false},
		{"EM08", "c1", 20, 3, false},
		{"EM08", "b2", 1, 1, false}, // H5: only 1 gold left
		{"EM08", "c1", 0, 0, false},
		{"EM05", "a4", 30, 1, true},
		{"EM05", "b2", 30, 2, true},
		{"EM05", "c1", 30, 3, true},
		{"EM05", "c1", 2, 2, true},
	}
	for _, tc := range tests {
		s := newState(t, 2, 1, engine.Options{"first": "1"})
		g := map[string]string{}
		for k, v := range base {
			g[k] = v
		}
		if tc.where == "b2" {
			delete(g, "b2")
		}
		setGarden(s, 0, g)
		s.stockGold, s.stockTools = uint8(tc.stock), uint8(tc.stock)
		s.pl[0].Gold, s.pl[0].Tools = 0, 0
		atPlace(s, 0, tc.card)
		mustApply(t, s, "place "+tc.where)
		got := int(s.pl[0].Gold)
		if tc.tools {
			got = int(s.pl[0].Tools)
		}
		if got != tc.gain {
			t.Errorf("%s on %s, stock %d: gained %d, want %d", tc.card, tc.where, tc.stock, got, tc.gain)
		}
	}
}

// HG-T8, H6: buying an enhancement.
func TestRule_HG_T8_H6_BuyEnhancement(t *testing.T) {
	setup := func() *state {
		s := newState(t, 2, 1, engine.Options{"first": "1"})
		setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "EM01"})
		s.pl[0].Gold = 3
		// piles: known tops
		s.piles[0][s.pileLen[0]-1] = enhOf("EN02") // monkey 2/3/2
		s.piles[1][s.pileLen[1]-1] = enhOf("EN15") // cedar + gold
		s.piles[2][s.pileLen[2]-1] = enhOf("EN25")
		atPlace(s, 0, "AN02")
		mustApply(t, s, "place a3")
		if s.phase != phaseBuy {
			t.Fatalf("phase %s", phaseNames[s.phase])
		}
		return s
	}
	t.Run("T8a can't afford", func(t *testing.T) {
		s := setup()
		wantRule(t, s, "buy 4", "HG-T8a")
	})
	t.Run("T8a only empty cards", func(t *testing.T) {
		s := setup()
		mustApply(t, s, "buy 2")
		wantRule(t, s, "put a1", "HG-T8a") // a tree
		wantRule(t, s, "put a3", "HG-T8a") // a lion
		wantRule(t, s, "put b1", "HG-T8a") // no card
		if got := legalText(s); len(got) != 1 || got[0] != "put a2" {
			t.Fatalf("put choices %v", got)
		}
		mustApply(t, s, "put a2")
		if s.pl[0].Gold != 1 || s.pl[0].Enh[1] != enhOf("EN02")+1 {
			t.Fatal("not bought")
		}
		// H6: a card with an enhancement is no longer empty
		if s.pl[0].hasEmptyCard() {
			t.Fatal("H6: enhanced card still empty")
		}
	})
	t.Run("T8b next tile revealed and empty pile", func(t *testing.T) {
		s := setup()
		n := s.pileLen[0]
		next := s.piles[0][n-2]
		mustApply(t, s, "buy 2")
		if s.pileLen[0] != n-1 || s.view().Piles[0].Top != comp.Enh[next].ID {
			t.Fatal("next tile not revealed")
		}
		s2 := setup()
		s2.pileLen[0] = 0
		wantRule(t, s2, "buy 2", "HG-T8b")
	})
	t.Run("T8c icons resolve by floor", func(t *testing.T) {
		s := setup()
		mustApply(t, s, "buy 3")
		mustApply(t, s, "put a2")
		if s.pl[0].Gold != 0+1 { // paid 3 of 3, EN15 gold on floor 1
			t.Fatalf("gold %d", s.pl[0].Gold)
		}
	})
	t.Run("T8c a crown on a tile takes the first-player tile", func(t *testing.T) {
		s := setup()
		s.first = 1
		s.piles[1][s.pileLen[1]-1] = enhOf("EN20") // flowers + crown
		mustApply(t, s, "buy 3")
		mustApply(t, s, "put a2")
		if s.first != 0 {
			t.Fatalf("the tile is with seat %d", s.first)
		}
	})
	t.Run("T8c tools on floor 2", func(t *testing.T) {
		s := setup()
		setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "EM01", "a3": "AN02", "b1": "EM02"})
		s.piles[1][s.pileLen[1]-1] = enhOf("EN17") // flowers + tools
		tools := s.pl[0].Tools
		mustApply(t, s, "buy 3")
		mustApply(t, s, "put b1")
		if s.pl[0].Tools != tools+2 {
			t.Fatalf("tools %d, want %d", s.pl[0].Tools, tools+2)
		}
	})
	t.Run("T8d contents count for objectives and scores", func(t *testing.T) {
		s := setup()
		mustApply(t, s, "buy 2")
		mustApply(t, s, "put a2")
		if s.pl[0].Cnt[0][itemAnimal] != 2 {
			t.Fatalf("animals on floor 1: %d", s.pl[0].Cnt[0][itemAnimal])
		}
		if s.pad(0)[catAnimals] != 5+2 {
			t.Fatalf("animals score %d", s.pad(0)[catAnimals])
		}
	})
	t.Run("T8 pass", func(t *testing.T) {
		s := setup()
		mustApply(t, s, "pass")
		if s.phase == phaseBuy || s.phase == phasePut {
			t.Fatal("pass did not leave the buy step")
		}
	})
	t.Run("T8a no empty card skips the step", func(t *testing.T) {
		s := newState(t, 2, 1, engine.Options{"first": "1"})
		setGarden(s, 0, map[string]string{"a1": "TR01"})
		s.pl[0].Gold = 9
		atPlace(s, 0, "AN02")
		mustApply(t, s, "place a2")
		if s.phase == phaseBuy {
			t.Fatal("buy step without an empty card")
		}
	})
}

// HG-T9, H7, WE-4, WE-5: royal objectives.
func TestWorkedExample_WE4_WE5_HG_T9_Objectives(t *testing.T) {
	setup := func(tile bool) *state {
		s := newState(t, 3, 1, engine.Options{"first": "1"})
		s.obj[3] = 9 // OB10 4 red, in position 4
		// 2 red on floor 1, 3 red on floor 2
		setGarden(s, 1, map[string]string{"a1": "EM12", "a2": "TR01", "a3": "TR01", "b1": "EM15", "b2": "EM24"})
		if tile {
			s.first = 1
		}
		s.cur, s.phase = 1, phaseObjective
		return s
	}
	t.Run("WE-4 without the tile", func(t *testing.T) {
		s := setup(false)
		wantRule(t, s, "objective 4", "HG-T9c")
	})
	s := setup(true)
	gold := s.pl[1].Gold
	mustApply(t, s, "objective 4")
	if s.pl[1].Gold != gold+1 {
		t.Fatal("WE-5 / HG-T9d: no gold reward")
	}
	if s.marks[3][0] != 1 || s.pl[1].Done != 1<<3 {
		t.Fatal("HG-T9d: marker not placed")
	}
	op, _ := s.objectives(1)
	if op != 2 {
		t.Fatalf("WE-5: first marker on position 4 scores %d, want 2", op)
	}
	// HG-T9a: not twice.
	s.cur, s.phase = 1, phaseObjective
	wantRule(t, s, "objective 4", "HG-T9a")
	// a second marker (seat 2) scores the low value with 3 players, and takes 1 gold.
	setGarden(s, 2, map[string]string{"a1": "EM12", "a2": "EM15", "a3": "EM21"})
	s.cur = 2
	g2 := s.pl[2].Gold
	mustApply(t, s, "objective 4")
	if op, _ := s.objectives(2); op != 1 || s.pl[2].Gold != g2+1 {
		t.Fatalf("WE-5: second marker scores %d", op)
	}
	// HG-T9b: the objective is full with 3 players.
	setGarden(s, 0, map[string]string{"a1": "EM12", "a2": "EM15", "a3": "EM21"})
	s.cur, s.phase = 0, phaseObjective
	wantRule(t, s, "objective 4", "HG-T9b")
	// HG-T9e: markers stay put.
	if s.marks[3][0] != 1 || s.marks[3][1] != 2 {
		t.Fatal("HG-T9e: markers moved")
	}
}

func TestRule_HG_T9d_H7_PositionRewardsAndValues(t *testing.T) {
	want := [4][2]int{{5, 3}, {4, 2}, {2, 1}, {2, 1}}
	for k, w := range want {
		if comp.ObjPos[k].High != w[0] || comp.ObjPos[k].Low != w[1] {
			t.Errorf("position %d values %d/%d", k+1, comp.ObjPos[k].High, comp.ObjPos[k].Low)
		}
	}
	s := newState(t, 4, 1, engine.Options{"first": "1"})
	s.obj[2] = 0 // OB01 animals
	setGarden(s, 0, map[string]string{"a1": "AN02", "a2": "AN07", "a3": "AN12"})
	s.cur, s.phase = 0, phaseObjective
	tools := s.pl[0].Tools
	mustApply(t, s, "objective 3")
	if s.pl[0].Tools != tools+1 {
		t.Fatal("position 3 gives 1 tool")
	}
	// 4-5 players: the first two markers score high.
	s.marks[2] = [4]int8{1, 0, 2, -1}
	s.markN[2] = 3
	if op, _ := s.objectives(0); op != 2 {
		t.Fatalf("second marker with 4 players scores %d, want 2", op)
	}
	s.marks[2] = [4]int8{1, 2, 0, -1}
	if op, _ := s.objectives(0); op != 1 {
		t.Fatalf("third marker with 4 players scores %d, want 1", op)
	}
}

func TestRule_HG_T9c_OneFloorOnly(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "2"})
	s.obj[0] = 1 // OB02 trees
	setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "TR01", "a3": "EM01", "b1": "TR02", "b2": "TR03"})
	s.cur, s.phase = 0, phaseObjective
	wantRule(t, s, "objective 1", "HG-T9c") // 2 + 2 on two floors
	s.first = 0
	mustApply(t, s, "objective 1") // with the tile, 2 on one floor suffice
}

// H5: the log tells a short gain as it is, and an empty stock as such
// (not "gains 0 gold").
func TestRule_H5_ShortStockIsLogged(t *testing.T) {
	for _, tc := range []struct {
		stock int
		want  string
	}{
		{20, "Player 1 gains 3 gold."},
		{1, "Player 1 gains only 1 gold of 3: the stock had no more."},
		{0, "Player 1 gains no gold: the stock is empty."},
	} {
		s := newState(t, 2, 1, engine.Options{"first": "1"})
		setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "TR01", "a3": "TR01", "b1": "TR01", "b2": "TR01"})
		s.stockGold = uint8(tc.stock)
		atPlace(s, 0, "EM08")
		var log engine.Log
		m, _ := s.ParseMove("place c1")
		if err := s.Apply(m, &log); err != nil {
			t.Fatal(err)
		}
		text := logText(log.Events, engine.Spectator, "en")
		if !slices.Contains(text, tc.want) {
			t.Errorf("stock %d: events %q, want %q", tc.stock, text, tc.want)
		}
	}
}

// HG-T9d: the tool of position 3 and the gold of position 4 come from the
// stock; an empty stock gives nothing, and the objective is still completed.
func TestRule_HG_T9d_EmptyStockGivesNothing(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		what string
	}{{"3", "tools"}, {"4", "gold"}} {
		s := newState(t, 2, 1, engine.Options{"first": "1"})
		s.obj[2], s.obj[3] = 0, 0 // OB01 animals in positions 3 and 4
		setGarden(s, 0, map[string]string{"a1": "AN02", "a2": "AN07", "a3": "AN12"})
		s.stockGold, s.stockTools = 0, 0
		gold, tools := s.pl[0].Gold, s.pl[0].Tools
		s.cur, s.phase = 0, phaseObjective
		var log engine.Log
		m, _ := s.ParseMove("objective " + tc.pos)
		if err := s.Apply(m, &log); err != nil {
			t.Fatal(err)
		}
		k := int(tc.pos[0] - '1')
		if s.pl[0].Gold != gold || s.pl[0].Tools != tools || s.stockGold != 0 || s.stockTools != 0 {
			t.Errorf("position %s with an empty stock: gold %d tools %d", tc.pos, s.pl[0].Gold, s.pl[0].Tools)
		}
		if s.markN[k] != 1 || s.marks[k][0] != 0 || s.pl[0].Done != 1<<k {
			t.Errorf("position %s: the objective is not completed", tc.pos)
		}
		text := logText(log.Events, 0, "en")
		if want := "You gain no " + tc.what + ": the stock is empty."; !slices.Contains(text, want) {
			t.Errorf("position %s: events %q, want %q", tc.pos, text, want)
		}
	}
}
