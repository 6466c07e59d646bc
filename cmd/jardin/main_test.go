package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
)

// jardin runs the command line in-process and returns exit status, stdout
// and stderr.
func jardin(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{ctx: context.Background(), stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, reg: games.Registry()}
	code := run(e, args)
	return code, out.String(), errb.String()
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, ""},
		{[]string{"dance"}, 2, "unknown command"},
		{[]string{"rules"}, 2, "want a game id"},
		{[]string{"rules", "chess"}, 2, "unknown game \"chess\""},
		{[]string{"play", "english-gardens", "--players", "7"}, 2, "1 to 5 players, not 7"},
		{[]string{"play", "english-gardens", "--seats", "you,wizard"}, 2, "unknown bot"},
		{[]string{"play", "english-gardens", "--players", "3", "--seats", "you,greedy"}, 2, "--players 3 but 2 seats"},
		{[]string{"play", "english-gardens", "--options", "side=B"}, 2, "unknown option"},
		{[]string{"play", "english-gardens", "--lang", "de"}, 2, "--lang"},
		{[]string{"sim", "english-gardens", "--seats", "you,greedy"}, 2, "no human seats"},
		{[]string{"sim", "english-gardens", "--games", "0"}, 2, "at least 1"},
		{[]string{"sim", "english-gardens", "--out", "x.txt"}, 2, ".json or .csv"},
		{[]string{"bench", "english-gardens", "--seconds", "-1"}, 2, "positive"},
		{[]string{"bench", "english-gardens", "--nope"}, 2, "flag provided but not defined"},
		{[]string{"score", "/nonexistent/x.json"}, 1, "no such file"},
		{[]string{"replay", "/nonexistent/x.json"}, 1, "no such file"},
	} {
		code, _, stderr := jardin(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("jardin %v: exit %d, stderr %q; want exit %d mentioning %q", c.args, code, stderr, c.code, c.want)
		}
		if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("jardin %v: error is not one line: %q", c.args, stderr)
		}
	}
}

func TestGamesAndRules(t *testing.T) {
	code, out, _ := jardin(t, "", "games")
	if code != 0 || !strings.Contains(out, "english-gardens") || !strings.Contains(out, "Jardins Anglais") {
		t.Errorf("games: %d %q", code, out)
	}
	code, out, _ = jardin(t, "", "games", "--json")
	var list []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) == 0 {
		t.Errorf("games --json: %q", out)
	}
	code, out, _ = jardin(t, "", "rules", "english-gardens")
	if code != 0 || !strings.Contains(out, "Solo") {
		t.Errorf("rules: %d", code)
	}
}

