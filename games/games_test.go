package games_test

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/sim"
)

// Every game offers the optional parts the command line and the simulator
// use: drawing, position scoring, a heuristic, and its components.
func TestEveryGameIsComplete(t *testing.T) {
	reg := games.Registry()
	if len(reg.All()) != 5 {
		t.Errorf("%d games registered, want 5", len(reg.All()))
	}
	for _, g := range reg.All() {
		if _, ok := g.(engine.PositionScorer); !ok {
			t.Errorf("%s: no position format", g.ID())
		}
		if g.Rules() == "" || g.Title("fr") == "" || g.Title("en") == "" {
			t.Errorf("%s: rules or titles missing", g.ID())
		}
		lo, hi := g.Players()
		for n := lo; n <= hi; n++ {
			s, err := g.New(n, 5, nil)
			if err != nil {
				t.Fatalf("%s, %d players: %v", g.ID(), n, err)
			}
			for _, iface := range []struct {
				name string
				ok   bool
			}{
				{"Drawer", is[engine.Drawer](s)}, {"Evaluator", is[engine.Evaluator](s)},
				{"ComponentReporter", is[engine.ComponentReporter](s)}, {"Copier", is[engine.Copier](s)},
				{"ScoreParter", is[engine.ScoreParter](s)},
			} {
				if !iface.ok {
					t.Errorf("%s: state is not an engine.%s", g.ID(), iface.name)
				}
			}
			// A random game must end and report without failing; a greedy
			// game must leave some components.
			s = enginetest.Advance(s, 1<<20, 9)
			if cr, ok := s.(engine.ComponentReporter); ok {
				for p := 0; p < n; p++ {
					_ = cr.Components(p)
				}
			}
			kinds := make([]string, n)
			for i := range kinds {
				kinds[i] = "greedy"
			}
			if n > 2 {
				continue // one greedy game per game is enough
			}
			_, s, err = sim.Play(context.Background(), g, 3, nil, kinds)
			if err != nil {
				t.Fatalf("%s: %v", g.ID(), err)
			}
			cr, ok := s.(engine.ComponentReporter)
			if !ok {
				continue
			}
			held := 0
			for p := 0; p < n; p++ {
				held += len(cr.Components(p))
			}
			if held == 0 && n > 1 {
				t.Errorf("%s, %d players: no components reported after a whole game", g.ID(), n)
			}
		}
	}
	// CopyInto refuses a state of another game.
	a, _ := reg.All()[0].New(2, 1, nil)
	b, _ := reg.All()[1].New(2, 1, nil)
	if a.(engine.Copier).CopyInto(b) {
		t.Error("CopyInto accepted a state of another game")
	}
	if _, err := reg.Lookup("chess"); err == nil {
		t.Error("unknown game found")
	}
}

func is[T any](v any) bool {
	_, ok := v.(T)
	return ok
}
