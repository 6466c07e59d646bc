package happygarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

func randomPlayout(s engine.State, rng *engine.RNG, buf []engine.Move) (int, []engine.Move) {
	n := 0
	for !s.Over() {
		buf = s.LegalMoves(buf[:0])
		if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			panic(err)
		}
		n++
	}
	return n, buf
}

func BenchmarkRandomPlayout(b *testing.B) {
	for _, n := range []int{2, 4} {
		b.Run(map[int]string{2: "players=2", 4: "players=4"}[n], func(b *testing.B) {
			rng := engine.NewRNG(1)
			buf := make([]engine.Move, 0, 1024)
			moves := 0
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s, _ := Game.New(n, uint64(i), nil)
				var k int
				k, buf = randomPlayout(s, &rng, buf)
				moves += k
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
		})
	}
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
