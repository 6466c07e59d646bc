package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

// TestTextsNameEveryComponentInViews checks that the sync's texts (the
// catalogue's listed components, textsOf) name, in English and French,
// every component id a view shows, at the start and as random games go on,
// from every seat and the spectator's. A component id is a string of the
// view that the catalogue knows (listed, or named by its Names function,
// which the sync cannot send since it cannot list them), or one that starts
// like a listed component's id ("tile:", "card:"). The browser test
// e2e/tests/texts.spec.ts checks the same from the renderers' side: every
// id they look up is found.
func TestTextsNameEveryComponentInViews(t *testing.T) {
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			tx, ok := g.(engine.Texter)
			if !ok {
				t.Skip("no catalogue")
			}
			cat := tx.Texts()
			texts := map[string]map[string]compText{"en": textsOf(cat, "en"), "fr": textsOf(cat, "fr")}
			// what the sync carries (go test -v shows it)
			t.Logf("texts: %d components, %d bytes of JSON in French", len(texts["fr"]), len(mustJSON(texts["fr"])))
			prefixes := map[string]bool{}
			for _, c := range cat.Components {
				if p, _, ok := strings.Cut(c.ID, ":"); ok {
					prefixes[p] = true
				}
			}
			_, players := g.Players()
			missing := map[string]string{} // id → where it was first seen
			check := func(s engine.State, ply int) {
				for seat := -1; seat < players; seat++ {
					b, err := json.Marshal(s.View(seat))
					if err != nil {
						t.Fatalf("ply %d, seat %d: view: %v", ply, seat, err)
					}
					var v any
					if err := json.Unmarshal(b, &v); err != nil {
						t.Fatalf("ply %d, seat %d: view: %v", ply, seat, err)
					}
					walkStrings(v, func(id string) {
						p, _, hasPrefix := strings.Cut(id, ":")
						if !cat.Known(id) && !(hasPrefix && prefixes[p]) {
							return
						}
						for lang, m := range texts {
							if m[id].Name == "" {
								if _, seen := missing[id]; !seen {
									missing[id] = fmt.Sprintf("%s, ply %d, seat %d", lang, ply, seat)
								}
							}
						}
					})
				}
			}
			for _, seed := range []uint64{1, 2} {
				s, err := g.New(players, seed, nil)
				if err != nil {
					t.Fatalf("New(%d, %d): %v", players, seed, err)
				}
				rng := engine.NewRNG(seed)
				var moves []engine.Move
				for ply := 0; ; ply++ {
					if ply%6 == 0 || s.Over() {
						check(s, ply)
					}
					if s.Over() || ply == 600 {
						break
					}
					moves = s.LegalMoves(moves[:0])
					if err := s.Apply(moves[rng.Intn(len(moves))], nil); err != nil {
						t.Fatalf("seed %d, ply %d: %v", seed, ply, err)
					}
				}
			}
			for id, where := range missing {
				t.Errorf("%s (%s): not in the sync's texts", id, where)
			}
		})
	}
}

// walkStrings calls f with every string of a decoded JSON value, keys aside.
func walkStrings(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case []any:
		for _, e := range x {
			walkStrings(e, f)
		}
	case map[string]any:
		for _, e := range x {
			walkStrings(e, f)
		}
	}
}
