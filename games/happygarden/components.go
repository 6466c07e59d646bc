package happygarden

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"
)

// The components are embedded data (data/components.json). The colours,
// shapes, flower tiles, symbols and gnome colours are reconstructed (spec
// ruling P2): a player corrects that one file to match their copy.

//go:embed data/components.json
var componentsJSON []byte

// Tile kinds.
const (
	kindFlower   = 1
	kindGnome    = 2
	kindWindmill = 3
)

// Tile symbols (HP-T14).
const (
	symNone        = 0
	symButterfly   = 1
	symWorm        = 2
	symWheelbarrow = 3
)

// Turn tokens (HP-T3 to HP-T9).
const (
	tokNone        = 0
	tokWheelbarrow = 1
	tokWorm        = 2
	tokTruck       = 3
	tokGust        = 4
	tokDrum        = 5
	tokBlank       = 6
	tokCan         = 7
)

var tokNames = [...]string{"none", "wheelbarrow", "worm", "truck", "gust", "drum", "blank", "watering-can"}

const (
	numColours = 6
	numShapes  = 6
	numTiles   = 60
	maxPlayers = 5
)

// nameSpec is a colour or a shape: its letter (flower codes) and its name,
// an id ("red", "daisy") that options, position files, typed moves and the
// view use. The words a person reads are the catalogue's
// (component.colour:R.name, component.shape:D.name in texts/<lang>.json).
type nameSpec struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
}

type tileSpec struct {
	ID      string   `json:"id"`
	Kind    string   `json:"kind"`
	Colour  string   `json:"colour"`
	Shape   string   `json:"shape"`
	Symbol  string   `json:"symbol"`
	Set     string   `json:"set"`
	Colours []string `json:"colours"`
}

type componentsSpec struct {
	Comment    string         `json:"_comment"`
	Colours    []nameSpec     `json:"colours"`
	Shapes     []nameSpec     `json:"shapes"`
	Tiles      []tileSpec     `json:"tiles"`
	Tokens     map[string]int `json:"tokens"`
	TurnTokens struct {
		Events         []string `json:"events"`
		Blanks         int      `json:"blanks"`
		BigWateringCan int      `json:"big_watering_can"`
	} `json:"turn_tokens"`
	BlanksByPlayers map[string]int `json:"blanks_by_players"`
}

// tileInfo is one tile, by its index 1..60 (0 is "no tile").
type tileInfo struct {
	id     string
	kind   uint8
	colour uint8 // flowers: 0..5
	shape  uint8 // flowers: 0..5
	symbol uint8
	cmask  uint8 // gnomes: mask of the three colours; flowers: 1<<colour
}

// The decoded data. These tables are filled once, by init, and only read
// afterwards: states never write to them.
var (
	spec       componentsSpec
	tiles      [numTiles + 1]tileInfo
	tileByID   map[string]uint8
	colourLet  [numColours]byte
	shapeLet   [numShapes]byte
	stockWB    int
	stockWorm  int
	stockBfly  int
	stockCans  int
	eventToks  []uint8
	blanksByPl [maxPlayers + 1]int
)

// pileCap is the size of a state's turn-token pile (its array length).
const pileCap = 12

// catalog is the component data decoded and checked by loadComponents.
type catalog struct {
	spec                 componentsSpec
	tiles                [numTiles + 1]tileInfo
	byID                 map[string]uint8
	colourLet            [numColours]byte
	shapeLet             [numShapes]byte
	wb, worm, bfly, cans int
	events               []uint8
	blanks               [maxPlayers + 1]int
}

func init() {
	c, err := loadComponents(componentsJSON)
	if err != nil {
		panic("happygarden: data/components.json: " + err.Error())
	}
	spec, tiles, tileByID, colourLet, shapeLet = c.spec, c.tiles, c.byID, c.colourLet, c.shapeLet
	stockWB, stockWorm, stockBfly, stockCans = c.wb, c.worm, c.bfly, c.cans
	eventToks, blanksByPl = c.events, c.blanks
	texts = mustCatalog()
}

