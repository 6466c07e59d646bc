package alicesgarden

import (
	"fmt"
	"os"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
)

type thisGame struct{}

func (thisGame) Lookup(id string) (engine.Game, error) {
	if id != Game.ID() {
		return nil, fmt.Errorf("unknown game %q", id)
	}
	return Game, nil
}

// TestExampleRecordReplays: the example record in docs/examples replays move
// for move to its recorded result, so a change of rules or notation that
// breaks it shows here.
func TestExampleRecordReplays(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/alices-garden.record.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := record.Replay(thisGame{}, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Over() {
		t.Error("the example game does not end")
	}
}
