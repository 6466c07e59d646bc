package englishgardens

import (
	"os"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// FuzzScorePosition: the position parser never panics, and whatever it
// accepts scores with categories that add up to the total.
func FuzzScorePosition(f *testing.F) {
	if b, err := os.ReadFile("../../docs/examples/english-gardens.position.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"cells":{"r1c1":["lawn","red rose pond"]},"trophies":{"c1":[1,2]}}`))
	f.Add([]byte(`{"village":"down"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Game.(engine.PositionScorer).ScorePosition(data)
		if err != nil {
			return
		}
		sum := 0
		for _, p := range sc.Points {
			sum += p
		}
		if sum != sc.Total || len(sc.Points) != len(sc.Categories) {
			t.Fatalf("breakdown %v does not add up to %d", sc.Points, sc.Total)
		}
	})
}
