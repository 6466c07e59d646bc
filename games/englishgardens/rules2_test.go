package englishgardens

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// EG-T3 special 1, ruling E6, Still to confirm 8 and 10: the display goes
// under the deck in the chosen order; as many new cards are revealed; then a
// normal action; the order is known to the player only.
func TestEG_T3_Special1(t *testing.T) {
	s := newState(t, 2, 4, engine.Options{"first": "1"})
	d := s.landDisp
	top := [3]int8{s.land.cards[s.land.n-1], s.land.cards[s.land.n-2], s.land.cards[s.land.n-3]}
	n := s.land.n
	apply(t, s, "refresh land 312")
	if s.pl[0].villageUp {
		t.Error("EG-T3: the village card turns face down")
	}
	if s.land.n != n {
		t.Errorf("deck size %d, want %d", s.land.n, n)
	}
	// First listed is highest of the recycled cards; last at the very bottom.
	if s.land.cards[0] != d[1] || s.land.cards[1] != d[0] || s.land.cards[2] != d[2] {
		t.Errorf("bottom of deck %v, want %v %v %v", s.land.cards[:3], d[1], d[0], d[2])
	}
	// New cards fill positions 3, 1, 2 in the order listed.
	if s.landDisp != [3]int8{top[1], top[2], top[0]} {
		t.Errorf("display %v", s.landDisp)
	}
	// Then a normal action A or B: no second village use, no special 2.
	for m := range legal(s) {
		if !strings.HasPrefix(m, "take") && !strings.HasPrefix(m, "trophy") {
			t.Errorf("after special 1: %s offered", m)
		}
	}
	illegal(t, s, "refresh trophy 123", "EG-T3")
	illegal(t, s, "special2", "EG-T3")
	// Still to confirm 10: only the recycler sees the order.
	v0 := s.View(0).(View)
	v1 := s.View(1).(View)
	if len(v0.LandUnder) != 3 || cardOf(t, v0.LandUnder[0].ID) != int(d[2]) || len(v1.LandUnder) != 0 {
		t.Errorf("recycled order: player %v, other %v", v0.LandUnder, v1.LandUnder)
	}
	apply(t, s, "trophy 1")
	apply(t, s, "put r1")
	// Once per game.
	apply(t, s, "trophy 1")
	apply(t, s, "put r1")
	illegal(t, s, "refresh land 123", "EG-T3")
	illegal(t, s, "special2", "EG-T3")
}

// Still to confirm 8: special 1 with a short display recycles what is there,
// and is not offered on an empty display. Bad orders are rejected.
func TestEG_T3_Special1ShortDisplay(t *testing.T) {
	s := newState(t, 2, 4, engine.Options{"first": "1"})
	s.troDisp = [3]int8{-1, 5, -1}
	if !legal(s)["refresh trophy 2"] || legal(s)["refresh trophy 12"] {
		t.Error("refresh of a 1-card display")
	}
	illegal(t, s, "refresh trophy 1", "EG-T3")
	illegal(t, s, "refresh land 12", "EG-T3")
	illegal(t, s, "refresh land 112", "EG-T3")
	s.troDisp = [3]int8{-1, -1, -1}
	for m := range legal(s) {
		if strings.HasPrefix(m, "refresh trophy") {
			t.Error("refresh of an empty display offered")
		}
	}
	// Deck empty: the same cards come back in the chosen order.
	s.land.n = 0
	d := s.landDisp
	apply(t, s, "refresh land 321")
	if s.landDisp != [3]int8{d[0], d[1], d[2]} && s.landDisp != [3]int8{d[2], d[1], d[0]} {
		t.Errorf("display after refresh on an empty deck: %v from %v", s.landDisp, d)
	}
}

