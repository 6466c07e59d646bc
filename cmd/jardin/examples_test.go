package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/games"
)

var gamesRegistry = games.Registry()

var update = flag.Bool("update", false, "rewrite docs/examples/*.record.json with what their documented command writes")

// exampleCommand is the command docs/records.md documents for the example
// records, with GAME for the game id.
var exampleCommand = regexp.MustCompile("`(jardin play GAME [^`]*--record docs/examples/GAME\\.record\\.json)`")

// Every example record is exactly what its documented command writes today:
// when a game's play or the record format changes, this test says so (and
// go test -run TestExampleRecords -update rewrites them).
func TestExampleRecordsAreTheirCommandsOutput(t *testing.T) {
	doc, err := os.ReadFile("../../docs/records.md")
	if err != nil {
		t.Fatal(err)
	}
	m := exampleCommand.FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/records.md documents no command for its example records")
	}
	files, _ := filepath.Glob("../../docs/examples/*.record.json")
	if len(files) == 0 {
		t.Fatal("no example records")
	}
	for _, f := range files {
		id := strings.TrimSuffix(filepath.Base(f), ".record.json")
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			checkExample(t, f, id, string(m[1]))
		})
	}
}

// checkExample runs the documented command for one example record and
// compares what it writes with the file.
func checkExample(t *testing.T, f, id, command string) {
	if _, err := gamesRegistry.Lookup(id); err != nil {
		t.Fatalf("%s: no game %s", f, id)
	}
	out := filepath.Join(t.TempDir(), id+".record.json")
	args := strings.Fields(strings.ReplaceAll(command, "GAME", id))[1:]
	args[len(args)-1] = out
	code, _, errs := jardin(t, "", args...)
	if code != 0 {
		t.Fatalf("%s: %v: exit %d: %s", id, args, code, errs)
	}
	got, _ := os.ReadFile(out)
	want, _ := os.ReadFile(f)
	if bytes.Equal(got, want) {
		return
	}
	if *update {
		if err := os.WriteFile(f, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s rewritten", f)
		return
	}
	t.Errorf("%s is not what `%s` writes now (first difference at byte %d); go test ./cmd/jardin -run TestExampleRecords -update rewrites it",
		f, strings.ReplaceAll(command, "GAME", id), firstDiff(got, want))
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
