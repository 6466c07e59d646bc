package schlossgarten

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// viewIDs are the ids seat's view draws: its strings (the squares), and
// the piles of tiles collected in the seat's own panel.
func viewIDs(s engine.State, seat int) map[string]bool {
	ids := enginetest.StringsOf(s.View(seat))
	for v := 1; v <= 3; v++ {
		ids[TilesPartID(v)] = true
	}
	return ids
}

// TestScoreParts: what each score line counts sums to its points, on the
// rulebook's example and in random games of every size.
func TestScoreParts(t *testing.T) {
	ex, seat := enginetest.TutorialExample(t, Game)
	if err := enginetest.CheckScoreParts(ex, viewIDs); err != nil {
		t.Fatal(err)
	}
	parts := ex.(engine.ScoreParter).ScoreParts(seat)
	if len(parts[catTiles]) == 0 || len(parts[catElements]) == 0 {
		t.Fatalf("the example's tiles and elements count nothing: %+v", parts)
	}
	enginetest.ScorePartsRandom(t, Game, []int{2, 3, 4}, 8, 1, viewIDs)
}
