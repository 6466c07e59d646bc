package happygarden

import (
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// The score pad (HP-E2), in its order.
var categories = []engine.Category{
	{ID: "butterflies"},
	{ID: "flowers"},
	{ID: "gnomes"},
	{ID: "windmills"},
	{ID: "mouse"},
	{ID: "worms"},
	{ID: "moles"},
}

const numCats = 7

// garden counts of one player.
type counts struct {
	bfly, flowers, gnomes, windmills, mouseFlowers, moles, happyTiles int
}

func (s *state) count(p int) (k counts) {
	for _, t := range s.gtiles[p][:s.gn[p]] {
		k.bfly += int(s.bfly[t])
		k.moles += int(s.moles[t])
		info := &tiles[t]
		h := s.happy&(1<<t) != 0
		if h {
			k.happyTiles++
		}
		switch info.kind {
		case kindFlower:
			if h {
				k.flowers++
			}
			if s.colourOf(t) == s.mice[p] {
				k.mouseFlowers++
			}
		case kindGnome:
			if h {
				k.gnomes++
			}
		case kindWindmill:
			if h {
				k.windmills++
			}
		}
	}
	return k
}

func (s *state) bflyCount(p int) int {
	n := 0
	for _, t := range s.gtiles[p][:s.gn[p]] {
		n += int(s.bfly[t])
	}
	return n
}

// padOf is the score pad of a garden with counts k; maxOther is the highest
// butterfly count of the other gardens, which decides the majority (HP-E2).
func padOf(k counts, bonus bool, maxOther int) (pts [numCats]int) {
	if k.bfly > 0 {
		if k.bfly >= maxOther {
			pts[0] = 2 * k.bfly
		} else {
			pts[0] = k.bfly
		}
	}
	pts[1] = k.flowers
	pts[2] = 3 * k.gnomes
	pts[3] = 3 * k.windmills
	if bonus {
		pts[4] = 2 * k.mouseFlowers
	}
	pts[5] = 0
	pts[6] = -k.moles
	return pts
}

func (s *state) pad(p int) [numCats]int {
	maxOther := 0
	for q := 0; q < int(s.n); q++ {
		if q != p {
			maxOther = max(maxOther, s.bflyCount(q))
		}
	}
	return padOf(s.count(p), s.bonus[p], maxOther)
}

// Score is the running score pad total; it does not allocate.
func (s *state) Score(p int) int {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	pts := s.pad(p)
	t := 0
	for _, v := range pts {
		t += v
	}
	return t
}

// Result is the score pad with ranks; ties go to the most happy tiles (HP-E3).
func (s *state) Result() engine.Result {
	r := engine.Result{Final: s.phase == phOver, Categories: append([]engine.Category(nil), categories...)}
	for p := 0; p < int(s.n); p++ {
		pts := s.pad(p)
		pr := engine.PlayerResult{Points: pts[:], Tiebreak: []int{s.count(p).happyTiles}}
		for _, v := range pts {
			pr.Total += v
		}
		r.Players = append(r.Players, pr)
	}
	engine.SetRanks(r.Players)
	return r
}

// ---- position files (jardin score) ----

// Position is one player's finished garden (docs/happy-garden.md).
type Position struct {
	// Game, when given, is "happy-garden".
	Game  string `json:"game,omitempty"`
	Mouse string `json:"mouse"`
	// Bonus: is the mouse's bonus visible? Omitted: visible when all 8 cells
	// around the house hold tiles.
	Bonus *bool `json:"bonus,omitempty"`
	// OpponentButterflies: butterfly counts of the other gardens, for the
	// butterfly majority. Omitted or empty: this garden has the majority.
	OpponentButterflies []int          `json:"opponent_butterflies,omitempty"`
	Tiles               []PositionTile `json:"tiles"`
}

// PositionTile is one tile of a position.
type PositionTile struct {
	Tile string `json:"tile"`
	X    *int   `json:"x"`
	Y    *int   `json:"y"`
	// Happy: green side up? Omitted: happy when its condition holds now.
	Happy       *bool  `json:"happy,omitempty"`
	Butterflies int    `json:"butterflies,omitempty"`
	Worms       int    `json:"worms,omitempty"`
	Moles       int    `json:"moles,omitempty"`
	Watered     string `json:"watered,omitempty"` // colour named with the magic watering can
}

// ScorePosition scores one finished garden from a JSON position. The file
// is read as a person wrote it (engine.DecodeJSON): a byte-order mark is
// fine, anything but one JSON object is refused, errors give the line and
// column or the field. A "game" field must name this game; "mouse" and
// "tiles" are required (an empty garden is "tiles": []).
func (game) ScorePosition(data []byte) (engine.Score, error) {
	if err := engine.CheckGameField(data, Game.ID()); err != nil {
		return engine.Score{}, err
	}
	var pos Position
	if err := engine.DecodeJSON(data, &pos, true); err != nil {
		return engine.Score{}, fmt.Errorf("happy-garden position: %w", err)
	}
	s, err := pos.state()
	if err != nil {
		return engine.Score{}, fmt.Errorf("happy-garden position: %w", err)
	}
	maxOther := 0
	for _, b := range pos.OpponentButterflies {
		maxOther = max(maxOther, b)
	}
	pts := padOf(s.count(0), s.bonus[0], maxOther)
	sc := engine.Score{Categories: append([]engine.Category(nil), categories...), Points: pts[:]}
	for _, v := range pts {
		sc.Total += v
	}
	return sc, nil
}

// state builds a one-garden state from the position, checking it.
func (pos *Position) state() (*state, error) {
	s := &state{n: 1, grid: make([]uint8, ncell)}
	for t := range s.owner {
		s.owner[t] = -1
		s.pos[t] = -1
	}
	if pos.Mouse == "" {
		return nil, fmt.Errorf("field \"mouse\" is missing: name the mouse's colour (red, orange, yellow, blue, violet, pink)")
	}
	if pos.Tiles == nil {
		return nil, fmt.Errorf("field \"tiles\" is missing: list the garden's tiles (\"tiles\": [] for a garden without any)")
	}
	m := colourIndex(pos.Mouse)
	if m < 0 {
		return nil, fmt.Errorf("field \"mouse\": unknown colour %q (red, orange, yellow, blue, violet, pink)", pos.Mouse)
	}
	s.mice[0] = uint8(m)
	for _, c := range houseCells {
		s.grid[c] = house
	}
	if len(pos.OpponentButterflies) > maxPlayers-1 {
		return nil, fmt.Errorf("field \"opponent_butterflies\": %d counts, a game has at most %d opponents", len(pos.OpponentButterflies), maxPlayers-1)
	}
	inPlay := 0 // butterflies counted in all gardens
	for i, b := range pos.OpponentButterflies {
		if b < 0 {
			return nil, fmt.Errorf("opponent_butterflies[%d]: must not be negative", i)
		}
		inPlay += b
	}
	if len(pos.Tiles) > maxOwn {
		return nil, fmt.Errorf("field \"tiles\": %d tiles, a garden holds at most %d", len(pos.Tiles), maxOwn)
	}
	var explicit uint64
	var index [numTiles + 1]int // tiles[index[t]] of the document describes tile t
	wormMole := 0
	for i, pt := range pos.Tiles {
		where := fmt.Sprintf("tiles[%d]", i)
		if pt.Tile == "" {
			return nil, fmt.Errorf("%s: field \"tile\" is missing: name the tile (F01–F48, G1–G6, W1–W6)", where)
		}
		t, ok := tileByID[strings.ToUpper(pt.Tile)]
		if !ok {
			return nil, fmt.Errorf("%s.tile: unknown tile %q (F01–F48, G1–G6, W1–W6)", where, pt.Tile)
		}
		if s.owner[t] >= 0 {
			return nil, fmt.Errorf("%s.tile: %s appears twice", where, pt.Tile)
		}
		if pt.X == nil || pt.Y == nil {
			return nil, fmt.Errorf("%s: x and y are required", where)
		}
		x, y := *pt.X, *pt.Y
		if x < minXY || x > maxXY || y < minXY || y > maxXY {
			return nil, fmt.Errorf("%s: cell (%d,%d) is outside the garden area (x and y from %d to %d)", where, x, y, minXY, maxXY)
		}
		c := cellOf(x, y)
		if s.grid[c] == house {
			return nil, fmt.Errorf("%s: cell (%d,%d) is a house cell (the house covers (0,0)–(1,1))", where, x, y)
		}
		if s.grid[c] != 0 {
			return nil, fmt.Errorf("%s: cell (%d,%d) already holds %s", where, x, y, tiles[s.grid[c]].id)
		}
		if pt.Butterflies < 0 || pt.Worms < 0 || pt.Moles < 0 || pt.Butterflies > 50 || pt.Worms > 50 || pt.Moles > 50 {
			return nil, fmt.Errorf("%s: token counts must be between 0 and 50", where)
		}
		s.put(0, t, c)
		index[t] = i
		s.bfly[t], s.worms[t], s.moles[t] = uint8(pt.Butterflies), uint8(pt.Worms), uint8(pt.Moles)
		inPlay += pt.Butterflies
		wormMole += pt.Worms + pt.Moles
		if pt.Watered != "" {
			col := colourIndex(pt.Watered)
			if col < 0 {
				return nil, fmt.Errorf("%s.watered: unknown colour %q", where, pt.Watered)
			}
			if tiles[t].kind != kindFlower {
				return nil, fmt.Errorf("%s.watered: only a flower can be watered (HP-T27)", where)
			}
			s.recol[t] = uint8(col) + 1
		}
		if pt.Happy != nil {
			explicit |= 1 << t
			if *pt.Happy {
				s.happy |= 1 << t
			}
		}
	}
	// The stocks bound what a table can show (HP-S4: at most 5 players + 1
	// butterflies in play).
	if inPlay > maxPlayers+1 {
		return nil, fmt.Errorf("butterflies: %d in this garden and opponent_butterflies together, but at most %d are ever in play (HP-S4)", inPlay, maxPlayers+1)
	}
	if wormMole > stockWorm {
		return nil, fmt.Errorf("worms and moles: %d in this garden, but the game has only %d worm/mole tokens", wormMole, stockWorm)
	}
	if err := s.checkPlacements(index[:]); err != nil {
		return nil, err
	}
	for _, t := range s.gtiles[0][:s.gn[0]] {
		ready := s.ready(0, t)
		if explicit&(1<<t) == 0 && ready {
			s.happy |= 1 << t
		}
		// Validation is automatic (HP-T21), and in the rulebook a forgotten
		// flip may be made at any moment: a tile whose condition holds at
		// the end is always scored happy.
		if explicit&(1<<t) != 0 && s.happy&(1<<t) == 0 && ready {
			return nil, fmt.Errorf("tiles[%d]: %s is marked \"happy\": false, but its condition holds (HP-T21): set it to true or leave it out", index[t], tiles[t].id)
		}
	}
	full := true
	for _, c := range ringCells {
		full = full && s.grid[c] != 0
	}
	s.bonus[0] = full
	if pos.Bonus != nil {
		if full && !*pos.Bonus {
			return nil, fmt.Errorf("field \"bonus\": false, but all 8 cells around the house hold tiles, so the mouse has turned over (HP-T23): set it to true or leave it out")
		}
		s.bonus[0] = *pos.Bonus
	}
	return s, nil
}

// checkPlacements rejects a garden that no game can produce: every tile of
// a real garden was placed or repotted under HP-T16 and stays joined to the
// house (HP-T26.3), and a recolour never makes two flowers identical
// (HP-T27). index gives each tile's position in the document, for messages.
func (s *state) checkPlacements(index []int) error {
	g := s.garden(0)
	name := func(t uint8) string {
		c := int(s.pos[t])
		return fmt.Sprintf("tiles[%d]: %s at (%d,%d)", index[t], tileName(s, t), cellX(c), cellY(c))
	}
	for _, t := range s.gtiles[0][:s.gn[0]] {
		c := int(s.pos[t])
		for _, d := range dirs {
			v := g[c+d]
			if v == 0 || v == house || v < t { // each pair once
				continue
			}
			switch {
			case tiles[t].kind == kindFlower && tiles[v].kind == kindFlower &&
				tiles[t].shape == tiles[v].shape && s.colourOf(t) == s.colourOf(v):
				return fmt.Errorf("%s is next to the identical flower %s (HP-T16.3): move one of them", name(t), tileName(s, v))
			case tiles[t].kind == kindGnome && tiles[v].kind == kindGnome:
				return fmt.Errorf("%s is next to the gnome %s (HP-T16.4): move one of them", name(t), tiles[v].id)
			}
		}
		if tiles[t].kind != kindWindmill {
			continue
		}
		for _, u := range s.gtiles[0][:s.gn[0]] {
			uc := int(s.pos[u])
			if u > t && tiles[u].kind == kindWindmill && (cellX(uc) == cellX(c) || cellY(uc) == cellY(c)) {
				return fmt.Errorf("%s shares a row or column with the windmill %s (HP-T16.5): move one of them", name(t), tiles[u].id)
			}
		}
	}
	var joined cellSet
	s.joined(0, &joined)
	for _, t := range s.gtiles[0][:s.gn[0]] {
		if !joined.has(int(s.pos[t])) {
			return fmt.Errorf("%s is not joined to the house through adjacent tiles (HP-T16.2): every tile touches the house or a tile joined to it", name(t))
		}
	}
	return nil
}
