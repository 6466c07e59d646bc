package englishgardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine/enginetest"
)

func TestResearch(t *testing.T) {
	enginetest.Research(t, Game, 40, 1)
}
