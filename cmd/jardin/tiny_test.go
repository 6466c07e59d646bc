package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
	msgs := map[string]engine.Message{
		"water": {EN: "{actor} waters the flower at {0}.", FR: "{actor} arrose la fleur en {0}.",
			YouEN: "You water the flower at {0}.", YouFR: "Vous arrosez la fleur en {0}."},
		"pass": {EN: "{actor} does not water.", FR: "{actor} n'arrose pas.",
			YouEN: "You do not water.", YouFR: "Vous n'arrosez pas."},
		"plant": {EN: "{actor} plants {0} at {1}.", FR: "{actor} plante {0} en {1}.",
			YouEN: "You plant {0} at {1}.", YouFR: "Vous plantez {0} en {1}."},
		"draw": {EN: "{actor} draws {0}.", FR: "{actor} pioche {0}.",
			YouEN: "You draw {0}.", YouFR: "Vous piochez {0}."},
		"draws": {EN: "{actor} draws a card.", FR: "{actor} pioche une carte.",
			YouEN: "You draw a card.", YouFR: "Vous piochez une carte."},
		"part.card": {EN: "hand card", FR: "carte de la main"},
	}
	var comps []engine.Component
	for i, f := range tinyFlowers {
		v := tinyValue(i)
		comps = append(comps, engine.Component{ID: fmt.Sprintf("flower:%d", i+1), Kind: "flower",
			Name: engine.Text{EN: f[0], FR: f[1]},
			Help: engine.Text{EN: fmt.Sprintf("Scores %d when planted.", v), FR: fmt.Sprintf("Rapporte %d une fois plantée.", v)}})
	}
	comps = append(comps,
		engine.Component{ID: "hand:1", Kind: "slot", Name: engine.Text{EN: "first hand card", FR: "première carte en main"}},
		engine.Component{ID: "hand:2", Kind: "slot", Name: engine.Text{EN: "second hand card", FR: "deuxième carte en main"}},
		engine.Component{ID: "rating:good", Kind: "rating", Name: engine.Text{EN: "Good gardener", FR: "Bon jardinier"},
			Help: engine.Text{EN: "A solo total of 20 or more.", FR: "Un total solo de 20 ou plus."}},
		engine.Component{ID: "rating:try", Kind: "rating", Name: engine.Text{EN: "Try again", FR: "Essayez encore"},
			Help: engine.Text{EN: "A solo total under 20.", FR: "Un total solo sous 20."}})
	c, err := engine.NewCatalog(msgs, comps)
	if err != nil {
		panic(err)
	}
	c.Rules = map[string]engine.Text{"TG-1": {EN: "Only the moves of the current decision may be played.",
		FR: "Seuls les coups de la décision en cours peuvent être joués."}}
	c.CellName = func(id, lang string) string {
		var r, col int
		if _, err := fmt.Sscanf(id, "r%dc%d", &r, &col); err != nil {
			return id
		}
		if lang == "fr" {
			return fmt.Sprintf("ligne %d, colonne %d", r, col)
		}
		return fmt.Sprintf("row %d, column %d", r, col)
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
		return engine.Illegal("TG-1", "%s is not a legal move now", s.FormatMove(m))
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
		{ID: "flowers", EN: "Flowers", FR: "Fleurs"}, {ID: "water", EN: "Watering", FR: "Arrosage"}}}
	for p := range s.n {
		pr := engine.PlayerResult{Points: []int{s.pts[p][0], s.pts[p][1]}, Total: s.Score(p)}
		if s.n == 1 {
			pr.Rating = "Try again"
			if pr.Total >= 20 {
				pr.Rating = "Good gardener"
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
