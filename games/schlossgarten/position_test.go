package schlossgarten

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestScorePositionExample(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/schlossgarten.position.txt")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := game{}.ScorePosition(data)
	if err != nil {
		t.Fatal(err)
	}
	// tiles 3+3+2+2+1+3+2+3 = 19; elements: hedge (1) 1 + terrace 3 + hedge (2) 2 = 6
	if sc.Total != 25 || sc.Points[0] != 19 || sc.Points[1] != 6 || len(sc.Categories) != 2 {
		t.Fatalf("score %+v", sc)
	}
}

// The position of SG-X7 after red's terrace: red 4, blue 5 (SG-E1).
func TestScorePosition_SG_X7(t *testing.T) {
	board := `board:
. . . . . . .
. . . . . . .
. . . Tr . . .
. . . Tr Tr . .
. . . . . . .
. . . . . . .
. . . . . . .
`
	for _, tc := range []struct {
		head string
		want int
	}{{"player: red\ntiles: 1\n", 4}, {"player: blue\ntiles: 3 2\n", 5}} {
		sc, err := game{}.ScorePosition([]byte(tc.head + board))
		if err != nil || sc.Total != tc.want {
			t.Errorf("%q: %v %v, want %d", tc.head, sc, err, tc.want)
		}
	}
}

