package bots_test

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/games"
)

// TestExplorationAdvice: without cX the search takes the game's advised
// exploration constant (English Gardens with opponents: 0.35, issue 25),
// so it chooses exactly as the same bot given c0.35, and not always as one
// given the former default c0.7.
func TestExplorationAdvice(t *testing.T) {
	g, _ := games.Registry().Lookup("english-gardens")
	s, err := g.New(2, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	advised, _ := bots.New("ismcts:400", 5)
	same, _ := bots.New("ismcts:400:c0.35", 5)
	former, _ := bots.New("ismcts:400:c0.7", 5)
	differ := 0
	for k := 0; k < 24 && !s.Over(); k++ {
		a, err := advised.Choose(context.Background(), s.Clone())
		if err != nil {
			t.Fatal(err)
		}
		b, _ := same.Choose(context.Background(), s.Clone())
		c, _ := former.Choose(context.Background(), s.Clone())
		if a != b {
			t.Fatalf("decision %d: advised %v, c0.35 %v", k, a, b)
		}
		if a != c {
			differ++
		}
		if err := s.Apply(a, nil); err != nil {
			t.Fatal(err)
		}
	}
	if differ == 0 {
		t.Fatal("the advised search chose as c0.7 at every decision: the advice is not taken")
	}
	t.Logf("%d of 24 decisions differ from c0.7", differ)
}
