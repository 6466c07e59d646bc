package hanginggardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// viewIDs are the ids seat's view draws: its strings (objectives), and the
// places of the seat's own garden (a1…c3, by index in the view's garden).
func viewIDs(s engine.State, seat int) map[string]bool {
	ids := enginetest.StringsOf(s.View(seat))
	for _, p := range posNames {
		ids[p] = true
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
	if len(parts[catBlue]) == 0 || len(parts[catTrees])+len(parts[catAnimals])+len(parts[catVisitors]) == 0 {
		t.Fatalf("the example's flowers and sights count nothing: %+v", parts)
	}
	lo, hi := Game.Players()
	var counts []int
	for n := lo; n <= hi; n++ {
		counts = append(counts, n)
	}
	enginetest.ScorePartsRandom(t, Game, counts, 8, 1, viewIDs)
}
