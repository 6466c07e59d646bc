package server

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/sim"
)

// Every game played by greedy bots: at every version, each seat's kept
// view (and the spectator's), joined again, is that seat's view byte for
// byte, and the seats' views share bytes (the kept views of a version hold
// fewer bytes than the views).
func TestKeptViewsAreTheViews(t *testing.T) {
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			_, hi := g.Players()
			n := min(hi, 4)
			kinds := make([]string, n)
			for i := range kinds {
				kinds[i] = "greedy"
			}
			rec, _, err := sim.Play(context.Background(), g, 1, nil, kinds)
			if err != nil {
				t.Fatal(err)
			}
			tb := &table{}
			var whole, own int
			steps := 0
			if _, err := record.Replay(games.Registry(), rec, func(_ int, st engine.State, _ []engine.Event) {
				steps++
				tb.version = steps
				// Keep every seat's view, then check them all: a view kept
				// before another must not change when that one is kept.
				views, kept := map[int][]byte{}, map[int]keptView{}
				for seat := -1; seat < n; seat++ {
					views[seat] = mustJSON(st.View(seat))
					kept[seat] = tb.keepView(views[seat])
				}
				shared := map[*byte]bool{}
				for seat := -1; seat < n; seat++ {
					if got := kept[seat].appendTo(nil); string(got) != string(views[seat]) {
						t.Fatalf("step %d, seat %d: kept view\n%s\nwant\n%s", steps, seat, got, views[seat])
					}
					whole += len(views[seat])
					for _, r := range kept[seat].runs {
						if len(r) > 0 && !shared[&r[0]] {
							shared[&r[0]] = true
							own += len(r)
						}
					}
				}
			}); err != nil {
				t.Fatal(err)
			}
			t.Logf("%d steps: views %d bytes, kept %d (%.0f%%)", steps, whole, own, 100*float64(own)/float64(whole))
			if own >= whole {
				t.Errorf("the kept views hold %d bytes for %d bytes of views: nothing shared", own, whole)
			}
		})
	}
}
