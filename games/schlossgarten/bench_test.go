package schlossgarten

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// BenchmarkRandomPlayout plays whole random games (issue target: 250,000; goal 1,000,000
// moves/s on one core).
func BenchmarkRandomPlayout(b *testing.B) {
	enginetest.BenchmarkPlayouts(b, Game, 2, 3, 4)
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
