package hanginggardens

import (
	"embed"
	_ "embed"
	"slices"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// The catalogue (engine.Texter): every word of the game in every language,
// texts/<lang>.json (docs/i18n.md), over the components of data/kinds.json
// (each id's kind; the words are the catalogue's).

//go:embed texts/*.json
var textsFS embed.FS

//go:embed data/kinds.json
var kindsJSON []byte

var _ engine.Texter = game{}

// texts is loaded once and only read afterwards.
var texts = mustTexts()

// Texts returns the game's catalogue.
func (game) Texts() *engine.Catalog { return texts }

func mustTexts() *engine.Catalog {
	return engine.MustLoadGameCatalog("hanginggardens", textsFS, kindsJSON, cellName)
}

func automaID(num int) string { return "automa:" + strconv.Itoa(num) }

// Cell ids, as in the view and the move descriptions:
//
//	market:C:R   the market space of column C (1-3), row R (1 bottom .. 4 top)
//	pile:K       the enhancement pile of cost K (2, 3, 4)
//	objective:K  the royal objective position K (1-4)
//	a1 .. c3     a position of the garden of the player concerned; a0 is the
//	             new left end of floor 1 (the floor then renumbers)
func marketCell(col, row int) string {
	return "market:" + strconv.Itoa(col+1) + ":" + strconv.Itoa(row+1)
}

// posName is the garden position of floor (0..2) and index: "b2".
func posName(floor, idx int) string { return string(rune('a'+floor)) + strconv.Itoa(idx) }

func pileCell(k int) string { return "pile:" + strconv.Itoa(k+2) }

func objectiveCell(k int) string { return "objective:" + strconv.Itoa(k+1) }

// cellName names a cell id for a sentence ("column 2, row 1"); a garden
// position by its floor and place ("floor 2, place 2" for b2), as the page
// draws it, and a0, where a card goes left of a1, in words.
func cellName(id string) (string, []i18n.Arg, bool) {
	kind, rest, _ := strings.Cut(id, ":")
	switch kind {
	case "market":
		c, r, _ := strings.Cut(rest, ":")
		return "cell.market", []i18n.Arg{i18n.S("col", c), i18n.S("row", r)}, true
	case "pile":
		return "cell.pile", []i18n.Arg{i18n.S("k", rest)}, true
	case "objective":
		return "cell.objective", []i18n.Arg{i18n.S("k", rest)}, true
	case "a0":
		return "cell.left-end", nil, true
	}
	if slices.Contains(posNames[:], id) {
		return "cell.garden", []i18n.Arg{i18n.N("floor", int(id[0]-'a')+1), i18n.N("place", int(id[1]-'0'))}, true
	}
	return "", nil, false
}
