package schlossgarten

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
	rng := engine.NewRNG(7)
	buf := make([]engine.Move, 0, 512)
	moves := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, _ := Game.New(2, uint64(i), nil)
		var n int
		n, buf = randomPlayout(s, &rng, buf)
		moves += n
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

func benchStates(b *testing.B) []engine.State {
	rng := engine.NewRNG(3)
	var out []engine.State
	var buf []engine.Move
	for g := 0; g < 4; g++ {
		s, _ := Game.New(3, uint64(g), nil)
		for i := 0; !s.Over() && i < 400; i++ {
			buf = s.LegalMoves(buf[:0])
			if i%7 == 0 {
				out = append(out, s.Clone())
			}
			_ = s.Apply(buf[rng.Intn(len(buf))], nil)
		}
	}
	return out
}

func BenchmarkLegalMoves(b *testing.B) {
	states := benchStates(b)
	buf := make([]engine.Move, 0, 512)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = states[i%len(states)].LegalMoves(buf[:0])
	}
}

func BenchmarkApply(b *testing.B) {
	states := benchStates(b)
	buf := make([]engine.Move, 0, 512)
	var moves [][]engine.Move
	for _, s := range states {
		moves = append(moves, s.LegalMoves(nil))
	}
	work := make([]*state, len(states))
	for i := range work {
		work[i] = states[i].Clone().(*state)
	}
	_ = buf
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		*work[k] = *states[k].(*state)
		ms := moves[k]
		if err := work[k].Apply(ms[i%len(ms)], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	states := benchStates(b)
	b.ReportAllocs()
	b.ResetTimer()
	x := 0.0
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)].(*state)
		x += s.Evaluate(s.ToMove())
	}
	_ = x
}
