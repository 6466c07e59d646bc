package bots

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// RootChildren searches s with the bot kind and returns how many root
// moves its (first) tree tried.
func RootChildren(t *testing.T, kind string, s engine.State) int {
	t.Helper()
	b, err := New(kind, 1)
	if err != nil {
		t.Fatal(err)
	}
	trees, err := b.(*ISMCTS).search(context.Background(), s.Clone())
	if err != nil {
		t.Fatal(err)
	}
	return len(trees[0].nodes[0].children)
}
