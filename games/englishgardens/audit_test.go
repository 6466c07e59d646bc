package englishgardens

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Tests from the review of the package against the specification. Each
// guards a bug that was found and fixed.

// EG-T2, Still to confirm 7: LegalMoves appends to the caller's buffer, so
// "pass" must be offered even when the buffer already holds moves.
func TestPassOfferedWithNonEmptyBuffer(t *testing.T) {
	s := newState(t, 2, 2, engine.Options{"first": "1"})
	s.land.n, s.tro.n = 0, 0
	s.landDisp, s.troDisp = [3]int8{-1, -1, -1}, [3]int8{-1, -1, -1}
	s.pl[0].villageUp = false
	prefix := []engine.Move{12345}
	got := s.LegalMoves(prefix)
	if len(got) != 2 || s.FormatMove(got[1]) != "pass" {
		t.Errorf("LegalMoves(non-empty buffer) appended %d moves, want only pass", len(got)-1)
	}
}

// E5, hidden information: a spectator sees no hand and no deck order, so
// Determinize(Spectator) re-deals the shuffled deck too, not only the hands.
func TestDeterminizeSpectatorResamplesDeck(t *testing.T) {
	s := newState(t, 3, 21, nil)
	changed := false
	for seed := uint64(1); seed <= 5 && !changed; seed++ {
		d := s.Determinize(engine.Spectator, seed).(*state)
		changed = d.land.cards != s.land.cards && d.tro.cards != s.tro.cards
		if viewJSON(t, s, engine.Spectator) != viewJSON(t, d, engine.Spectator) {
			t.Fatal("spectator view changed by Determinize")
		}
	}
	if !changed {
		t.Error("Determinize(Spectator) kept the deck orders")
	}
}

// Special 1 (hidden information): which cards went under the deck is public,
// only their order is the recycler's. Others see the set in their view, and
// Determinize keeps those very cards at the bottom of the deck.
func TestSpecial1RecycledSetIsPublic(t *testing.T) {
	s := newState(t, 3, 4, engine.Options{"first": "1"})
	d := s.landDisp
	set := []int{int(d[0]), int(d[1]), int(d[2])}
	slices.Sort(set)
	apply(t, s, "refresh land 312")
	for _, viewer := range []int{1, 2, engine.Spectator} {
		v := s.View(viewer).(View)
		var got []int
		for _, u := range v.UnderDeck {
			if u.Seat == 0 {
				for _, c := range u.Land {
					got = append(got, cardOf(t, c.ID))
				}
			}
		}
		if !slices.Equal(got, set) {
			t.Errorf("viewer %d: recycled cards %v, want %v", viewer, got, set)
		}
		for seed := uint64(1); seed <= 30; seed++ {
			c := s.Determinize(viewer, seed).(*state)
			bottom := []int{int(c.land.cards[0]), int(c.land.cards[1]), int(c.land.cards[2])}
			slices.Sort(bottom)
			if !slices.Equal(bottom, set) {
				t.Fatalf("viewer %d seed %d: bottom of the deck %v, want the recycled cards %v", viewer, seed, bottom, set)
			}
		}
	}
	if v := s.View(0).(View); len(v.UnderDeck) != 0 || len(v.LandUnder) != 3 {
		t.Errorf("the recycler sees the order in landUnder, not the set: %+v", v.UnderDeck)
	}
}

// E5: a card taken face up and then hidden by a face-down discard is still in
// the taker's hand or among their discards. Determinize must not move it
// into the deck or another player's hand.
func TestDeterminizeKeepsTakenCardWithTaker(t *testing.T) {
	for _, discard := range []string{"discard h1", "discard h4"} {
		s := newState(t, 3, 8, engine.Options{"first": "1"})
		x := s.landDisp[0]
		apply(t, s, "take 1")
		apply(t, s, discard)
		for _, viewer := range []int{1, engine.Spectator} {
			for seed := uint64(1); seed <= 40; seed++ {
				c := s.Determinize(viewer, seed).(*state)
				found := slices.Contains(c.pl[0].hand[:c.pl[0].handN], x)
				for i := 0; i < int(c.nDisc); i++ {
					found = found || c.discOwner[i] == 0 && c.disc[i] == x
				}
				if !found {
					t.Fatalf("%s, viewer %d, seed %d: the card seat 0 took face up left its hand and discards", discard, viewer, seed)
				}
			}
		}
		// Once placed it is public, and no longer tied to the hand.
		if s.pl[0].semi == 0 {
			t.Fatalf("%s: the taken card is not tracked", discard)
		}
	}
}

