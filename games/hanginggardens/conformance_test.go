package hanginggardens

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// TestConformance runs the engine's conformance kit for every player count
// (HG-S1..S10, HG-T1..T10 in random play).
func TestConformance(t *testing.T) {
	games := 250
	if testing.Short() {
		games = 30
	}
	for n := 1; n <= 5; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			enginetest.Run(t, Game, enginetest.Config{Players: n, Games: games, Seed: 1})
		})
	}
	for _, d := range []string{"easy", "advanced", "expert"} {
		t.Run("solo-"+d, func(t *testing.T) {
			enginetest.Run(t, Game, enginetest.Config{Players: 1, Games: games / 5, Seed: 1000, Options: engine.Options{"difficulty": d}})
		})
	}
}

func FuzzParseMove(f *testing.F) {
	s, _ := Game.New(3, 7, nil)
	enginetest.FuzzParseMove(f, s)
}
