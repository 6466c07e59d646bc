package hanginggardens

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"testing"
)

// The example record of docs/examples replays move by move, each by the seat
// it names, to the result it records.
func TestExampleRecordReplays(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/hanging-gardens.record.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Game    string `json:"game"`
		Seed    string `json:"seed"`
		Players []any  `json:"players"`
		Moves   []struct {
			Player int    `json:"player"`
			Move   string `json:"move"`
		} `json:"moves"`
		Result struct {
			Final   bool `json:"final"`
			Players []struct {
				Points []int `json:"points"`
				Total  int   `json:"total"`
				Rank   int   `json:"rank"`
			} `json:"players"`
		} `json:"result"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	seed, err := strconv.ParseUint(rec.Seed, 10, 64)
	if err != nil || rec.Game != Game.ID() {
		t.Fatalf("record of %q, seed %q", rec.Game, rec.Seed)
	}
	s := newState(t, len(rec.Players), seed, nil)
	for i, m := range rec.Moves {
		if s.ToMove() != m.Player {
			t.Fatalf("move %d %q: recorded for seat %d, seat %d to move", i, m.Move, m.Player, s.ToMove())
		}
		mustApply(t, s, m.Move)
	}
	r := s.Result()
	if !s.Over() || !r.Final || !rec.Result.Final {
		t.Fatal("the record does not end the game")
	}
	for p, want := range rec.Result.Players {
		got := r.Players[p]
		if !slices.Equal(got.Points, want.Points) || got.Total != want.Total || got.Rank != want.Rank {
			t.Errorf("seat %d: %v = %d rank %d, recorded %v = %d rank %d", p, got.Points, got.Total, got.Rank, want.Points, want.Total, want.Rank)
		}
	}
}
