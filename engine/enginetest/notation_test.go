package enginetest

import "testing"

// The pattern catches what it is for, and lets words through.
func TestNotationPattern(t *testing.T) {
	for _, c := range []struct {
		txt  string
		want bool
	}{
		{"You move the king from 4,5 to 3,6.", true},
		{"You place the tile, top-left corner at 2,3", true},
		{"on r1c3", true},
		{"You take C07.", true},
		{"You take O03", true},
		{"the king:red", true},
		{"You place a bonus:g", true},
		{"You move your king from column 4, row 5 to column 3, row 6 (move 1 of 5).", false},
		{"You place O tile (mushroom, gardener, tree, rose) turned 90°, its top-left square on row 2, column 3", false},
		{"Ann draws O tile from bag O and adds it to the supply", false},
		{"Vous prenez la carte constellation J·A / ·R·.", false},
		{"300 turns have been played: the game ends.", false},
		{"total : 21 points.", false},
		{"Anna nimmt 3 Bonusplättchen", false},
	} {
		if got := NotationInText.MatchString(c.txt); got != c.want {
			t.Errorf("%q: match %v, want %v", c.txt, got, c.want)
		}
	}
}
