package englishgardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine/enginetest"
)

// TestConformance plays random games for every player count and checks the
// engine contract on each decision (docs/api.md).
func TestConformance(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 30
	}
	for n := 1; n <= 5; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: games, Seed: uint64(1000 * n)})
	}
}

func FuzzParseMove(f *testing.F) {
	s, err := Game.New(3, 7, nil)
	if err != nil {
		f.Fatal(err)
	}
	enginetest.FuzzParseMove(f, s)
}

// TestGreedyBeatsRandom is the quality gate: the project's greedy bot
// beats random in at least 90% of 2-player games (seats alternated; the
// acceptance run of 1,000 games is in docs/bots.md).
func TestGreedyBeatsRandom(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 4
	}
	enginetest.GreedyBeatsRandom(t, Game, games, 0, nil)
}