// Bad input: the position format refuses a cell or slot given twice (in
// different cases) and data after the JSON object.
func TestPositionDuplicateAndTrailing(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"cells":{"r1c1":"lawn","R1C1":"red rose pond"}}`, "twice"},
		{`{"cells":{},"trophies":{"c1":1,"C1":2}}`, "twice"},
		{`{"cells":{}} {"cells":{}}`, "after"},
		{`{"cells":{}} x`, "after"},
		{``, "empty"},
		{"  \n", "empty"},
	} {
		_, err := Game.(engine.PositionScorer).ScorePosition([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to mention %q", c.in, err, c.want)
		}
	}
}

// EG-E4: the score pad's categories belong to each result; a caller that
// edits them must not change the next result.
func TestResultCategoriesNotShared(t *testing.T) {
	s := newState(t, 2, 1, nil)
	r := s.Result()
	r.Categories[0].ID = "changed"
	if s.Result().Categories[0].ID == "changed" {
		t.Error("results share one categories slice")
	}
	sc, _ := Game.(engine.PositionScorer).ScorePosition([]byte(`{"cells":{}}`))
	sc.Categories[1].ID = "changed"
	if s.Result().Categories[1].ID == "changed" {
		t.Error("scores share one categories slice")
	}
}

// The trophy table of the specification: the 30 trophies by number and
// English-edition name, so that a reordered or renamed data file fails.
func TestData_TrophyNames(t *testing.T) {
	want := []string{"The Ruby Clover Award", "The Diane Yeller Award", "The Linda Flowers Award",
		"The Alfred Rower Award", "The Sonny Rowe Award", "The Lily Maniare Award", "The Rosie Redford Award",
		"The Rosa Gelber Award", "The Peter Petals Award", "Excellence in Ponds", "Award for Polychromatism",
		"Award for Floral Variety", "Best Use of Space", "Award for Scope and Ambition of Display",
		"Award for Outstanding Birch Plantation", "Award for Outstanding Oak Plantation", "Excellence in Trees",
		"Award for Symmetrical Forestry", "Award for the Provision of Natural Habitats", "Best Man-Made Features",
		"Excellence in Structures", "Excellence in Lawns", "Award for Consistency of Features",
		"Award for Diversity of Hard & Soft Wood", "Award for Variety in Trees", "Award for Forestry",
		"Award for Tasteful Floral Displays", "Best Colour Combination", "Award for Feature Variety",
		"Best Integration of the Natural and Man-Made"}
	c := Game.(*game).c
	for i, name := range want {
		if tr := c.trophies[i]; tr.N != i+1 || tr.Name != name {
			t.Errorf("trophy %d: #%d %q, want %q", i+1, tr.N, tr.Name, name)
		}
	}
	villages := [numVillage]string{"Hither Saxcote", "Lower Ayneshmore", "Market Foxby", "Middle Didsbrook", "Newton Poemoor"}
	if c.villages != villages {
		t.Errorf("village names %v", c.villages)
	}
}

// The drawing shows what the viewer knows and the view holds: cards seen
// taken into another hand, and the cards put under the decks (the viewer's
// own in order, others' as a set).
func TestDrawShowsKnownCards(t *testing.T) {
	s := newState(t, 2, 4, engine.Options{"first": "1"})
	apply(t, s, "refresh land 123")
	x := texts.Name(landID(s.landDisp[0]), "en")
	apply(t, s, "take 1")
	mine := s.Draw(0, engine.Style{})
	other := s.Draw(1, engine.Style{})
	if !strings.Contains(mine, "Yours under the landscape deck, drawn in this order") || strings.Contains(other, "Yours") {
		t.Errorf("own recycled cards:\n%s", mine)
	}
	if !strings.Contains(other, "by player 1 (order unknown") {
		t.Errorf("others' recycled cards:\n%s", other)
	}
	if !strings.Contains(other, "; seen: h4:"+x+"\n") {
		t.Errorf("card seen taken into player 1's hand (%s):\n%s", x, other)
	}
}

// EG-E2 with a first player other than seat 1: the round ends with the
// player on the first player's right, whoever triggered the end.
func TestEG_E2_RoundEndsBeforeFirstPlayer(t *testing.T) {
	s := newState(t, 4, 6, engine.Options{"first": "3"}) // seat 2 starts; seat 1 plays last
	s.tro.n = 2
	apply(t, s, "trophy deck") // seat 2
	apply(t, s, "put r1")
	apply(t, s, "trophy deck") // seat 3 empties the trophy deck
	apply(t, s, "put r1")
	if !s.endTriggered || s.ToMove() != 0 {
		t.Fatalf("EG-E1: triggered %v, seat %d to move", s.endTriggered, s.ToMove())
	}
	var order []int
	for !s.Over() {
		order = append(order, s.ToMove())
		ms := s.LegalMoves(nil)
		if err := s.Apply(ms[len(ms)-1], nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(order) == 0 || order[len(order)-1] != 1 || slices.Contains(order, 2) || slices.Contains(order, 3) {
		t.Errorf("EG-E2: seats after the trigger %v, want seats 0 then 1 only", order)
	}
}

// Special 1, hidden information: when the deck is drawn down into the cards
// another player recycled, a blind draw must not tell the others which of
// them was drawn. The public set stays as it was put under the deck; the
// recycler, who knows the order, knows the card drawn, and Determinize keeps
// it for them. For the others, the drawn card and the cards still under the
// deck are re-dealt among themselves only.
func TestSpecial1BlindDrawFromRecycledCards(t *testing.T) {
	s := newState(t, 3, 4, engine.Options{"first": "1"})
	d := s.landDisp
	set := []int{int(d[0]), int(d[1]), int(d[2])}
	slices.Sort(set)
	apply(t, s, "refresh land 123")
	apply(t, s, "trophy 1")
	apply(t, s, "put r1")
	s.land.n = 3             // only the recycled cards are left
	apply(t, s, "take deck") // seat 1 draws one of them blind
	drawn := s.pl[1].hand[3]
	if !slices.Contains(set, int(drawn)) {
		t.Fatal("test setup: the draw did not come from the recycled cards")
	}
	v := s.View(2).(View)
	if len(v.UnderDeck) != 1 || len(v.UnderDeck[0].Land) != 3 {
		t.Errorf("the public recycled set changed on a blind draw: %+v", v.UnderDeck)
	}
	for seed := uint64(1); seed <= 40; seed++ {
		// The recycler knows which card seat 1 drew: it stays among seat
		// 1's hidden cards (the recycler does not see its hand slot).
		c := s.Determinize(0, seed).(*state)
		if !slices.Contains(c.pl[1].hand[:c.pl[1].handN], drawn) {
			t.Fatalf("seed %d: Determinize(recycler) moved the card it knows seat 1 drew", seed)
		}
		// Seat 2 knows only that it is one of the recycled cards.
		c = s.Determinize(2, seed).(*state)
		got := []int{int(c.land.cards[0]), int(c.land.cards[1])}
		for _, h := range c.pl[1].hand[:c.pl[1].handN] {
			if slices.Contains(set, int(h)) {
				got = append(got, int(h))
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, set) {
			t.Fatalf("seed %d: seat 1's hidden recycled card and the deck %v, want the recycled cards %v", seed, got, set)
		}
	}
}

// conservation checks that every landscape card and every trophy of the box
// is in exactly one place.
func conservation(s *state) error {
	var land [numLand]int
	var tro [numTrophy]int
	for _, c := range s.land.cards[:s.land.n] {
		land[c]++
	}
	for _, c := range s.landDisp {
		if c >= 0 {
			land[c]++
		}
	}
	for _, c := range s.removedLand[:s.nRemovedLand] {
		land[c]++
	}
	for _, c := range s.disc[:s.nDisc] {
		land[c]++
	}
	for _, c := range s.tro.cards[:s.tro.n] {
		tro[c]++
	}
	for _, c := range s.troDisp {
		if c >= 0 {
			tro[c]++
		}
	}
	for _, c := range s.removedTro[:s.nRemovedTro] {
		tro[c]++
	}
	if s.phase == phTrophyPlace {
		tro[s.held]++
	}
	for q := 0; q < int(s.n); q++ {
		p := &s.pl[q]
		for _, c := range p.hand[:p.handN] {
			land[c]++
		}
		for i := range p.land {
			for _, c := range p.land[i].stack[:p.land[i].h] {
				land[c]++
			}
		}
		for _, h := range p.tHist[:p.tN] {
			tro[h[1]]++
		}
	}
	for c, n := range land {
		if n != 1 {
			return fmt.Errorf("landscape card %d is in %d places", c, n)
		}
	}
	for t, n := range tro {
		if n != 1 {
			return fmt.Errorf("trophy %d is in %d places", t+1, n)
		}
	}
	return nil
}

// E5, EG-S2: random games keep every card in exactly one place, and so does
// every determinized copy, for the player to move, another player and a
// spectator; the copies also keep each player's view.
func TestCardConservation(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for g := 0; g < 40; g++ {
			s := newState(t, n, uint64(100*n+g), nil)
			rng := engine.NewRNG(uint64(g))
			for k := 0; !s.Over(); k++ {
				if err := conservation(s); err != nil {
					t.Fatalf("%d players, game %d, move %d: %v", n, g, k, err)
				}
				if k%5 == 0 {
					for _, p := range []int{s.ToMove(), (s.ToMove() + 1) % n, engine.Spectator} {
						d := s.Determinize(p, uint64(k)).(*state)
						if err := conservation(d); err != nil {
							t.Fatalf("%d players, game %d, move %d, Determinize(%d): %v", n, g, k, p, err)
						}
						if viewJSON(t, s, p) != viewJSON(t, d, p) {
							t.Fatalf("%d players, game %d, move %d: View(%d) changed by Determinize", n, g, k, p)
						}
					}
				}
				ms := s.LegalMoves(nil)
				if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// WE-3: the example position file of docs/examples is the rulebook's
// scoring example and scores 16.
func TestExamplePositionScores16(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/english-gardens.position.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Game.(engine.PositionScorer).ScorePosition(data)
	if err != nil || sc.Total != 16 {
		t.Errorf("example position: %v, total %d, want 16", err, sc.Total)
	}
}

// Trophy #9 (The Peter Petals Award) counts blue roses only: a blue lily
// and a red rose next to them score nothing (trophy table, EG-E3).
func TestTrophy9BlueRoses(t *testing.T) {
	if got := lineScore(t, 9, [3]string{"blue rose pond", "blue rose oak+oak", "blue lily pond"}); got != 6 {
		t.Errorf("trophy #9: %d, want 6", got)
	}
	if got := lineScore(t, 9, [3]string{"red rose pond", "blue lily pond", "blue petunia oak"}); got != 0 {
		t.Errorf("trophy #9 with no blue rose: %d, want 0", got)
	}
}

// EG-T9: any landscape card, a lawn included, may go on a visible lawn;
// the lawn it covers stops counting (EG-T6e) and the visible count does not
// grow.
func TestEG_T9_LawnOnLawn(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{"r2c2":"lawn","r2c1":"red rose pond"}}`)
	setHand(t, s, 0, "lawn", "blue lily pond", "blue lily pond")
	setLandDisplay(t, s, "yellow petunia pond", "", "")
	apply(t, s, "take 1")
	if legal(s)["place h2 r2c2"] {
		t.Error("EG-T6c: a blue lily next to the red rose is offered")
	}
	apply(t, s, "place h1 r2c2")
	p := &s.pl[0]
	if p.land[4].h != 2 || !s.card(p.land[4].top()).Lawn || p.visible != 2 {
		t.Errorf("EG-T9: stack %d, visible %d, want a lawn on a lawn and 2 visible", p.land[4].h, p.visible)
	}
}

