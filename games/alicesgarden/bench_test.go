package alicesgarden

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

// midGame returns a 2-player state after some random moves, at a placement.
func midGame() *state {
	st, _ := Game.New(2, 3, nil)
	s := st.(*state)
	rng := engine.NewRNG(4)
	var buf []engine.Move
	for i := 0; i < 14 || s.phase != phPlace; i++ {
		buf = s.LegalMoves(buf[:0])
		s.Apply(buf[rng.Intn(len(buf))], nil)
	}
	return s
}

func BenchmarkLegalMoves(b *testing.B) {
	s := midGame()
	buf := make([]engine.Move, 0, 512)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = s.LegalMoves(buf[:0])
	}
}

func BenchmarkApply(b *testing.B) {
	s := midGame()
	legal := s.LegalMoves(nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c := *s
		if err := c.Apply(legal[i%len(legal)], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScore(b *testing.B) {
	s := midGame()
	b.ReportAllocs()
	t := 0
	for i := 0; i < b.N; i++ {
		t += s.Score(i & 1)
	}
	_ = t
}
