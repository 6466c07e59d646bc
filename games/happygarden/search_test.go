package happygarden

import (
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
