package happygarden

import (
	"math"
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// DeterminizeInto writes exactly what Determinize returns, whatever dst
// held before (another position, another player count), and refuses a
// state of another game or the state itself.
func TestDeterminizeIntoEqualsDeterminize(t *testing.T) {
	dst := newGame(t, 5, 3, nil)
	for n := 2; n <= 5; n++ {
		for _, moves := range []int{0, 15, 40, 90} {
			s := randomGameUntil(t, n, uint64(10*n+moves), moves)
			for _, seed := range []uint64{1, 99} {
				if !s.DeterminizeInto(dst, 0, seed) {
					t.Fatalf("%d players: DeterminizeInto refused a state of the game", n)
				}
				if want := s.Determinize(0, seed); !reflect.DeepEqual(engine.State(dst), want) {
					t.Fatalf("%d players, %d moves, seed %d: DeterminizeInto differs from Determinize", n, moves, seed)
				}
			}
		}
	}
	if s := newGame(t, 2, 1, nil); s.DeterminizeInto(s, 0, 1) {
		t.Error("DeterminizeInto into the state itself accepted")
	}
}

// EvaluateMove gives, for every legal move of every position of random
// games of 2 to 5 players, exactly the mover's Evaluate after Apply on a
// copy (to the last bit), and leaves the state as it was: a placement's
// validations, token effects, mole hand-outs and the turn's end included.
func TestEvaluateMoveEqualsApply(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	var buf []engine.Move
	checked := map[int]int{} // move kind: moves compared
	for n := 2; n <= 5; n++ {
		for g := 0; g < games; g++ {
			seed := uint64(1000*n + g)
			s := newGame(t, n, seed, nil)
			rng := engine.NewRNG(seed + 7)
			for step := 0; !s.Over(); step++ {
				before := s.Clone().(*state)
				buf = s.LegalMoves(buf[:0])
				p := s.ToMove()
				for _, m := range buf {
					cp := s.Clone()
					if err := cp.Apply(m, nil); err != nil {
						t.Fatalf("%d players, seed %d, step %d: legal move %s refused: %v", n, seed, step, s.FormatMove(m), err)
					}
					want := cp.(*state).Evaluate(p)
					got, ok := s.EvaluateMove(m)
					if !ok || math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("%d players, seed %d, step %d, move %s: EvaluateMove %v (ok %v), Apply then Evaluate %v",
							n, seed, step, s.FormatMove(m), got, ok, want)
					}
					if !reflect.DeepEqual(s, before) {
						t.Fatalf("%d players, seed %d, step %d: EvaluateMove(%s) changed the state", n, seed, step, s.FormatMove(m))
					}
					kind, _, _, _ := unpack(m)
					checked[kind]++
				}
				// Mostly the best move by Evaluate, as a search's play-outs
				// choose, so that gardens fill and tiles turn happy.
				m := buf[rng.Intn(len(buf))]
				if rng.Intn(4) != 0 {
					best := math.Inf(-1)
					for _, c := range buf {
						if v, _ := s.EvaluateMove(c); v > best {
							best, m = v, c
						}
					}
				}
				if err := s.Apply(m, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, k := range []int{mvTake, mvPlace, mvRepot, mvWater, mvEnd, mvSteal, mvWorm, mvGust, mvDrum, mvPass, mvGive, mvMole, mvLift} {
		if checked[k] == 0 {
			t.Errorf("no move of kind %d compared", k)
		}
	}
	t.Logf("moves compared by kind: %v", checked)
	s := newGame(t, 2, 1, nil)
	before := s.Clone()
	if _, ok := s.EvaluateMove(engine.Move(1 << 40)); ok {
		t.Error("EvaluateMove accepted a move that is not one of the game")
	}
	if !reflect.DeepEqual(engine.State(s), before) {
		t.Error("EvaluateMove of a malformed move changed the state")
	}
}
