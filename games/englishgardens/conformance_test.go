package englishgardens

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine/enginetest"
)

// TestConformance plays random games for every player count and checks the
// engine contract on each decision (docs/api.md), shared tables included:
// seats outside the game answer as the spectator, determinized copies carry
// no secret, events are keyed and show each seat only what it may learn,
// moves have distinct descriptions. The kit looks at every seat's view and
// drawing on its sampled decisions, so a game with more players costs more:
// fewer games there keep the package fast on a loaded 2-core machine
// (TestRandomGameProperties plays 5,000 more games, more cheaply).
func TestConformance(t *testing.T) {
	games := [...]int{1: 150, 2: 100, 3: 80, 4: 60, 5: 60}
	for n := 1; n <= 5; n++ {
		if testing.Short() {
			games[n] = 30
		}
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			enginetest.Run(t, Game, enginetest.Config{Players: n, Games: games[n], Seed: uint64(1000 * n)})
		})
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
