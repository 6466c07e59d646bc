package alicesgarden

import (
	"regexp"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// notationInText matches what a sentence must never show: a cell as the
// notation writes it ("2,3") or as its id ("r2c3"), a tile's code ("O03",
// "L07") or a component id ("bonus:g", "orient:r90f").
var notationInText = regexp.MustCompile(`\b\d+,\d+\b|\br\d+c\d+\b|\b[A-Z]{1,2}\d{2}\b|\b[a-z]+\d?:[A-Za-z0-9]+\b`)

// No event nor prompt, in any language and for any viewer, names a cell, a
// tile or a token by its notation or its id, over random games of every
// player count, solo included: a player reads cells as the drawing numbers
// its rows and columns.
func TestSentencesShowNoNotation(t *testing.T) {
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	langs := []string{"en", "fr", "de"}
	check := func(what, txt string) {
		t.Helper()
		if m := notationInText.FindString(txt); m != "" {
			t.Fatalf("%s shows %q: %q", what, m, txt)
		}
	}
	var buf []engine.Move
	for n := 1; n <= 4; n++ {
		for g := uint64(0); g < 2; g++ {
			st, err := Game.New(n, 300+g, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			rng := engine.NewRNG(g + 30)
			for !s.Over() {
				p := s.Prompt()
				for _, lang := range langs {
					for v := engine.Spectator; v < n; v++ {
						check("prompt "+p.Key, catalog.Prompt(p, s.ToMove(), v, lang, names))
					}
				}
				buf = s.LegalMoves(buf[:0])
				var log engine.Log
				if err := s.Apply(buf[rng.Intn(len(buf))], &log); err != nil {
					t.Fatal(err)
				}
				for _, e := range log.Events {
					for v := engine.Spectator; v < n; v++ {
						if !e.VisibleTo(v) {
							continue
						}
						for _, lang := range langs {
							check("event "+e.Key, catalog.Render(e, v, lang, names))
						}
					}
				}
			}
		}
	}
}

// The pattern catches what it is for, and lets words through.
func TestNotationPattern(t *testing.T) {
	for _, c := range []struct {
		txt  string
		want bool
	}{
		{"You place the tile, top-left corner at 2,3", true},
		{"on r2c3", true},
		{"You take O03", true},
		{"You place a bonus:g", true},
		{"You place O tile (mushroom, gardener, tree, rose) turned 90°, its top-left square on row 2, column 3", false},
		{"Ann draws O tile from bag O and adds it to the supply", false},
		{"Anna nimmt 3 Bonusplättchen", false},
	} {
		if got := notationInText.MatchString(c.txt); got != c.want {
			t.Errorf("%q: match %v, want %v", c.txt, got, c.want)
		}
	}
}
