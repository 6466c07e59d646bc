package hanginggardens

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Components: the garden cards, enhancements, irrigation cards, royal
// objectives, market and automa data, loaded from the embedded data file
// data/components.json (rules H1, H2, H7, H12).

//go:embed data/components.json
var componentsJSON []byte

// Positions of a pyramid: floor 1 a1..a5 = 0..4, floor 2 b1..b4 = 5..8,
// floor 3 c1..c3 = 9..11.
const (
	nPos       = 12
	maxPlayers = 5
)

// Flower colours.
const (
	blue = iota
	red
	yellow
)

// Sights.
const (
	sightNone = iota
	sightAnimal
	sightTree
	sightVisitor
)

// Trees (animals are numbered lion, monkey, peacock as the data file reads
// them: nothing needs their names as constants).
const (
	dragon = iota
	cedar
	palm
)

// Objective items (also the per-floor counters).
const (
	itemAnimal = iota
	itemTree
	itemIrrigated
	itemVisitor
	itemGold
	itemTools
	itemCrown
	itemBlue
	itemYellow
	itemRed
	nItems
)

var itemNames = [nItems]string{"animal", "tree", "irrigated", "visitor", "gold", "tools", "crown", "blue", "yellow", "red"}

// Visitor kinds.
const (
	visBlue = iota
	visYellow
	visRed
	visIrrigated
	visCrown
	visFlowerTrio
	visVisitor
	visObjective
	visAnimal
	visTree
	visGold
	visEnhancement
	visSightTrio
	visTools
)

var visitorNames = []string{"blue", "yellow", "red", "irrigated", "crown", "flowertrio", "visitor", "objective", "animal", "tree", "gold", "enhancement", "sighttrio", "tools"}

// content is what a garden card or an enhancement shows.
type content struct {
	ID      string
	Copies  int
	Cost    int // enhancements only
	Sight   uint8
	Animal  uint8
	APoints [3]uint8
	Tree    uint8
	Visitor uint8
	Flowers [3]uint8 // blue, red, yellow
	Irrig   bool
	Crown   uint8
	Gold    uint8
	Tools   uint8
}

// empty reports whether a garden card can take an enhancement (H6).
func (c *content) empty() bool { return c.Sight == sightNone }

func (c *content) hasFlower() bool { return c.Flowers[0]+c.Flowers[1]+c.Flowers[2] > 0 }

type automaCard struct {
	Num      int
	Columns  [3]uint8 // 0-based columns in priority order
	Discard  uint8    // discardAnimal...
	Fallback int8     // 0-based row, -1 for none
	Bonus    uint8
}

const (
	discardAnimal = iota
	discardTree
	discardVisitor
	discardIrrigation
	discardFlower
)

var discardNames = []string{"animal", "tree", "visitor", "irrigation", "flower"}

const (
	bonusFirst = iota
	bonusObjective
	bonusEnh2
	bonusEnh3
	bonusEnh4
)

var bonusNames = []string{"first", "objective", "enhancement2", "enhancement3", "enhancement4"}

type objective struct {
	ID       string
	Item     uint8
	Required uint8
}

type objPosition struct {
	High, Low int
	Reward    string
}

type difficulty struct {
	Name        string
	Gold, Tools int
}

type ratingBand struct {
	Max int // its words are message rating.up-to-<Max>
}

type components struct {
	Cards        []content // distinct garden cards
	Deck         []uint8   // the 75 cards as indices into Cards
	Enh          []content
	PileOf       [3][]uint8 // enhancement indices per pile (cost 2, 3, 4)
	Irrigation   []irrigationCard
	IrrigPoints  []int
	TreePoints   [3][]int // by species
	Objectives   []objective
	ObjPos       [4]objPosition
	Places       [maxPlayers + 1]int // marker places per objective by player count
	HighPlaces   [maxPlayers + 1]int
	RowCosts     [4]int
	Spaces       [maxPlayers + 1]int
	StockGold    int
	StockTools   int
	StartGold    int
	StartTools   int
	ExtraTools   int
	Automa       []automaCard
	Difficulties []difficulty
	Ratings      []ratingBand
}

