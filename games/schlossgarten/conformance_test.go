package schlossgarten

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// conformanceGames per player count. Random games usually run to the
// 300-turn cap (about 1,700 decisions each), so these counts keep the
// package's tests well under 30 s on a shared machine.
var conformanceGames = map[int]int{2: 40, 3: 50, 4: 40}

func TestConformance(t *testing.T) {
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			g := conformanceGames[n]
			if testing.Short() {
				g = 10
			}
			enginetest.Run(t, Game, enginetest.Config{Players: n, Games: g, Seed: 1})
		})
	}
}

// TestConformanceOptions covers a random first player and other colours.
func TestConformanceOptions(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{Players: 3, Games: 10, Seed: 1000,
		Options: engine.Options{"first": "random", "color1": "yellow", "color3": "red"}})
}

// TestConformanceDeep runs the kit's costly checks on every decision of a few games.
func TestConformanceDeep(t *testing.T) {
	for n := 2; n <= 4; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: 2, Seed: 500, Deep: true})
	}
}
