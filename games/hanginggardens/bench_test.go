package hanginggardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

func BenchmarkRandomPlayout(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(string(rune('0'+n))+"p", func(b *testing.B) {
			g, _ := Game.New(n, 1, nil)
			start := g.(*state)
			rng := engine.NewRNG(1)
			buf := make([]engine.Move, 0, 64)
			moves := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s := start.Determinize(0, uint64(i)).(*state) // a fresh deal each game
				for s.phase != phaseOver {
					buf = s.LegalMoves(buf[:0])
					if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
						b.Fatal(err)
					}
					moves++
				}
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
		})
	}
}

func benchState(b *testing.B) *state {
	g, _ := Game.New(3, 5, nil)
	s := g.(*state)
	rng := engine.NewRNG(2)
	var buf []engine.Move
	for i := 0; i < 40; i++ {
		buf = s.LegalMoves(buf[:0])
		_ = s.Apply(buf[rng.Intn(len(buf))], nil)
	}
	return s
}

func BenchmarkLegalMoves(b *testing.B) {
	s := benchState(b)
	buf := make([]engine.Move, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = s.LegalMoves(buf[:0])
	}
}

func BenchmarkApply(b *testing.B) {
	s := benchState(b)
	moves := s.LegalMoves(nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c := *s
		if err := c.Apply(moves[i%len(moves)], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScore(b *testing.B) {
	s := benchState(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Score(i % 3)
	}
}