// EG-SO6: in solo the end trigger of EG-E1 does not apply: an empty
// landscape deck neither ends nor triggers the end while actions remain.
func TestEG_SO6_NoTriggerInSolo(t *testing.T) {
	s := newState(t, 1, 3, nil)
	setVillage(t, s, 0, `{"cells":{}}`)
	s.land.n = 1
	apply(t, s, "take deck")
	apply(t, s, "place h1 r1c1")
	if s.land.n != 0 || s.endTriggered || s.Over() {
		t.Fatalf("deck %d, triggered %v, over %v", s.land.n, s.endTriggered, s.Over())
	}
	s.tro.n = 0
	apply(t, s, "trophy 1")
	apply(t, s, "put r1")
	if s.endTriggered || s.Over() || !legal(s)["take 1"] {
		t.Error("EG-SO6: the solo game goes on with both decks empty while an action remains")
	}
}

// EG-E5, ruling E13: the highest total wins whatever the card counts; the
// card count breaks ties only.
func TestEG_E5_TotalBeforeTieBreak(t *testing.T) {
	s := newState(t, 2, 2, nil)
	setVillage(t, s, 0, `{"cells":{"r1c1":"lawn","r1c2":"lawn","r1c3":"lawn"}}`)
	setVillage(t, s, 1, `{"cells":{"r1c1":"red rose pond"}}`)
	s.pl[0].trophy = [6]int8{-1, -1, -1, -1, -1, -1}
	s.pl[1].trophy = [6]int8{-1, -1, -1, -1, -1, -1}
	r := s.Result()
	if r.Players[0].Total != 1 || r.Players[1].Total != 3 || r.Players[1].Rank != 1 || r.Players[0].Rank != 2 {
		t.Errorf("totals %d %d ranks %d %d, want 1 3 and ranks 2 1", r.Players[0].Total, r.Players[1].Total,
			r.Players[0].Rank, r.Players[1].Rank)
	}
}

