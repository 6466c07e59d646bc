package schlossgarten

import (
	"strings"
	"testing"
)

// The data file is the one place a player corrects reconstructed
// components; a broken edit must give an error naming what to fix.
func TestComponentsFileErrors(t *testing.T) {
	good := string(componentsJSON)
	if _, err := parseComponents(componentsJSON); err != nil {
		t.Fatalf("embedded file: %v", err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{`{"points": 1, "count": 17}`, `{"points": 1, "count": 18}`, "tiles"},
		{`{"points": 1, "count": 17}`, `{"points": 4, "count": 17}`, "points 4"},
		{`{"points": 1, "count": 17}`, `{"points": 1, "count": -1}`, "count -1"},
		{`{"points": 1, "count": 17}`, `{"points": 1, "cuont": 17}`, "cuont"},
		{`"single": [[0, 0]]`, `"single": [[0, 0], [0, 0]]`, "different squares"},
		{`"single": [[0, 0]]`, `"single": [[0, 0], [1, 0], [2, 0], [3, 0]]`, "1 to 3"},
		{`"id": "pool"`, `"id": "hedge1"`, "unique"},
		{`"id": "pool"`, `"id": "Pool"`, "lower case"},
		{`"shape": "L"}`, `"shape": "Z"}`, "unknown shape"},
		{`"builder": "architect", "shape": "single"`, `"builder": "king", "shape": "single"`, "builder"},
		{`"king": [3, 6]`, `"king": [3, 7]`, "off the board"},
		{`"king": [3, 6]`, `"king": [2, 6]`, "used twice"},
		{`"2": ["south", "north"]`, `"2": ["south", "nord"]`, "unknown edge"},
		{`"2": ["south", "north"]`, `"2": ["south"]`, "seats for 2"},
		{`{"id": "C07"`, `{"id": "C7"`, `want "C07"`},
		{`{"id": "C07", "g": [1, 0], "a": [0, 1]}`, `{"id": "C07", "g": [1, 0], "a": [1, 0]}`, "three different squares"},
		{`{"id": "C07", "g": [1, 0], "a": [0, 1]}`, `{"id": "C07", "g": [1, 0], "a": [0, 9]}`, "never fits"},
		{`"cards": [`, `"cards": [{"id": "C00"},`, "card 1"},
		{good[:10], "", "JSON"},
	} {
		if !strings.Contains(good, tc.old) {
			t.Fatalf("test data: %q not in the file", tc.old)
		}
		_, err := parseComponents([]byte(strings.Replace(good, tc.old, tc.new, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s -> %s: error %v, want one mentioning %q", tc.old, tc.new, err, tc.want)
		}
	}
	// Too few cards to deal every hand.
	cut := good[:strings.Index(good, `{"id": "C09"`)]
	cut = strings.TrimRight(cut, " \n,") + "]}"
	if _, err := parseComponents([]byte(cut)); err == nil || !strings.Contains(err.Error(), "cards: 8") {
		t.Errorf("8 cards: %v", err)
	}
}
