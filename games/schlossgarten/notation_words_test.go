package schlossgarten

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// No event nor prompt names a square, a card or a pawn by its notation or
// its id, over games of every player count: a player reads squares as the
// drawing numbers them. Random play rarely builds, so the work step and a
// third of the moves are greedy's.
func TestSentencesShowNoNotation(t *testing.T) {
	enginetest.SentencesShowNoNotation(t, Game, []int{2, 3, 4}, 2, 900, func(s engine.State, legal []engine.Move, rng *engine.RNG) engine.Move {
		st := s.(*state)
		if st.phase == phWork || st.phase == phMove && rng.Intn(3) == 0 {
			return greedyMove(st, legal)
		}
		return legal[rng.Intn(len(legal))]
	})
}
