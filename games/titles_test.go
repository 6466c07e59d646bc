package games_test

import (
	"testing"

	"github.com/jardin-games/jardin/games"
)

// Every game's title in every language is its catalogue's, as its
// publisher titled it there or a faithful rendering: the German title of
// English Gardens is German (it was English), the French one French.
func TestTitlesInEveryLanguage(t *testing.T) {
	want := map[string]map[string]string{
		"alices-garden":   {"en": "Alice's Garden", "fr": "Alice's Garden", "de": "Alice's Garden"},
		"english-gardens": {"en": "English Gardens (Village Green)", "fr": "Jardins Anglais", "de": "Englische Gärten (Village Green)"},
		"hanging-gardens": {"en": "The Hanging Gardens", "fr": "Les Jardins Suspendus", "de": "Die Hängenden Gärten"},
		"happy-garden":    {"en": "Happy Garden", "fr": "Happy Garden", "de": "Happy Garden"},
		"schlossgarten":   {"en": "Der Prestel Schlossgarten (The Palace Garden)", "fr": "Der Prestel Schlossgarten (Le Jardin du château)", "de": "Der Prestel Schlossgarten"},
	}
	for _, g := range games.Registry().All() {
		w, ok := want[g.ID()]
		if !ok {
			t.Errorf("%s: no titles expected", g.ID())
			continue
		}
		for lang, title := range w {
			if got := g.Title(lang); got != title {
				t.Errorf("%s in %s: %q, want %q", g.ID(), lang, got, title)
			}
		}
	}
}
