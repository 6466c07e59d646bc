package englishgardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

func viewIDs(s engine.State, seat int) map[string]bool { return enginetest.StringsOf(s.View(seat)) }

// TestScoreParts: what each score line counts sums to its points, on the
// rulebook's example and in random games of every size.
func TestScoreParts(t *testing.T) {
	ex, seat := enginetest.TutorialExample(t, Game)
	if err := enginetest.CheckScoreParts(ex, viewIDs); err != nil {
		t.Fatal(err)
	}
	parts := ex.(engine.ScoreParter).ScoreParts(seat)
	if len(parts[1]) == 0 || len(parts[2])+len(parts[3])+len(parts[4]) == 0 {
		t.Fatalf("the example's ponds and columns count nothing: %+v", parts)
	}
	lo, hi := Game.Players()
	var counts []int
	for n := lo; n <= hi; n++ {
		counts = append(counts, n)
	}
	enginetest.ScorePartsRandom(t, Game, counts, 8, 1, viewIDs)
}
