package englishgardens

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// BenchmarkRandomPlayout plays whole random games: setup, move generation
// and apply, as bots' rollouts do. Target (issue 2): 500,000 moves/s on one
// core; goal 1,000,000.
func BenchmarkRandomPlayout(b *testing.B) {
	for n := 1; n <= 5; n++ {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			rng := engine.NewRNG(1)
			buf := make([]engine.Move, 0, 128)
			moves := 0
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s, _ := Game.New(n, uint64(i), nil)
				for !s.Over() {
					buf = s.LegalMoves(buf[:0])
					if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
						b.Fatal(err)
					}
					moves++
				}
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// midgame returns a 3-player state a few turns in.
func midgame(b *testing.B) engine.State {
	s, _ := Game.New(3, 5, nil)
	rng := engine.NewRNG(2)
	for i := 0; i < 12 && !s.Over(); i++ {
		ms := s.LegalMoves(nil)
		_ = s.Apply(ms[rng.Intn(len(ms))], nil)
	}
	return s
}

func BenchmarkLegalMoves(b *testing.B) {
	s := midgame(b)
	buf := make([]engine.Move, 0, 128)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = s.LegalMoves(buf[:0])
	}
}

func BenchmarkApply(b *testing.B) {
	s := midgame(b)
	ms := s.LegalMoves(nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c := s.Clone()
		_ = c.Apply(ms[i%len(ms)], nil)
	}
}

func BenchmarkScore(b *testing.B) {
	s := midgame(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Score(i % 3)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := midgame(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Determinize(0, uint64(i))
	}
}
