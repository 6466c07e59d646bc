package hanginggardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// BenchmarkRandomPlayout plays whole random games (issue target: 250,000; goal 1,000,000
// moves/s on one core).
func BenchmarkRandomPlayout(b *testing.B) {
	enginetest.BenchmarkPlayouts(b, Game, 1, 2, 4)
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
