package englishgardens

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
// (each id's kind; the words are the catalogue's).

//go:embed texts/*.json
var textsFS embed.FS

//go:embed data/kinds.json
var kindsJSON []byte

// texts is loaded once and only read afterwards.
var texts = mustTexts()

// Texts implements engine.Texter.
func (g *game) Texts() *engine.Catalog { return texts }

func mustTexts() *engine.Catalog {
	return engine.MustLoadGameCatalog("englishgardens", textsFS, kindsJSON, cellName)
}

// Ids the view, the events and the move descriptions share.

func landID(c int8) string    { return "land:" + strconv.Itoa(int(c)+1) }
func trophyID(t int8) string  { return "trophy:" + strconv.Itoa(int(t)+1) }
func villageID(v int8) string { return "village:" + strconv.Itoa(int(v)+1) }
func handID(i int) string     { return "hand:" + strconv.Itoa(i+1) }

// discardPileID names the discard pile of every village, as cells' ids do.
const discardPileID = "discard-pile"

func landSlotID(i int) string { return "land-display:" + strconv.Itoa(i+1) }
func troSlotID(i int) string  { return "trophy-display:" + strconv.Itoa(i+1) }
func landTypeID(k *landCard) string {
	switch {
	case k.Lawn:
		return "landscape:lawn"
	case k.Feature == featPond:
		return "landscape:pond"
	case k.Feature == featStructure:
		return "landscape:structure"
	}
	return "landscape:trees"
}

// cellName names a place for a sentence: a village cell "r2c3" ("row 2,
// column 3"), or a slot beside the grid where a card enters, "c3" (above
// column 3) or "r2" (left of row 2); and the other places a move
// description names: a card of the hand, "hand:2", and a position of a
// display, "land-display:1" or "trophy-display:3"; the discard pile.
func cellName(id string) (string, []i18n.Arg, bool) {
	if id == discardPileID {
		return "cell.discard-pile", nil, true
	}
	if kind, n, ok := strings.Cut(id, ":"); ok && len(n) == 1 && n[0] >= '1' && n[0] <= '4' {
		switch kind {
		case "hand":
			return "cell.hand", []i18n.Arg{i18n.S("n", n)}, true
		case "land-display", "trophy-display":
			if n[0] <= '3' {
				return "cell." + kind, []i18n.Arg{i18n.S("n", n)}, true
			}
		}
	}
	if len(id) == 4 && id[0] == 'r' && id[2] == 'c' {
		return "cell.square", []i18n.Arg{i18n.S("row", id[1:2]), i18n.S("col", id[3:4])}, true
	}
	if len(id) == 2 {
		switch id[0] {
		case 'c':
			return "cell.above-column", []i18n.Arg{i18n.S("col", id[1:])}, true
		case 'r':
			return "cell.left-of-row", []i18n.Arg{i18n.S("row", id[1:])}, true
		}
	}
	return "", nil, false
}

// cellArgs are the arguments {row} and {col} (with suffix: {row2}…) of a
// message naming landscape cell i.
func cellArgs(i int, suffix string) []i18n.Arg {
	return []i18n.Arg{i18n.N("row"+suffix, i/3+1), i18n.N("col"+suffix, i%3+1)}
}

// cardArgs are the arguments {colour} and {flower} (with suffix:
// {colour2}…) of a message naming landscape card c: the ids red, yellow,
// blue and rose, petunia, lily, or lawn for both, which each language's
// select words its own way (French colours agree with the flower).
func (s *state) cardArgs(c int8, suffix string) []i18n.Arg {
	k := s.card(c)
	colour, flower := "lawn", "lawn"
	if !k.Lawn {
		colour, flower = colourNames[k.Colour], flowerNames[k.Flower]
	}
	return []i18n.Arg{i18n.S("colour"+suffix, colour), i18n.S("flower"+suffix, flower)}
}
