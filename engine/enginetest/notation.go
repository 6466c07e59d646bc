package enginetest

import (
	"regexp"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// NotationInText matches what a sentence shown to a person must never hold:
// a place as a notation writes it ("4,5", "r2c3"), a component's code
// ("C07", "TR02", "O03") or an id ("bonus:g", "king:red", "orient:r90f").
var NotationInText = regexp.MustCompile(`\b\d+,\d+\b|\br\d+c\d+\b|\b[A-Z]{1,2}\d{2}\b|\b[a-z]+\d?:[A-Za-z0-9]+\b`)

// Chooser picks the next move of a game a test plays (nil: at random).
type Chooser func(s engine.State, legal []engine.Move, rng *engine.RNG) engine.Move

// SentencesShowNoNotation plays games of g (each player count of counts,
// the given number of seeds from seed) and fails on the first prompt or
// event that, in any language of the game's catalogue and for any viewer
// allowed to see it, holds a notation or an id (NotationInText): a player
// reads places as the drawing names them.
func SentencesShowNoNotation(t *testing.T, g engine.Game, counts []int, seeds int, seed uint64, choose Chooser) {
	t.Helper()
	cat := g.(engine.Texter).Texts()
	names := []string{"Ann", "Bob", "Cid", "Dee", "Eve"}
	check := func(what, txt string) {
		t.Helper()
		if m := NotationInText.FindString(txt); m != "" {
			t.Fatalf("%s shows %q: %q", what, m, txt)
		}
	}
	var buf []engine.Move
	for _, n := range counts {
		for k := uint64(0); k < uint64(seeds); k++ {
			s, err := g.New(n, seed+k, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(seed + k + 1)
			for !s.Over() {
				p := s.Prompt()
				for _, lang := range cat.Langs() {
					for v := engine.Spectator; v < n; v++ {
						check("prompt "+p.Key, cat.Prompt(p, s.ToMove(), v, lang, names))
					}
				}
				buf = s.LegalMoves(buf[:0])
				m := buf[rng.Intn(len(buf))]
				if choose != nil {
					m = choose(s, buf, &rng)
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
						for _, lang := range cat.Langs() {
							check("event "+e.Key, cat.Render(e, v, lang, names))
						}
					}
				}
			}
		}
	}
}
