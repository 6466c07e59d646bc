package alicesgarden

import (
	"encoding/json"
	"math/bits"
	"strings"
	"testing"
)

// TestComponents_CheckTotals verifies the spec's check totals (Components,
// ruling A2) on the embedded data file.
func TestComponents_CheckTotals(t *testing.T) {
	var all [nIcons]int
	for b := 0; b < nShapes; b++ {
		var cnt [nIcons]int
		withG := 0
		for i := 0; i < tilesPerShape; i++ {
			d := &tiles[b*tilesPerShape+i]
			if int(d.shape) != b {
				t.Fatalf("%s in bag %c", d.id, shapeLetters[b])
			}
			var per [nIcons]int
			for _, ic := range d.icons {
				cnt[ic]++
				per[ic]++
			}
			if per[iconGardener] > 1 {
				t.Errorf("%s has %d gardeners, at most 1", d.id, per[iconGardener])
			}
			for ic, n := range per {
				if n > 2 {
					t.Errorf("%s has %d %s, at most 2", d.id, n, iconNameEN[ic])
				}
			}
			if per[iconGardener] == 1 {
				withG++
			}
		}
		want := [nIcons]int{11, 11, 11, 11, 8, 0}
		if cnt != want {
			t.Errorf("bag %c: icons %v, want %v (R M T C G g)", shapeLetters[b], cnt, want)
		}
		if withG != 8 {
			t.Errorf("bag %c: %d tiles with a gardener, want 8", shapeLetters[b], withG)
		}
		for i := range cnt {
			all[i] += cnt[i]
		}
	}
	if all != [nIcons]int{55, 55, 55, 55, 40, 0} {
		t.Errorf("all large tiles: %v, want 55 R 55 M 55 T 55 C 40 G", all)
	}
	var bonus [nBonusKinds]int
	for _, k := range bonusSupply {
		bonus[k]++
	}
	if bonus != [nBonusKinds]int{6, 6, 6, 6, 6} {
		t.Errorf("bonus tiles %v, want 6 R 6 M 6 T 6 C 6 g", bonus)
	}
	if nTiles+nBonus != 95 {
		t.Errorf("tiles in all %d, want 95", nTiles+nBonus)
	}
}

// TestRule_A1_Boards: side A has the central path on columns 4-5; side B
// three 2×2 zones; 12 chessboard squares and 36 grass squares each.
func TestRule_A1_Boards(t *testing.T) {
	a := colMask[3] | colMask[4]
	if chessMask[0] != a {
		t.Errorf("side A chessboard %x, want columns 4-5", chessMask[0])
	}
	var b uint64
	for _, z := range [][2]int{{1, 1}, {3, 4}, {5, 7}} {
		for dr := 0; dr < 2; dr++ {
			for dc := 0; dc < 2; dc++ {
				b |= 1 << sq(z[0]+dr, z[1]+dc)
			}
		}
	}
	if chessMask[1] != b {
		t.Errorf("side B chessboard %x, want %x", chessMask[1], b)
	}
	for side := 0; side < 2; side++ {
		if n := bits.OnesCount64(chessMask[side]); n != 12 {
			t.Errorf("side %c: %d chessboard squares, want 12", "AB"[side], n)
		}
	}
}

// TestRule_A2_Shapes: five free tetrominoes; distinct orientations by shape
// (rotations and flips, AG-T5a).
func TestRule_A2_Shapes(t *testing.T) {
	want := map[byte]int{'O': 1, 'I': 2, 'L': 8, 'T': 4, 'S': 4}
	var raw componentsFile
	if err := json.Unmarshal(componentsJSON, &raw); err != nil {
		t.Fatal(err)
	}
	for si := 0; si < nShapes; si++ {
		l := shapeLetters[si]
		sq := raw.Shapes[string(l)]
		if os, _ := orientations(sq, [4]uint8{}); len(os) != want[l] {
			got := len(os)
			t.Errorf("shape %c: %d distinct orientations, want %d", l, got, want[l])
		}
	}
	// O03 = MGTR: (0,0) mushroom, (1,0) gardener, (0,1) tree, (1,1) rose (spec example)
	o := tiles[2].orients[0]
	if tiles[2].id != "O03" {
		t.Fatal(tiles[2].id)
	}
	got := map[uint8]uint8{}
	for i := 0; i < 4; i++ {
		got[o.off[i]] = tiles[2].icons[i]
	}
	if got[0] != iconMushroom || got[1] != iconGardener || got[8] != iconTree || got[9] != iconRose {
		t.Errorf("O03 layout %v", got)
	}
}

// TestComponents_LoadErrors: a data file a player corrected wrongly gets an
// error naming what to fix, never a panic.
func TestComponents_LoadErrors(t *testing.T) {
	good := string(componentsJSON)
	swap := func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("data file lacks %q", old)
		}
		return strings.Replace(good, old, new, 1)
	}
	for _, tc := range []struct{ data, want string }{
		{`{`, "unexpected end"},
		{`{"boards":{"A":["ggg"]}}`, "board A"},
		{swap(`"O": [[0,0],[1,0],[0,1],[1,1]]`, `"O": [[0,0],[1,0],[0,1],[1,9]]`), "shape O: square 3"},
		{swap(`"O": [[0,0],[1,0],[0,1],[1,1]]`, `"O": [[0,0],[1,0],[0,1],[-1,1]]`), "shape O: square 3"},
		{swap(`"O": [[0,0],[1,0],[0,1],[1,1]]`, `"O": [[0,0],[1,0],[0,1],[0,1]]`), "shape O: squares 2 and 3"},
		{swap(`"O": [[0,0],[1,0],[0,1],[1,1]]`, `"O": [[0,0],[1,0],[0,2],[1,2]]`), "shape O: the squares do not touch"},
		{swap(`"TMTC"`, `"TMT"`), "tile O01"},
		{swap(`"TMTC"`, `"TMTg"`), "tile O01"},
		{swap(`"g": 6`, `"g": 6, "G": 1`), "bonus: unknown"},
		{swap(`"g": 6`, `"g": -1`), "bonus g"},
		{swap(`"g": 6`, `"g": 7`), "bonus"},
	} {
		_, err := parseComponents([]byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want an error containing %q, got %v", tc.want, err)
		}
	}
	if _, err := parseComponents(componentsJSON); err != nil {
		t.Errorf("the embedded file: %v", err)
	}
}
