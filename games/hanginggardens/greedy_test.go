package hanginggardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// TestGreedyBeatsRandom is the quality gate: the project's greedy bot
// beats random in at least 90% of 2-player games (seats alternated).
func TestGreedyBeatsRandom(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 8
	}
	enginetest.GreedyBeatsRandom(t, Game, games, 0, nil)
}

// The greedy bot's tie-break sees resources and the first-player tile.
func TestEvaluateSignal(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	a := s.Evaluate(1)
	s.pl[1].Tools += 3
	if s.Evaluate(1) <= a {
		t.Error("tools are worth nothing")
	}
	b := s.Evaluate(1)
	s.first = 1
	if s.Evaluate(1) <= b {
		t.Error("the first-player tile is worth nothing")
	}
}
