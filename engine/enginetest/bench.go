package enginetest

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// BenchmarkPlayouts plays whole random games of g (setup, move generation
// and apply, as bots' rollouts do) for each player count, reporting moves/s
// and moves/game.
func BenchmarkPlayouts(b *testing.B, g engine.Game, counts ...int) {
	for _, n := range counts {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			rng := engine.NewRNG(1)
			buf := make([]engine.Move, 0, 512)
			moves := 0
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s, err := g.New(n, uint64(i), nil)
				if err != nil {
					b.Fatal(err)
				}
				k, nb, err := engine.RandomPlayout(s, &rng, -1, buf)
				if err != nil {
					b.Fatal(err)
				}
				buf = nb
				moves += k
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
		})
	}
}

// Advance plays k random moves (fewer if the game ends) from s, seeded, and
// returns s: a reproducible mid-game position for benchmarks and tests.
func Advance(s engine.State, k int, seed uint64) engine.State {
	rng := engine.NewRNG(seed)
	if _, _, err := engine.RandomPlayout(s, &rng, k, nil); err != nil {
		panic(err)
	}
	return s
}
