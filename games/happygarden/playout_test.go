package happygarden

import (
	"math"
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// EvaluatePlayoutMove values a take as the mover's Evaluate after the take
// and a placement of the tile on one of its legal cells (after the take
// alone when a butterfly must be stolen first, or no cell was drawn), and
// every other move as EvaluateMove; it leaves the state as it was. Over
// random games of 2 to 5 players, most takes find a cell: a take valued as
// the take alone everywhere would fail.
func TestEvaluatePlayoutMove(t *testing.T) {
	var buf, places []engine.Move
	takes, placed := 0, 0
	for n := 2; n <= 5; n++ {
		for g := 0; g < 4; g++ {
			seed := uint64(500*n + g)
			s := newGame(t, n, seed, nil)
			rng := engine.NewRNG(seed + 3)
			for step := 0; !s.Over(); step++ {
				buf = s.LegalMoves(buf[:0])
				p := s.ToMove()
				for _, m := range buf {
					before := s.Clone().(*state)
					got, ok := s.EvaluatePlayoutMove(m, &rng)
					if !reflect.DeepEqual(s, before) {
						t.Fatalf("%d players, seed %d, step %d: EvaluatePlayoutMove(%s) changed the state", n, seed, step, s.FormatMove(m))
					}
					if kind, _, _, _ := unpack(m); kind != mvTake {
						want, wantOK := s.EvaluateMove(m)
						if ok != wantOK || math.Float64bits(got) != math.Float64bits(want) {
							t.Fatalf("%d players, seed %d, step %d, move %s: %v (ok %v), EvaluateMove %v (ok %v)", n, seed, step, s.FormatMove(m), got, ok, want, wantOK)
						}
						continue
					}
					if !ok {
						t.Fatalf("%d players, seed %d, step %d: legal take %s refused", n, seed, step, s.FormatMove(m))
					}
					takes++
					// The values it may give: after the take alone, or
					// after the take and each legal placement.
					cp := s.Clone().(*state)
					if err := cp.Apply(m, nil); err != nil {
						t.Fatal(err)
					}
					if got == cp.Evaluate(p) {
						continue
					}
					found := false
					places = cp.LegalMoves(places[:0])
					for _, pm := range places {
						if kind, _, _, _ := unpack(pm); kind != mvPlace || cp.phase != phPlace {
							continue
						}
						c2 := cp.Clone()
						if err := c2.Apply(pm, nil); err != nil {
							t.Fatal(err)
						}
						if c2.(*state).Evaluate(p) == got {
							found = true
							break
						}
					}
					if !found {
						t.Fatalf("%d players, seed %d, step %d: take %s valued %v, neither the take alone nor the take and a placement", n, seed, step, s.FormatMove(m), got)
					}
					placed++
				}
				if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// A placement may leave Evaluate as the take alone had it, so not
	// every take is counted as placed; most must be.
	if takes == 0 || placed < takes/2 {
		t.Errorf("%d of %d takes valued with a placement", placed, takes)
	}
	t.Logf("%d of %d takes valued with a placement", placed, takes)
}