type irrigationCard struct {
	Name string
	Mask uint16
}

var comp = mustLoad(componentsJSON)

type rawContent struct {
	ID         string   `json:"id"` // the data file's "name" is for readers only
	Copies     int      `json:"copies"`
	Cost       int      `json:"cost"`
	Animal     string   `json:"animal"`
	Points     []int    `json:"points"`
	Tree       string   `json:"tree"`
	Visitor    string   `json:"visitor"`
	Flowers    string   `json:"flowers"`
	Irrigation bool     `json:"irrigation"`
	Bonus      []string `json:"bonus"`
}

type rawData struct {
	GardenCards     []rawContent `json:"gardenCards"`
	Enhancements    []rawContent `json:"enhancements"`
	IrrigationCards []struct {
		Name      string   `json:"name"`
		Positions []string `json:"positions"`
	} `json:"irrigationCards"`
	IrrigationPoints []int `json:"irrigationPoints"`
	Trees            []struct {
		Tree   string `json:"tree"`
		Points []int  `json:"points"`
	} `json:"trees"`
	Objectives []struct {
		ID       string `json:"id"`
		Item     string `json:"item"`
		Required int    `json:"required"`
	} `json:"objectives"`
	ObjectivePositions []objPosition `json:"objectivePositions"`
	MarkerPlaces       []struct {
		Players, Places, High int
	} `json:"markerPlaces"`
	RowCosts       []int `json:"rowCosts"`
	GardenerSpaces []int `json:"gardenerSpaces"`
	Stock          struct{ Gold, Tools int }
	Start          struct {
		Gold, Tools          int
		LastPlayerExtraTools int `json:"lastPlayerExtraTools"`
	}
	AutomaCards []struct {
		Card        int    `json:"card"`
		Columns     []int  `json:"columns"`
		Discard     string `json:"discard"`
		FallbackRow int    `json:"fallbackRow"`
		Bonus       string `json:"bonus"`
	} `json:"automaCards"`
	Difficulties []difficulty `json:"difficulties"`
	SoloRating   []ratingBand `json:"soloRating"`
}

func mustLoad(b []byte) *components {
	c, err := loadComponents(b)
	if err != nil {
		panic("hanginggardens: data/components.json: " + err.Error())
	}
	return c
}

func convContent(r rawContent) (content, error) {
	c := content{ID: r.ID, Copies: r.Copies, Cost: r.Cost}
	n := 0
	if r.Animal != "" {
		a := slices.Index([]string{"lion", "monkey", "peacock"}, r.Animal)
		if a < 0 || len(r.Points) != 3 {
			return c, fmt.Errorf("%s: bad animal %q or points %v", r.ID, r.Animal, r.Points)
		}
		c.Sight, c.Animal = sightAnimal, uint8(a)
		for i, p := range r.Points {
			c.APoints[i] = uint8(p)
		}
		n++
	}
	if r.Tree != "" {
		t := slices.Index([]string{"dragon", "cedar", "palm"}, r.Tree)
		if t < 0 {
			return c, fmt.Errorf("%s: bad tree %q", r.ID, r.Tree)
		}
		c.Sight, c.Tree = sightTree, uint8(t)
		n++
	}
	if r.Visitor != "" {
		v := slices.Index(visitorNames, r.Visitor)
		if v < 0 {
			return c, fmt.Errorf("%s: bad visitor %q", r.ID, r.Visitor)
		}
		c.Sight, c.Visitor = sightVisitor, uint8(v)
		n++
	}
	if n > 1 {
		return c, fmt.Errorf("%s: more than one main sight", r.ID)
	}
	for _, f := range r.Flowers {
		switch f {
		case 'B':
			c.Flowers[blue]++
		case 'R':
			c.Flowers[red]++
		case 'Y':
			c.Flowers[yellow]++
		default:
			return c, fmt.Errorf("%s: bad flower %q", r.ID, f)
		}
	}
	c.Irrig = r.Irrigation
	for _, b := range r.Bonus {
		switch b {
		case "crown":
			c.Crown++
		case "gold":
			c.Gold++
		case "tools":
			c.Tools++
		default:
			return c, fmt.Errorf("%s: bad bonus %q", r.ID, b)
		}
	}
	return c, nil
}

