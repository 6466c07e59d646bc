package englishgardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// BenchmarkRandomPlayout plays whole random games (issue target: 500,000; goal 1,000,000
// moves/s on one core).
func BenchmarkRandomPlayout(b *testing.B) {
	enginetest.BenchmarkPlayouts(b, Game, 1, 2, 3, 4, 5)
}

// midgame returns a 3-player state a few turns in.
func midgame() engine.State {
	s, _ := Game.New(3, 5, nil)
	rng := engine.NewRNG(2)
	for i := 0; i < 12 && !s.Over(); i++ {
		ms := s.LegalMoves(nil)
		_ = s.Apply(ms[rng.Intn(len(ms))], nil)
	}
	return s
}

func BenchmarkLegalMoves(b *testing.B) {
	s := midgame()
	buf := make([]engine.Move, 0, 128)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = s.LegalMoves(buf[:0])
	}
}

func BenchmarkApply(b *testing.B) {
	s := midgame()
	ms := s.LegalMoves(nil)
	// Copy into one scratch state so that the figure is Apply's, not Clone's.
	c := s.Clone()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.(engine.Copier).CopyInto(c)
		if err := c.Apply(ms[i%len(ms)], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScore(b *testing.B) {
	s := midgame()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Score(i % 3)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	s := midgame()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Determinize(0, uint64(i))
	}
}
