package main

import (
	"encoding/json"
	"fmt"
	"github.com/jardin-games/jardin/i18n"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

// tinyGarden is a small but complete game with everything the shared-table
// API offers (keyed events with a French and English catalogue, move
// descriptions, hidden hands, private draws, moves that may and may not be
// taken back), so that the command line's use of that API is tested even
// while no real game has it yet.
//
// Rules: 1 to 3 players share a 4×4 bed. Each holds two flower cards from a
// shuffled deck of 12. A turn is two decisions: water one of your planted,
// unwatered flowers (+1 point) or pass; then plant a hand card on an empty
// cell (its value in points, shown to all) and draw a card (seen by you
// only). The game ends when nobody can plant.
type tinyGarden struct{}

var tiny engine.Game = tinyGarden{}

// registryWithTiny is the real registry plus tinyGarden.
func registryWithTiny() *engine.Registry {
	return engine.NewRegistry(append(games.Registry().All(), tiny)...)
}

var tinyFlowers = [12][2]string{
	{"Rose", "Rose"}, {"Tulip", "Tulipe"}, {"Daisy", "Marguerite"}, {"Iris", "Iris"},
	{"Lily", "Lys"}, {"Poppy", "Coquelicot"}, {"Violet", "Violette"}, {"Orchid", "Orchidée"},
	{"Peony", "Pivoine"}, {"Dahlia", "Dahlia"}, {"Lavender", "Lavande"}, {"Aster", "Aster"},
}

func tinyValue(card int) int { return card%4 + 1 }

var tinyCatalog = func() *engine.Catalog {
	var comps []engine.Component
	en, fr := map[string]string{}, map[string]string{}
	for i, f := range tinyFlowers {
		id := fmt.Sprintf("flower:%d", i+1)
		comps = append(comps, engine.Component{ID: id, Kind: "flower"})
		en["component."+id+".help"] = fmt.Sprintf("Scores %d when planted.", tinyValue(i))
		fr["component."+id+".help"] = fmt.Sprintf("Rapporte %d une fois plantée.", tinyValue(i))
		_ = f
	}
	comps = append(comps, engine.Component{ID: "hand:1", Kind: "slot"}, engine.Component{ID: "hand:2", Kind: "slot"},
		engine.Component{ID: "rating:good", Kind: "rating"}, engine.Component{ID: "rating:try", Kind: "rating"})
	for k, v := range map[string]string{
		"title":                      "Tiny garden",
		"event.water":                "{actor} waters the flower at {cell}.",
		"event.water.you":            "You water the flower at {cell}.",
		"event.pass":                 "{actor} does not water.",
		"event.pass.you":             "You do not water.",
		"event.plant":                "{actor} plants {item} at {cell}.",
		"event.plant.you":            "You plant {item} at {cell}.",
		"event.draw":                 "{actor} draws {item}.",
		"event.draw.you":             "You draw {item}.",
		"event.draws":                "{actor} draws a card.",
		"event.draws.you":            "You draw a card.",
		"prompt.water":               "{actor} waters or passes.",
		"prompt.water.you":           "Water one of your flowers, or pass.",
		"prompt.plant":               "{actor} plants a flower.",
		"prompt.plant.you":           "Plant a flower from your hand.",
		"part.card":                  "hand card",
		"component.hand:1.name":      "first hand card",
		"component.hand:2.name":      "second hand card",
		"rating.good":                "Good gardener",
		"component.rating:good.name": "Good gardener", "component.rating:good.help": "A solo total of 20 or more.",
		"component.rating:try.name": "Try again", "component.rating:try.help": "A solo total under 20.",
		"rating.try":               "Try again",
		"score.flowers":            "Flowers",
		"score.water":              "Watering",
		"rule.TG-1":                "Only the moves of the current decision may be played.",
		"error.not-legal":          "{move} is not a legal move now",
		"cell.square":              "row {row}, column {col}",
		"component.flower:1.name":  "Rose",
		"component.flower:2.name":  "Tulip",
		"component.flower:3.name":  "Daisy",
		"component.flower:4.name":  "Iris",
		"component.flower:5.name":  "Lily",
		"component.flower:6.name":  "Poppy",
		"component.flower:7.name":  "Violet",
		"component.flower:8.name":  "Orchid",
		"component.flower:9.name":  "Peony",
		"component.flower:10.name": "Dahlia",
		"component.flower:11.name": "Lavender",
		"component.flower:12.name": "Aster",
	} {
		en[k] = v
	}
	for k, v := range map[string]string{
		"title":                      "Petit jardin",
		"event.water":                "{actor} arrose la fleur en {cell}.",
		"event.water.you":            "Vous arrosez la fleur en {cell}.",
		"event.pass":                 "{actor} n'arrose pas.",
		"event.pass.you":             "Vous n'arrosez pas.",
		"event.plant":                "{actor} plante {item} en {cell}.",
		"event.plant.you":            "Vous plantez {item} en {cell}.",
		"event.draw":                 "{actor} pioche {item}.",
		"event.draw.you":             "Vous piochez {item}.",
		"event.draws":                "{actor} pioche une carte.",
		"event.draws.you":            "Vous piochez une carte.",
		"prompt.water":               "{actor} arrose ou passe.",
		"prompt.water.you":           "Arrosez une de vos fleurs, ou passez.",
		"prompt.plant":               "{actor} plante une fleur.",
		"prompt.plant.you":           "Plantez une fleur de votre main.",
		"part.card":                  "carte de la main",
		"component.hand:1.name":      "première carte en main",
		"component.hand:2.name":      "deuxième carte en main",
		"rating.good":                "Bon jardinier",
		"component.rating:good.name": "Bon jardinier", "component.rating:good.help": "Un total solo de 20 ou plus.",
		"component.rating:try.name": "Essayez encore", "component.rating:try.help": "Un total solo sous 20.",
		"rating.try":               "Essayez encore",
		"score.flowers":            "Fleurs",
		"score.water":              "Arrosage",
		"rule.TG-1":                "Seuls les coups de la décision en cours peuvent être joués.",
		"error.not-legal":          "{move} n'est pas un coup légal maintenant",
		"cell.square":              "ligne {row}, colonne {col}",
		"component.flower:1.name":  "Rose",
		"component.flower:2.name":  "Tulipe",
		"component.flower:3.name":  "Marguerite",
		"component.flower:4.name":  "Iris",
		"component.flower:5.name":  "Lys",
		"component.flower:6.name":  "Coquelicot",
		"component.flower:7.name":  "Violette",
		"component.flower:8.name":  "Orchidée",
		"component.flower:9.name":  "Pivoine",
		"component.flower:10.name": "Dahlia",
		"component.flower:11.name": "Lavande",
		"component.flower:12.name": "Aster",
	} {
		fr[k] = v
	}
	file := func(m map[string]string) *fstest.MapFile { b, _ := json.Marshal(m); return &fstest.MapFile{Data: b} }
	c, err := engine.LoadCatalog(fstest.MapFS{"en.json": file(en), "fr.json": file(fr)}, comps)
	if err != nil {
		panic(err)
	}
	c.Cell = func(id string) (string, []i18n.Arg, bool) {
		var r, col int
		if _, err := fmt.Sscanf(id, "r%dc%d", &r, &col); err != nil {
			return "", nil, false
		}
		return "cell.square", []i18n.Arg{i18n.N("row", r), i18n.N("col", col)}, true
	}
	return c
}()

func (tinyGarden) ID() string { return "tiny-garden" }
func (tinyGarden) Title(lang string) string {
	if lang == "fr" {
		return "Petit jardin"
	}
	return "Tiny Garden"
}
func (tinyGarden) Players() (int, int)          { return 1, 3 }
func (tinyGarden) Options() []engine.OptionSpec { return nil }
func (tinyGarden) Rules() string                { return "# Tiny Garden\n\nA test game.\n" }
func (tinyGarden) Texts() *engine.Catalog       { return tinyCatalog }

func (tinyGarden) New(players int, seed uint64, opts engine.Options) (engine.State, error) {
	if players < 1 || players > 3 {
		return nil, fmt.Errorf("tiny-garden is for 1 to 3 players, not %d", players)
	}
	if _, err := engine.ResolveOptions(nil, opts); err != nil {
		return nil, err
	}
	s := &tinyState{n: players, rng: engine.NewRNG(seed), hands: make([][2]int8, players), pts: make([][2]int, players)}
	for i := range 12 {
		s.deck = append(s.deck, int8(i))
	}
	engine.Shuffle(&s.rng, s.deck)
	for p := range s.hands {
		for k := range 2 {
			s.hands[p][k] = s.deck[len(s.deck)-1]
			s.deck = s.deck[:len(s.deck)-1]
		}
	}
	for i := range s.board {
		s.board[i] = -1
	}
	return s, nil
}

type tinyState struct {
	n       int
	board   [16]int8 // card, or -1
	owner   [16]int8
	watered [16]bool
	hands   [][2]int8 // card, or -1
	deck    []int8
	turn    int
	plant   bool // the second decision of the turn
	over    bool
	rng     engine.RNG
	pts     [][2]int // flowers, water
}

const (
	tinyWater = 1
	tinyPass  = 2
	tinyPlant = 3
)

func tinyMove(kind, slot, cell int) engine.Move {
	return engine.Move(kind | slot<<2 | cell<<4)
}

func tinyCell(c int) string { return fmt.Sprintf("r%dc%d", c/4+1, c%4+1) }

func (s *tinyState) Game() engine.Game { return tiny }
func (s *tinyState) NumPlayers() int   { return s.n }
func (s *tinyState) Over() bool        { return s.over }
func (s *tinyState) ToMove() int {
	if s.over {
		return -1
	}
	return s.turn
}

func (s *tinyState) LegalMoves(buf []engine.Move) []engine.Move {
	if s.over {
		return buf
	}
	p := s.turn
	if !s.plant {
		for c := range 16 {
			if s.board[c] >= 0 && int(s.owner[c]) == p && !s.watered[c] {
				buf = append(buf, tinyMove(tinyWater, 0, c))
			}
		}
		return append(buf, tinyMove(tinyPass, 0, 0))
	}
	for k := range 2 {
		if s.hands[p][k] < 0 {
			continue
		}
		for c := range 16 {
			if s.board[c] < 0 {
				buf = append(buf, tinyMove(tinyPlant, k, c))
			}
		}
	}
	return buf
}

func (s *tinyState) Apply(m engine.Move, log *engine.Log) error {
	legal := false
	for _, x := range s.LegalMoves(nil) {
		legal = legal || x == m
	}
	if !legal {
		return tinyCatalog.Illegal("TG-1", "error.not-legal", i18n.S("move", s.FormatMove(m)))
	}
	p, kind, slot, c := s.turn, int(m&3), int(m>>2&3), int(m>>4)
	switch kind {
	case tinyWater:
		s.watered[c] = true
		s.pts[p][1]++
		log.Say(p, "water", engine.Cell(tinyCell(c)))
		s.plant = true
	case tinyPass:
		log.Say(p, "pass")
		s.plant = true
	case tinyPlant:
		card := s.hands[p][slot]
		s.board[c], s.owner[c] = card, int8(p)
		s.pts[p][0] += tinyValue(int(card))
		s.hands[p][slot] = -1
		log.Reveal(p, "plant", engine.Comp(fmt.Sprintf("flower:%d", card+1)), engine.Cell(tinyCell(c)))
		if len(s.deck) > 0 {
			d := s.deck[len(s.deck)-1]
			s.deck = s.deck[:len(s.deck)-1]
			s.hands[p][slot] = d
			log.Tell(p, "draw", engine.Comp(fmt.Sprintf("flower:%d", d+1)))
			log.Say(p, "draws")
		}
		s.plant = false
		s.turn = (s.turn + 1) % s.n
		s.over = true
		for q := range s.hands {
			if s.hands[q][0] >= 0 || s.hands[q][1] >= 0 {
				s.over = false
			}
		}
		if !s.over && s.hands[s.turn][0] < 0 && s.hands[s.turn][1] < 0 {
			// A player without cards is skipped.
			for s.hands[s.turn][0] < 0 && s.hands[s.turn][1] < 0 {
				s.turn = (s.turn + 1) % s.n
			}
		}
	}
	return nil
}

func (s *tinyState) Clone() engine.State {
	c := *s
	c.hands = slices.Clone(s.hands)
	c.deck = slices.Clone(s.deck)
	c.pts = slices.Clone(s.pts)
	return &c
}

func (s *tinyState) Score(p int) int {
	if !engine.IsSeat(s, p) {
		return 0
	}
	return s.pts[p][0] + s.pts[p][1]
}

func (s *tinyState) Result() engine.Result {
	r := engine.Result{Final: s.over, Categories: []engine.Category{
		{ID: "flowers"}, {ID: "water"}}}
	for p := range s.n {
		pr := engine.PlayerResult{Points: []int{s.pts[p][0], s.pts[p][1]}, Total: s.Score(p)}
		if s.n == 1 {
			pr.Rating = "try"
			if pr.Total >= 20 {
				pr.Rating = "good"
			}
		}
		r.Players = append(r.Players, pr)
	}
	engine.SetRanks(r.Players)
	return r
}

type tinyView struct {
	Board   map[string]string `json:"board"`
	Hand    []string          `json:"hand,omitempty"`
	Hands   []int             `json:"hands"`
	Deck    int               `json:"deck"`
	Watered []string          `json:"watered"`
}

func (s *tinyState) View(p int) any {
	v := tinyView{Board: map[string]string{}, Deck: len(s.deck), Watered: []string{}}
	for c, card := range s.board {
		if card >= 0 {
			v.Board[tinyCell(c)] = fmt.Sprintf("flower:%d", card+1)
		}
		if s.watered[c] {
			v.Watered = append(v.Watered, tinyCell(c))
		}
	}
	for _, h := range s.hands {
		n := 0
		for _, card := range h {
			if card >= 0 {
				n++
			}
		}
		v.Hands = append(v.Hands, n)
	}
	if engine.IsSeat(s, p) {
		for _, card := range s.hands[p] {
			if card >= 0 {
				v.Hand = append(v.Hand, fmt.Sprintf("flower:%d", card+1))
			}
		}
	}
	return v
}

// Draw shows the bed, and p's hand to p: the private part a hot-seat
// handover must hide.
func (s *tinyState) Draw(p int, st engine.Style) string {
	var b strings.Builder
	for r := range 4 {
		for c := range 4 {
			name := "."
			if card := s.board[r*4+c]; card >= 0 {
				name = tinyCatalog.Name(fmt.Sprintf("flower:%d", card+1), st.Lang)
			}
			fmt.Fprintf(&b, "%-12s", name)
		}
		b.WriteString("\n")
	}
	if engine.IsSeat(s, p) {
		var hand []string
		for _, card := range s.hands[p] {
			if card >= 0 {
				hand = append(hand, tinyCatalog.Name(fmt.Sprintf("flower:%d", card+1), st.Lang))
			}
		}
		fmt.Fprintf(&b, "Hand: %s\n", strings.Join(hand, ", "))
	}
	return b.String()
}

func (s *tinyState) Determinize(p int, seed uint64) engine.State {
	c := s.Clone().(*tinyState)
	c.rng = engine.NewRNG(seed)
	var unseen []int8
	unseen = append(unseen, c.deck...)
	for q := range c.hands {
		if q != p {
			for k := range 2 {
				if c.hands[q][k] >= 0 {
					unseen = append(unseen, c.hands[q][k])
				}
			}
		}
	}
	// From the set alone, not its real order: a copy must not carry it.
	slices.Sort(unseen)
	engine.Shuffle(&c.rng, unseen)
	for q := range c.hands {
		if q != p {
			for k := range 2 {
				if c.hands[q][k] >= 0 {
					c.hands[q][k], unseen = unseen[0], unseen[1:]
				}
			}
		}
	}
	copy(c.deck, unseen)
	return c
}

func (s *tinyState) FormatMove(m engine.Move) string {
	switch int(m & 3) {
	case tinyWater:
		return "water " + tinyCell(int(m>>4))
	case tinyPass:
		return "pass"
	case tinyPlant:
		return fmt.Sprintf("plant h%d %s", m>>2&3+1, tinyCell(int(m>>4)))
	}
	return "?"
}

func (s *tinyState) ParseMove(t string) (engine.Move, error) {
	f := strings.Fields(t)
	cell := func(x string) (int, error) {
		var r, c int
		if _, err := fmt.Sscanf(x, "r%dc%d", &r, &c); err != nil || r < 1 || r > 4 || c < 1 || c > 4 {
			return 0, fmt.Errorf("cell %q: want r1c1 to r4c4", x)
		}
		return (r-1)*4 + c - 1, nil
	}
	switch {
	case len(f) == 1 && f[0] == "pass":
		return tinyMove(tinyPass, 0, 0), nil
	case len(f) == 2 && f[0] == "water":
		c, err := cell(f[1])
		return tinyMove(tinyWater, 0, c), err
	case len(f) == 3 && f[0] == "plant":
		k, err := strconv.Atoi(strings.TrimPrefix(f[1], "h"))
		if err != nil || k < 1 || k > 2 {
			return 0, fmt.Errorf("hand %q: want h1 or h2", f[1])
		}
		c, err := cell(f[2])
		return tinyMove(tinyPlant, k-1, c), err
	}
	return 0, fmt.Errorf("want pass, water CELL or plant hN CELL")
}

func (s *tinyState) Prompt() engine.Prompt {
	switch {
	case s.over:
		return engine.Prompt{}
	case s.plant:
		return engine.Prompt{Key: "plant"}
	}
	return engine.Prompt{Key: "water"}
}

func (s *tinyState) DescribeMove(m engine.Move) engine.MoveDesc {
	switch int(m & 3) {
	case tinyWater:
		return engine.MoveDesc{Kind: "water", Parts: []engine.Part{{Name: "cell", ID: tinyCell(int(m >> 4))}}}
	case tinyPass:
		return engine.MoveDesc{Kind: "pass"}
	}
	return engine.MoveDesc{Kind: "plant", Parts: []engine.Part{
		{Name: "card", ID: fmt.Sprintf("hand:%d", m>>2&3+1)}, {Name: "cell", ID: tinyCell(int(m >> 4))}}}
}

// handOf lists the names of p's hand cards, for the tests.
func (s *tinyState) handOf(p int) []string {
	var out []string
	for _, card := range s.hands[p] {
		if card >= 0 {
			out = append(out, tinyFlowers[card][0], tinyFlowers[card][1])
		}
	}
	return out
}
