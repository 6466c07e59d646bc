package schlossgarten

import (
	"testing"

	"github.com/jardin-games/jardin/engine/enginetest"
)

func TestResearch(t *testing.T) {
	enginetest.Research(t, Game, 15, 1)
}
