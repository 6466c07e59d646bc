package schlossgarten

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// An excavation after which nothing can be built ends the turn; the log
// says so (a newcomer saw the turn pass on silently).
func TestDigWithNothingToBuildSaysTheTurnEnds(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed <= 40 && seen == 0; seed++ {
		s := st(t, 2, seed)
		rng := engine.NewRNG(seed)
		var buf []engine.Move
		for i := 0; i < 600 && !s.Over(); i++ {
			buf = s.LegalMoves(buf[:0])
			// greedy mostly (random play seldom forms a figure), random at times
			m := greedyMove(s, buf)
			if rng.Intn(4) == 0 {
				m = buf[rng.Intn(len(buf))]
			}
			p := int(s.toMove)
			dig := mvKind(m) == mkDig
			var log engine.Log
			if err := s.Apply(m, &log); err != nil {
				t.Fatal(err)
			}
			if !dig || int(s.toMove) == p && s.phase == phWork {
				continue
			}
			// the turn passed on with the excavation: the event that says why
			var keys []string
			for _, e := range log.Events {
				keys = append(keys, e.Key)
			}
			if len(keys) < 2 || keys[0] != "dig" || keys[1] != "dig.nobuild" || log.Events[1].Actor != p {
				t.Fatalf("seed %d: events %v after a dig that ended the turn", seed, keys)
			}
			seen++
		}
	}
	if seen == 0 {
		t.Fatal("no game had an excavation with nothing to build")
	}
}
