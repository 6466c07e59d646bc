package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/games"
)

// -with seats its bot at every game, beside distinct bots of the pool.
func TestSetupWith(t *testing.T) {
	gs := games.Registry().All()
	cheap := []string{"random", "greedy", "ismcts:easy"}
	for i := range 200 {
		_, seats := setup(gs, cheap, "ismcts:medium", i, 1+uint64(i))
		if !slices.Contains(seats, "ismcts:medium") || len(seats) < 2 || len(seats) > 4 {
			t.Fatalf("game %d seats %v", i, seats)
		}
		s := slices.Clone(seats)
		slices.Sort(s)
		if len(slices.Compact(s)) != len(seats) {
			t.Fatalf("game %d seats a bot twice: %v", i, seats)
		}
	}
}

// anchors -fixed keeps the fixed bots' ratings as they were and learns the
// new bot's against them: a bot that beats them all ends above them.
func TestAnchorsFixed(t *testing.T) {
	dir := t.TempDir()
	base := `{"command":"first","games":{"x":{"random":{"mu":0,"sigma":4,"played":10},"greedy":{"mu":30,"sigma":2,"played":10}}}}`
	fixed := filepath.Join(dir, "fixed.json")
	if err := os.WriteFile(fixed, []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	var lines bytes.Buffer
	enc := json.NewEncoder(&lines)
	for i := range 30 {
		if err := enc.Encode(Game{N: i, Game: "x", Seats: []string{"greedy", "medium", "random"}, Ranks: []int{2, 1, 3}}); err != nil {
			t.Fatal(err)
		}
	}
	games := filepath.Join(dir, "g.jsonl")
	if err := os.WriteFile(games, lines.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := anchors([]string{"-bots", "random,greedy,medium", "-fixed", fixed, "-command", "second", games}, &out); err != nil {
		t.Fatal(err)
	}
	var got Anchors
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	x := got.Games["x"]
	if x["random"].Mu != 0 || x["random"].Played != 10 || x["greedy"].Mu != 30 || x["greedy"].Sigma != 2 {
		t.Errorf("fixed anchors moved: %+v", x)
	}
	if m := x["medium"]; m.Played != 30 || m.Ordinal() <= x["greedy"].Ordinal() {
		t.Errorf("medium %+v (ordinal %.1f), greedy ordinal %.1f", m, m.Ordinal(), x["greedy"].Ordinal())
	}
	if got.Command != "first; then second" {
		t.Errorf("command %q", got.Command)
	}
}
