package alicesgarden

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
)

// playBots plays one game between the project's bots of the given kinds (seat
// order), each deciding on its own determinized copy, and returns the result.
func playBots(t testing.TB, seed uint64, kinds ...string) engine.Result {
	t.Helper()
	s, err := Game.New(len(kinds), seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	bs := make([]bots.Bot, len(kinds))
	for i, k := range kinds {
		if bs[i], err = bots.New(k, seed*7+uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	for !s.Over() {
		p := s.ToMove()
		m, err := bs[p].Choose(ctx, s.Determinize(p, seed+uint64(p)))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m, nil); err != nil {
			t.Fatal(err)
		}
	}
	return s.Result()
}

// TestGreedyBeatsRandom is the quality gate: the project's greedy bot
// (bots.Greedy: score gain, Evaluate to break ties) beats the random bot in at
// least 90% of 2-player games, seats alternated. A shared first place is not
// a win.
func TestGreedyBeatsRandom(t *testing.T) {
	// 16 games keep the package's tests fast (greedy searches 4 of its own
	// decisions deep); it wins all 60 of seeds 0-59.
	games := 16
	if testing.Short() {
		games = 4
	}
	wins := 0
	for i := 0; i < games; i++ {
		g := i % 2
		kinds := []string{"random", "random"}
		kinds[g] = "greedy"
		r := playBots(t, uint64(i), kinds...)
		if r.Players[g].Rank == 1 && r.Players[1-g].Rank != 1 {
			wins++
		}
	}
	t.Logf("greedy won %d of %d games", wins, games)
	if !testing.Short() && wins*10 < games*9 {
		t.Errorf("greedy won %d of %d games against random, want at least 90%%", wins, games)
	}
}
