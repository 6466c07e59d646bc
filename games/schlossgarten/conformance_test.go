package schlossgarten

import (
	"testing"

	"github.com/jardin-games/jardin/engine/enginetest"
)

func TestConformance(t *testing.T) {
	for n := 2; n <= 4; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: 250, Seed: 1})
	}
}
