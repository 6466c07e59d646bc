package englishgardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// The hot paths (LegalMoves, Apply without a log, Score) do not allocate,
// in every phase reached by random games of 1 to 5 players.
func TestHotPathsDoNotAllocate(t *testing.T) {
	buf := make([]engine.Move, 0, 256)
	scratch := &state{}
	var seen [phOver]bool
	for n := 1; n <= 5; n++ {
		for g := 0; g < 10; g++ {
			s := newState(t, n, uint64(500+10*n+g), nil)
			rng := engine.NewRNG(uint64(g))
			for !s.Over() {
				seen[s.phase] = true
				ms := s.LegalMoves(nil)
				a, applyErr := enginetest.HotPathAllocs(s, scratch, &buf)
				if applyErr != nil {
					t.Fatal(applyErr)
				}
				if a != 0 {
					t.Fatalf("%d players, game %d, phase %s: %v allocations in LegalMoves, Score or Apply", n, g, phaseNames[s.phase], a)
				}
				if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for ph, ok := range seen {
		if !ok {
			t.Errorf("phase %s never reached: the test does not cover it", phaseNames[ph])
		}
	}
}
