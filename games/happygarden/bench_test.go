package happygarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// BenchmarkRandomPlayout plays whole random games (issue target: 250,000; goal 1,000,000
// moves/s on one core).
func BenchmarkRandomPlayout(b *testing.B) {
	enginetest.BenchmarkPlayouts(b, Game, 2, 4)
}

// midgame returns a 2-player state after some random moves.
func midgame(k int) engine.State {
	s, _ := Game.New(2, 3, nil)
	rng := engine.NewRNG(3)
	var buf []engine.Move
	for i := 0; i < k && !s.Over(); i++ {
		buf = s.LegalMoves(buf[:0])
		s.Apply(buf[rng.Intn(len(buf))], nil)
	}
	return s
}

func BenchmarkLegalMoves(b *testing.B) {
	s := midgame(40)
	buf := make([]engine.Move, 0, 1024)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = s.LegalMoves(buf[:0])
	}
}

// BenchmarkApply applies each legal move of a mid-game position to a copy
// (the copy is restored in place, without allocating, before each Apply).
func BenchmarkApply(b *testing.B) {
	base := midgame(40).(*state)
	moves := base.LegalMoves(nil)
	w := base.Clone().(*state)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g := w.grid
		*w = *base
		copy(g, base.grid)
		w.grid = g
		if err := w.Apply(moves[i%len(moves)], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScore(b *testing.B) {
	s := midgame(60)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = s.Score(i & 1)
	}
}
