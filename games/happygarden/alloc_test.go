package happygarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// The hot paths (LegalMoves, Apply without a log, Score) do not allocate, in
// every step reached by random games of 2 to 5 players: each legal move is
// applied to a reused copy.
func TestHotPathsDoNotAllocate(t *testing.T) {
	buf := make([]engine.Move, 0, 1024)
	scratch := &state{}
	for n := 2; n <= 5; n++ {
		s := newGame(t, n, uint64(70+n), nil)
		rng := engine.NewRNG(uint64(n))
		for !s.Over() {
			ms := s.LegalMoves(nil)
			a, applyErr := enginetest.HotPathAllocs(s, scratch, &buf)
			if applyErr != nil {
				t.Fatal(applyErr)
			}
			if a != 0 {
				t.Fatalf("%d players, round %d, step %s: %v allocations in LegalMoves, Score or Apply", n, s.round, phaseNames[s.phase], a)
			}
			if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}
