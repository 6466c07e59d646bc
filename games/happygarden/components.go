package happygarden

import (
	_ "embed"
	"encoding/json"
	"fmt"
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

type nameSpec struct {
	Letter string `json:"letter"`
	EN     string `json:"en"`
	FR     string `json:"fr"`
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

var (
	spec       componentsSpec
	tiles      [numTiles + 1]tileInfo
	tileByID   = map[string]uint8{}
	colourLet  [numColours]byte
	shapeLet   [numShapes]byte
	stockWB    int
	stockWorm  int
	stockBfly  int
	stockCans  int
	eventToks  []uint8
	blanksByPl [maxPlayers + 1]int
)

func init() {
	if err := loadComponents(componentsJSON); err != nil {
		panic("happygarden: data/components.json: " + err.Error())
	}
}

// parseComponents checks data without installing it.
func parseComponents(data []byte) error {
	var sp componentsSpec
	if err := json.Unmarshal(data, &sp); err != nil {
		return err
	}
	if len(sp.Colours) != numColours || len(sp.Shapes) != numShapes || len(sp.Tiles) != numTiles {
		return fmt.Errorf("want %d colours, %d shapes and %d tiles", numColours, numShapes, numTiles)
	}
	return nil
}

func loadComponents(data []byte) error {
	if err := parseComponents(data); err != nil {
		return err
	}
	if err := json.Unmarshal(data, &spec); err != nil {
		return err
	}
	if len(spec.Colours) != numColours || len(spec.Shapes) != numShapes {
		return fmt.Errorf("want %d colours and %d shapes", numColours, numShapes)
	}
	for i, c := range spec.Colours {
		if len(c.Letter) != 1 {
			return fmt.Errorf("colour %d: letter must be one character", i+1)
		}
		colourLet[i] = c.Letter[0]
	}
	for i, c := range spec.Shapes {
		if len(c.Letter) != 1 {
			return fmt.Errorf("shape %d: letter must be one character", i+1)
		}
		shapeLet[i] = c.Letter[0]
	}
	if len(spec.Tiles) != numTiles {
		return fmt.Errorf("want %d tiles, got %d", numTiles, len(spec.Tiles))
	}
	for i, ts := range spec.Tiles {
		t := &tiles[i+1]
		t.id = ts.ID
		if _, dup := tileByID[strings.ToUpper(ts.ID)]; dup || ts.ID == "" {
			return fmt.Errorf("tile %d: id %q empty or duplicated", i+1, ts.ID)
		}
		tileByID[strings.ToUpper(ts.ID)] = uint8(i + 1)
		switch ts.Kind {
		case "flower":
			t.kind = kindFlower
			c, s := colourIndex(ts.Colour), shapeIndex(ts.Shape)
			if c < 0 || s < 0 {
				return fmt.Errorf("tile %s: unknown colour %q or shape %q", ts.ID, ts.Colour, ts.Shape)
			}
			t.colour, t.shape, t.cmask = uint8(c), uint8(s), 1<<c
			switch ts.Symbol {
			case "":
			case "butterfly":
				t.symbol = symButterfly
			case "worm":
				t.symbol = symWorm
			case "wheelbarrow":
				t.symbol = symWheelbarrow
			default:
				return fmt.Errorf("tile %s: unknown symbol %q", ts.ID, ts.Symbol)
			}
		case "gnome":
			t.kind = kindGnome
			if len(ts.Colours) != 3 {
				return fmt.Errorf("gnome %s: want 3 colours", ts.ID)
			}
			for _, cl := range ts.Colours {
				c := colourIndex(cl)
				if c < 0 {
					return fmt.Errorf("gnome %s: unknown colour %q", ts.ID, cl)
				}
				t.cmask |= 1 << c
			}
		case "windmill":
			t.kind = kindWindmill
		default:
			return fmt.Errorf("tile %s: unknown kind %q", ts.ID, ts.Kind)
		}
	}
	stockWB, stockWorm = spec.Tokens["wheelbarrow"], spec.Tokens["worm_mole"]
	stockBfly, stockCans = spec.Tokens["butterfly"], spec.Tokens["watering_can"]
	if stockCans < maxPlayers || stockBfly < maxPlayers+1 {
		return fmt.Errorf("tokens: need at least %d watering cans and %d butterflies", maxPlayers, maxPlayers+1)
	}
	eventToks = eventToks[:0]
	for _, e := range spec.TurnTokens.Events {
		k := -1
		for i, n := range tokNames {
			if n == e && i >= tokWheelbarrow && i <= tokDrum {
				k = i
			}
		}
		if k < 0 {
			return fmt.Errorf("turn token %q unknown", e)
		}
		eventToks = append(eventToks, uint8(k))
	}
	for n := 2; n <= maxPlayers; n++ {
		b, ok := spec.BlanksByPlayers[fmt.Sprint(n)]
		if !ok || b < 0 || b > spec.TurnTokens.Blanks {
			return fmt.Errorf("blanks_by_players[%d] missing or above %d", n, spec.TurnTokens.Blanks)
		}
		blanksByPl[n] = b
	}
	return nil
}

func colourIndex(s string) int {
	for i, c := range spec.Colours {
		if strings.EqualFold(s, c.Letter) || strings.EqualFold(s, c.EN) || strings.EqualFold(s, c.FR) {
			return i
		}
	}
	return -1
}

func shapeIndex(s string) int {
	for i, c := range spec.Shapes {
		if strings.EqualFold(s, c.Letter) || strings.EqualFold(s, c.EN) || strings.EqualFold(s, c.FR) {
			return i
		}
	}
	return -1
}

// code is a flower's short code (colour letter + shape letter).
func code(colour, shape uint8) string {
	return string([]byte{colourLet[colour], shapeLet[shape]})
}