// EG-T3 special 2, ruling E6, Still to confirm 5: take, then play on top of
// a visible card, matching neighbours; no discard; only if possible.
func TestEG_T3_Special2(t *testing.T) {
	s := newState(t, 2, 4, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{"r1c1":"red rose pond","r1c2":"blue lily pond"}}`)
	setHand(t, s, 0, "yellow petunia pond", "yellow petunia pond", "yellow petunia pond")
	setLandDisplay(t, s, "yellow petunia oak", "blue rose pond", "")
	// Hand cannot cover (yellow petunia matches neither neighbour): only the
	// qualifying display card may be taken, and no blind draw.
	apply(t, s, "special2")
	if s.pl[0].villageUp {
		t.Error("special 2 turns the village card face down")
	}
	got := legal(s)
	if !got["take 2"] || got["take 1"] || got["take deck"] {
		t.Errorf("special 2 takes: %v", got)
	}
	illegal(t, s, "take deck", "EG-T3")
	illegal(t, s, "take 1", "EG-T3")
	apply(t, s, "take 2")
	for m := range legal(s) {
		if !strings.HasPrefix(m, "cover h4") {
			t.Errorf("special 2: %s offered (only the blue rose can cover)", m)
		}
	}
	illegal(t, s, "discard h1", "EG-T3")
	illegal(t, s, "cover h4 r3c3", "EG-T3")
	apply(t, s, "cover h4 r1c1") // on a non-lawn card: allowed by special 2
	if s.pl[0].land[0].h != 2 || s.pl[0].handN != 3 || s.ToMove() != 1 {
		t.Error("special 2 result")
	}
	// Not allowed when nothing can go on top of a card.
	s = newState(t, 2, 4, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{}}`)
	if legal(s)["special2"] {
		t.Error("special 2 offered on an empty village")
	}
	illegal(t, s, "special2", "EG-T3")
}

