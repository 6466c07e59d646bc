package bots

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games/englishgardens"
)

// A play-out with a turn limit stops at a turn boundary: with t1 when the
// other player is to move, with t2 when the first mover is to move again
// (two players alternate), whatever the sampling.
func TestRolloutStopsAtTurnBoundary(t *testing.T) {
	for _, sample := range []int{1, 4} {
		for seed := uint64(1); seed <= 20; seed++ {
			s, err := englishgardens.Game.New(2, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			mover := s.ToMove()
			for turns, want := range map[int]int{1: 1 - mover, 2: mover} {
				tr := &tree{rng: engine.NewRNG(seed), sample: sample, turns: turns}
				d := s.Clone()
				if err := tr.rollout(d, -1); err != nil {
					t.Fatal(err)
				}
				if d.Over() {
					t.Fatalf("p%d seed %d t%d: the play-out ran to the end of the game", sample, seed, turns)
				}
				if got := d.ToMove(); got != want {
					t.Errorf("p%d seed %d t%d: play-out stopped with seat %d to move, want %d", sample, seed, turns, got+1, want+1)
				}
			}
		}
	}
}
