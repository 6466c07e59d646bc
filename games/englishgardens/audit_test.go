package englishgardens

import (
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
					got = append(got, c.ID)
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
		{`{"trophies":{"c1":1,"C1":2}}`, "twice"},
		{`{"village":"up"} {"village":"down"}`, "after"},
		{`{"village":"up"} x`, "after"},
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
	r.Categories[0].EN = "changed"
	if s.Result().Categories[0].EN == "changed" {
		t.Error("results share one categories slice")
	}
	sc, _ := Game.(engine.PositionScorer).ScorePosition([]byte(`{}`))
	sc.Categories[1].EN = "changed"
	if s.Result().Categories[1].EN == "changed" {
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
	x := s.card(s.landDisp[0]).name()
	apply(t, s, "take 1")
	mine := s.Draw(0, engine.Style{})
	other := s.Draw(1, engine.Style{})
	if !strings.Contains(mine, "yours, drawn in this order") || strings.Contains(other, "yours") {
		t.Errorf("own recycled cards:\n%s", mine)
	}
	if !strings.Contains(other, "put by player 1 (order unknown)") {
		t.Errorf("others' recycled cards:\n%s", other)
	}
	if !strings.Contains(other, "(seen: h4:"+x+")") {
		t.Errorf("card seen taken into player 1's hand (%s):\n%s", x, other)
	}
}
