package hanginggardens

import (
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// HG-S1, HG-S2, HG-S7, HG-S9, H2, H7: per player count.
func TestRule_HG_S1_S2_S7_S9_SetupByPlayerCount(t *testing.T) {
	tests := []struct {
		n, places, high, spaces int
	}{
		{1, 2, 1, 2}, {2, 2, 1, 2}, {3, 2, 1, 3}, {4, 4, 2, 4}, {5, 4, 2, 5},
	}
	for _, tc := range tests {
		s := newState(t, tc.n, 9, engine.Options{"first": "1"})
		if comp.Places[tc.n] != tc.places || comp.HighPlaces[tc.n] != tc.high {
			t.Errorf("HG-S1 %dp: places %d high %d", tc.n, comp.Places[tc.n], comp.HighPlaces[tc.n])
		}
		if int(s.spaces()) != tc.spaces {
			t.Errorf("HG-S2 %dp: %d gardener spaces, want %d", tc.n, s.spaces(), tc.spaces)
		}
		gold, tools := 0, 0
		for p := 0; p < tc.n; p++ {
			pl := s.pl[p]
			if pl.Gardeners != 3 || pl.Done != 0 {
				t.Errorf("HG-S7 %dp: player %d has %d gardeners", tc.n, p, pl.Gardeners)
			}
			gold += int(pl.Gold)
			tools += int(pl.Tools)
			if tc.n > 1 {
				wantTools := 4
				if p == tc.n-1 {
					wantTools = 5 // last in turn order
				}
				if pl.Gold != 2 || int(pl.Tools) != wantTools {
					t.Errorf("HG-S9 %dp: player %d has %d gold %d tools", tc.n, p, pl.Gold, pl.Tools)
				}
			}
		}
		if gold+int(s.stockGold) != 20 || tools+int(s.stockTools) != 30 {
			t.Errorf("HG-S9 %dp: stock does not add up", tc.n)
		}
	}
}

func TestRule_HG_S9_ExtraToolGoesToLastInTurnOrder(t *testing.T) {
	s := newState(t, 4, 1, engine.Options{"first": "3"})
	// turn order 2, 3, 0, 1: the last is seat 1
	for p := 0; p < 4; p++ {
		want := uint8(4)
		if p == 1 {
			want = 5
		}
		if s.pl[p].Tools != want {
			t.Errorf("seat %d has %d tools, want %d", p, s.pl[p].Tools, want)
		}
	}
}

func TestRule_HG_S3_DeckAndMarketDeal(t *testing.T) {
	s := newState(t, 3, 42, nil)
	rng := engine.NewRNG(42)
	deck := slices.Clone(comp.Deck)
	engine.Shuffle(&rng, deck)
	if len(deck) != 75 || s.deckLen != 63 {
		t.Fatalf("deck %d, left %d", len(deck), s.deckLen)
	}
	top := len(deck) - 1
	for c := 0; c < 3; c++ {
		for r := 0; r < 4; r++ {
			if s.market[c][r] != deck[top]+1 {
				t.Fatalf("column %d row %d not dealt in order", c+1, r+1)
			}
			top--
		}
	}
}

func TestRule_HG_S4_EnhancementPiles(t *testing.T) {
	s := newState(t, 2, 5, nil)
	want := [3]int{12, 8, 5}
	for k := 0; k < 3; k++ {
		if int(s.pileLen[k]) != want[k] {
			t.Errorf("pile %d has %d tiles", k+2, s.pileLen[k])
		}
		for i := 0; i < int(s.pileLen[k]); i++ {
			if comp.Enh[s.piles[k][i]].Cost != k+2 {
				t.Errorf("pile %d holds %s", k+2, comp.Enh[s.piles[k][i]].ID)
			}
		}
	}
	// each pile is shuffled: over seeds every tile of a pile shows on top
	var top [25]bool
	for seed := uint64(1); seed <= 200; seed++ {
		s := newState(t, 2, seed, nil)
		for k := 0; k < 3; k++ {
			top[s.piles[k][s.pileLen[k]-1]] = true
		}
	}
	for i, ok := range top {
		if !ok {
			t.Errorf("%s never on top of its pile in 200 games", comp.Enh[i].ID)
		}
	}
}

func TestRule_HG_S5_S6_ObjectivesAndIrrigation(t *testing.T) {
	for seed := uint64(1); seed < 50; seed++ {
		s := newState(t, 5, seed, nil)
		seen := map[uint8]bool{}
		for _, o := range s.obj {
			if seen[o] {
				t.Fatal("HG-S5: objective drawn twice")
			}
			seen[o] = true
		}
		irr := map[uint8]bool{}
		for p := 0; p < 5; p++ {
			if irr[s.pl[p].Irrigation] {
				t.Fatal("HG-S6: irrigation card dealt twice")
			}
			irr[s.pl[p].Irrigation] = true
		}
	}
	// The draws are shuffled: over seeds every objective reaches every
	// position, and every irrigation card reaches the first seat.
	var objAt [4][10]bool
	var irrOf0 [5]bool
	for seed := uint64(1); seed <= 200; seed++ {
		s := newState(t, 2, seed, nil)
		for k, o := range s.obj {
			objAt[k][o] = true
		}
		irrOf0[s.pl[0].Irrigation] = true
	}
	for k := range objAt {
		for o, ok := range objAt[k] {
			if !ok {
				t.Errorf("HG-S5: %s never drawn into position %d in 200 games", comp.Objectives[o].ID, k+1)
			}
		}
	}
	if irrOf0 != [5]bool{true, true, true, true, true} {
		t.Errorf("HG-S6: irrigation cards dealt to seat 1: %v", irrOf0)
	}
}

func TestRule_HG_S8_FirstPlayerOption(t *testing.T) {
	s := newState(t, 3, 1, engine.Options{"first": "2"})
	if s.first != 1 || s.cur != 1 || s.ToMove() != 1 {
		t.Errorf("first=2: tile %d, to move %d", s.first, s.cur)
	}
	if _, err := Game.New(3, 1, engine.Options{"first": "4"}); err == nil {
		t.Error("first=4 with 3 players accepted")
	}
	a, b := newState(t, 4, 77, nil), newState(t, 4, 77, nil)
	if a.first != b.first {
		t.Error("random first player is not seeded")
	}
	// Without the option the seeded draw gives every seat the tile for some
	// seed, and the seat drawn starts.
	var drawn [4]bool
	for seed := uint64(1); seed <= 60; seed++ {
		s := newState(t, 4, seed, nil)
		if s.cur != s.first || s.roundFirst != s.first {
			t.Fatalf("seed %d: seat %d holds the tile but seat %d starts", seed, s.first, s.cur)
		}
		drawn[s.first] = true
	}
	if drawn != [4]bool{true, true, true, true} {
		t.Errorf("first players drawn over 60 seeds: %v", drawn)
	}
	if _, err := Game.New(6, 1, nil); err == nil {
		t.Error("6 players accepted")
	}
	if _, err := Game.New(2, 1, engine.Options{"colour": "red"}); err == nil {
		t.Error("unknown option accepted")
	}
}

// HG-S10 / HG-SO1: solo setup.
func TestRule_HG_S10_SO1_SoloSetup(t *testing.T) {
	for _, d := range comp.Difficulties {
		s := newState(t, 1, 3, engine.Options{"difficulty": d.Name})
		if int(s.pl[0].Gold) != d.Gold || int(s.pl[0].Tools) != d.Tools {
			t.Errorf("%s: %d gold %d tools", d.Name, s.pl[0].Gold, s.pl[0].Tools)
		}
		if s.first != 0 || s.automaLen != 18 || s.automaGard != 3 || s.spaces() != 2 || comp.Places[1] != 2 {
			t.Errorf("%s: solo setup wrong", d.Name)
		}
		if s.ToMove() != 0 || s.phase != phaseTake {
			t.Errorf("%s: the player should start", d.Name)
		}
	}
	want := map[string][2]int{"easy": {3, 4}, "medium": {2, 3}, "advanced": {1, 2}, "expert": {0, 1}}
	for _, d := range comp.Difficulties {
		if w := want[d.Name]; w != [2]int{d.Gold, d.Tools} {
			t.Errorf("difficulty %s: %d/%d", d.Name, d.Gold, d.Tools)
		}
	}
}
