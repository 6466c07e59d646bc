package alicesgarden

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// viewIDs are the ids seat's view draws: its strings, and every square of
// the seat's own garden ("r2c3").
func viewIDs(s engine.State, seat int) map[string]bool {
	ids := enginetest.StringsOf(s.View(seat))
	for r := 1; r <= rows; r++ {
		for c := 1; c <= cols; c++ {
			ids[fmt.Sprintf("r%dc%d", r, c)] = true
		}
	}
	return ids
}

// TestScoreParts: what each score line counts sums to its points, on the
// rulebook's example and at the end of random games of every size.
func TestScoreParts(t *testing.T) {
	ex, seat := enginetest.TutorialExample(t, Game)
	if err := enginetest.CheckScoreParts(ex, viewIDs); err != nil {
		t.Fatal(err)
	}
	parts := ex.(engine.ScoreParter).ScoreParts(seat)
	if len(parts[catChess]) == 0 || len(parts[catTrees]) == 0 {
		t.Fatalf("the example's chess pieces and trees count nothing: %+v", parts)
	}
	enginetest.ScorePartsRandom(t, Game, []int{1, 2, 3, 4}, 8, 1, viewIDs)
}
