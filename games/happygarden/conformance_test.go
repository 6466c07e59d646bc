package happygarden

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// conformanceGames per player count: about 8 s of one core with the kit's
// shared-table checks (determinizations, views and events compared across
// worlds on one decision in eight), so that the whole package stays under
// its 30 s budget on a loaded machine.
var conformanceGames = map[int]int{2: 100, 3: 80, 4: 60, 5: 60}

func TestConformance(t *testing.T) {
	for n := 2; n <= 5; n++ {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			g := conformanceGames[n]
			if testing.Short() {
				g = 20
			}
			enginetest.Run(t, Game, enginetest.Config{Players: n, Games: g, Seed: 1})
		})
	}
}

func TestConformanceRandomFirst(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{Players: 3, Games: 30, Seed: 1000,
		Options: engine.Options{"first": "random", "mouse1": "pink"}})
}

func FuzzParseMove(f *testing.F) {
	s, err := Game.New(3, 7, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add("repot F15 2,3")
	f.Add("gust F15 mole F26")
	f.Add("water F14 Y")
	f.Add("give 2")
	enginetest.FuzzParseMove(f, s)
}

// TestConformanceDeep runs the kit's costly checks on every decision of a few games.
func TestConformanceDeep(t *testing.T) {
	for n := 2; n <= 5; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: 4, Seed: 500, Deep: true})
	}
}
