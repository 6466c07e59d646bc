package schlossgarten

import (
	"os"
	"regexp"
	"strconv"
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
		{`"domino": [[0, 0], [1, 0]]`, `"domino": [[0, 0], [2, 0]]`, "one piece"},
		{`"L": [[0, 0], [1, 0], [0, 1]]`, `"L": [[0, 0], [1, 1], [2, 2]]`, "one piece"},
		{`"domino": [[0, 0], [1, 0]]`, `"domino": [[0, 0], [-9223372036854775808, 0]]`, "never fits"},
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
		{`{"id": "C07", "g": [1, 0], "a": [0, 1]}`, `{"id": "C07", "g": [1, 0], "a": [-9223372036854775808, 1]}`, "never fits"},
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

// FuzzParseComponents: whatever a player writes into the data file, the
// loader either names an error or yields components the game can use.
func FuzzParseComponents(f *testing.F) {
	f.Add(componentsJSON)
	f.Add([]byte(strings.Replace(string(componentsJSON), `"domino": [[0, 0], [1, 0]]`, `"domino": [[0, 0], [0, 1]]`, 1)))
	f.Add([]byte(`{"tiles": [{"points": 3, "count": 49}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		cs, err := parseComponents(raw)
		if err != nil {
			return
		}
		if len(cs.tileValues) != nSquares {
			t.Fatalf("%d tiles", len(cs.tileValues))
		}
		for _, v := range cs.tileValues {
			if v < 1 || v > 3 {
				t.Fatalf("tile worth %d", v)
			}
		}
		for _, e := range cs.elems {
			if e.size < 1 || e.size > 3 || len(e.places) == 0 {
				t.Fatalf("element %s: %d squares, %d placements", e.id, e.size, len(e.places))
			}
			for _, m := range e.places {
				if popcount(m) != e.size || m&^boardMask != 0 {
					t.Fatalf("element %s: placement %x", e.id, m)
				}
			}
		}
		if len(cs.cards) < 2*maxP+1 || len(cs.cards) > maxCards {
			t.Fatalf("%d cards", len(cs.cards))
		}
		for _, c := range cs.cards {
			for _, o := range [2]xy{c.g, c.a} {
				if !inRange(o[0]) || !inRange(o[1]) || o == (xy{}) {
					t.Fatalf("card %s offset %v", c.id, o)
				}
			}
		}
		for n := 2; n <= maxP; n++ {
			var used uint64
			for p := 0; p < n; p++ {
				for k := 0; k < nPawns; k++ {
					sq := int(cs.startSq[n][p][k])
					if sq < 0 || sq >= nSquares || used&bit(sq) != 0 {
						t.Fatalf("%d players: start square %d", n, sq)
					}
					used |= bit(sq)
				}
			}
		}
	})
}

// specCard matches a row of the spec's card table: | C07 | corner | (1,0) | (0,1) | `KG / A.` |
var specCard = regexp.MustCompile(`(?m)^\| (C\d\d) \| [^|]+ \| \((-?\d+),(-?\d+)\) \| \((-?\d+),(-?\d+)\) \| ` + "`([^`]+)`" + ` \|`)

// The embedded cards are the spec's table C01–C32 (ruling S7), checked when
// the spec is found beside the repository. A player who corrects the data
// file corrects the spec's table with it.
func TestCardsMatchSpecTable(t *testing.T) {
	spec, err := os.ReadFile("../../../shared/rules/schlossgarten.md")
	if err != nil {
		t.Skipf("spec not found beside the repository: %v", err)
	}
	rows := specCard.FindAllStringSubmatch(string(spec), -1)
	if len(rows) != len(cards) {
		t.Fatalf("spec table has %d cards, data file %d", len(rows), len(cards))
	}
	for i, r := range rows {
		n := func(j int) int { v, _ := strconv.Atoi(r[j]); return v }
		g, a := xy{n(2), n(3)}, xy{n(4), n(5)}
		if c := cards[i]; c.id != r[1] || c.g != g || c.a != a {
			t.Errorf("%s: data G %v A %v, spec %s G %v A %v", c.id, c.g, c.a, r[1], g, a)
		}
		// the drawing players see (jardin play) is the spec's figure
		if got, want := cardFigure(i, "en"), r[1]+" ["+r[6]+"]"; got != want {
			t.Errorf("drawn %s, spec %s", got, want)
		}
	}
}
