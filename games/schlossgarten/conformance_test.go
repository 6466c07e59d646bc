package schlossgarten

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// conformanceGames per player count. Random games usually run to the
// 300-turn cap (about 1,700 decisions each, so 20,000 decisions a count),
// and the kit's shared-table checks (views of every outsider, several
// determinizations, every move's description) cost about 0.2 s of CPU a
// game, so these counts keep the package's tests well under 30 s on a
// shared machine.
var conformanceGames = map[int]int{2: 12, 3: 12, 4: 12}

func TestConformance(t *testing.T) {
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			g := conformanceGames[n]
			if testing.Short() {
				g = 4
			}
			enginetest.Run(t, Game, enginetest.Config{Players: n, Games: g, Seed: 1})
		})
	}
}

// TestConformanceOptions covers a random first player and other colours.
func TestConformanceOptions(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{Players: 3, Games: 4, Seed: 1000,
		Options: engine.Options{"first": "random", "color1": "yellow", "color3": "red"}})
}

// TestConformanceDeep runs the kit's costly checks on every decision of a
// game per player count.
func TestConformanceDeep(t *testing.T) {
	for n := 2; n <= 4; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: 1, Seed: 500 + uint64(n), Deep: true})
	}
}