// Special 2 with a structure triggers action B (ruling E9).
func TestE9_Special2Structure(t *testing.T) {
	s := newState(t, 2, 4, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{"r1c1":"red rose pond"}}`)
	setHand(t, s, 0, "red lily structure", "yellow petunia pond", "yellow petunia pond")
	apply(t, s, "special2")
	apply(t, s, "take deck")
	apply(t, s, "cover h1 r1c1")
	if s.phase != phStructTake {
		t.Error("E9: a structure played by special 2 brings a trophy")
	}
}

// EG-E1, EG-E2, ruling E11: the end is triggered at the end of a turn and
// the round is completed up to the player before the first player.
func TestEG_E1_E2_EndTriggerAndRound(t *testing.T) {
	for _, c := range []struct {
		name    string
		trigger func(s *state)
	}{
		{"nine cards", func(s *state) {
			setVillage(t, s, 1, `{"cells":{"r1c1":"lawn","r1c2":"lawn","r1c3":"lawn","r2c1":"lawn","r2c2":"lawn","r2c3":"lawn","r3c1":"red rose pond","r3c2":"red rose structure"}}`)
			setHand(t, s, 1, "red lily pond", "red lily pond", "red lily pond")
		}},
		{"landscape deck empty", func(s *state) { s.land.n = 1 }},
		{"trophy deck empty", func(s *state) { s.tro.n = 2 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newState(t, 3, 2, engine.Options{"first": "1"})
			c.trigger(s)
			apply(t, s, "trophy 1") // player 1 (seat 0)
			apply(t, s, "put r1")
			if s.endTriggered {
				t.Fatal("triggered too early")
			}
			// Seat 1 triggers.
			switch c.name {
			case "nine cards":
				apply(t, s, "take deck")
				apply(t, s, "place h1 r3c3")
			case "landscape deck empty":
				apply(t, s, "take deck")
				apply(t, s, "discard h1")
			default:
				apply(t, s, "trophy deck")
				apply(t, s, "put r1")
			}
			if !s.endTriggered || s.Over() {
				t.Fatalf("EG-E1: triggered %v over %v", s.endTriggered, s.Over())
			}
			// Seat 2 (before the first player) plays the last turn.
			if s.ToMove() != 2 {
				t.Fatalf("EG-E2: seat %d to move", s.ToMove())
			}
			for !s.Over() && s.ToMove() == 2 {
				ms := s.LegalMoves(nil)
				if err := s.Apply(ms[0], nil); err != nil {
					t.Fatal(err)
				}
			}
			if !s.Over() || !s.Result().Final {
				t.Error("EG-E2: game should end after the player before the first player")
			}
		})
	}
}

// EG-E2: the player before the first player triggers: the game ends at once.
func TestEG_E2_LastSeatTriggers(t *testing.T) {
	s := newState(t, 2, 2, engine.Options{"first": "1"})
	apply(t, s, "trophy 1")
	apply(t, s, "put r1")
	s.tro.n = 1
	apply(t, s, "trophy deck")
	apply(t, s, "put r1")
	if !s.Over() {
		t.Error("EG-E2: the last seat triggered: the game ends at once")
	}
	illegal(t, s, "pass", "EG-E2")
}

// Still to confirm 11: once triggered, the end stays triggered even if
// special 1 refills the deck.
func TestEG_E1_Latch(t *testing.T) {
	s := newState(t, 3, 2, engine.Options{"first": "1"})
	s.land.n = 1
	apply(t, s, "take deck")
	apply(t, s, "discard h1")
	if !s.endTriggered {
		t.Fatal("not triggered")
	}
	// Special 1 reveals as many cards as it recycles, so the deck stays
	// empty here; the trigger stays set whatever the deck holds later.
	apply(t, s, "refresh land 123")
	s.land.n = 5
	apply(t, s, "trophy 1")
	apply(t, s, "put r1")
	if !s.endTriggered {
		t.Error("latch")
	}
}

// EG-E5, ruling E13: ties broken by visible cards, then shared.
func TestEG_E5_TieBreak(t *testing.T) {
	s := newState(t, 3, 2, nil)
	for p := 0; p < 3; p++ {
		setVillage(t, s, p, `{"cells":{}}`)
		s.pl[p].trophy = [6]int8{-1, -1, -1, -1, -1, -1}
	}
	setVillage(t, s, 0, `{"cells":{"r1c1":"lawn","r1c2":"lawn"}}`)
	setVillage(t, s, 1, `{"cells":{"r1c1":"lawn"}}`)
	setVillage(t, s, 2, `{"cells":{"r2c1":"lawn","r2c2":"lawn"}}`)
	r := s.Result()
	if r.Players[0].Rank != 1 || r.Players[2].Rank != 1 || r.Players[1].Rank != 3 {
		t.Errorf("ranks %d %d %d, want 1 3 1", r.Players[0].Rank, r.Players[1].Rank, r.Players[2].Rank)
	}
	if w := r.Winners(); len(w) != 2 {
		t.Errorf("shared victory: %v", w)
	}
}

// EG-E3, EG-E4: village point, ponds, one line per trophy slot; covered
// trophies do not score.
func TestEG_E3_E4_Breakdown(t *testing.T) {
	sc, err := Game.(engine.PositionScorer).ScorePosition([]byte(
		`{"village":"down","cells":{"r1c1":"red rose pond","r2c2":"blue lily pond"},"trophies":{"r1":[17,9],"c1":10}}`))
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"village", "ponds", "c1", "c2", "c3", "r1", "r2", "r3"}
	for i, c := range sc.Categories {
		if c.ID != ids[i] {
			t.Errorf("category %d: %s", i, c.ID)
		}
	}
	if sc.Points[0] != 0 || sc.Points[1] != 4 || sc.Points[2] != 2 || sc.Points[5] != 0 || sc.Total != 6 {
		t.Errorf("breakdown %v total %d", sc.Points, sc.Total)
	}
}

// Position format errors name what to fix.
func TestPositionErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"cells":{"r4c1":"lawn"}}`, "r1c1 to r3c3"},
		{`{"cells":{"r1c1":"purple rose"}}`, "unknown word"},
		{`{"cells":{"r1c1":"red rose oak"}}`, "no such card"},
		{`{"cells":{"r1c1":"red rose pond","r1c2":"red rose pond"}}`, "no more such cards"},
		{`{"cells":{},"trophies":{"c4":1}}`, "slots are"},
		{`{"cells":{},"trophies":{"c1":31}}`, "does not exist"},
		{`{"cells":{},"trophies":{"c1":3,"c2":3}}`, "twice"},
		{`{"cells":{},"village":"sideways"}`, "village \"sideways\""},
		{`{"cells":{},"colour":"red"}`, "unknown field \"colour\""},
		{`not json`, "invalid"},
	} {
		_, err := Game.(engine.PositionScorer).ScorePosition([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to mention %q", c.in, err, c.want)
		}
	}
}

