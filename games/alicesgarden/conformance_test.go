package alicesgarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

func TestConformance(t *testing.T) {
	games := map[int]int{1: 300, 2: 300, 3: 250, 4: 200}
	for n := 1; n <= 4; n++ {
		t.Run(string(rune('0'+n))+"p", func(t *testing.T) {
			enginetest.Run(t, Game, enginetest.Config{Players: n, Games: games[n], Seed: 1})
		})
	}
}

func TestConformance_SideB(t *testing.T) {
	for n := 1; n <= 4; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: 30, Seed: 1000, Options: engine.Options{"side": "B"}})
	}
}

func TestConformance_Deep(t *testing.T) {
	for n := 1; n <= 4; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: 5, Seed: 77, Deep: true})
	}
}
