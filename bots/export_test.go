package bots

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// RootChildren searches s with the bot kind and returns how many root
// moves the (single) tree tried.
func RootChildren(t *testing.T, kind string, s engine.State) int {
	t.Helper()
	b, err := New(kind, 1)
	if err != nil {
		t.Fatal(err)
	}
	bot := b.(*ISMCTS)
	bot.lastTrees = true
	if _, err := bot.Choose(context.Background(), s.Clone()); err != nil {
		t.Fatal(err)
	}
	return len(bot.trees[0].nodes[0].children)
}
