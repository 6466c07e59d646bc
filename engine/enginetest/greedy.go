package enginetest

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/sim"
)

// GreedyBeatsRandom is the quality gate every game's issue sets: the
// project's greedy bot beats the random bot in at least 90% of 2-player
// games. Seats alternate; a shared first place is not a win. Under -short
// the games are played but the rate is not enforced.
func GreedyBeatsRandom(t *testing.T, g engine.Game, games int, seed uint64, opts engine.Options) {
	t.Helper()
	wins := 0
	for i := 0; i < games; i++ {
		gs := i % 2 // greedy's seat
		kinds := []string{"random", "random"}
		kinds[gs] = "greedy"
		_, s, err := sim.Play(context.Background(), g, seed+uint64(i), opts, kinds)
		if err != nil {
			t.Fatalf("%s seed %d: %v", g.ID(), seed+uint64(i), err)
		}
		r := s.Result()
		if r.Players[gs].Rank == 1 && r.Players[1-gs].Rank != 1 {
			wins++
		}
	}
	t.Logf("%s: greedy won %d of %d games against random", g.ID(), wins, games)
	if !testing.Short() && wins*10 < games*9 {
		t.Errorf("%s: greedy won %d of %d games against random, want at least 90%%", g.ID(), wins, games)
	}
}
