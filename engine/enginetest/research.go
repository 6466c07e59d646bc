package enginetest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Research plays games random games of g (an engine.Researcher) at each
// player count of its range, from seed on, and fails t on the first broken
// promise of docs/research.md:
//   - every legal move has an action index, index → move → index round-trips,
//     and distinct legal moves have distinct indices;
//   - every observation has the declared length, for every seat;
//   - a seat's observation is unchanged by Determinize(seat), so it reads
//     only what the seat sees;
//   - no game takes more than MaxDecisions moves.
func Research(t *testing.T, g engine.Game, games int, seed uint64) {
	t.Helper()
	r, ok := g.(engine.Researcher)
	if !ok {
		t.Fatalf("%s does not implement engine.Researcher", g.ID())
	}
	lo, hi := g.Players()
	for n := lo; n <= hi; n++ {
		facts, idx, err := r.Research(n)
		if err != nil {
			t.Fatalf("%s %dp: %v", g.ID(), n, err)
		}
		if facts.NumActions != idx.Len() || facts.Players != n || facts.ID != g.ID() || facts.Name == "" {
			t.Fatalf("%s %dp: facts %+v disagree with the index (%d actions)", g.ID(), n, facts, idx.Len())
		}
		for i := 0; i < games; i++ {
			if err := researchOne(g, r, facts, idx, n, seed+uint64(i)); err != nil {
				t.Fatalf("%s %dp seed %d: %v", g.ID(), n, seed+uint64(i), err)
			}
		}
	}
	if _, _, err := r.Research(hi + 1); err == nil {
		t.Errorf("%s: Research(%d) accepted a player count out of range", g.ID(), hi+1)
	}
}

func researchOne(g engine.Game, r engine.Researcher, facts engine.Facts, idx *engine.ActionIndex, n int, seed uint64) error {
	s, err := g.New(n, seed, nil)
	if err != nil {
		return err
	}
	rng := engine.NewRNG(seed ^ 0x5eed)
	var moves []engine.Move
	var obs, obs2 []float32
	for step := 0; !s.Over(); step++ {
		if step >= facts.MaxDecisions {
			return fmt.Errorf("still not over after maxDecisions = %d moves", facts.MaxDecisions)
		}
		moves = s.LegalMoves(moves[:0])
		seen := make(map[int]bool, len(moves))
		for _, m := range moves {
			a, ok := idx.Action(m)
			if !ok {
				return fmt.Errorf("move %d, legal %q: no action index", step, s.FormatMove(m))
			}
			if seen[a] {
				return fmt.Errorf("move %d: two legal moves share action %d", step, a)
			}
			seen[a] = true
			if back, ok := idx.Move(a); !ok || back != m {
				return fmt.Errorf("move %d: action %d of %q maps back to %#x", step, a, s.FormatMove(m), uint64(back))
			}
		}
		// observations: every seat on a sample of decisions, the mover always
		p := s.ToMove()
		seats := []int{p}
		if step%7 == 0 {
			seats = seats[:0]
			for q := 0; q < n; q++ {
				seats = append(seats, q)
			}
		}
		for _, q := range seats {
			obs = engine.Observation(r, s, q, obs[:0])
			if len(obs) != facts.ObservationLength {
				return fmt.Errorf("move %d: observation of seat %d has %d numbers, declared %d", step, q, len(obs), facts.ObservationLength)
			}
			d := s.Determinize(q, rng.Uint64())
			obs2 = engine.Observation(r, d, q, obs2[:0])
			if !slices.Equal(obs, obs2) {
				return fmt.Errorf("move %d: observation of seat %d changed by Determinize(%d)", step, q, q)
			}
		}
		if err := s.Apply(moves[rng.Intn(len(moves))], nil); err != nil {
			return fmt.Errorf("move %d: %w", step, err)
		}
	}
	return nil
}