func TestScoreExample(t *testing.T) {
	code, out, errs := jardin(t, "", "score", "../../docs/examples/english-gardens.position.json")
	if code != 0 || !strings.Contains(out, "Total") || !strings.Contains(out, "16") {
		t.Fatalf("score: %d %q %q", code, out, errs)
	}
	code, out, _ = jardin(t, "", "score", "--json", "../../docs/examples/english-gardens.position.json")
	var sc struct{ Total int }
	if code != 0 || json.Unmarshal([]byte(out), &sc) != nil || sc.Total != 16 {
		t.Errorf("score --json: %q", out)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"game":"english-gardens","cells":{"r9c9":"lawn"}}`), 0o644)
	code, _, errs = jardin(t, "", "score", bad)
	if code != 1 || !strings.Contains(errs, "r1c1 to r3c3") {
		t.Errorf("bad position: %d %q", code, errs)
	}
	unknown := filepath.Join(t.TempDir(), "garden.json")
	os.WriteFile(unknown, []byte(`{}`), 0o644)
	if code, _, errs = jardin(t, "", "score", unknown); code != 2 || !strings.Contains(errs, "--game") {
		t.Errorf("position of unknown game: %d %q", code, errs)
	}
}

// A whole game against a bot through the prompt: bad input is explained
// and the game goes on; the record replays.
func TestPlayAndReplay(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.json")
	// The human always answers "1" (the first legal move), after some noise.
	input := "fly away\n99\nput r9\n?\nscore\n" + strings.Repeat("1\n", 400)
	code, out, errs := jardin(t, input, "play", "english-gardens", "--seats", "you,greedy", "--seed", "3",
		"--record", rec, "--color", "never")
	if code != 0 {
		t.Fatalf("play: exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"Not understood", "No move 99", "Final score pad", "Record written"} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q", want)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("--color never printed colours")
	}
	code, out, errs = jardin(t, "", "replay", rec)
	if code != 0 || !strings.Contains(out, "Record OK") {
		t.Fatalf("replay: %d %s %s", code, out, errs)
	}
	// Tamper with a move: the replay names the move and the rule.
	data, _ := os.ReadFile(rec)
	r, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	r.Moves[1].Move = "put r1"
	if strings.HasPrefix(r.Moves[1].Move, "put") {
		r.Moves[1].Move = "take 9"
	}
	r.Moves[0].Move = "place h1 r1c1"
	b, _ := r.Marshal()
	os.WriteFile(rec, b, 0o644)
	code, _, errs = jardin(t, "", "replay", rec)
	if code != 1 || !strings.Contains(errs, "move 1") {
		t.Errorf("tampered replay: %d %q", code, errs)
	}
	// Input ending early is an error, not a hang or a panic.
	code, _, errs = jardin(t, "1\n", "play", "english-gardens", "--seats", "you,greedy", "--seed", "3")
	if code != 1 || !strings.Contains(errs, "input ended") {
		t.Errorf("early EOF: %d %q", code, errs)
	}
}

func TestSimAndBench(t *testing.T) {
	dir := t.TempDir()
	for _, out := range []string{"r.json", "r.csv"} {
		path := filepath.Join(dir, out)
		code, stdout, errs := jardin(t, "", "sim", "english-gardens", "--seats", "greedy,random", "--games", "20",
			"--jobs", "2", "--out", path)
		if code != 0 || !strings.Contains(stdout, "WIN RATE") || !strings.Contains(errs, "20/20") {
			t.Fatalf("sim: %d %s %s", code, stdout, errs)
		}
		if b, err := os.ReadFile(path); err != nil || len(b) == 0 {
			t.Errorf("%s not written", out)
		}
	}
	svg := filepath.Join(dir, "s.svg")
	if code, _, errs := jardin(t, "", "sim", "english-gardens", "--games", "4", "--quiet", "--plot", svg); code != 0 {
		t.Fatalf("sim --plot: %s", errs)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.HasPrefix(string(b), "<svg") {
		t.Error("--plot wrote no SVG")
	}
	code, rout, _ := jardin(t, "", "sim", "happy-garden", "--seats", "greedy,random", "--games", "4", "--quiet", "--rotate")
	if code != 0 || !strings.Contains(rout, "Seats rotated") || !strings.Contains(rout, "position 1: 50.0%") {
		t.Errorf("sim --rotate (happy-garden, whose seat 1 always starts): %d %s", code, rout)
	}
	if code, _, _ := jardin(t, "", "sim", "english-gardens", "--plot", "x.png"); code != 2 {
		t.Error("--plot x.png accepted")
	}
	code, out, _ := jardin(t, "", "bench", "english-gardens", "--players", "2", "--seconds", "0.05", "--json")
	var res []benchResult
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res) != 1 || res[0].MovesPerSec <= 0 {
		t.Errorf("bench: %d %q", code, out)
	}
}

func TestSecondPerson(t *testing.T) {
	for in, want := range map[string]string{"takes tile O03": "take tile O03", "passes": "pass", "has no move": "have no move",
		"refreshes the display": "refresh the display", "carries on": "carry on", "discards a card": "discard a card"} {
		if got := secondPerson(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestBenchBots(t *testing.T) {
	code, out, errs := jardin(t, "", "bench", "schlossgarten", "--players", "2", "--seconds", "0.05", "--bots", "--json")
	var res struct {
		ISMCTS []botBench `json:"ismcts"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.ISMCTS) != 1 || res.ISMCTS[0].IterationsPerSec <= 0 {
		t.Errorf("bench --bots: %d %q %q", code, out, errs)
	}
	if code, _, _ := jardin(t, "", "bench", "--bots", "--bot", "greedy"); code != 2 {
		t.Error("--bot greedy accepted")
	}
}

// A game between an ismcts seat and a greedy seat through play, with a
// difficulty per seat and --jobs.
func TestPlayISMCTSSeats(t *testing.T) {
	code, out, errs := jardin(t, "", "play", "schlossgarten", "--seats", "ismcts:easy,greedy", "--jobs", "2", "--seed", "2")
	if code != 0 || !strings.Contains(out, "Final score pad") {
		t.Errorf("play with ismcts: %d %s", code, errs)
	}
}
