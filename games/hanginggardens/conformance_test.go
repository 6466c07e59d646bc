package hanginggardens

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// TestConformance runs the engine's conformance kit for every player count
// (HG-S1..S10, HG-T1..T10 in random play). The kit checks every seat's view
// at every decision, and on a sample of them draws the table for eight
// viewers outside the game and replays the move in other worlds, so a game
// with more players costs much more: fewer games there keep the package
// well under 30 s on a 2-core machine (about 12 s of CPU in all).
func TestConformance(t *testing.T) {
	games := [...]int{1: 200, 2: 200, 3: 150, 4: 90, 5: 60}
	for n := 1; n <= 5; n++ {
		if testing.Short() {
			games[n] = 30
		}
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			enginetest.Run(t, Game, enginetest.Config{Players: n, Games: games[n], Seed: 1})
		})
	}
	for _, d := range []string{"easy", "advanced", "expert"} {
		t.Run("solo-"+d, func(t *testing.T) {
			enginetest.Run(t, Game, enginetest.Config{Players: 1, Games: games[1] / 5, Seed: 1000, Options: engine.Options{"difficulty": d}})
		})
	}
}

func FuzzParseMove(f *testing.F) {
	s, _ := Game.New(3, 7, nil)
	enginetest.FuzzParseMove(f, s)
}