func TestScorePositionErrors(t *testing.T) {
	good := "player: red\ntiles: 1\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + "hr . . . . . .\n"
	if _, err := (game{}).ScorePosition([]byte(good)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{"", "player"},
		{"player: green\n", "line 1"},
		{"player: red\ntiles: 4\n", "line 2"},
		{"player: red\nboard:\n. . .\n", "rows"},
		{"player: red\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + ". . . . . .\n", "line 9"},
		{"player: red\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + ". . . . . . Xr\n", "line 9"},
		{"player: red\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + ". . . . . Pr .\n", "pool"},
		{"player: red\ncolour: red\n", "unknown field"},
		{"player: red\nplayer: blue\n", "twice"},
		{"nonsense\n", "line 1"},
		// more tiles than squares under elements: each collected tile lies under one
		{"player: red\ntiles: 1 2\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + "hr . . . . . .\n", "line 2: 2 tiles collected"},
		// more tiles of one value than the game has (17 × 1)
		{"player: red\ntiles:" + strings.Repeat(" 1", 18) + "\nboard:\n" + "Lr Lr Tr Tr Hr Hr hr\nLr . Tr . Pr Pr cr\nLb Lb Tb Tb . . .\nLb . Tb . . . .\n" + strings.Repeat(". . . . . . .\n", 3), "18 tiles worth 1"},
		{"player: red\nboard:\n" + strings.Repeat(". . . . . . .\n", 7) + "tiles: 3\n", "line 10: \"tiles: 3\" after the board"},
		{"player: red\nboard:\n" + strings.Repeat(". . . . . . .\n", 8), "line 10: an eighth board row"},
	} {
		_, err := game{}.ScorePosition([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one mentioning %q", tc.in, err, tc.want)
		}
	}
}

// exampleJSON is docs/examples/schlossgarten.position.txt in the JSON form.
const exampleJSON = `{
  "game": "schlossgarten",
  "player": "red",
  "tiles": [3, 3, 2, 2, 1, 3, 2, 3],
  "board": [
    ".  .  .  .  .  .  .",
    ".  hr .  .  .  .  .",
    ".  .  .  Tr .  .  .",
    ".  #2 .  Tr Tr .  .",
    ".  .  .  .  .  Pb Pb",
    ".  Hr Hr .  .  Lb .",
    ".  .  .  .  .  Lb Lb"
  ]
}`

// Both forms of a position file, a byte-order mark, the "game" field or
// line (this game's id accepted, another refused), and the fields that are
// required, named when missing.
func TestScorePositionForms(t *testing.T) {
	text, err := os.ReadFile("../../docs/examples/schlossgarten.position.txt")
	if err != nil {
		t.Fatal(err)
	}
	bom := "\xef\xbb\xbf"
	for _, in := range []string{string(text), bom + string(text), "game: schlossgarten\n" + string(text), exampleJSON, bom + exampleJSON,
		strings.Replace(exampleJSON, `"game": "schlossgarten",`, "", 1)} {
		sc, err := game{}.ScorePosition([]byte(in))
		if err != nil || sc.Total != 25 || sc.Points[0] != 19 || sc.Points[1] != 6 {
			t.Errorf("%.40q: %+v %v, want tiles 19 + elements 6", in, sc, err)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "the file is empty"},
		{bom + " \n", "the file is empty"},
		{"null", "want a JSON object ({…}), not null"},
		{"[1, 2]", "not a list"},
		{"7", "not a number"},
		{strings.Replace(exampleJSON, `"game": "schlossgarten"`, `"game": "english-gardens"`, 1),
			`this file does not look like a schlossgarten position: its "game" field says "english-gardens"`},
		{"game: happy-garden\n" + string(text), `line 1: this file does not look like a schlossgarten position: its "game" line says "happy-garden"`},
		{strings.Replace(exampleJSON, `"player": "red",`, "", 1), `missing field "player"`},
		{`{"player": "red"}`, `missing field "board"`},
		{`{"player": "red", "board": null}`, `missing field "board"`},
		{strings.Replace(exampleJSON, `"red"`, `"green"`, 1), `field "player": "green"`},
		{strings.Replace(exampleJSON, `[3, 3,`, `[4, 3,`, 1), `field "tiles": 4`},
		{strings.Replace(exampleJSON, `[3, 3,`, `["3", 3,`, 1), "field tiles: want a whole number, not string"},
		{strings.Replace(exampleJSON, `"player"`, `"colour": 1, "player"`, 1), `unknown field "colour"`},
		{strings.Replace(exampleJSON, `".  Hr Hr .  .  Lb .",`, `".  Hr Hr .  .  Lb",`, 1), `field "board", row 6: board row y=5 has 6 cells`},
		{strings.Replace(exampleJSON, `".  .  .  .  .  Lb Lb"`, `".  .  .  .  .  Lb Lb", ".  .  .  .  .  .  ."`, 1), `field "board": 8 rows`},
		{strings.Replace(exampleJSON, `"tiles": [3, 3, 2, 2, 1, 3, 2, 3]`, `"tiles": [3, 3, 2, 2, 1, 3, 2, 3, 1, 1, 1, 1]`, 1), `field "tiles": 12 tiles collected, but the board has only 11 squares under elements`},
		{"{\n  \"player\": \"red\",\n  \"board\": [,]\n}", "line 3, column 13: JSON syntax error"},
		{exampleJSON[:len(exampleJSON)/2], "the JSON ends too early"},
	} {
		_, err := game{}.ScorePosition([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.60q: error %v, want one mentioning %q", tc.in, err, tc.want)
		}
		if err != nil && goTypeName.MatchString(err.Error()) {
			t.Errorf("%.60q: error names a Go type: %v", tc.in, err)
		}
	}
}

// goTypeName matches the Go type names encoding/json would print.
var goTypeName = regexp.MustCompile(`\[\](u?int|string)|\*?\b(engine|schlossgarten|json)\.[A-Z]|\bint(8|16|32|64)?\b|Go (value|struct)`)

func FuzzScorePosition(f *testing.F) {
	data, _ := os.ReadFile("../../docs/examples/schlossgarten.position.txt")
	f.Add(data)
	f.Add([]byte(exampleJSON))
	f.Add([]byte("\xef\xbb\xbf" + exampleJSON))
	f.Add([]byte("player: red\nboard:\n"))
	f.Add([]byte("game: schlossgarten\nplayer: b\ntiles: 1 2 3\nboard:\n" + strings.Repeat("# #2 1 2 3 hb Tr\n", 7)))
	f.Add([]byte(`{"player": "b", "tiles": [1, 2, 3], "board": ["# #2 1 2 3 hb Tr"]}`))
	for _, s := range []string{"", "null", "{}", "[]", `{"game":null}`, `{"game":"schlossgarten"}`, `{"game":5}`, "\xff\xfe"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		sc, err := game{}.ScorePosition(in)
		if err == nil && (sc.Total != sc.Points[0]+sc.Points[1] || sc.Total < 0 || sc.Points[1] > 12) {
			t.Fatalf("score %+v", sc)
		}
		if err != nil && (err.Error() == "" || goTypeName.MatchString(err.Error())) {
			t.Fatalf("error %q", err)
		}
	})
}