// Special 1, hidden information: a recycled card seen face up again (drawn
// into the display, or placed in a village) leaves the others' underDeck
// list, as everyone knows where it is; a blind draw does not shrink it.
func TestSpecial1RecycledCardSeenAgain(t *testing.T) {
	s := newState(t, 3, 4, engine.Options{"first": "1"})
	apply(t, s, "refresh land 123")
	apply(t, s, "trophy 1")
	apply(t, s, "put r1")
	s.land.n = 3 // only the three recycled cards are left
	under := func() []int {
		var got []int
		for _, u := range s.View(2).(View).UnderDeck {
			for _, c := range u.Land {
				got = append(got, cardOf(t, c.ID))
			}
		}
		return got
	}
	setVillage(t, s, 1, `{"cells":{}}`)
	apply(t, s, "take 1") // seat 1; the refill reveals a recycled card
	shown := s.landDisp[0]
	if got := under(); len(got) != 2 || slices.Contains(got, int(shown)) {
		t.Fatalf("after the refill: underDeck %v, want 2 cards without the displayed %d", got, shown)
	}
	apply(t, s, "discard h1")
	apply(t, s, "take deck") // seat 2 draws a recycled card blind
	drawn := s.pl[2].hand[3]
	if got := under(); len(got) != 2 || !slices.Contains(got, int(drawn)) {
		t.Fatalf("after a blind draw: underDeck %v, want it unchanged", got)
	}
	setVillage(t, s, 2, `{"cells":{}}`)
	apply(t, s, "place h4 r1c1")
	if got := under(); len(got) != 1 || slices.Contains(got, int(drawn)) {
		t.Errorf("after placing the drawn card: underDeck %v, want 1 card without %d", got, drawn)
	}
}

