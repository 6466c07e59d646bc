package engine

import (
	"math/rand/v2"
	"testing"
)

// Both forms of the move → index table (dense, and binary search for large
// moves) answer as a map of the moves would, for moves in the index and out
// of it.
func TestActionIndexLookup(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, limit := range []uint64{1, 50, denseMoves, 1 << 40} {
		want := map[Move]int{}
		var moves []Move
		for len(moves) < 300 && uint64(len(moves)) < limit {
			m := Move(rng.Uint64N(limit))
			if _, dup := want[m]; !dup {
				want[m] = len(moves)
				moves = append(moves, m)
			}
		}
		x := NewActionIndex(moves)
		if (x.dense != nil) != (limit <= denseMoves) {
			t.Errorf("moves below %d: dense table %v", limit, x.dense != nil)
		}
		for k := 0; k < 2000; k++ {
			m := Move(rng.Uint64N(limit + 10))
			if k < len(moves) {
				m = moves[k]
			}
			i, ok := x.Action(m)
			w, wok := want[m]
			if ok != wok || ok && i != w {
				t.Fatalf("moves below %d: Action(%#x) = %d, %v; want %d, %v", limit, uint64(m), i, ok, w, wok)
			}
			if ok {
				if back, _ := x.Move(i); back != m {
					t.Fatalf("Move(Action(%#x)) = %#x", uint64(m), uint64(back))
				}
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a move listed twice did not panic")
		}
	}()
	NewActionIndex([]Move{1 << 50, 3, 1 << 50})
}