// Still to confirm 7: with nothing to take, a player passes.
func TestPassWhenNoAction(t *testing.T) {
	s := newState(t, 2, 2, engine.Options{"first": "1"})
	s.land.n, s.tro.n = 0, 0
	s.landDisp, s.troDisp = [3]int8{-1, -1, -1}, [3]int8{-1, -1, -1}
	s.pl[0].villageUp = false
	got := legal(s)
	if len(got) != 1 || !got["pass"] {
		t.Errorf("moves %v, want pass", got)
	}
	s2 := newState(t, 2, 2, engine.Options{"first": "1"})
	illegal(t, s2, "pass", "EG-T2")
}

// ringVillage fills every cell but r2c2: red roses around it, yellow roses
// in the corners. Nothing blue or petunia can lie anywhere near.
const ringVillage = `{"cells":{"r1c1":"yellow rose pond","r1c2":"red rose pond","r1c3":"yellow rose structure",
	"r2c1":"red rose structure","r2c3":"red rose oak+oak","r3c1":"yellow rose oak+oak","r3c2":"red rose birch+birch",
	"r3c3":"yellow rose birch+birch"}}`

// EG-SO1 to EG-SO7, ruling E14: solo.
func TestEG_SO_Solo(t *testing.T) {
	s := newState(t, 1, 3, nil)
	if s.nRemovedLand != 0 || s.ToMove() != 0 {
		t.Error("EG-SO1")
	}
	// EG-SO2: action A needs a placeable card in hand or display.
	setVillage(t, s, 0, ringVillage)
	setHand(t, s, 0, "blue lily pond", "blue lily pond", "blue lily pond")
	setLandDisplay(t, s, "blue lily structure", "yellow petunia pond", "")
	illegal(t, s, "take 1", "EG-SO2")
	setLandDisplay(t, s, "blue lily structure", "red lily pond", "")
	apply(t, s, "take 2")
	// After taking, the player must place when a card can be placed.
	illegal(t, s, "discard h1", "EG-SO2")
	if !legal(s)["place h4 r2c2"] || len(legal(s)) != 1 {
		t.Errorf("moves %v, want only the red lily at r2c2", legal(s))
	}
	// Only when nothing can go is a discard allowed.
	s = newState(t, 1, 3, nil)
	setVillage(t, s, 0, ringVillage)
	setHand(t, s, 0, "blue lily pond", "blue lily pond", "blue lily pond")
	setLandDisplay(t, s, "red lily pond", "", "")
	s.land.cards[s.land.n-1] = card(t, "blue petunia oak")
	apply(t, s, "take deck")
	if !legal(s)["discard h4"] {
		t.Error("EG-SO2: nothing placeable, discard must be allowed")
	}
	// EG-SO3: no covering in solo for action B; B needs an empty slot.
	s = newState(t, 1, 3, nil)
	apply(t, s, "trophy 1")
	illegal(t, s, "put c1", "EG-SO3")
	apply(t, s, "put r1")
	s.pl[0].trophy = [6]int8{1, 2, 3, 4, 5, 6}
	illegal(t, s, "trophy 1", "EG-SO3")
	// EG-SO4: a structure's trophy may cover.
	setVillage(t, s, 0, `{"cells":{}}`)
	s.pl[0].trophy = [6]int8{1, 2, 3, 4, 5, 6}
	setLandDisplay(t, s, "red rose structure", "", "")
	apply(t, s, "take 1")
	apply(t, s, "place h4 r1c1")
	apply(t, s, "trophy 1")
	if len(legal(s)) != 6 {
		t.Error("EG-SO4: the structure's trophy may go on any slot")
	}
	apply(t, s, "put c1")
	// EG-SO6: the player may end at the start of a turn; never mid-turn.
	if !legal(s)["end"] {
		t.Error("EG-SO6: end not offered")
	}
	apply(t, s, "take deck")
	illegal(t, s, "end", "EG-SO6")
	s2 := newState(t, 2, 3, nil)
	illegal(t, s2, "end", "EG-SO6")
	// EG-SO7: the rating.
	r := s.Result()
	if r.Players[0].Rating == "" {
		t.Error("EG-SO7: no rating")
	}
}

