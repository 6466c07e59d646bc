package schlossgarten

import (
	"regexp"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// notationInText matches what a sentence must never show: a square as the
// notation writes it ("4,5", "(4,5)"), a cell id of another game's shape
// ("r1c3"), a card or code id ("C07", "TR02") or a component id ("king:red").
var notationInText = regexp.MustCompile(`\b\d+,\d+\b|\br\d+c\d+\b|\b[A-Z]{1,2}\d{2}\b|\b[a-z]+\d?:[a-z0-9]+\b`)

// No event nor prompt, in any language and for any viewer, names a square,
// a card or a pawn by its notation or its id, over random games of every
// player count: a player reads squares as the drawing numbers them.
func TestSentencesShowNoNotation(t *testing.T) {
	cat := catalog()
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	langs := []string{"en", "fr", "de"}
	check := func(what, txt string) {
		t.Helper()
		if m := notationInText.FindString(txt); m != "" {
			t.Fatalf("%s shows %q: %q", what, m, txt)
		}
	}
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		for g := uint64(0); g < 2; g++ {
			s := st(t, n, 900+g)
			rng := engine.NewRNG(g + 90)
			for !s.Over() {
				p := s.Prompt()
				for _, lang := range langs {
					for v := engine.Spectator; v < n; v++ {
						check("prompt "+p.Key, cat.Prompt(p, s.ToMove(), v, lang, names))
					}
				}
				buf = s.LegalMoves(buf[:0])
				m := buf[rng.Intn(len(buf))]
				if s.phase == phWork || s.phase == phMove && rng.Intn(3) == 0 {
					m = greedyMove(s, buf)
				}
				var log engine.Log
				if err := s.Apply(m, &log); err != nil {
					t.Fatal(err)
				}
				for _, e := range log.Events {
					for v := engine.Spectator; v < n; v++ {
						if !e.VisibleTo(v) {
							continue
						}
						for _, lang := range langs {
							check("event "+e.Key, cat.Render(e, v, lang, names))
						}
					}
				}
			}
		}
	}
}

// The pattern itself catches what it is for, and lets words through.
func TestNotationPattern(t *testing.T) {
	for _, c := range []struct {
		txt  string
		want bool
	}{
		{"You move the king from 4,5 to 3,6.", true},
		{"on r1c3", true},
		{"You take C07.", true},
		{"the king:red", true},
		{"You move your king from column 4, row 5 to column 3, row 6 (move 1 of 5).", false},
		{"Vous prenez la carte constellation J·A / ·R·.", false},
		{"300 turns have been played: the game ends.", false},
		{"total : 21 points.", false},
	} {
		if got := notationInText.MatchString(c.txt); got != c.want {
			t.Errorf("%q: match %v, want %v", c.txt, got, c.want)
		}
	}
}
