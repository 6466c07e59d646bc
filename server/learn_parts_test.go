package server

import (
	"testing"

	"github.com/jardin-games/jardin/games"
)

// TestLearnScoreParts: the tutorial's score step and the rules page carry,
// for every line of the rulebook example's pad, the parts it counts, their
// points summing to the line's; the two pages carry the same lines.
func TestLearnScoreParts(t *testing.T) {
	ts := startServer(t, "", Config{})
	anon := &client{t: t, base: ts.URL}
	for _, g := range games.Registry().All() {
		var lj learnJSON
		if code := anon.call("GET", "/api/learn/"+g.ID()+"?lang=en", nil, &lj); code != 200 {
			t.Fatalf("%s learn: %d", g.ID(), code)
		}
		var score *learnScoreJSON
		for _, st := range lj.Steps {
			if st.Kind == "score" {
				score = st.Score
			}
		}
		if score == nil || len(score.Lines) == 0 {
			t.Fatalf("%s: no score step", g.ID())
		}
		counted := 0
		for _, l := range score.Lines {
			sum := 0
			for _, p := range l.Parts {
				sum += p.Points
				if len(p.IDs) == 0 {
					t.Errorf("%s, %s: a part names nothing", g.ID(), l.Name)
				}
			}
			if sum != l.Points {
				t.Errorf("%s, %s: parts sum to %d, the line says %d", g.ID(), l.Name, sum, l.Points)
			}
			counted += len(l.Parts)
		}
		if counted == 0 {
			t.Errorf("%s: the example's lines carry no parts", g.ID())
		}
		var rj rulesJSON
		if code := anon.call("GET", "/api/rules/"+g.ID()+"?lang=en", nil, &rj); code != 200 {
			t.Fatalf("%s rules: %d", g.ID(), code)
		}
		if rj.Example == nil || len(rj.Example.View) < 10 || rj.Example.Seat != lj.Seat || rj.Example.Score.Total != score.Total || len(rj.Example.Score.Lines) != len(score.Lines) {
			t.Fatalf("%s rules: the example %+v", g.ID(), rj.Example)
		}
		for i, l := range rj.Example.Score.Lines {
			if l.Name != score.Lines[i].Name || len(l.Parts) != len(score.Lines[i].Parts) {
				t.Errorf("%s rules, %s: %d parts, the tutorial %d", g.ID(), l.Name, len(l.Parts), len(score.Lines[i].Parts))
			}
		}
	}
}
