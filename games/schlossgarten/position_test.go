package schlossgarten

import (
	"os"
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

func FuzzScorePosition(f *testing.F) {
	data, _ := os.ReadFile("../../docs/examples/schlossgarten.position.txt")
	f.Add(data)
	f.Add([]byte("player: red\nboard:\n"))
	f.Add([]byte("player: b\ntiles: 1 2 3\nboard:\n" + strings.Repeat("# #2 1 2 3 hb Tr\n", 7)))
	f.Fuzz(func(t *testing.T, in []byte) {
		sc, err := game{}.ScorePosition(in)
		if err == nil && sc.Total != sc.Points[0]+sc.Points[1] {
			t.Fatal("points do not add up")
		}
	})
}