// EG-SO6, Still to confirm 9: the game ends when no action is possible; if
// special 1 leads nowhere, the game ends.
func TestEG_SO6_NoActionEnds(t *testing.T) {
	s := newState(t, 1, 3, nil)
	full := strings.Replace(ringVillage, `"r1c1"`, `"r2c2":"red lily pond","r1c1"`, 1)
	setVillage(t, s, 0, full)
	s.pl[0].trophy = [6]int8{1, 2, 3, 4, 5, 6}
	setHand(t, s, 0, "blue petunia pond", "blue petunia pond", "blue petunia pond")
	setLandDisplay(t, s, "blue petunia oak", "blue petunia birch", "blue petunia willow")
	s.land.n = 0
	// No A (nothing placeable), no B (no empty slot), no special 2 (blue
	// petunia matches no neighbour): only special 1 or end remain.
	got := legal(s)
	for m := range got {
		if !strings.HasPrefix(m, "refresh") && m != "end" {
			t.Errorf("%s offered", m)
		}
	}
	apply(t, s, "refresh land 123")
	if !s.Over() {
		t.Error("Still to confirm 9: special 1 leading nowhere ends the game")
	}
	// Village card already down and nothing possible: over at turn start.
	s = newState(t, 1, 3, nil)
	setVillage(t, s, 0, full)
	s.pl[0].trophy = [6]int8{1, 2, 3, 4, 5, 6}
	s.pl[0].villageUp = false
	setHand(t, s, 0, "blue petunia pond", "blue petunia pond", "blue petunia pond")
	setLandDisplay(t, s, "blue petunia oak", "", "")
	s.land.n = 0
	s.startTurn(nil)
	if !s.Over() {
		t.Error("EG-SO6: no action possible, the game should end")
	}
}

// WE-5, EG-SO7, ruling E14: the solo rating boundaries, in English and in
// the French rulebook's words, each language on its own.
func TestWE5_SoloRating(t *testing.T) {
	for _, c := range []struct {
		total  int
		en, fr string
	}{
		{-3, "Last place in the rankings", "Dernière place du classement"},
		{15, "Last place in the rankings", "Dernière place du classement"},
		{16, "Honourable mention", "Mention honorable"},
		{25, "Honourable mention", "Mention honorable"},
		{26, "Second place", "Seconde place"},
		{35, "Second place", "Seconde place"},
		{36, "English Garden of the Year", "Jardin anglais de l'année"},
	} {
		if got := ratingText(soloRating(c.total)); got.EN != c.en || got.FR != c.fr {
			t.Errorf("%d: %+v, want %q / %q", c.total, got, c.en, c.fr)
		}
	}
}

