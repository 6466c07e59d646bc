package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func example(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../docs/examples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withGame returns a JSON position with its "game" field set to id.
func withGame(t testing.TB, data []byte, id string) []byte {
	t.Helper()
	s := string(data)
	i := strings.IndexByte(s, '{')
	if i < 0 {
		t.Fatal("not a JSON object")
	}
	if strings.Contains(s, `"game"`) {
		j := strings.Index(s, `"game"`)
		k := strings.Index(s[j:], ",")
		return []byte(s[:j] + `"game": "` + id + `"` + s[j+k:])
	}
	return []byte(s[:i+1] + `"game": "` + id + `", ` + s[i+1:])
}

// jardin score finds the game from the file's "game" field first, says what
// is wrong with a file that is not a JSON object, says that a file does not
// look like the game it names, and never prints Go types.
func TestScoreDetection(t *testing.T) {
	eg := example(t, "english-gardens.position.json")
	hg := example(t, "hanging-gardens.position.json")
	ag := example(t, "alices-garden.position.txt")
	bom := []byte{0xEF, 0xBB, 0xBF}
	for _, c := range []struct {
		name  string
		file  string
		data  []byte
		flags []string
		code  int
		want  string
	}{
		{"game field, any name", "garden.json", eg, nil, 0, "Total"},
		{"game field first, over the name", "hanging-gardens-copy.json", eg, nil, 0, "Total"},
		{"name, no field", "hanging-gardens.json", hg, nil, 0, "Total"},
		{"byte-order mark, JSON", "garden.json", append(bom, eg...), nil, 0, "Total"},
		{"byte-order mark, text", "alices-garden.txt", append(bom, ag...), nil, 0, "Total"},
		{"malformed, field unreadable", "garden.json", eg[:len(eg)/2], nil, 1, "garden.json: the JSON ends too early"},
		{"syntax error", "garden.json", []byte("{\n  \"game\": \"english-gardens\",\n  \"cells\": {,}\n}"), nil, 1,
			"garden.json: line 3, column 13: JSON syntax error"},
		{"empty", "garden.json", nil, nil, 1, "garden.json: the file is empty"},
		{"blank, named", "english-gardens.json", []byte(" \n"), nil, 1, "the file is empty"},
		{"null", "garden.json", []byte("null"), nil, 1, "want a JSON object ({…}), not null"},
		{"null, named", "english-gardens.json", []byte("null\n"), nil, 1, "not null"},
		{"null, forced", "x", []byte("null"), []string{"--game", "happy-garden"}, 1, "not null"},
		{"a list", "garden.json", []byte("[1, 2]"), nil, 1, "not a list"},
		{"wrong game field", "garden.json", withGame(t, eg, "hanging-gardens"), nil, 1,
			"does not look like a position of hanging-gardens"},
		{"game field against --game", "garden.json", eg, []string{"--game", "happy-garden"}, 1,
			"does not look like a position of happy-garden: its \"game\" field says \"english-gardens\""},
		{"unknown game field", "garden.json", []byte(`{"game": "chess"}`), nil, 1, "says \"chess\", which is not a game jardin plays"},
		{"no game at all", "garden.json", []byte(`{"cells": {}}`), nil, 2, "cannot tell which game garden.json is for: add --game GAME"},
		{"text, no name", "garden.txt", ag, nil, 2, "cannot tell which game"},
		{"unknown --game", "garden.json", eg, []string{"--game", "chess"}, 2, "unknown game \"chess\""},
		{"long game field", "garden.json", []byte(`{"game": "` + strings.Repeat("z", 100000) + `"}`), nil, 1, "…"},
		{"escape in game field", "garden.json", []byte(`{"game": "\u001b[2Jx"}`), nil, 1, `\x1b[2Jx`},
	} {
		args := append([]string{"score", c.file}, c.flags...)
		code, out, errs := term{files: map[string][]byte{c.file: c.data}}.run(t, "", args...)
		got := out + errs
		if code != c.code || !strings.Contains(got, c.want) {
			t.Errorf("%s: exit %d, %.300q; want exit %d and %q", c.name, code, got, c.code, c.want)
		}
		checkErrorLine(t, c.name, errs)
	}
}

// goType matches Go type names as encoding/json and fmt print them
// ([]int, map[string]…, *engine.Foo, struct {, uint8, Go value…), not
// brackets a file may hold.
var goType = regexp.MustCompile(`\[\](u?int|string|byte|bool|float|map|struct|interface|\*|[a-z]+\.)|map\[(string|int)\]|` +
	`\*?\b(engine|main|json|record|reflect)\.[A-Z]\w*|\bstruct \{|\binterface \{|\b(u?int(8|16|32|64)|uint|float32|float64)\b|Go (value|struct|type)`)

// checkErrorLine: an error is one printable line of bounded length,
// without Go type names.
func checkErrorLine(t *testing.T, name, errs string) {
	t.Helper()
	if errs == "" {
		return
	}
	line := strings.TrimSuffix(errs, "\n")
	switch {
	case strings.Contains(line, "\n"):
		t.Errorf("%s: error on several lines: %q", name, errs)
	case !utf8.ValidString(line) || strings.ContainsFunc(line, unicode.IsControl):
		t.Errorf("%s: unprintable error: %q", name, errs)
	case utf8.RuneCountInString(line) > maxErrorLine+100:
		t.Errorf("%s: error of %d characters", name, len(line))
	}
	if m := goType.FindString(line); m != "" {
		t.Errorf("%s: error names a Go type (%s): %q", name, m, errs)
	}
}

// The score pad speaks the language asked for: category labels, the
// rating's label.
func TestScoreFrench(t *testing.T) {
	solo := bytes.Replace(example(t, "english-gardens.position.json"), []byte("{"), []byte(`{"solo": true,`), 1)
	files := map[string][]byte{"solo.json": solo}
	code, en, errs := term{files: files}.run(t, "", "score", "solo.json")
	if code != 0 || !strings.Contains(en, "Rating") || !strings.Contains(en, "Ponds") {
		t.Fatalf("%d %s %s", code, en, errs)
	}
	code, fr, _ := term{files: files}.run(t, "", "score", "--lang", "fr", "solo.json")
	if code != 0 || !strings.Contains(fr, "Appréciation") || strings.Contains(fr, "Ponds") || !strings.Contains(fr, "Total") {
		t.Errorf("score --lang fr:\n%s", fr)
	}
}

// fuzzScore runs the whole score command, detection included, on data under
// a name that gives the game and under one that does not: it never panics,
// exits 0, 1 or 2, and errors are one bounded printable line without Go
// types.
func fuzzScore(f *testing.F, id string, seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
		f.Add(bytes.ReplaceAll(s, []byte(`"`), []byte(`'`)))
		if len(s) > 2 {
			f.Add(s[:len(s)/2])
			f.Add(s[:len(s)-2])
		}
		f.Add(append([]byte{0xEF, 0xBB, 0xBF}, s...))
	}
	for _, s := range []string{"", "null", "{}", "[]", `{"game":null}`, `{"game":"` + id + `"}`, `{"game":5}`, "\xff\xfe",
		`{"game":"` + id + `","x":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range []string{id + ".position", "position"} {
			code, out, errs := term{files: map[string][]byte{name: data}}.run(t, "", "score", name)
			if code != 0 && code != 1 && code != 2 {
				t.Fatalf("exit %d", code)
			}
			if code == 0 && !strings.Contains(out, "Total") {
				t.Fatalf("scored without a total: %q", out)
			}
			checkErrorLine(t, name, errs)
		}
	})
}

func FuzzScoreEnglishGardens(f *testing.F) {
	fuzzScore(f, "english-gardens", example(f, "english-gardens.position.json"))
}

func FuzzScoreAlicesGarden(f *testing.F) {
	fuzzScore(f, "alices-garden", example(f, "alices-garden.position.txt"))
}

func FuzzScoreHangingGardens(f *testing.F) {
	fuzzScore(f, "hanging-gardens", example(f, "hanging-gardens.position.json"))
}

func FuzzScoreHappyGarden(f *testing.F) {
	fuzzScore(f, "happy-garden", example(f, "happy-garden.position.json"))
}

func FuzzScoreSchlossgarten(f *testing.F) {
	fuzzScore(f, "schlossgarten", example(f, "schlossgarten.position.txt"))
}

func TestGoTypePattern(t *testing.T) {
	for _, s := range []string{"cannot unmarshal string into Go value of type []int", "want map[string]json.RawMessage",
		"field of type *engine.Score", "a uint8", "struct { X int }", "[]englishgardens.cell"} {
		if !goType.MatchString(s) {
			t.Errorf("%q not caught", s)
		}
	}
	for _, s := range []string{`got "0[]"`, "want [1, 2]", "line 3, column 4: want a list, not a string", "the interface"} {
		if goType.MatchString(s) {
			t.Errorf("%q caught", s)
		}
	}
}