var posNames = [nPos]string{"a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "c1", "c2", "c3"}

func posIndex(s string) int { return slices.Index(posNames[:], strings.ToLower(s)) }

func loadComponents(b []byte) (*components, error) {
	var r rawData
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	c := &components{}
	for _, rc := range r.GardenCards {
		k, err := convContent(rc)
		if err != nil {
			return nil, err
		}
		if k.Copies < 1 {
			return nil, fmt.Errorf("%s: copies %d", k.ID, k.Copies)
		}
		for i := 0; i < k.Copies; i++ {
			c.Deck = append(c.Deck, uint8(len(c.Cards)))
		}
		c.Cards = append(c.Cards, k)
	}
	if len(c.Cards) > 250 {
		return nil, fmt.Errorf("too many card types")
	}
	for _, rc := range r.Enhancements {
		k, err := convContent(rc)
		if err != nil {
			return nil, err
		}
		if k.Sight == sightVisitor {
			return nil, fmt.Errorf("%s: an enhancement cannot be a visitor", k.ID)
		}
		pile := k.Cost - 2
		if pile < 0 || pile > 2 {
			return nil, fmt.Errorf("%s: cost %d not 2, 3 or 4", k.ID, k.Cost)
		}
		c.PileOf[pile] = append(c.PileOf[pile], uint8(len(c.Enh)))
		c.Enh = append(c.Enh, k)
	}
	for _, ic := range r.IrrigationCards {
		var m uint16
		for _, p := range ic.Positions {
			i := posIndex(p)
			if i < 0 {
				return nil, fmt.Errorf("irrigation card %s: bad position %q", ic.Name, p)
			}
			m |= 1 << i
		}
		c.Irrigation = append(c.Irrigation, irrigationCard{Name: ic.Name, Mask: m})
	}
	c.IrrigPoints = r.IrrigationPoints
	if len(c.IrrigPoints) != 7 {
		return nil, fmt.Errorf("irrigationPoints: want 7 values")
	}
	if len(c.Irrigation) == 0 {
		return nil, fmt.Errorf("irrigationCards: at least one card, dealt round the table")
	}
	for _, ic := range c.Irrigation {
		// scoring indexes irrigationPoints by the positions matched
		if n := bits.OnesCount16(ic.Mask); n >= len(c.IrrigPoints) {
			return nil, fmt.Errorf("irrigation card %s: %d positions, irrigationPoints scores at most %d", ic.Name, n, len(c.IrrigPoints)-1)
		}
	}
	for _, t := range r.Trees {
		i := slices.Index([]string{"dragon", "cedar", "palm"}, t.Tree)
		if i < 0 || len(t.Points) == 0 {
			return nil, fmt.Errorf("trees: bad entry %q", t.Tree)
		}
		c.TreePoints[i] = t.Points
	}
	for i, tp := range c.TreePoints {
		if len(tp) == 0 {
			return nil, fmt.Errorf("trees: species %d missing", i)
		}
	}
	for _, o := range r.Objectives {
		it := slices.Index(itemNames[:], o.Item)
		if it < 0 || o.Required < 1 {
			return nil, fmt.Errorf("objective %s: bad item %q or requirement", o.ID, o.Item)
		}
		c.Objectives = append(c.Objectives, objective{ID: o.ID, Item: uint8(it), Required: uint8(o.Required)})
	}
	if len(c.Objectives) < 4 || len(r.ObjectivePositions) != 4 {
		return nil, fmt.Errorf("objectives: need at least 4 tiles and exactly 4 positions")
	}
	copy(c.ObjPos[:], r.ObjectivePositions)
	for k, op := range c.ObjPos {
		if op.Reward != "" && op.Reward != "tools" && op.Reward != "gold" {
			return nil, fmt.Errorf("objectivePositions[%d]: reward %q, want tools, gold or none", k, op.Reward)
		}
	}
	for _, mp := range r.MarkerPlaces {
		if mp.Players < 1 || mp.Players > maxPlayers || mp.Places < 1 || mp.Places > 4 {
			return nil, fmt.Errorf("markerPlaces: bad entry %+v", mp)
		}
		c.Places[mp.Players], c.HighPlaces[mp.Players] = mp.Places, mp.High
	}
	if len(r.RowCosts) != 4 || len(r.GardenerSpaces) != maxPlayers {
		return nil, fmt.Errorf("rowCosts needs 4 values and gardenerSpaces 5")
	}
	copy(c.RowCosts[:], r.RowCosts)
	for i, s := range r.GardenerSpaces {
		// every player (and the automa in solo) places 3 gardeners in 3
		// columns each round, so a column needs a space per seat
		if n := max(i+1, 2); s < n || s > maxPlayers {
			return nil, fmt.Errorf("gardenerSpaces: %d spaces with %d players, want %d to %d", s, i+1, n, maxPlayers)
		}
		c.Spaces[i+1] = s
	}
	for n := 1; n <= maxPlayers; n++ {
		if c.Places[n] == 0 || c.HighPlaces[n] < 0 || c.HighPlaces[n] > c.Places[n] {
			return nil, fmt.Errorf("markerPlaces: want an entry for %d players with high places from 0 to places", n)
		}
	}
	c.StockGold, c.StockTools = r.Stock.Gold, r.Stock.Tools
	c.StartGold, c.StartTools, c.ExtraTools = r.Start.Gold, r.Start.Tools, r.Start.LastPlayerExtraTools
	for _, a := range r.AutomaCards {
		ac := automaCard{Num: a.Card, Fallback: int8(a.FallbackRow - 1)}
		if len(a.Columns) != 3 {
			return nil, fmt.Errorf("automa card %d: want 3 columns", a.Card)
		}
		for i, col := range a.Columns {
			if col < 1 || col > 3 {
				return nil, fmt.Errorf("automa card %d: bad column %d", a.Card, col)
			}
			ac.Columns[i] = uint8(col - 1)
		}
		d := slices.Index(discardNames, a.Discard)
		bo := slices.Index(bonusNames, a.Bonus)
		if d < 0 || bo < 0 || a.FallbackRow < 0 || a.FallbackRow > 4 || (d != discardFlower && a.FallbackRow == 0) {
			return nil, fmt.Errorf("automa card %d: bad discard, fallback or bonus", a.Card)
		}
		ac.Discard, ac.Bonus = uint8(d), uint8(bo)
		c.Automa = append(c.Automa, ac)
	}
	c.Difficulties = r.Difficulties
	c.Ratings = r.SoloRating
	if len(c.Difficulties) == 0 || len(c.Ratings) == 0 {
		return nil, fmt.Errorf("difficulties and soloRating need at least one entry")
	}
	// The state holds fixed arrays (a copy is a clone) and bytes: a corrected
	// data file must fit them, or New would cut it short or panic.
	switch {
	case len(c.Deck) > maxDeck:
		return nil, fmt.Errorf("gardenCards: %d garden cards, the game holds at most %d", len(c.Deck), maxDeck)
	case len(c.Automa) > maxAutoma:
		return nil, fmt.Errorf("automaCards: %d automa cards, the game holds at most %d", len(c.Automa), maxAutoma)
	case c.StockGold < 0 || c.StockGold > 255 || c.StockTools < 0 || c.StockTools > 255:
		return nil, fmt.Errorf("stock: gold and tools from 0 to 255")
	case c.StartGold < 0 || c.StartTools < 0 || c.ExtraTools < 0:
		return nil, fmt.Errorf("start: gold and tools cannot be negative")
	}
	for _, d := range c.Difficulties {
		if d.Gold < 0 || d.Tools < 0 {
			return nil, fmt.Errorf("difficulties: %s: gold and tools cannot be negative", d.Name)
		}
	}
	for k, p := range c.PileOf {
		if len(p) > maxPile {
			return nil, fmt.Errorf("enhancements: %d tiles cost %d, a pile holds at most %d", len(p), k+2, maxPile)
		}
	}
	for _, rc := range c.RowCosts {
		if rc < 0 || rc > 255 {
			return nil, fmt.Errorf("rowCosts: %v, want costs from 0 to 255", c.RowCosts)
		}
	}
	return c, nil
}
