package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
)

// jardin runs the command line in-process and returns exit status, stdout
// and stderr.
func jardin(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return term{}.run(t, stdin, args...)
}

// term is the outside world of an in-process run: whether stdout and
// stderr are terminals, how soon a bot is said to think, the registry
// (default: the real games), and files to read instead of the disk.
type term struct {
	tty, errTTY bool
	thinkAfter  time.Duration
	reg         *engine.Registry
	files       map[string][]byte
	ctx         context.Context
	stdin       io.Reader
	getenv      func(string) string // the environment (LANG…); nil: empty
}

func (c term) run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := c.env(stdin, &out, &errb)
	code := run(e, args)
	return code, out.String(), errb.String()
}

func (c term) env(stdin string, out, errb io.Writer) *env {
	e := &env{ctx: c.ctx, stdin: c.stdin, stdout: out, stderr: errb, reg: c.reg,
		isTTY: c.tty, errTTY: c.errTTY, thinkAfter: c.thinkAfter, getenv: c.getenv}
	if e.getenv == nil {
		e.getenv = func(string) string { return "" } // the tests' language is English, whatever the machine's
	}
	if e.ctx == nil {
		e.ctx = context.Background()
	}
	if e.stdin == nil {
		e.stdin = strings.NewReader(stdin)
	}
	if e.reg == nil {
		e.reg = games.Registry()
	}
	if c.files != nil {
		e.readFile = func(name string) ([]byte, error) {
			if b, ok := c.files[name]; ok {
				return b, nil
			}
			return os.ReadFile(name)
		}
	}
	return e
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"dance"}, 2, "unknown command"},
		{[]string{"rules"}, 2, "want a game id"},
		{[]string{"rules", "chess"}, 2, "unknown game \"chess\""},
		{[]string{"play", "english-gardens", "--players", "7"}, 2, "1 to 5 players, not 7"},
		{[]string{"play", "english-gardens", "--seats", "you,wizard"}, 2, "unknown bot"},
		{[]string{"play", "english-gardens", "--players", "3", "--seats", "you,greedy"}, 2, "--players 3 but 2 seats"},
		{[]string{"play", "english-gardens", "--options", "side=B"}, 2, "unknown option"},
		{[]string{"play", "english-gardens", "--lang", "it"}, 2, "--lang"},
		{[]string{"sim", "english-gardens", "--seats", "you,greedy"}, 2, "no human seats"},
		{[]string{"sim", "english-gardens", "--games", "0"}, 2, "at least 1"},
		{[]string{"sim", "english-gardens", "--out", "x.txt"}, 2, ".json or .csv"},
		{[]string{"bench", "english-gardens", "--seconds", "-1"}, 2, "positive"},
		{[]string{"bench", "english-gardens", "--nope"}, 2, "--nope is not a flag of this command"},
		{[]string{"score", "/nonexistent/x.json"}, 1, "there is no file"},
		{[]string{"play", "english-gardens", "--seats", "you,ismcts:cNaN"}, 2, "--seats"},
		{[]string{"play", "english-gardens", "--seats", "ismcts:wInf,greedy"}, 2, "--seats"},
		{[]string{"sim", "english-gardens", "--seats", "ismcts:xNaN,greedy"}, 2, "--seats"},
		{[]string{"sim", "english-gardens", "--seats", "ismcts:c1e999,greedy"}, 2, "--seats"},
		{[]string{"bench", "english-gardens", "--seconds", "NaN"}, 2, "--seconds"},
		{[]string{"sim", "english-gardens", "--games", "2000000000"}, 2, "--games: at most"},
		{[]string{"sim", "english-gardens", "--games", "99999999999999999999"}, 2, `--games: "99999999999999999999" is out of range`},
		{[]string{"bench", "english-gardens", "--seconds", "Inf"}, 2, "--seconds"},
		{[]string{"bench", "english-gardens", "--seconds", "-Inf"}, 2, "--seconds"},
		{[]string{"bench", "english-gardens", "--seconds", "1e300"}, 2, "at most 3600"},
		{[]string{"bench", "english-gardens", "--seconds", "0"}, 2, "positive"},
		{[]string{"play", "english-gardens", "--record", "/nonexistent/dir/r.json"}, 1, "--record /nonexistent/dir/r.json: cannot write there"},
		{[]string{"sim", "english-gardens", "--out", "/nonexistent/dir/r.json"}, 1, "--out"},
		{[]string{"sim", "english-gardens", "--plot", "/nonexistent/dir/p.svg"}, 1, "--plot"},
		{[]string{"replay", "x", "--lang", "it"}, 2, "--lang"},
		{[]string{"rules", "english-gardens", "--lang", "it"}, 2, "--lang"},
		{[]string{"rules", strings.Repeat("\x1b", 5000)}, 2, "unknown game"},
		{[]string{"replay", "/nonexistent/x.json"}, 1, "there is no file"},
	} {
		start := time.Now()
		code, stdout, stderr := jardin(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("jardin %.100v: exit %d, stderr %.300q; want exit %d mentioning %q", c.args, code, stderr, c.code, c.want)
		}
		checkErrorLine(t, fmt.Sprintf("%.100v", c.args), stderr)
		// Bad input is refused before anything is played.
		if stdout != "" || time.Since(start) > 5*time.Second {
			t.Errorf("jardin %.100v: printed %.200q and took %v before refusing", c.args, stdout, time.Since(start))
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
	for _, want := range []string{"Not understood", "No choice 99", "Final score pad", "Record written"} {
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
		code, stdout, errs := term{errTTY: true}.run(t, "", "sim", "english-gardens", "--seats", "greedy,random", "--games", "20",
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

func TestNoArguments(t *testing.T) {
	if code, out, _ := jardin(t, ""); code != 2 || !strings.Contains(out, "Usage:") {
		t.Errorf("no arguments: %d %q", code, out)
	}
}

// Output files are opened before the games: a bad path fails at once, a
// file created for a run that fails is removed, and an existing file keeps
// its content until the new one is written.
func TestOutputFilesFirst(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	code, stdout, errs := jardin(t, "", "sim", "english-gardens", "--games", "2", "--out", out, "--plot", filepath.Join(dir, "no", "p.svg"))
	if code != 1 || !strings.Contains(errs, "--plot") || stdout != "" {
		t.Fatalf("exit %d: %q %q", code, stdout, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("--out file left behind by a run that never started: %v", err)
	}
	os.WriteFile(out, []byte("old"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if code, _, _ := (term{ctx: ctx}).run(t, "", "sim", "english-gardens", "--games", "2", "--out", out); code != 1 {
		t.Errorf("cancelled sim: exit %d", code)
	}
	if b, _ := os.ReadFile(out); string(b) != "old" {
		t.Errorf("a failed run changed an existing file: %q", b)
	}
	if code, _, _ := jardin(t, "", "sim", "english-gardens", "--games", "2", "--out", out, "--quiet"); code != 0 {
		t.Fatal("sim failed")
	}
	var rep map[string]any
	if b, _ := os.ReadFile(out); json.Unmarshal(b, &rep) != nil || rep["games"] != 2.0 {
		t.Errorf("--out not rewritten whole: %.100q", b)
	}
}

// sim draws its progress bar only when stderr is a terminal.
func TestSimProgressOnlyOnTerminal(t *testing.T) {
	args := []string{"sim", "english-gardens", "--games", "3", "--seats", "random,random"}
	if _, _, errs := (term{errTTY: true}).run(t, "", args...); !strings.Contains(errs, "\r[") || !strings.Contains(errs, "3/3 games") {
		t.Errorf("no bar on a terminal: %q", errs)
	}
	if _, _, errs := jardin(t, "", args...); errs != "" {
		t.Errorf("bar drawn to a file or pipe: %q", errs)
	}
}

// replay --step waits for Enter between moves; q stops; without input it
// shows everything.
func TestReplayStep(t *testing.T) {
	rec := "../../docs/examples/english-gardens.record.json"
	code, out, errs := jardin(t, "\n\nq\n", "replay", "--step", rec)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, "Enter: next move, q: stop > "); n != 3 {
		t.Errorf("%d waits before q, want 3", n)
	}
	if strings.Contains(out, "  4. ") || strings.Contains(out, "Record OK") {
		t.Error("the replay went on after q")
	}
	code, out, _ = jardin(t, "", "replay", "--step", rec)
	if code != 0 || !strings.Contains(out, "Record OK") || strings.Count(out, "Enter: next move") != 1 {
		t.Errorf("replay --step without input: %d, %d waits", code, strings.Count(out, "Enter: next move"))
	}
	code, out, _ = jardin(t, "", "replay", rec)
	if code != 0 || strings.Contains(out, "Enter: next move") {
		t.Error("replay without --step waits")
	}
	_, out, _ = jardin(t, "", "replay", "--lang", "fr", rec)
	if !strings.Contains(out, "Partie valide") || !strings.Contains(out, "Rang") {
		t.Errorf("replay --lang fr:\n%s", tail(out, 600))
	}
}

// Names from a record are printed only when they are safe: a record with
// an escape sequence in a name is refused before anything is printed.
func TestReplayRefusesUnsafeNames(t *testing.T) {
	data, _ := os.ReadFile("../../docs/examples/english-gardens.record.json")
	var r map[string]any
	json.Unmarshal(data, &r)
	r["players"].([]any)[0].(map[string]any)["name"] = "\x1b]0;pwned\x07\x1b[2J"
	bad, _ := json.Marshal(r)
	code, out, errs := (term{files: map[string][]byte{"bad.json": bad}}).run(t, "", "replay", "bad.json")
	if code != 1 || out != "" || !strings.Contains(errs, "control character") || strings.Contains(errs, "\x1b") {
		t.Errorf("exit %d, %q, %q", code, out, errs)
	}
	r["players"].([]any)[0].(map[string]any)["name"] = strings.Repeat("n", 1<<20)
	big, _ := json.Marshal(r)
	code, out, errs = (term{files: map[string][]byte{"big.json": big}}).run(t, "", "replay", "big.json")
	if code != 1 || out != "" || len(errs) > 300 {
		t.Errorf("a 1 MB name: exit %d, %d bytes out, %d bytes of error", code, len(out), len(errs))
	}
}

func TestPrintable(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"Ann", 10, "Ann"},
		{"a\x1b[2Jb", 10, `a\x1b[2Jb`},
		{"a\xffb", 10, `a\xffb`},
		{"a\u202eb", 10, `a\u202eb`},
		{"a\u009bb", 10, `a\x9bb`},
		{"Zoé et Léa", 5, "Zoé e…"},
		{strings.Repeat("x", 20), 20, strings.Repeat("x", 20)},
	} {
		if got := printable(c.in, c.max); got != c.want {
			t.Errorf("printable(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

func TestNaturalLess(t *testing.T) {
	ids := []string{"HP-T10", "HP-E1", "HP-T2", "HP-T2b", "HP-T1", "HP-S9"}
	sort.Slice(ids, func(i, j int) bool { return naturalLess(ids[i], ids[j]) })
	want := "HP-E1 HP-S9 HP-T1 HP-T2 HP-T2b HP-T10"
	if got := strings.Join(ids, " "); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// A record saying a bot took a seat over shows where, in each language.
func TestReplayShowsReplacedSeat(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/happy-garden.record.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	r.Players[1].Name, r.Players[1].Kind = "Bea", "human"
	r.Players[1].Replaced = &record.Replacement{By: "greedy", After: 3}
	b, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{"en": "Bea is replaced by a greedy bot", "fr": "Bea est remplacé·e par un robot greedy"} {
		code, out, errs := jardin(t, "", "replay", file, "--lang", lang)
		if code != 0 {
			t.Fatalf("replay: %d %s", code, errs)
		}
		i, j := strings.Index(out, want), strings.Index(out, "  4. ")
		if i < 0 || j < 0 || i > j || strings.Index(out, "  3. ") > i {
			t.Errorf("%s: %q not between moves 3 and 4:\n%.900s", lang, want, out)
		}
	}
}
