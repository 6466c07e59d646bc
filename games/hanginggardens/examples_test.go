package hanginggardens

import (
	"os"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
)

type onlyThisGame struct{}

func (onlyThisGame) Lookup(id string) (engine.Game, error) {
	if id != Game.ID() {
		return nil, os.ErrNotExist
	}
	return Game, nil
}

// The example record of docs/records.md still replays, move by move, to its
// recorded result: a rule change that alters play shows up here first.
func TestExampleRecordReplays(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/hanging-gardens.record.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if r.Result == nil {
		t.Fatal("the example record has no result")
	}
	s, err := record.Replay(onlyThisGame{}, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Over() {
		t.Fatal("the example record stops before the end")
	}
}
