package alicesgarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine/enginetest"
)

// TestGreedyBeatsRandom is the quality gate: the project's greedy bot
// beats random in at least 90% of 2-player games (seats alternated).
func TestGreedyBeatsRandom(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 4
	}
	enginetest.GreedyBeatsRandom(t, Game, games, 0, nil)
}
