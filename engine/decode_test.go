package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeJSON(t *testing.T) {
	type pos struct {
		Game  string         `json:"game"`
		Cells map[string]int `json:"cells"`
		N     int            `json:"n"`
	}
	tests := []struct {
		name, in, want string
		strict         bool
	}{
		{"ok", `{"cells":{"a":1},"n":2}`, "", true},
		{"bom", "\ufeff{\"n\":1}", "", true},
		{"empty", "  \n", "the file is empty", false},
		{"null", "null", "want a JSON object ({…}), not null", false},
		{"list", "[1]", "not a list", false},
		{"syntax", "{\n  \"n\": 1,\n  \"cells\": {\"a\" 1}\n}", "line 3, column", false},
		{"type", "{\n\"cells\": [1]}", "field cells: want an object, not array", false},
		{"int", `{"n": "x"}`, "field n: want a whole number, not string", false},
		{"unknown", `{"x": 1}`, `unknown field "x"`, true},
		{"unknown lax", `{"x": 1}`, "", false},
		{"trailing", `{"n":1} {"n":2}`, "goes on after", false},
		{"truncated", `{"n":1`, "ends too early", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p pos
			err := DecodeJSON([]byte(tc.in), &p, tc.strict)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
			if err != nil && strings.Contains(err.Error(), "Go ") || err != nil && strings.Contains(err.Error(), "engine.") {
				t.Fatalf("error names Go types: %v", err)
			}
		})
	}
}

func TestCheckGameField(t *testing.T) {
	if err := CheckGameField([]byte(`{"game":"a"}`), "a"); err != nil {
		t.Fatal(err)
	}
	if err := CheckGameField([]byte("\ufeff{\"game\":\"b\"}"), "a"); err == nil || !strings.Contains(err.Error(), "does not look like a a position") {
		t.Fatalf("got %v", err)
	}
	if err := CheckGameField([]byte(`not json`), "a"); err != nil {
		t.Fatal(err)
	}
}

func FuzzDecodeJSON(f *testing.F) {
	f.Add([]byte(`{"n":1}`))
	f.Add([]byte("\ufeffnull"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var v struct{ N int }
		_ = DecodeJSON(b, &v, true)
		GameField(b)
	})
}

func TestScoreTextOrJSON(t *testing.T) {
	form := func(f string) func([]byte) (Score, error) {
		return func(data []byte) (Score, error) {
			return Score{Categories: []Category{{ID: f + ":" + string(data)}}}, nil
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"R M T\n", "text:R M T\n"},
		{"\ufeffR M T", "text:R M T"}, // the byte-order mark is dropped
		{`{"grid": []}`, `json:{"grid": []}`},
		{" [1, 2", "json: [1, 2"}, // not valid, but a bracket: refused as JSON
		{"12", "json:12"},         // valid JSON is never a text position
		{"\ufeff\n \t", "error:the file is empty: want a grid"},
	} {
		var got string
		sc, err := ScoreTextOrJSON([]byte(tc.in), errors.New("the file is empty: want a grid"), form("json"), form("text"))
		if err != nil {
			got = "error:" + err.Error()
		} else {
			got = sc.Categories[0].ID
		}
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}