// EG-T6a, ruling E2: a landscape card goes only into the 9 landscape cells;
// the notation has no name for row 0 or column 0, and a raw move beyond the
// ninth cell is rejected by EG-T6a, for a placement and for special 2.
func TestEG_T6a_OnlyLandscapeCells(t *testing.T) {
	for _, bad := range []string{"place h1 r0c1", "place h1 r1c0", "place h1 r4c1", "cover h1 r1c4"} {
		if _, err := (&state{}).ParseMove(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	apply(t, s, "take 1")
	for _, cell := range []uint8{9, 12, 15} {
		before := *s
		if err := s.Apply(move{mkPlace, 0, cell}.pack(), nil); engine.RuleOf(err) != "EG-T6a" || before != *s {
			t.Errorf("place on cell %d: %v", cell, err)
		}
	}
	s = newState(t, 2, 1, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{"r1c1":"lawn"}}`)
	apply(t, s, "special2")
	apply(t, s, "take deck")
	before := *s
	if err := s.Apply(move{mkCover, 0, 9}.pack(), nil); engine.RuleOf(err) != "EG-T6a" || before != *s {
		t.Errorf("cover on cell 9: %v", err)
	}
}

// EG-S8: without the option the first player is drawn from the seeded
// generator: the same seed gives the same first player, and over seeds
// every seat gets to start.
func TestEG_S8_FirstPlayerDrawn(t *testing.T) {
	var seen [4]bool
	for seed := uint64(1); seed <= 60; seed++ {
		a, b := newState(t, 4, seed, nil), newState(t, 4, seed, nil)
		if a.first != b.first || a.ToMove() != int(a.first) {
			t.Fatalf("seed %d: first %d and %d, to move %d", seed, a.first, b.first, a.ToMove())
		}
		seen[a.first] = true
	}
	if seen != [4]bool{true, true, true, true} {
		t.Errorf("first players drawn over 60 seeds: %v", seen)
	}
}
