package schlossgarten

import (
	"fmt"
	"os"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
)

type onlyThisGame struct{}

func (onlyThisGame) Lookup(id string) (engine.Game, error) {
	if id != Game.ID() {
		return nil, fmt.Errorf("unknown game %q", id)
	}
	return Game, nil
}

// The example record of docs/schlossgarten.md replays under the rules as
// implemented now, to the result it records; a rule change that breaks it
// shows up here rather than only in the record package's tests.
func TestExampleRecordReplays(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/schlossgarten.record.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := record.Replay(onlyThisGame{}, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Over() {
		t.Fatal("the example record should be a whole game")
	}
}
