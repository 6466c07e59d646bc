package alicesgarden

import (
	"embed"
	_ "embed"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// The catalogue (engine.Texter): every word of the game in every language,
// texts/<lang>.json (docs/i18n.md), over the components of
// data/kinds.json (each id's kind; the words are the catalogue's).

//go:embed texts/*.json
var textsFS embed.FS

//go:embed data/kinds.json
var kindsJSON []byte

// catalog is loaded once and only read afterwards.
var catalog = mustCatalog()

// Texts implements engine.Texter.
func (game) Texts() *engine.Catalog { return catalog }

var _ engine.Texter = game{}

func mustCatalog() *engine.Catalog {
	return engine.MustLoadGameCatalog("alicesgarden", textsFS, kindsJSON, cellName)
}

// Ids the view, the events and the move descriptions share.

func tileID(t int) string      { return "tile:" + tiles[t].id }
func bagID(b int) string       { return "bag:" + string(shapeLetters[b]) }
func bonusID(k int) string     { return "bonus:" + string(iconLetter[bonusIcon[k]]) }
func orientID(k uint8) string  { return "orient:" + orientName(k) }
func cellID(sq int) string     { return "r" + strconv.Itoa(sq/cols+1) + "c" + strconv.Itoa(sq%cols+1) }
func sideID(side uint8) string { return "side:" + string("AB"[side]) }
func iconID(ic int) string     { return "icon:" + string(iconLetter[ic]) }
func countID(n int) string     { return strconv.Itoa(n) }

// orientWords names the 8 orientations for a sentence ("You place tile O03
// turned 90°…"): k%4 quarter turns clockwise, after a flip when k >= 4.
// cellName names a board cell "r3c5" for a sentence: "row 3, column 5".
func cellName(id string) (string, []i18n.Arg, bool) {
	sq, ok := parseCellID(id)
	if !ok {
		return "", nil, false
	}
	return "cell.square", []i18n.Arg{i18n.N("row", sq/cols+1), i18n.N("col", sq%cols+1)}, true
}

// parseCellID reads "r2c3".
func parseCellID(id string) (int, bool) {
	rs, cs, ok := strings.Cut(strings.TrimPrefix(id, "r"), "c")
	if !ok || !strings.HasPrefix(id, "r") {
		return 0, false
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 1 || r > rows || c < 1 || c > cols {
		return 0, false
	}
	return (r-1)*cols + c - 1, true
}
