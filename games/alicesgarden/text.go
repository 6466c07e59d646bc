package alicesgarden

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// The catalogue of texts (data/texts.json): event messages by key, in
// English and French, the components with what they do or score, and a
// statement of each rule a refused move can name.
// Ids built from parts: large tiles "tile:O03" and orientations
// "orient:r90f" are listed from the tiles' data (builtComponents), cells
// "r2c3" are named by code (row 2, column 3, 1-based,
// as in the notation "2,3").

//go:embed data/texts.json
var textsJSON []byte

// catalog is built once when the package loads and only read afterwards.
var catalog = mustCatalog(textsJSON)

func (game) Texts() *engine.Catalog { return catalog }

var _ engine.Texter = game{}

func mustCatalog(data []byte) *engine.Catalog {
	c, err := parseCatalog(data)
	if err != nil {
		panic("alicesgarden: data/texts.json: " + err.Error())
	}
	return c
}

func parseCatalog(data []byte) (*engine.Catalog, error) {
	var f engine.CatalogFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	built, err := builtComponents(f.Components)
	if err != nil {
		return nil, err
	}
	c, err := f.Catalog(append(f.Components, built...))
	if err != nil {
		return nil, err
	}
	c.Names = partName
	c.CellName = cellName
	return c, nil
}

// builtComponents lists the large tiles and the orientations, whose ids
// are built from parts, as components of their own: the server sends the
// page the listed components only (the names partName gives are not
// enumerable), and the page names and explains every tile it draws. A tile
// is named "tile O03" and explained by its shape and icons (short: the
// sync carries all 65 of them; "large-tile" says what a large tile does);
// an orientation by its words.
func builtComponents(listed []engine.Component) ([]engine.Component, error) {
	byID := make(map[string]engine.Component, len(listed))
	for _, k := range listed {
		byID[k.ID] = k
	}
	large, ok := byID["large-tile"]
	if !ok {
		return nil, fmt.Errorf("components: no large-tile to explain the tiles")
	}
	// The tiles are read again here: the package's tables are filled by
	// init, after the catalogue (a package variable) is built.
	cs, err := parseComponents(componentsJSON)
	if err != nil {
		return nil, fmt.Errorf("data/components.json: %w", err)
	}
	out := make([]engine.Component, 0, nTiles+len(orientWords))
	for t := range cs.tiles {
		d := cs.tiles[t]
		var en, fr []string
		for _, ic := range d.icons {
			k, ok := byID[iconID(int(ic))]
			if !ok {
				return nil, fmt.Errorf("components: no %s for tile %s", iconID(int(ic)), d.id)
			}
			en, fr = append(en, k.Name.EN), append(fr, k.Name.FR)
		}
		sh := string(shapeLetters[d.shape])
		out = append(out, engine.Component{ID: "tile:" + d.id, Kind: "tile",
			Name: engine.Text{EN: "tile " + d.id, FR: "tuile " + d.id},
			Help: engine.Text{
				EN: large.Name.EN + ", shape " + sh + ": " + strings.Join(en, ", ") + ".",
				FR: large.Name.FR + ", forme " + sh + " : " + strings.Join(fr, ", ") + ".",
			}})
	}
	for k, w := range orientWords {
		out = append(out, engine.Component{ID: orientID(uint8(k)), Kind: "orientation", Name: w,
			Help: engine.Text{EN: "How the tile is turned on your board: " + w.EN + ".",
				FR: "Le sens de la tuile sur votre plateau : " + w.FR + "."}})
	}
	return out, nil
}

// Ids of the things on the table, shared by the view, the events and the
// move descriptions.
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
var orientWords = [8]engine.Text{
	{EN: "as drawn", FR: "telle quelle"},
	{EN: "turned 90°", FR: "tournée de 90°"},
	{EN: "turned 180°", FR: "tournée de 180°"},
	{EN: "turned 270°", FR: "tournée de 270°"},
	{EN: "flipped", FR: "retournée"},
	{EN: "flipped and turned 90°", FR: "retournée puis tournée de 90°"},
	{EN: "flipped and turned 180°", FR: "retournée puis tournée de 180°"},
	{EN: "flipped and turned 270°", FR: "retournée puis tournée de 270°"},
}

// partName names the ids the catalogue does not list: large tiles and
// orientations.
func partName(id, lang string) (string, bool) {
	if t, ok := strings.CutPrefix(id, "tile:"); ok {
		if _, ok := tileByID(t); !ok || t != strings.ToUpper(t) {
			return "", false
		}
		if lang == "fr" {
			return "tuile " + t, true
		}
		return "tile " + t, true
	}
	if o, ok := strings.CutPrefix(id, "orient:"); ok {
		k, err := parseOrient(o)
		if err != nil || orientName(uint8(k)) != o {
			return "", false
		}
		return orientWords[k].In(lang), true
	}
	return "", false
}

// cellName names a cell id for a sentence: "row 2, column 3".
func cellName(id, lang string) string {
	sq, ok := parseCellID(id)
	if !ok {
		return id
	}
	r, c := sq/cols+1, sq%cols+1
	if lang == "fr" {
		return fmt.Sprintf("rangée %d, colonne %d", r, c)
	}
	return fmt.Sprintf("row %d, column %d", r, c)
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
