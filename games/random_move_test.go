package games_test

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/games"
)

// Every game whose states draw a random legal move themselves
// (engine.RandomMover) draws only legal moves, each as likely as the others,
// at every player count (enginetest.RandomMoves).
func TestRandomMoves(t *testing.T) {
	offered := 0
	for _, g := range games.Registry().All() {
		lo, hi := g.Players()
		s, err := g.New(hi, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.(engine.RandomMover); ok {
			offered++
		}
		for n := max(lo, 1); n <= hi; n++ {
			t.Run(fmt.Sprintf("%s/players=%d", g.ID(), n), func(t *testing.T) {
				games := 3
				if testing.Short() {
					games = 1
				}
				enginetest.RandomMoves(t, g, enginetest.Config{Players: n, Games: games, Seed: 41})
			})
		}
	}
	if offered == 0 {
		t.Error("no game offers engine.RandomMover: the test checks nothing")
	}
}
