package server

import (
	"testing"

	"github.com/jardin-games/jardin/games"
)

// The tutorial's and the rules page's seats stand alone as labels (a score
// pad's rows, the seat list): "Joueur 1", capitalised, not the sentence's
// "joueur 1" (a newcomer's report).
func TestLearnSeatLabels(t *testing.T) {
	ts := startServer(t, "", Config{})
	anon := &client{t: t, base: ts.URL}
	want := map[string]string{"en": "Player 1", "fr": "Joueur 1", "de": "Spieler 1"}
	for _, g := range games.Registry().All() {
		for lang, w := range want {
			var rj rulesJSON
			if code := anon.call("GET", "/api/rules/"+g.ID()+"?lang="+lang, nil, &rj); code != 200 {
				t.Fatalf("%s rules: %d", g.ID(), code)
			}
			if len(rj.Names) == 0 || rj.Names[0] != w {
				t.Errorf("%s rules in %s: names %q, want %q first", g.ID(), lang, rj.Names, w)
			}
			var lj learnJSON
			if code := anon.call("GET", "/api/learn/"+g.ID()+"?lang="+lang, nil, &lj); code != 200 {
				t.Fatalf("%s learn: %d", g.ID(), code)
			}
			if len(lj.Names) == 0 || lj.Names[0] != w {
				t.Errorf("%s tutorial in %s: names %q, want %q first", g.ID(), lang, lj.Names, w)
			}
		}
	}
}
