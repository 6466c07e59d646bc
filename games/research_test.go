package games

import (
	"regexp"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Every game has a research face (docs/research.md) at every player count,
// with a versioned name of its own and facts that agree with its index.
func TestResearch(t *testing.T) {
	versioned := regexp.MustCompile(`^[a-z]+(_[a-z]+)*_v[1-9][0-9]*$`)
	names := map[string]string{}
	for _, g := range Registry().All() {
		r, ok := g.(engine.Researcher)
		if !ok {
			t.Errorf("%s does not implement engine.Researcher", g.ID())
			continue
		}
		lo, hi := g.Players()
		for n := lo; n <= hi; n++ {
			f, idx, err := r.Research(n)
			if err != nil {
				t.Fatalf("%s %dp: %v", g.ID(), n, err)
			}
			if !versioned.MatchString(f.Name) || f.ID != g.ID() || f.Players != n || f.NumActions != idx.Len() ||
				f.MaxDecisions <= 0 || f.ObservationLength <= 0 {
				t.Errorf("%s %dp: facts %+v", g.ID(), n, f)
			}
			if other, dup := names[f.Name]; dup && other != g.ID() {
				t.Errorf("%s and %s share the name %s", other, g.ID(), f.Name)
			}
			names[f.Name] = g.ID()
		}
		if _, _, err := r.Research(lo - 1); err == nil {
			t.Errorf("%s: Research(%d) accepted", g.ID(), lo-1)
		}
	}
}
