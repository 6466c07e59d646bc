package happygarden

import (
	"embed"
	_ "embed"
	"encoding/json"
	"fmt"
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
	var comps []engine.Component
	if err := json.Unmarshal(kindsJSON, &comps); err != nil {
		panic(fmt.Errorf("happygarden: data/kinds.json: %w", err))
	}
	c := engine.MustLoadCatalog(textsFS, "texts", comps)
	c.Cell = placeName
	return c
}

// placeName names a garden cell "x,y" ("(2,3)"), a shop slot "shop:B1"
// ("B1, bottom shelf") or a seat "seat:2" ("player 2", the part of a move
// giving a mole) for a sentence.
func placeName(id string) (string, []i18n.Arg, bool) {
	if n, ok := strings.CutPrefix(id, "seat:"); ok {
		if k, err := strconv.Atoi(n); err == nil {
			return "cell.seat", []i18n.Arg{i18n.N("n", k)}, true
		}
	}
	if slot, ok := strings.CutPrefix(id, "shop:"); ok {
		if strings.HasPrefix(slot, "T") {
			return "cell.slot-top", []i18n.Arg{i18n.S("id", slot)}, true
		}
		return "cell.slot-bottom", []i18n.Arg{i18n.S("id", slot)}, true
	}
	return "cell.garden", []i18n.Arg{i18n.S("id", id)}, true
}

// colourName is a colour's name in lang, in lower case for sentences
// ("blue", "bleu").
func colourName(c uint8, lang string) string { return texts.Name(colourID(c), lang) }

// shapeName is a shape's name in lang, in lower case.
func shapeName(sh uint8, lang string) string { return texts.Name(shapeID(sh), lang) }
