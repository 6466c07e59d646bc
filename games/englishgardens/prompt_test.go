package englishgardens

import (
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Issue 21: every decision kind has a prompt of its own, reached here by
// notation moves from set-up positions.
func TestPrompt(t *testing.T) {
	emptyDecks := func(land, trophy bool) func(*testing.T, *state) {
		return func(t *testing.T, s *state) {
			if land {
				s.land.n, s.landDisp = 0, [3]int8{-1, -1, -1}
			}
			if trophy {
				s.tro.n, s.troDisp = 0, [3]int8{-1, -1, -1}
			}
		}
	}
	special2 := func(t *testing.T, s *state) {
		setVillage(t, s, 0, `{"cells":{"r1c1":"red rose pond","r1c2":"blue lily pond"}}`)
		setHand(t, s, 0, "yellow petunia pond", "yellow petunia pond", "yellow petunia pond")
		setLandDisplay(t, s, "yellow petunia oak", "blue rose pond", "")
	}
	structure := func(t *testing.T, s *state) {
		setVillage(t, s, 0, `{"cells":{}}`)
		setLandDisplay(t, s, "red rose structure", "", "")
	}
	soloStuck := func(t *testing.T, s *state) {
		setVillage(t, s, 0, ringVillage)
		setHand(t, s, 0, "blue lily pond", "blue lily pond", "blue lily pond")
		setLandDisplay(t, s, "red lily pond", "", "")
		s.land.cards[s.land.n-1] = card(t, "blue petunia oak")
	}
	for _, c := range []struct {
		name    string
		players int
		setup   func(*testing.T, *state)
		moves   []string
		key     string
		args    []int // the {n} arguments
	}{
		{"turn start, village card up", 2, nil, nil, "start", []int{0, 1, 0}},
		{"after special 1", 2, nil, []string{"refresh land 123"}, "start", []int{0, 0, 0}},
		{"village card down", 2, func(t *testing.T, s *state) { s.pl[0].villageUp = false }, nil, "start", []int{0, 0, 0}},
		{"no trophy left", 2, emptyDecks(false, true), nil, "start", []int{1, 1, 0}},
		{"no landscape left", 2, emptyDecks(true, false), nil, "start", []int{2, 1, 0}},
		{"nothing left", 2, emptyDecks(true, true), nil, "pass", nil},
		{"place or discard", 2, nil, []string{"take 1"}, "place", nil},
		{"special 2, take", 2, special2, []string{"special2"}, "special2-take", nil},
		{"special 2, cover", 2, special2, []string{"special2", "take 2"}, "special2-cover", nil},
		{"structure placed", 2, structure, []string{"take 1", "place h4 r1c1"}, "structure-trophy", nil},
		{"trophy taken", 2, nil, []string{"trophy 1"}, "trophy-place", nil},
		{"trophy for a structure", 2, structure, []string{"take 1", "place h4 r1c1", "trophy 1"}, "trophy-place", nil},
		{"solo start", 1, nil, nil, "start", []int{0, 1, 1}},
		{"solo, a card fits", 1, nil, []string{"take 1"}, "place-solo", nil},
		{"solo, no card fits", 1, soloStuck, []string{"take deck"}, "discard-solo", nil},
		{"solo trophy", 1, nil, []string{"trophy 1"}, "trophy-place-empty", nil},
		{"solo trophy for a structure", 1, structure, []string{"take 1", "place h4 r1c1", "trophy 1"}, "trophy-place", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newState(t, c.players, 4, engine.Options{"first": "1"})
			if c.setup != nil {
				c.setup(t, s)
			}
			for _, m := range c.moves {
				apply(t, s, m)
			}
			p := s.Prompt()
			var args []int
			for _, a := range p.Args {
				if a.Kind != engine.ArgNum {
					t.Fatalf("argument %+v: want numbers only", a)
				}
				args = append(args, a.N)
			}
			if p.Key != c.key || !slices.Equal(args, c.args) {
				t.Errorf("prompt %s %v, want %s %v", p.Key, args, c.key, c.args)
			}
			if !texts.Bundle().Has("prompt."+p.Key) || !texts.Bundle().Has("prompt."+p.Key+".you") {
				t.Fatalf("prompt %s: not in the catalogue", p.Key)
			}
			for _, lang := range texts.Langs() {
				// The others read the actor's name; the actor is asked.
				if txt := texts.Prompt(p, 0, engine.Spectator, lang, []string{"Ann", "Bob"}); !strings.Contains(txt, "Ann") {
					t.Errorf("%s, as others read it: %q", lang, txt)
				}
				if txt := texts.Prompt(p, 0, 0, lang, []string{"Ann", "Bob"}); txt == "" || strings.Contains(txt, "Ann") {
					t.Errorf("%s, as the player reads it: %q", lang, txt)
				}
				if testing.Verbose() {
					t.Logf("%s: %s", lang, texts.Prompt(p, 0, 0, lang, nil))
				}
			}
		})
	}
	s := newState(t, 2, 4, nil)
	for !s.Over() {
		apply(t, s, s.FormatMove(s.LegalMoves(nil)[0]))
	}
	if p := s.Prompt(); p.Key != "" {
		t.Errorf("game over: prompt %+v, want none", p)
	}
}

// Issue 21: nothing irreversible on a selecting click. A page plays a move
// as soon as one matches the ids clicked so far, so no hand card may lead
// to a discard: a discard starts on the discard pile, a target of its own.
// Checked on every decision of seeded games, and on the review's case (a
// hand card that fits no cell).
func TestDiscardIsItsOwnChoice(t *testing.T) {
	check := func(t *testing.T, s *state) {
		t.Helper()
		for _, m := range s.LegalMoves(nil) {
			d := s.DescribeMove(m)
			first := d.Parts
			if len(first) == 0 {
				continue
			}
			switch {
			case d.Kind == "discard" && (first[0].ID != "discard-pile" || len(first) != 2):
				t.Fatalf("%s: %+v, want the discard pile first, then the card", s.FormatMove(m), d)
			case d.Kind != "discard" && first[0].ID == "discard-pile":
				t.Fatalf("%s: %+v starts on the discard pile", s.FormatMove(m), d)
			}
		}
	}
	for seed := uint64(1); seed <= 20; seed++ {
		s := newState(t, 2+int(seed%4), seed, nil)
		rng := engine.NewRNG(seed)
		for !s.Over() {
			check(t, s)
			ms := s.LegalMoves(nil)
			if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The review's case: the blue lily fits no cell of a ring of reds and
	// yellows; a click on it offers nothing, the discard pile offers all.
	s := newState(t, 2, 3, engine.Options{"first": "1"})
	setVillage(t, s, 0, ringVillage)
	setHand(t, s, 0, "blue lily pond", "red rose pond", "red rose pond")
	setLandDisplay(t, s, "blue lily structure", "", "")
	apply(t, s, "take 1")
	var fromCard, fromPile []string
	for _, m := range s.LegalMoves(nil) {
		d := s.DescribeMove(m)
		switch d.Parts[0].ID {
		case "hand:1", "hand:4":
			fromCard = append(fromCard, s.FormatMove(m))
		case "discard-pile":
			fromPile = append(fromPile, d.Get("card"))
		}
	}
	if len(fromCard) != 0 {
		t.Errorf("a click on a blue lily leads to %v, want nothing", fromCard)
	}
	if want := []string{"hand:1", "hand:2", "hand:3", "hand:4"}; !slices.Equal(fromPile, want) {
		t.Errorf("the discard pile leads to %v, want %v", fromPile, want)
	}
}