// The solo result and a solo position's score carry the rating in both
// languages; a game of several players has none.
func TestSoloRatingInResultAndScore(t *testing.T) {
	s := newState(t, 1, 5, nil)
	pr := s.Result().Players[0]
	if pr.Total != 1 || ratingText(pr.Rating).EN != "Last place in the rankings" || ratingText(pr.Rating).FR != "Dernière place du classement" {
		t.Errorf("solo result at the start: total %d, ratings %q / %q", pr.Total, pr.Rating, ratingText(pr.Rating).FR)
	}
	if pr := newState(t, 2, 5, nil).Result().Players[0]; pr.Rating != "" || ratingText(pr.Rating).FR != "" {
		t.Errorf("2 players: rated %q / %q", pr.Rating, ratingText(pr.Rating).FR)
	}
	data, err := os.ReadFile("../../docs/examples/english-gardens.position.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		solo   bool
		en, fr string
	}{{true, "Honourable mention", "Mention honorable"}, {false, "", ""}} {
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		doc["solo"] = c.solo
		pos, _ := json.Marshal(doc)
		sc, err := Game.(engine.PositionScorer).ScorePosition(pos)
		if err != nil || sc.Total != 16 || ratingText(sc.Rating).EN != c.en || ratingText(sc.Rating).FR != c.fr {
			t.Errorf("example position, solo %v: %v, total %d, ratings %q / %q, want 16, %q / %q",
				c.solo, err, sc.Total, sc.Rating, ratingText(sc.Rating).FR, c.en, c.fr)
		}
	}
}

// E5 and the hidden-information section: hands, deck order and removed cards
// never appear in another player's view.
func TestE5_ViewsHideHandsAndDecks(t *testing.T) {
	a := newState(t, 3, 11, engine.Options{"first": "1"})
	b := a.Determinize(0, 999).(*state)
	if a.pl[1].hand == b.pl[1].hand && a.land.cards == b.land.cards {
		t.Fatal("determinize changed nothing hidden")
	}
	for _, p := range []int{0, engine.Spectator} {
		if viewJSON(t, a, p) != viewJSON(t, b, p) {
			t.Errorf("view of %d shows hidden cards", p)
		}
	}
	// The owner sees their own hand; others see a count only.
	v := a.View(1).(View)
	if v.Villages[1].Hand[0].Card == nil || v.Villages[0].Hand[0].Card != nil || v.Villages[0].HandSize != 3 {
		t.Error("hand visibility")
	}
	// A card taken face up is public until a face-down discard.
	setLandDisplay(t, a, "red rose pond", "blue rose pond", "lawn")
	apply(t, a, "take 1")
	if v := a.View(1).(View); v.Villages[0].Hand[3].Card == nil {
		t.Error("a card taken from the display is public")
	}
	ev := apply(t, a, "discard h2")
	if v := a.View(1).(View); v.Villages[0].Hand[2].Card != nil || v.Villages[0].DiscardPile.Count != 1 {
		t.Error("after a face-down discard the others cannot tell which card is left")
	}
	// The public event names neither the card nor the hand slot (issue
	// 12: "discard h2" must not tell the others which slot went).
	cat := Game.(engine.Texter).Texts()
	for _, e := range ev {
		if e.Private >= 0 {
			continue
		}
		if len(e.Args) != 0 {
			t.Errorf("public discard event has arguments: %+v", e)
		}
		for _, lang := range []string{"en", "fr"} {
			if txt := cat.Render(e, 1, lang, nil); strings.Contains(txt, "pond") || strings.Contains(txt, "2") {
				t.Errorf("public event names the discarded card or its slot: %q", txt)
			}
		}
	}
	if v := a.View(0).(View); len(v.Villages[0].MyDiscards) != 1 {
		t.Error("the discarder knows the card")
	}
	// Blind draws: a private event for the drawer only.
	apply(t, a, "take deck")
	// seat 1's view never contains the generator or deck contents
	js := viewJSON(t, a, 1)
	if strings.Contains(js, "rng") || strings.Contains(js, "cards\":[") {
		t.Error("view leaks internal state")
	}
}

