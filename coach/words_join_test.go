package coach

import (
	"context"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/games"
)

// The words of a move are sentences in each language: joined by the
// catalogue (French sets a narrow no-break space before ";"), and a move
// whose event shows what only chance decides (the trophy drawn) reads as
// the game's sentence without it, not as a label ("piocher une carte
// Trophée, paquet Trophée").
func TestWordsReadAsSentences(t *testing.T) {
	joined, drawn := 0, 0
	for _, id := range []string{"english-gardens", "alices-garden", "hanging-gardens", "happy-garden", "schlossgarten"} {
		rec := load(t, "../docs/examples/"+id+".record.json")
		g, pos, err := Positions(games.Registry(), rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Analyze(context.Background(), g, names(rec), pos, Options{Budget: Budget{Halving: 8, Final: 4}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range r.Decisions {
			for _, m := range d.root.LegalMoves(nil) {
				fr := r.Words(d, m, "fr")
				if i := strings.Index(fr, ";"); i >= 0 {
					joined++
					if !strings.HasSuffix(fr[:i], "\u202f") {
						t.Errorf("%s move %d: %q: no French space before ;", id, d.Step, fr)
					}
				}
				desc := d.root.DescribeMove(m)
				if desc.Kind != "take-trophy" || len(desc.Parts) == 0 || desc.Parts[0].ID != "trophy-deck" {
					continue
				}
				drawn++
				for lang, want := range map[string]string{"en": "the top card of the trophy deck", "fr": "la première carte du paquet Trophée", "de": "die oberste Karte des Trophäenstapels"} {
					if w := r.Words(d, m, lang); !strings.Contains(w, want) || strings.Contains(w, ",") {
						t.Errorf("%s move %d (%s): %q, want a sentence with %q", id, d.Step, lang, w, want)
					}
				}
			}
		}
	}
	if joined == 0 || drawn == 0 {
		t.Errorf("%d joined words, %d trophy draws: the test proves nothing", joined, drawn)
	}
}
