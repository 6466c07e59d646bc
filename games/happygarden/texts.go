package happygarden

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// The catalogue: event messages, the components with what they do, and a
// statement of each rule of the spec by id, in English and French. Messages and the fixed components (tokens, turn
// tokens, mouse, house) are data/texts.json; the tiles, colours and shapes
// are named from data/components.json through the templates of the same
// file, so that a corrected tile list is named and explained correctly
// without touching the texts.

//go:embed data/texts.json
var textsJSON []byte

type textsSpec struct {
	Comment string `json:"_comment"`
	engine.CatalogFile
	Templates map[string]engine.Text `json:"templates"`
}

// texts is built once, by init after the components are loaded (it names
// them), and only read afterwards.
var texts *engine.Catalog

// Texts implements engine.Texter.
func (game) Texts() *engine.Catalog { return texts }

func mustCatalog() *engine.Catalog {
	c, err := buildCatalog(textsJSON)
	if err != nil {
		panic("happygarden: data/texts.json: " + err.Error())
	}
	return c
}

// buildCatalog decodes the texts and names every tile, colour and shape of
// the loaded components.
func buildCatalog(data []byte) (*engine.Catalog, error) {
	var ts textsSpec
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ts); err != nil {
		return nil, err
	}
	tmpl := func(key, lang string, kv ...string) (string, error) {
		t, ok := ts.Templates[key]
		if !ok {
			return "", fmt.Errorf("templates.%s is missing", key)
		}
		return strings.NewReplacer(kv...).Replace(t.In(lang)), nil
	}
	comps := append([]engine.Component(nil), ts.Components...)
	var errs []error
	text := func(key string, kv func(lang string) []string) engine.Text {
		var out engine.Text
		for _, lang := range []string{"en", "fr"} {
			s, err := tmpl(key, lang, kv(lang)...)
			if err != nil {
				errs = append(errs, err)
			}
			if lang == "fr" {
				out.FR = s
			} else {
				out.EN = s
			}
		}
		return out
	}
	for t := 1; t <= numTiles; t++ {
		info := &tiles[t]
		c := engine.Component{ID: info.id}
		switch info.kind {
		case kindFlower:
			kv := func(lang string) []string {
				sym := ""
				if info.symbol != symNone {
					s, err := tmpl("symbol_"+symNames[info.symbol], lang)
					if err != nil {
						errs = append(errs, err)
					}
					sym = s
				}
				return []string{"{id}", info.id, "{colour}", flowerColour(info.colour, info.shape, lang),
					"{colour_m}", colourName(info.colour, lang), "{shape}", shapeName(info.shape, lang), "{symbol}", sym}
			}
			c.Kind, c.Name, c.Help = "flower", text("flower_name", kv), text("flower_help", kv)
		case kindGnome:
			kv := func(lang string) []string {
				return []string{"{id}", info.id, "{colours}", gnomeColours(t, lang)}
			}
			c.Kind, c.Name, c.Help = "gnome", text("gnome_name", kv), text("gnome_help", kv)
		case kindWindmill:
			kv := func(string) []string { return []string{"{id}", info.id} }
			c.Kind, c.Name, c.Help = "windmill", text("windmill_name", kv), text("windmill_help", kv)
		}
		comps = append(comps, c)
	}
	for i := range numColours {
		kv := func(string) []string { return []string{"{letter}", string(colourLet[i])} }
		comps = append(comps, engine.Component{ID: colourID(uint8(i)), Kind: "colour",
			Name: engine.Text{EN: colourName(uint8(i), "en"), FR: colourName(uint8(i), "fr")}, Help: text("colour_help", kv)})
	}
	for i := range numShapes {
		kv := func(string) []string { return []string{"{letter}", string(shapeLet[i])} }
		comps = append(comps, engine.Component{ID: shapeID(uint8(i)), Kind: "shape",
			Name: engine.Text{EN: shapeName(uint8(i), "en"), FR: shapeName(uint8(i), "fr")}, Help: text("shape_help", kv)})
	}
	cells := map[string]engine.Text{}
	for _, k := range []string{"cell", "slot_bottom", "slot_top"} {
		cells[k] = text(k, func(string) []string { return nil })
	}
	if len(errs) > 0 {
		return nil, errs[0]
	}
	// A refused move names its rule; the statement explains it in the
	// player's language (Explain), since the error's own text is English.
	cat, err := ts.Catalog(comps)
	if err != nil {
		return nil, err
	}
	cat.CellName = func(id, lang string) string {
		key := "cell"
		if slot, ok := strings.CutPrefix(id, "shop:"); ok {
			id, key = slot, "slot_bottom"
			if strings.HasPrefix(slot, "T") {
				key = "slot_top"
			}
		}
		return strings.ReplaceAll(cells[key].In(lang), "{id}", id)
	}
	return cat, nil
}

// colourName is a colour's name in lang, in lower case for sentences
// ("blue", "bleu").
func colourName(c uint8, lang string) string {
	n := spec.Colours[c]
	if lang == "fr" {
		return strings.ToLower(n.FR)
	}
	return strings.ToLower(n.EN)
}

// shapeName is a shape's name in lang, in lower case.
func shapeName(sh uint8, lang string) string {
	n := spec.Shapes[sh]
	if lang == "fr" {
		return strings.ToLower(n.FR)
	}
	return strings.ToLower(n.EN)
}

// flowerColour is the colour of a flower of shape sh as an adjective: in
// French it agrees with the shape's gender ("marguerite bleue").
func flowerColour(c, sh uint8, lang string) string {
	if n := spec.Colours[c]; lang == "fr" && spec.Shapes[sh].FRGender == "f" && n.FRFeminine != "" {
		return strings.ToLower(n.FRFeminine)
	}
	return colourName(c, lang)
}

// gnomeColours lists gnome t's colours in the data's order (hat, shirt,
// trousers): "red, orange, blue".
func gnomeColours(t int, lang string) string {
	var names []string
	for _, cl := range spec.Tiles[t-1].Colours {
		names = append(names, colourName(uint8(spec.colour(cl)), lang))
	}
	return strings.Join(names, ", ")
}
