package bots_test

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/sim"
)

func TestNew(t *testing.T) {
	for _, k := range bots.Kinds {
		if b, err := bots.New(k, 1); err != nil || b.Name() != k {
			t.Errorf("%s: %v", k, err)
		}
	}
	if _, err := bots.New("oracle", 1); err == nil {
		t.Error("unknown bot accepted")
	}
}

// Greedy beats random clearly in every game (the acceptance runs of 1,000
// games are in docs/bots.md; this is a quick guard).
func TestGreedyBeatsRandom(t *testing.T) {
	n := 10
	if testing.Short() {
		n = 4
	}
	for _, g := range games.Registry().All() {
		if lo, hi := g.Players(); lo > 2 || hi < 2 {
			continue
		}
		rep, err := sim.Run(context.Background(), sim.Config{Game: g, Seats: []string{"greedy", "random"}, Games: n, Seed: 1, Jobs: 2})
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		if rep.Seats[0].WinRate.Rate < 0.7 {
			t.Errorf("%s: greedy won %.0f%% against random", g.ID(), 100*rep.Seats[0].WinRate.Rate)
		}
	}
}
