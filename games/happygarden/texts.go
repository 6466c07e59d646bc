package happygarden

import (
	"embed"
	_ "embed"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// The catalogue (engine.Texter): every word of the game in every language,
// texts/<lang>.json (docs/i18n.md), over the components of data/kinds.json
// (each id's kind; the words are the catalogue's). French follows the
// rulebook's words (tuile, jardinerie, rayon du bas, jeton Brouette,
// farfouiller, rempoter, valider, côté content, souris jardinière, bonus du
// jardinier).

//go:embed texts/*.json
var textsFS embed.FS

//go:embed data/kinds.json
var kindsJSON []byte

// texts is loaded once, by init after the components, and only read
// afterwards.
var texts *engine.Catalog

// Texts implements engine.Texter.
func (game) Texts() *engine.Catalog { return texts }

func mustCatalog() *engine.Catalog {
	return engine.MustLoadGameCatalog("happygarden", textsFS, kindsJSON, placeName)
}

// placeName names a garden cell "x,y" by where it lies from the house, as
// the drawing shows it ("left of the house, top row"), a shop slot "shop:B1"
// by its shelf and column ("bottom shelf, left") or a seat "seat:2"
// ("player 2", the part of a move giving a mole), for a sentence: a player
// reads the table, never its coordinates.
func placeName(id string) (string, []i18n.Arg, bool) {
	if n, ok := strings.CutPrefix(id, "seat:"); ok {
		if k, err := strconv.Atoi(n); err == nil {
			return "cell.seat", []i18n.Arg{i18n.N("n", k)}, true
		}
	}
	if slot, ok := strings.CutPrefix(id, "shop:"); ok && len(slot) == 2 {
		col := i18n.S("col", slot[1:])
		if slot[0] == 'T' {
			return "cell.slot-top", []i18n.Arg{col}, true
		}
		return "cell.slot-bottom", []i18n.Arg{col}, true
	}
	xs, ys, ok := strings.Cut(id, ",")
	if !ok {
		return "", nil, false
	}
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if errX != nil || errY != nil {
		return "", nil, false
	}
	return houseRelative(x, y)
}

// houseRelative names cell (x, y) from the house, which covers (0,0) to
// (1,1): how far left, right, above or below it the cell lies, and which of
// the house's rows or columns it is level with. A house cell has no name.
func houseRelative(x, y int) (string, []i18n.Arg, bool) {
	// h and dx: the side and distance across; "" when the cell is level
	// with one of the house's columns. v and dy likewise down.
	h, dx := "", 0
	switch {
	case x < 0:
		h, dx = "left", -x
	case x > 1:
		h, dx = "right", x-1
	}
	v, dy := "", 0
	switch {
	case y < 0:
		v, dy = "above", -y
	case y > 1:
		v, dy = "below", y-1
	}
	switch {
	case h == "" && v == "":
		return "", nil, false
	case h != "" && v != "":
		if dx == 1 && dy == 1 {
			return "page.at.corner", []i18n.Arg{i18n.S("h", h), i18n.S("v", v)}, true
		}
		return "page.at.corner-far", []i18n.Arg{i18n.S("h", h), i18n.S("v", v), i18n.N("dx", dx), i18n.N("dy", dy)}, true
	}
	dir, n, half := h, dx, "top"
	if y == 1 {
		half = "bottom"
	}
	if h == "" {
		dir, n, half = v, dy, "left"
		if x == 1 {
			half = "right"
		}
	}
	key := "page.at.side"
	if n > 1 {
		key = "page.at.side-far"
	}
	return key, []i18n.Arg{i18n.S("dir", dir), i18n.N("n", n), i18n.S("half", half)}, true
}

// colourName is a colour's name in lang, in lower case for sentences
// ("blue", "bleu").
func colourName(c uint8, lang string) string { return texts.Name(colourID(c), lang) }

// shapeName is a shape's name in lang, in lower case.
func shapeName(sh uint8, lang string) string { return texts.Name(shapeID(sh), lang) }