// loadComponents decodes and checks the data file. It touches no package
// state, so a broken file can be tested without spoiling the real tables.
// Its errors name the entry to correct, since players edit this file.
func loadComponents(data []byte) (*catalog, error) {
	c := &catalog{byID: map[string]uint8{}}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c.spec); err != nil {
		return nil, err
	}
	sp := &c.spec
	if len(sp.Colours) != numColours || len(sp.Shapes) != numShapes || len(sp.Tiles) != numTiles {
		return nil, fmt.Errorf("want %d colours, %d shapes and %d tiles, got %d, %d and %d",
			numColours, numShapes, numTiles, len(sp.Colours), len(sp.Shapes), len(sp.Tiles))
	}
	// Colour and shape letters must all differ, so that a letter or a flower
	// code names one thing only.
	letters := map[string]string{}
	for i, n := range append(append([]nameSpec(nil), sp.Colours...), sp.Shapes...) {
		what := fmt.Sprintf("colour %d", i+1)
		if i >= numColours {
			what = fmt.Sprintf("shape %d", i-numColours+1)
		}
		if len(n.Letter) != 1 {
			return nil, fmt.Errorf("%s: letter %q must be one character", what, n.Letter)
		}
		if n.Name == "" || strings.ContainsAny(n.Name, " \t") {
			return nil, fmt.Errorf("%s: needs a name, one word (\"name\": \"red\")", what)
		}
		if other, dup := letters[strings.ToUpper(n.Letter)]; dup {
			return nil, fmt.Errorf("%s: letter %q is already used by %s", what, n.Letter, other)
		}
		letters[strings.ToUpper(n.Letter)] = what
		if i < numColours {
			c.colourLet[i] = n.Letter[0]
		} else {
			c.shapeLet[i-numColours] = n.Letter[0]
		}
	}
	for i, ts := range sp.Tiles {
		t := &c.tiles[i+1]
		t.id = ts.ID
		key := strings.ToUpper(ts.ID)
		if _, dup := c.byID[key]; dup || ts.ID == "" || strings.ContainsAny(ts.ID, "# \t") {
			return nil, fmt.Errorf("tile %d: id %q is empty, duplicated, or holds a space or '#'", i+1, ts.ID)
		}
		c.byID[key] = uint8(i + 1)
		switch ts.Kind {
		case "flower":
			t.kind = kindFlower
			col, sh := sp.colour(ts.Colour), sp.shape(ts.Shape)
			if col < 0 || sh < 0 {
				return nil, fmt.Errorf("tile %s: unknown colour %q or shape %q", ts.ID, ts.Colour, ts.Shape)
			}
			t.colour, t.shape, t.cmask = uint8(col), uint8(sh), 1<<col
			switch ts.Symbol {
			case "":
			case "butterfly":
				t.symbol = symButterfly
			case "worm":
				t.symbol = symWorm
			case "wheelbarrow":
				t.symbol = symWheelbarrow
			default:
				return nil, fmt.Errorf("tile %s: unknown symbol %q (butterfly, worm, wheelbarrow or empty)", ts.ID, ts.Symbol)
			}
		case "gnome":
			t.kind = kindGnome
			for _, cl := range ts.Colours {
				col := sp.colour(cl)
				if col < 0 {
					return nil, fmt.Errorf("gnome %s: unknown colour %q", ts.ID, cl)
				}
				t.cmask |= 1 << col
			}
			// HP-T19 needs three different colours: a repeated one would
			// silently make the gnome easier to please.
			if len(ts.Colours) != 3 || bits.OnesCount8(t.cmask) != 3 {
				return nil, fmt.Errorf("gnome %s: want 3 different colours, got %q", ts.ID, ts.Colours)
			}
		case "windmill":
			t.kind = kindWindmill
		default:
			return nil, fmt.Errorf("tile %s: unknown kind %q (flower, gnome or windmill)", ts.ID, ts.Kind)
		}
		if t.kind != kindFlower && ts.Symbol != "" {
			return nil, fmt.Errorf("tile %s: only flowers carry a symbol", ts.ID)
		}
	}
	c.wb, c.worm = sp.Tokens["wheelbarrow"], sp.Tokens["worm_mole"]
	c.bfly, c.cans = sp.Tokens["butterfly"], sp.Tokens["watering_can"]
	// Stocks are held in bytes; a 5-player game needs 6 butterflies and 5 cans.
	for name, n := range map[string]int{"wheelbarrow": c.wb, "worm_mole": c.worm, "butterfly": c.bfly, "watering_can": c.cans} {
		if n < 0 || n > 255 {
			return nil, fmt.Errorf("tokens.%s: %d is out of range (0 to 255)", name, n)
		}
	}
	if c.cans < maxPlayers || c.bfly < maxPlayers+1 {
		return nil, fmt.Errorf("tokens: need at least %d watering cans and %d butterflies", maxPlayers, maxPlayers+1)
	}
	seen := 0
	for _, e := range sp.TurnTokens.Events {
		k := -1
		for i, n := range tokNames {
			if n == e && i >= tokWheelbarrow && i <= tokDrum {
				k = i
			}
		}
		if k < 0 || seen&(1<<k) != 0 {
			return nil, fmt.Errorf("turn_tokens.events: %q is unknown or repeated (wheelbarrow, worm, truck, gust, drum)", e)
		}
		seen |= 1 << k
		c.events = append(c.events, uint8(k))
	}
	for n := 2; n <= maxPlayers; n++ {
		b, ok := sp.BlanksByPlayers[fmt.Sprint(n)]
		if !ok || b < 0 || b > sp.TurnTokens.Blanks || len(c.events)+b > pileCap {
			return nil, fmt.Errorf("blanks_by_players[%d]: missing, negative, above turn_tokens.blanks (%d) or more than %d tokens with the events",
				n, sp.TurnTokens.Blanks, pileCap)
		}
		c.blanks[n] = b
	}
	return c, nil
}

// colourIndex finds a colour by letter, name, or its name in any language
// of the catalogue ("rouge", "rot"), for what a person types.
func colourIndex(s string) int {
	if i := spec.colour(s); i >= 0 || texts == nil {
		return i
	}
	for i := range numColours {
		for _, lang := range texts.Langs() {
			if strings.EqualFold(s, texts.Name(colourID(uint8(i)), lang)) {
				return i
			}
		}
	}
	return -1
}

// colour finds a colour by letter or name.
func (sp *componentsSpec) colour(s string) int { return findName(sp.Colours, s) }

// shape finds a shape by letter or name.
func (sp *componentsSpec) shape(s string) int { return findName(sp.Shapes, s) }

func findName(names []nameSpec, s string) int {
	for i, c := range names {
		if strings.EqualFold(s, c.Letter) || strings.EqualFold(s, c.Name) {
			return i
		}
	}
	return -1
}

// code is a flower's short code (colour letter + shape letter).
func code(colour, shape uint8) string {
	return string([]byte{colourLet[colour], shapeLet[shape]})
}
