package alicesgarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine/enginetest"
)

// No event nor prompt names a cell, a tile or a token by its notation or
// its id, over random games of every player count, solo included: a player
// reads cells as the drawing numbers its rows and columns.
func TestSentencesShowNoNotation(t *testing.T) {
	enginetest.SentencesShowNoNotation(t, Game, []int{1, 2, 3, 4}, 2, 300, nil)
}
