package englishgardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine/enginetest"
)

// No event nor prompt, in any language and for any viewer, holds a
// notation or an id, over random games of every player count: a player
// reads places and components as the drawing names them.
func TestSentencesShowNoNotation(t *testing.T) {
	enginetest.SentencesShowNoNotation(t, Game, []int{1, 2, 3, 4, 5}, 2, 500, nil)
}
