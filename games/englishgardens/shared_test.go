package englishgardens

import (
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// Shared tables (issues 12 and 13): what each seat may learn, in French and
// English.

// Issue 13: View(255) truncated the seat to 8 bits, matched the deck's
// unmarked cards and listed both decks in draw order. Every viewer that is
// not a seat now sees exactly what the spectator sees, and the other
// per-seat methods answer as for nobody.
func TestIssue13_View255IsTheSpectators(t *testing.T) {
	s := newState(t, 3, 5, nil)
	want := viewJSON(t, s, engine.Spectator)
	wantDraw := s.Draw(engine.Spectator, engine.Style{})
	wantDet := s.Determinize(engine.Spectator, 9)
	for _, p := range []int{255, 256, 3, -2, 1 << 20, -1 << 31, 1<<31 - 1} {
		if got := viewJSON(t, s, p); got != want {
			t.Errorf("View(%d) = %s\nwant the spectator's %s", p, got, want)
		}
		if v := s.View(p).(View); len(v.LandUnder) != 0 || len(v.TrophyUnder) != 0 || v.Viewer != engine.Spectator {
			t.Errorf("View(%d) shows deck cards: %d landscape, %d trophies", p, len(v.LandUnder), len(v.TrophyUnder))
		}
		if s.Draw(p, engine.Style{}) != wantDraw {
			t.Errorf("Draw(%d) is not the spectator's drawing", p)
		}
		if !reflect.DeepEqual(s.Determinize(p, 9), wantDet) {
			t.Errorf("Determinize(%d) is not the spectator's", p)
		}
		if s.Score(p) != 0 || s.Evaluate(p) != 0 || s.Components(p) != nil {
			t.Errorf("seat %d: score %d, evaluation %v, components %v; want nothing", p, s.Score(p), s.Evaluate(p), s.Components(p))
		}
	}
}

// consistency checks the bookkeeping of who may know what: every card a
// player took face up and then hid is still in that player's hand or
// discards; every recycled landscape card still unseen is under the deck in
// its recycler's part or drawn blind and hidden; every card drawn blind from
// under the deck is in a hand, unknown to the others, or in the discards.
func consistency(s *state) error {
	hidden := map[int8]int{} // card -> owner, for hidden hand cards and discards
	for q := 0; q < int(s.n); q++ {
		p := &s.pl[q]
		for i, c := range p.hand[:p.handN] {
			if !p.handKnown[i] {
				hidden[c] = q
			}
		}
	}
	for i, c := range s.disc[:s.nDisc] {
		hidden[c] = int(s.discOwner[i])
	}
	for q := 0; q < int(s.n); q++ {
		for c := int8(0); c < numLand; c++ {
			b := bit(c)
			if s.pl[q].semi&b != 0 {
				if o, ok := hidden[c]; !ok || o != q {
					return fmt.Errorf("card %d taken face up by seat %d left its hidden cards", c, q)
				}
			}
			if s.segDrawn[q]&b != 0 {
				if _, ok := hidden[c]; !ok {
					return fmt.Errorf("card %d drawn from under seat %d's cards is not hidden", c, q)
				}
				if s.recycled[q][0]&b == 0 {
					return fmt.Errorf("card %d drawn from under seat %d's cards is not in its recycled set", c, q)
				}
			}
		}
		var under uint64
		for i := 0; i < int(s.land.n); i++ {
			if int(s.land.seg[i]) == q+1 {
				under |= bit(s.land.cards[i])
			}
		}
		if s.recycled[q][0] != under|s.segDrawn[q] {
			return fmt.Errorf("seat %d: recycled set %x, under the deck %x, drawn %x", q, s.recycled[q][0], under, s.segDrawn[q])
		}
	}
	return nil
}

// A play-out policy that uses special 1 and blind draws often, so that
// recycled cards get drawn blind and face-up cards get hidden by discards:
// the cases where what each seat knows differs most.
func secretive(s *state, ms []engine.Move, rng *engine.RNG) engine.Move {
	var pick []engine.Move
	for _, m := range ms {
		mv, _ := unpack(m)
		if mv.kind == mkRefresh || mv.kind == mkDiscard || (mv.kind == mkTakeLand && mv.a == fromDeck) ||
			(mv.kind == mkTakeLand && rng.Intn(2) == 0) {
			pick = append(pick, m)
		}
	}
	if len(pick) == 0 || rng.Intn(4) == 0 {
		pick = ms
	}
	return pick[rng.Intn(len(pick))]
}

// Issue 12: a determinized copy carries no secret. For every viewer, the
// copy determinized again with seed b equals the real state determinized
// with b: the copy is a function of what the viewer sees and of b alone.
// The copies keep the bookkeeping consistent and every card in one place.
func TestDeterminizeCarriesNoSecret(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for g := 0; g < 6; g++ {
			s := newState(t, n, uint64(7000+10*n+g), nil)
			rng := engine.NewRNG(uint64(g))
			for k := 0; !s.Over(); k++ {
				if err := consistency(s); err != nil {
					t.Fatalf("%d players, game %d, move %d: %v", n, g, k, err)
				}
				for q := engine.Spectator; q < n; q++ {
					b := uint64(k*31 + q + 2)
					want := s.Determinize(q, b).(*state)
					for a := uint64(1); a <= 2; a++ {
						c := s.Determinize(q, b^a<<20).(*state)
						if err := consistency(c); err != nil {
							t.Fatalf("%d players, game %d, move %d, Determinize(%d): %v", n, g, k, q, err)
						}
						if err := conservation(c); err != nil {
							t.Fatalf("%d players, game %d, move %d, Determinize(%d): %v", n, g, k, q, err)
						}
						if got := c.Determinize(q, b).(*state); !reflect.DeepEqual(got, want) {
							t.Fatalf("%d players, game %d, move %d: Determinize(%d, b) of a copy differs from Determinize(%d, b) of the real state", n, g, k, q, q)
						}
					}
				}
				ms := s.LegalMoves(nil)
				if err := s.Apply(secretive(s, ms, &rng), nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// The seat-1 cards another seat drew blind from under the deck are dealt
// again in a copy for a third seat, and the copy says where they went: its
// bookkeeping is not the real one's.
func TestDeterminizeRedealsBlindDrawsFromRecycledCards(t *testing.T) {
	s := newState(t, 3, 4, engine.Options{"first": "1"})
	apply(t, s, "refresh land 123")
	apply(t, s, "trophy 1")
	apply(t, s, "put r1")
	s.land.n = 3             // only the recycled cards are left
	apply(t, s, "take deck") // seat 1 draws one of them blind
	drawn := s.pl[1].hand[3]
	moved := false
	for seed := uint64(1); seed <= 40; seed++ {
		c := s.Determinize(2, seed).(*state)
		if err := consistency(c); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if c.segDrawn[0] != s.segDrawn[0] {
			moved = true
			if c.segDrawn[0]&bit(drawn) != 0 {
				t.Fatalf("seed %d: the copy's drawn set %x still holds the real card", seed, c.segDrawn[0])
			}
		}
	}
	if !moved {
		t.Error("no copy for seat 2 lets seat 1 have drawn another of the recycled cards")
	}
}

// Issue 12: every message has both languages, a You form when it names its
// actor, and correct English ("You draw", never "You you drew").
func TestCatalogueMessages(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	if err := cat.Check(); err != nil {
		t.Fatal(err)
	}
	if len(messages()) < 15 {
		t.Fatalf("%d messages", len(messages()))
	}
	for key, m := range messages() {
		// The conformance kit checks that a message naming its actor has
		// You forms, in the second person; here they also start with it.
		if m.YouEN != "" && !strings.HasPrefix(m.YouEN, "You ") || m.YouFR != "" && !strings.HasPrefix(m.YouFR, "Vous ") {
			t.Errorf("%s: You forms %q / %q", key, m.YouEN, m.YouFR)
		}
		// Events name the actor as "you" only through the You forms.
		e := engine.Event{Actor: 0, Private: -1, Key: key, Args: []engine.Arg{engine.Comp("land:1"), engine.Cell("r1c3"), engine.Comp("trophy:1"), engine.Num(3)}}
		for _, lang := range []string{"en", "fr"} {
			for _, txt := range []string{cat.Render(e, 0, lang, nil), cat.Render(e, 1, lang, []string{"Ann"})} {
				if strings.Contains(strings.ToLower(txt), "you you") || strings.Contains(strings.ToLower(txt), "vous vous") ||
					strings.ContainsAny(txt, "{}") || !strings.HasSuffix(txt, ".") {
					t.Errorf("%s in %s: %q", key, lang, txt)
				}
			}
		}
	}
}

// Issue 12: components named in both languages, with what they do or score.
// Every id a view or an event can show is in the catalogue, and the help of
// each trophy states every number its scoring uses.
func TestCatalogueComponents(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	c := Game.(*game).c
	var ids []string
	for i := int8(0); i < numLand; i++ {
		ids = append(ids, landID(i), landTypeID(&c.land[i]))
	}
	for i := int8(0); i < numTrophy; i++ {
		ids = append(ids, trophyID(i))
	}
	for i := int8(0); i < numVillage; i++ {
		ids = append(ids, villageID(i))
	}
	ids = append(ids, "landscape", "trophy", "first-player", "land-deck", "trophy-deck", "land-display",
		"trophy-display", "special:1", "special:2")
	for _, id := range ids {
		k, ok := cat.Component(id)
		if !ok || texts.Name(k.ID, "en") == "" || texts.Name(k.ID, "fr") == "" || texts.Help(k.ID, "en") == "" || texts.Help(k.ID, "fr") == "" {
			t.Errorf("component %q: %+v", id, k)
		}
	}
	if k, _ := cat.Component("land:1"); texts.Name(k.ID, "en") != "red rose (pond)" || texts.Name(k.ID, "fr") != "rose rouge (bassin)" {
		t.Errorf("land:1 is named %q", texts.Name(k.ID, "en"))
	}
	if k, _ := cat.Component("land:16"); texts.Name(k.ID, "en") != "red lily (birch, willow)" || texts.Name(k.ID, "fr") != "lys rouge (bouleau, saule)" {
		t.Errorf("land:16 is named %q", texts.Name(k.ID, "en"))
	}
	for i := range c.trophies {
		tr := &c.trophies[i]
		k, _ := cat.Component(trophyID(int8(i)))
		var nums []int
		for _, w := range tr.per {
			nums = append(nums, int(w))
		}
		for _, p := range tr.table.points {
			nums = append(nums, int(p))
		}
		for _, st := range tr.sets {
			nums = append(nums, st.points)
		}
		for _, cs := range tr.cases {
			nums = append(nums, cs.points)
		}
		for _, v := range nums {
			if v == 0 {
				continue
			}
			for _, help := range []string{texts.Help(k.ID, "en"), texts.Help(k.ID, "fr")} {
				if !strings.Contains(help, fmt.Sprintf("%+d", v)) {
					t.Errorf("trophy #%d: help %q does not state %+d", i+1, help, v)
				}
			}
		}
	}
}

// swapFromDeck puts a card matching desc, taken from the landscape deck or
// the cards removed at setup, at *dst, and *dst's card where it was: every
// card stays in one place, as determinized copies need.
func swapFromDeck(t *testing.T, s *state, dst *int8, desc string) {
	t.Helper()
	want, err := parseCardDesc(desc)
	if err != nil {
		t.Fatal(err)
	}
	match := func(c int8) bool {
		k := s.card(c)
		return k.Lawn == want.Lawn && k.Colour == want.Colour && k.Flower == want.Flower && k.Feature == want.Feature && k.Trees == want.Trees
	}
	for _, pile := range [][]int8{s.land.cards[:s.land.n], s.removedLand[:s.nRemovedLand]} {
		for i := range pile {
			if match(pile[i]) {
				pile[i], *dst = *dst, pile[i]
				return
			}
		}
	}
	t.Fatalf("no %s in the deck", desc)
}

// Issue 12: the events of each kind of move, who sees them, and which are
// reveals. Nothing public carries a hand slot or a secret card.
func TestEventsKeyedAndClassified(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	names := []string{"Ann", "Bob", "Cy"}
	render := func(evs []engine.Event, viewer int, lang string) []string {
		var out []string
		for _, e := range engine.Visible(evs, viewer) {
			out = append(out, cat.Render(e, viewer, lang, names))
		}
		return out
	}
	s := newState(t, 3, 12, engine.Options{"first": "1"})
	swapFromDeck(t, s, &s.landDisp[0], "lawn")
	swapFromDeck(t, s, &s.pl[2].hand[0], "lawn")
	if conservation(s) != nil || consistency(s) != nil {
		t.Fatal("test setup: a card in two places")
	}
	ev := apply(t, s, "take 1")
	if len(ev) != 2 || ev[0].Key != "take-land" || ev[0].Reveal || ev[1].Key != "reveal-land" || !ev[1].Reveal {
		t.Fatalf("take from the display: %+v", ev)
	}
	got := render(ev, 1, "en")
	if got[0] != "Ann takes a landscape card from the display: lawn." || !strings.HasPrefix(got[1], "Ann reveals a new landscape card: ") {
		t.Errorf("take, as Bob reads it: %q", got)
	}
	if got = render(ev, 0, "fr"); got[0] != "Vous prenez une carte Aménagement paysager face visible\u00a0: pelouse." {
		t.Errorf("take, as Ann reads it in French: %q", got)
	}
	// The card taken face up is public: placing it is no reveal.
	ev = apply(t, s, "place h4 r2c2")
	if len(ev) == 0 || ev[0].Key != "place" || ev[0].Reveal {
		t.Fatalf("placing a known card: %+v", ev)
	}
	if got := render(ev, 2, "fr")[0]; got != "Ann place une carte Aménagement paysager en rangée 2, colonne 2\u00a0: pelouse." {
		t.Errorf("place in French: %q", got)
	}
	// Bob draws blind: the others learn that he drew, he learns what.
	ev = apply(t, s, "take deck")
	if len(ev) != 2 || ev[0].Key != "draw-land" || ev[0].Private != -1 || ev[1].Private != 1 || ev[1].Key != "drawn-land" {
		t.Fatalf("blind draw: %+v", ev)
	}
	if got := render(ev, 1, "en"); got[0] != "You draw the top card of the landscape deck." || !strings.HasPrefix(got[1], "Card drawn: ") {
		t.Errorf("blind draw as Bob reads it: %q", got)
	}
	if got := render(ev, 2, "en"); len(got) != 1 || got[0] != "Bob draws the top card of the landscape deck." {
		t.Errorf("blind draw as Cy reads it: %q", got)
	}
	// Bob discards: the others learn neither the card nor the slot.
	ev = apply(t, s, "discard h3")
	for _, e := range ev {
		if e.Private < 0 && len(e.Args) != 0 {
			t.Errorf("public event %q carries %+v", e.Key, e.Args)
		}
	}
	if got := render(ev, 1, "en"); got[0] != "You discard a card face down." || !strings.HasPrefix(got[1], "Card discarded: ") {
		t.Errorf("discard as Bob reads it: %q", got)
	}
	if got := render(ev, 0, "fr"); len(got) != 1 || got[0] != "Bob défausse une carte face cachée." {
		t.Errorf("discard as Ann reads it in French: %q", got)
	}
	// Placing a card from a hidden hand reveals it.
	apply(t, s, "take deck")
	ev = apply(t, s, "place h1 r1c1")
	if ev[0].Key != "place" || !ev[0].Reveal {
		t.Errorf("placing a hidden card: %+v", ev[0])
	}
	if got := render(ev, 0, "en")[0]; got != "Cy places a landscape card at row 1, column 1: lawn." {
		t.Errorf("place, as Ann reads it: %q", got)
	}
	// A trophy: taken from the display (public), the refill revealed, then
	// put into a slot over another trophy.
	ev = apply(t, s, "trophy 2")
	ev = append(ev, apply(t, s, "put c1")...)
	var keys []string
	for _, e := range ev {
		keys = append(keys, e.Key)
	}
	if !slices.Equal(keys, []string{"take-trophy", "reveal-trophy", "put-trophy-over"}) || !ev[1].Reveal || ev[2].Reveal {
		t.Errorf("trophy events %v", keys)
	}
	if got := render(ev, 1, "en")[2]; !strings.HasPrefix(got, "Ann places the trophy card in the slot above column 1, covering ") {
		t.Errorf("put, as Bob reads it: %q", got)
	}
	if got := render(ev, 0, "fr")[2]; !strings.HasPrefix(got, "Vous placez la carte Trophée dans l'emplacement au-dessus de la colonne 1, sur ") {
		t.Errorf("put, as Ann reads it in French: %q", got)
	}
	// Special 1: the count goes under the deck, never the order chosen.
	ev = apply(t, s, "refresh trophy 312")
	if ev[0].Key != "refresh-trophy" || ev[0].Reveal || len(ev[0].Args) != 1 || ev[0].Args[0] != engine.Num(3) {
		t.Errorf("special 1: %+v", ev[0])
	}
	if got := render(ev, 0, "fr")[0]; got != "Bob retourne sa carte Village face cachée\u00a0: 3 cartes Trophée passent tout en bas du paquet (action spéciale 1)." {
		t.Errorf("special 1 in French: %q", got)
	}
	if len(ev) != 4 {
		t.Errorf("special 1 reveals %d cards, want 3", len(ev)-1)
	}
	for _, e := range ev[1:] {
		if e.Key != "reveal-trophy" || !e.Reveal {
			t.Errorf("special 1 reveals: %+v", e)
		}
	}
}

// Issue 12: a public event that follows a reveal in the same move depends on
// it (here the card placed from a hidden hand decides that the turn ends
// and the end is triggered), so it is a reveal too.
func TestEventsAfterARevealAreReveals(t *testing.T) {
	s := newState(t, 2, 3, engine.Options{"first": "1"})
	setVillage(t, s, 0, `{"cells":{"r1c1":"lawn","r1c2":"lawn","r1c3":"lawn","r2c1":"lawn","r2c2":"lawn","r2c3":"lawn",
		"r3c1":"red rose pond","r3c2":"red rose structure"}}`)
	setHand(t, s, 0, "blue rose pond", "blue lily pond", "yellow lily pond", "red lily pond")
	s.phase = phPlace
	ev := apply(t, s, "place h4 r3c3")
	var keys []string
	for _, e := range ev {
		keys = append(keys, e.Key)
		if !e.Reveal {
			t.Errorf("%s: not a reveal", e.Key)
		}
	}
	if !slices.Equal(keys, []string{"place", "end-triggered-village"}) {
		t.Errorf("events %v", keys)
	}
}

// Issue 12: structured move descriptions use the view's ids, in the order a
// player chooses the parts.
func TestDescribeMove(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	for txt, want := range map[string]string{
		"take 2":            `{"kind":"take-land","from":"land-display:2"}`,
		"take deck":         `{"kind":"take-land","from":"land-deck"}`,
		"trophy 3":          `{"kind":"take-trophy","from":"trophy-display:3"}`,
		"trophy deck":       `{"kind":"take-trophy","from":"trophy-deck"}`,
		"refresh land 312":  `{"kind":"refresh","display":"land-display","first":"land-display:3","second":"land-display:1","third":"land-display:2"}`,
		"refresh trophy 21": `{"kind":"refresh","display":"trophy-display","first":"trophy-display:2","second":"trophy-display:1"}`,
		"special2":          `{"kind":"special2"}`,
		"place h2 r1c3":     `{"kind":"place","card":"hand:2","cell":"r1c3"}`,
		"cover h1 r2c2":     `{"kind":"cover","card":"hand:1","cell":"r2c2"}`,
		"discard h4":        `{"kind":"discard","to":"discard-pile","card":"hand:4"}`,
		"put r2":            `{"kind":"put","slot":"r2"}`,
		"end":               `{"kind":"end"}`,
		"pass":              `{"kind":"pass"}`,
	} {
		if got := enginetest.DescribeJSON(t, s, txt); got != want {
			t.Errorf("%s: %s, want %s", txt, got, want)
		}
	}
	// Every id a description names is in the mover's view.
	rng := engine.NewRNG(3)
	for !s.Over() {
		view := viewJSON(t, s, s.ToMove())
		ms := s.LegalMoves(nil)
		for _, m := range ms {
			for _, p := range s.DescribeMove(m).Parts {
				if !strings.Contains(view, `"id":"`+p.ID+`"`) {
					t.Fatalf("%s: %s %q is not an id of the view", s.FormatMove(m), p.Name, p.ID)
				}
			}
		}
		if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
			t.Fatal(err)
		}
	}
}

// Issue 12, undo: a seat may take back its own last moves that revealed
// nothing, until another seat acts.
func TestUndo(t *testing.T) {
	fresh := func() *state {
		s := newState(t, 3, 12, engine.Options{"first": "1"})
		swapFromDeck(t, s, &s.landDisp[0], "lawn")
		return s
	}
	for _, c := range []struct {
		name  string
		moves []string
		seat  int
		want  int
	}{
		// The take reveals the refill; placing the card taken face up reveals
		// nothing: it may be taken back, the take may not.
		{"take then place the known card", []string{"take 1", "place h4 r2c2"}, 0, 1},
		// A card from the hidden hand is revealed by being played.
		{"take then place a hidden card", []string{"take 1", "place h1 r2c2"}, 0, 0},
		// A face-down discard shows nobody anything.
		{"take then discard", []string{"take 1", "discard h2"}, 0, 1},
		{"blind draw", []string{"take deck"}, 0, 0},
		{"blind draw then discard", []string{"take deck", "discard h1"}, 0, 1},
		// The trophy taken reveals the refill; its slot is a free choice.
		{"trophy then put", []string{"trophy 1", "put r2"}, 0, 1},
		{"trophy from the deck", []string{"trophy deck"}, 0, 0},
		{"special 1", []string{"refresh land 123"}, 0, 0},
		// Another seat has acted since: nothing may be taken back.
		{"after another seat's move", []string{"take 1", "discard h2", "trophy 1"}, 0, 0},
		{"the other seat's own move", []string{"take 1", "discard h2", "trophy 1", "put c1"}, 1, 1},
		{"not your move", []string{"take 1", "discard h2"}, 1, 0},
	} {
		s := fresh()
		if got := engine.Undoable(s, enginetest.ApplyMoves(t, s.Clone(), c.moves...), c.seat); got != c.want {
			t.Errorf("%s: seat %d may take back %d moves, want %d", c.name, c.seat, got, c.want)
		}
	}
	// Special 2 (turning the village card) reveals nothing.
	s := fresh()
	swapFromDeck(t, s, &s.landDisp[1], "lawn")
	ms := enginetest.ApplyMoves(t, s.Clone(), "take 1", "place h4 r2c2", "take deck", "discard h1", "take deck", "discard h1", "special2")
	if got := engine.Undoable(s, ms, 0); got != 1 {
		t.Errorf("special 2: %d, want 1", got)
	}
	// With the landscape deck empty, a card taken from the display is not
	// replaced: nothing is revealed.
	s = fresh()
	s.land.n = 0
	if got := engine.Undoable(s, enginetest.ApplyMoves(t, s.Clone(), "take 2"), 0); got != 1 {
		t.Errorf("take with an empty deck: %d, want 1", got)
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// Issue 12: the drawing fits 80 columns at every player count, in both
// languages, coloured or not, on real positions of random games for every
// viewer; the French drawing has no English label left.
func TestDrawFits80Columns(t *testing.T) {
	english := regexp.MustCompile(`\b(Player|Hand|Trophy|Trophies|deck|display|face up|face down|empty|turn|cards|you|yours|lawn|peti|lily|POND)\b`)
	for n := 1; n <= 5; n++ {
		for g := 0; g < 3; g++ {
			s := newState(t, n, uint64(300+g), nil)
			rng := engine.NewRNG(uint64(g))
			for k := 0; !s.Over(); k++ {
				if k%5 == 0 || s.phase == phTrophyPlace && k%2 == 0 {
					for v := engine.Spectator; v < n; v++ {
						for _, st := range []engine.Style{{Lang: "en"}, {Lang: "fr", Color: true}} {
							txt := s.Draw(v, st)
							for _, line := range strings.Split(txt, "\n") {
								if w := utf8.RuneCountInString(ansi.ReplaceAllString(line, "")); w > 80 {
									t.Fatalf("%d players, move %d, viewer %d, %+v: a line of %d columns:\n%s", n, k, v, st, w, line)
								}
							}
							if st.Lang == "fr" {
								if w := english.FindString(ansi.ReplaceAllString(txt, "")); w != "" {
									t.Fatalf("%d players, viewer %d: English %q in the French drawing:\n%s", n, v, w, txt)
								}
							}
						}
					}
				}
				ms := s.LegalMoves(nil)
				if err := s.Apply(secretive(s, ms, &rng), nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// Issue 13: position files are read as a person writes them: a byte-order
// mark is fine, a "game" field naming this game is fine; null, a list, a
// file without "cells" and another game's file are refused in plain words.
func TestIssue13_PositionFiles(t *testing.T) {
	sc := Game.(engine.PositionScorer)
	for _, ok := range []string{
		`{"game":"english-gardens","cells":{"r1c1":"red rose pond"}}`,
		"\xEF\xBB\xBF" + `{"cells":{"r1c1":"red rose pond"}}`,
		`{"cells":{}}`,
	} {
		if _, err := sc.ScorePosition([]byte(ok)); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{`null`, "not null"},
		{`[]`, "not a list"},
		{`"village"`, "not a string"},
		{`{"village":"up"}`, `missing field "cells"`},
		{`{"cells":null}`, `missing field "cells"`},
		{`{"game":"hanging-gardens","cells":{}}`, "does not look like an english-gardens position"},
		{"{\n  \"cells\": {\"r1c1\": \"lawn\",}\n}", "line 2, column"},
		{`{"cells":[]}`, "field cells: want an object, not array"},
		{`{"cells":{},"solo":"yes"}`, "field solo: want true or false"},
		{`{"cells":{},"game":7}`, "field game: want a string"},
		{`{"cells":{}}{}`, "after its JSON object"},
	} {
		_, err := sc.ScorePosition([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to mention %q", c.in, err, c.want)
			continue
		}
		for _, goName := range []string{"map[", "json.", "RawMessage", "[]string", "englishgardens.", "struct"} {
			if strings.Contains(err.Error(), goName) {
				t.Errorf("%q: error %q names a Go type", c.in, err)
			}
		}
	}
}

// The game page documents every event key, every move kind and part, and
// every view field.
func TestDocPageListsKeys(t *testing.T) {
	page, err := os.ReadFile("../../docs/english-gardens.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(page)
	for key := range messages() {
		if !strings.Contains(doc, "| `"+key+"` |") {
			t.Errorf("event key %q is not in the events table", key)
		}
	}
	s := newState(t, 1, 1, nil)
	for k := uint8(mkTakeLand); k < mkLimit; k++ {
		for a := uint8(0); a < 6; a++ {
			d := s.DescribeMove(move{kind: k, a: a, b: orderCode([]int{2, 0, 1})}.pack())
			if d.Kind == "unknown" {
				continue
			}
			if !strings.Contains(doc, "| `"+d.Kind+"` |") {
				t.Errorf("move kind %q is not in the table", d.Kind)
			}
			for _, p := range d.Parts {
				if !strings.Contains(doc, "`"+p.Name+"`") {
					t.Errorf("part %q of %q is not documented", p.Name, d.Kind)
				}
			}
		}
	}
	var fields func(reflect.Type)
	fields = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct {
			return
		}
		for i := 0; i < ty.NumField(); i++ {
			name, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
			if !strings.Contains(doc, "`"+name+"`") && !strings.Contains(doc, `"`+name+`"`) {
				t.Errorf("view field %q (%s) is not documented", name, ty.Name())
			}
			fields(ty.Field(i).Type)
		}
	}
	fields(reflect.TypeOf(View{}))
}