// E1, E2: names and coordinates as in the spec; notation round-trips.
func TestE1_E2_NamesAndCoordinates(t *testing.T) {
	if Game.Title("fr") != "Jardins Anglais" || !strings.Contains(Game.Title("en"), "Village Green") {
		t.Error("E1: titles")
	}
	if cellID(0) != "r1c1" || cellID(8) != "r3c3" || slotNames[0] != "c1" || slotNames[3] != "r1" {
		t.Error("E2: coordinates")
	}
	if lines[0] != [3]int8{0, 3, 6} || lines[3] != [3]int8{0, 1, 2} {
		t.Error("E2: c1 scores column 1, r1 scores row 1")
	}
	s := newState(t, 2, 1, nil)
	for _, txt := range []string{"take 1", "take deck", "trophy 3", "refresh land 312", "refresh trophy 1",
		"special2", "place h2 r1c3", "cover h1 r2c2", "discard h4", "put r3", "end", "pass"} {
		m, err := s.ParseMove(txt)
		if err != nil || s.FormatMove(m) != txt {
			t.Errorf("%q: %v %q", txt, err, s.FormatMove(m))
		}
	}
	for _, bad := range []string{"", "take", "take 4", "place h5 r1c1", "place h1 r0c1", "put x1", "refresh land 4",
		"refresh garden 12", "fly away", "end now"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// Events: each move yields readable lines.
func TestEvents(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	ev := apply(t, s, "trophy 1")
	cat := Game.(engine.Texter).Texts()
	if len(ev) == 0 || ev[0].Actor != 0 || ev[0].Key != "take-trophy" ||
		!strings.Contains(cat.Render(ev[0], 1, "en", []string{"Ann", "Bob"}), "Ann takes a trophy card from the display: ") {
		t.Errorf("events %+v", ev)
	}
}

// The drawing reads without colour and names every village.
func TestDraw(t *testing.T) {
	s := newState(t, 3, 1, nil)
	plain := s.Draw(0, engine.Style{})
	if strings.Contains(plain, "\x1b[") || !strings.Contains(plain, "Player 3") || !strings.Contains(plain, "Hand: 3 cards") {
		t.Errorf("plain drawing:\n%s", plain)
	}
	if col := s.Draw(0, engine.Style{Color: true}); !strings.Contains(col, "\x1b[") {
		t.Error("colour drawing has no colour")
	}
}

// EG-SO5: in solo the village card works as in EG-T3, special 2 with the same
// precondition.
func TestEG_SO5_SoloVillageCard(t *testing.T) {
	s := newState(t, 1, 3, nil)
	setVillage(t, s, 0, `{"cells":{}}`)
	if legal(s)["special2"] {
		t.Error("special 2 offered with nothing to cover")
	}
	setVillage(t, s, 0, `{"cells":{"r1c1":"red rose pond"}}`)
	setHand(t, s, 0, "red lily pond", "blue lily pond", "blue lily pond")
	if !legal(s)["special2"] || !legal(s)["refresh land 123"] {
		t.Error("EG-SO5: both specials offered in solo")
	}
	apply(t, s, "refresh trophy 123")
	illegal(t, s, "special2", "EG-T3")
}

// The drawing follows the language of the style.
func TestDrawFrench(t *testing.T) {
	s := newState(t, 2, 1, nil)
	fr := s.Draw(0, engine.Style{Lang: "fr"})
	for _, want := range []string{"Joueur 2", "Main\u00a0: 3 cartes", "Paquet Aménagement paysager"} {
		if !strings.Contains(fr, want) {
			t.Errorf("French drawing lacks %q:\n%s", want, fr)
		}
	}
}
