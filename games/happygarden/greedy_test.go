package happygarden

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
)

// playBots plays one game between the given bots (seat order) and returns the result.
func playBots(t testing.TB, seed uint64, kinds ...string) engine.Result {
	s, err := Game.New(len(kinds), seed, engine.Options{"first": "random"})
	if err != nil {
		t.Fatal(err)
	}
	bs := make([]bots.Bot, len(kinds))
	for i, k := range kinds {
		bs[i], _ = bots.New(k, seed*7+uint64(i))
	}
	ctx := context.Background()
	for !s.Over() {
		p := s.ToMove()
		m, err := bs[p].Choose(ctx, s.Determinize(p, seed))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m, nil); err != nil {
			t.Fatal(err)
		}
	}
	return s.Result()
}

// TestGreedyBeatsRandom: the quality gate (greedy beats random in at
// least 90% of 2-player games), on a sample with seats alternated.
func TestGreedyBeatsRandom(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 6
	}
	wins := 0
	for i := 0; i < games; i++ {
		g := i % 2
		kinds := []string{"random", "random"}
		kinds[g] = "greedy"
		r := playBots(t, uint64(100+i), kinds...)
		if r.Players[g].Rank == 1 && r.Players[1-g].Rank != 1 {
			wins++
		}
	}
	t.Logf("greedy won %d/%d", wins, games)
	if !testing.Short() && wins*10 < games*9 {
		t.Errorf("greedy won %d of %d games against random, want at least 90%%", wins, games)
	}
}
