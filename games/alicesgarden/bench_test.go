package alicesgarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// BenchmarkRandomPlayout plays random 2-player games and reports moves/s.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(string(rune('0'+n))+"p", func(b *testing.B) {
			rng := engine.NewRNG(1)
			buf := make([]engine.Move, 0, 512)
			moves := 0
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				st, _ := Game.New(n, uint64(i), nil)
				s := st.(*state)
				for !s.Over() {
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
