package schlossgarten

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/jardin-games/jardin/engine"
)

// The catalogue of texts (engine.Texter): event messages, components and
// the statement of every rule of the spec in English and French, from
// data/texts.json. Cards are named and explained from the card data of
// data/components.json, so a corrected card face corrects its help text too.
// The rule statements let a refused move, whose *engine.RuleError message
// is English, be explained in French (engine.Catalog.Explain).

//go:embed data/texts.json
var textsJSON []byte

type textsFile struct {
	About string `json:"_about"`
	engine.CatalogFile
	Card struct {
		Name engine.Text `json:"name"`
		Help engine.Text `json:"help"`
	} `json:"card"`
	Colours map[string]struct {
		EN  string `json:"en"`
		FR  string `json:"fr"`
		FRF string `json:"fr_f"` // feminine
	} `json:"colours"`
	Coloured map[string]struct {
		EN       string `json:"en"`
		FR       string `json:"fr"`
		Feminine bool   `json:"feminine"`
	} `json:"coloured"`
}

// catalog is built once, on first use, and only read afterwards.
var catalog = sync.OnceValue(func() *engine.Catalog {
	c, err := buildCatalog(textsJSON)
	if err != nil {
		panic("schlossgarten: data/texts.json: " + err.Error())
	}
	return c
})

// Texts implements engine.Texter.
func (game) Texts() *engine.Catalog { return catalog() }

func buildCatalog(raw []byte) (*engine.Catalog, error) {
	var f textsFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("reading the JSON: %w", err)
	}
	comps := append([]engine.Component(nil), f.Components...)
	for c := range cards {
		id := cards[c].id
		fig := func(lang string) string { return figureRows(c, lang) }
		comps = append(comps, engine.Component{
			ID:   id,
			Kind: "card",
			Name: engine.Text{EN: strings.ReplaceAll(f.Card.Name.EN, "{id}", id), FR: strings.ReplaceAll(f.Card.Name.FR, "{id}", id)},
			Help: engine.Text{EN: strings.ReplaceAll(f.Card.Help.EN, "{figure}", fig("en")), FR: strings.ReplaceAll(f.Card.Help.FR, "{figure}", fig("fr"))},
		})
	}
	comps = append(comps, colouredComponents(&f)...)
	cat, err := f.Catalog(comps)
	if err != nil {
		return nil, err
	}
	// Every colour and every pawn and element kind must be named, so that
	// no event can name a pawn or element the catalogue does not know.
	for _, c := range colorNames {
		if col, ok := f.Colours[c]; !ok || col.EN == "" || col.FR == "" || col.FRF == "" {
			return nil, fmt.Errorf("colours: %q needs en, fr and fr_f", c)
		}
	}
	kinds := append(pawnNameEN[:0:0], pawnNameEN[:]...)
	for e := range elems {
		kinds = append(kinds, elems[e].id)
	}
	for _, k := range kinds {
		if _, ok := cat.Component(k); !ok {
			return nil, fmt.Errorf("components: %q is missing", k)
		}
		if n, ok := f.Coloured[k]; !ok || !strings.Contains(n.EN, "{c}") || !strings.Contains(n.FR, "{c}") {
			return nil, fmt.Errorf("coloured: %q needs en and fr names with {c}", k)
		}
	}
	for v := 1; v <= 3; v++ {
		if _, ok := cat.Component(tileID(v)); !ok {
			return nil, fmt.Errorf("components: %q is missing", tileID(v))
		}
	}
	// KIND:COLOUR names one pawn or element on the table: "the red king",
	// "la piscine bleue" (listed too: colouredComponents).
	cat.Names = func(id, lang string) (string, bool) { return colouredName(&f, id, lang) }
	return cat, nil
}

// colouredName names KIND:COLOUR, one pawn or element on the table: "the
// red king", "la piscine bleue".
func colouredName(f *textsFile, id, lang string) (string, bool) {
	kind, colour, ok := strings.Cut(id, ":")
	n, okK := f.Coloured[kind]
	col, okC := f.Colours[colour]
	if !ok || !okK || !okC {
		return "", false
	}
	tmpl, c := n.EN, col.EN
	if lang == "fr" {
		tmpl, c = n.FR, col.FR
		if n.Feminine {
			c = col.FRF
		}
	}
	return strings.ReplaceAll(tmpl, "{c}", c), true
}

// colouredComponents lists every pawn and element of every colour
// ("king:red") as a component named by colouredName and explained by its
// kind's help: the server sends the page the listed components only, and a
// view names them (the struck subject, for one).
func colouredComponents(f *textsFile) []engine.Component {
	help := make(map[string]engine.Component, len(f.Components))
	for _, k := range f.Components {
		help[k.ID] = k
	}
	var out []engine.Component
	for _, colour := range colorNames {
		for _, kind := range append(pawnNameEN[:], elemIDs()...) {
			base, ok := help[kind]
			id := kind + ":" + colour
			en, okEN := colouredName(f, id, "en")
			fr, okFR := colouredName(f, id, "fr")
			if !ok || !okEN || !okFR {
				continue // buildCatalog says what is missing
			}
			out = append(out, engine.Component{ID: id, Kind: base.Kind, Name: engine.Text{EN: en, FR: fr}, Help: base.Help})
		}
	}
	return out
}

func elemIDs() []string {
	out := make([]string, len(elems))
	for e := range elems {
		out[e] = elems[e].id
	}
	return out
}

// Ids the view, the events and the move descriptions share.

// cellID is a square's id: "x,y" as in the notation.
func cellID(sq int) string { return sqName(sq) }

// pawnID names one pawn: "king:red".
func (s *state) pawnID(q, k int) string { return pawnNameEN[k] + ":" + colorNames[s.color[q]] }

// elemID names one player's element: "pool:blue".
func (s *state) elemID(q, e int) string { return elems[e].id + ":" + colorNames[s.color[q]] }

// tileID is the component id of a landscape tile worth v points.
func tileID(v int) string {
	if v >= 0 && v < len(tileIDs) {
		return tileIDs[v]
	}
	return fmt.Sprintf("tile:%d", v)
}

// tileIDs are the ids of the tiles worth 0 to 3 points, spelt once (every
// view names the tile of each square).
var tileIDs = [...]string{"tile:0", "tile:1", "tile:2", "tile:3"}

// figureRows draws a card's figure in one line, rows from top to bottom:
// "KG / A." (French letters R J A for roi, jardinier, architecte).
func figureRows(c int, lang string) string {
	letters := "KGA"
	if lang == "fr" {
		letters = "RJA"
	}
	ci := cards[c]
	pts := [3]xy{{0, 0}, ci.g, ci.a}
	mx, my, Mx, My := 0, 0, 0, 0
	for _, p := range pts {
		mx, my, Mx, My = min(mx, p[0]), min(my, p[1]), max(Mx, p[0]), max(My, p[1])
	}
	var rows []string
	for y := my; y <= My; y++ {
		row := []byte{}
		for x := mx; x <= Mx; x++ {
			ch := byte('.')
			for i, p := range pts {
				if p == (xy{x, y}) {
					ch = letters[i]
				}
			}
			row = append(row, ch)
		}
		rows = append(rows, string(row))
	}
	return strings.Join(rows, " / ")
}
