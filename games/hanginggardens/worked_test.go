package hanginggardens

import (
	"os"
	"testing"
)

// TestWorkedExample_WE6_H14_Final48 is the rulebook's final score (WE-6,
// ruling H14): 7 + 10 + 9 + 7 + 9 + 6 = 48.
func TestWorkedExample_WE6_H14_Final48(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/hanging-gardens.position.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Game.(game).ScorePosition(data)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{7, 5, 1, 4, 9, 7, 9, 6}
	for i, w := range want {
		if sc.Points[i] != w {
			t.Errorf("%s: got %d, want %d", sc.Categories[i].ID, sc.Points[i], w)
		}
	}
	if sc.Total != 48 {
		t.Errorf("total %d, want 48", sc.Total)
	}
}
