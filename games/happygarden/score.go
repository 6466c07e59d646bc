package happygarden

import (
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
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

func (s *state) count(p int) (k counts) { return s.countParts(p, nil) }

// countParts is count recording, for each tile, what it adds to each line
// in rec (nil: nothing recorded; score_parts.go).
func (s *state) countParts(p int, rec *parts) (k counts) {
	for _, t := range s.gtiles[p][:s.gn[p]] {
		k.bfly += int(s.bfly[t])
		k.moles += int(s.moles[t])
		rec.add(catButterflies, t, int(s.bfly[t]))
		rec.add(catMoles, t, int(s.moles[t]))
		info := &tiles[t]
		h := s.happy&(1<<t) != 0
		if h {
			k.happyTiles++
		}
		switch info.kind {
		case kindFlower:
			if h {
				k.flowers++
				rec.add(catFlowers, t, 1)
			}
			if s.colourOf(t) == s.mice[p] {
				k.mouseFlowers++
				rec.add(catMouse, t, 1)
			}
		case kindGnome:
			if h {
				k.gnomes++
				rec.add(catGnomes, t, 1)
			}
		case kindWindmill:
			if h {
				k.windmills++
				rec.add(catWindmills, t, 1)
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

// counted is how many things each line of the pad counts (padOf's
// arguments): a line's points over its count is the price of one
// (ScoreParts prices each tile's things so).
func (k counts) counted() [numCats]int {
	return [numCats]int{k.bfly, k.flowers, k.gnomes, k.windmills, k.mouseFlowers, 0, k.moles}
}

func (s *state) pad(p int) [numCats]int {
	return padOf(s.count(p), s.bonus[p], s.maxOther(p))
}

// maxOther is the highest butterfly count of the gardens but p's, which
// decides the butterfly majority (HP-E2).
func (s *state) maxOther(p int) int {
	maxOther := 0
	for q := 0; q < int(s.n); q++ {
		if q != p {
			maxOther = max(maxOther, s.bflyCount(q))
		}
	}
	return maxOther
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

// maxTokens bounds each token count of a position's tile.
const maxTokens = 50

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
		return engine.Score{}, err // the command line says whose position it is not
	}
	s, err := pos.state()
	if err != nil {
		return engine.Score{}, err
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
		return nil, texts.Errorf("error.position.noMouse")
	}
	if pos.Tiles == nil {
		return nil, texts.Errorf("error.position.noTiles")
	}
	m := colourIndex(pos.Mouse)
	if m < 0 {
		return nil, texts.Errorf("error.position.mouse", i18n.S("colour", pos.Mouse))
	}
	s.mice[0] = uint8(m)
	for _, c := range houseCells {
		s.grid[c] = house
	}
	if len(pos.OpponentButterflies) > maxPlayers-1 {
		return nil, texts.Errorf("error.position.opponents", i18n.N("n", len(pos.OpponentButterflies)), i18n.N("max", maxPlayers-1))
	}
	inPlay := 0 // butterflies counted in all gardens
	for i, b := range pos.OpponentButterflies {
		if b < 0 {
			return nil, texts.Errorf("error.position.opponentNegative", i18n.N("i", i))
		}
		inPlay += b
	}
	if len(pos.Tiles) > maxOwn {
		return nil, texts.Errorf("error.position.tooManyTiles", i18n.N("n", len(pos.Tiles)), i18n.N("max", maxOwn))
	}
	var explicit uint64
	var index [numTiles + 1]int // tiles[index[t]] of the document describes tile t
	wormMole := 0
	for i, pt := range pos.Tiles {
		where := i18n.N("i", i) // tiles[i] of the document
		if pt.Tile == "" {
			return nil, texts.Errorf("error.position.noTile", where)
		}
		t, ok := tileByID[strings.ToUpper(pt.Tile)]
		if !ok {
			return nil, texts.Errorf("error.position.tile", where, i18n.S("tile", pt.Tile))
		}
		if s.owner[t] >= 0 {
			return nil, texts.Errorf("error.position.twice", where, i18n.S("tile", pt.Tile))
		}
		if pt.X == nil || pt.Y == nil {
			return nil, texts.Errorf("error.position.noCell", where)
		}
		x, y := *pt.X, *pt.Y
		if x < minXY || x > maxXY || y < minXY || y > maxXY {
			return nil, texts.Errorf("error.position.outside", where, i18n.N("x", x), i18n.N("y", y), i18n.N("min", minXY), i18n.N("max", maxXY))
		}
		c := cellOf(x, y)
		if s.grid[c] == house {
			return nil, texts.Errorf("error.position.house", where, i18n.N("x", x), i18n.N("y", y))
		}
		if s.grid[c] != 0 {
			return nil, texts.Errorf("error.position.occupied", where, i18n.N("x", x), i18n.N("y", y), i18n.S("tile", tiles[s.grid[c]].id))
		}
		if pt.Butterflies < 0 || pt.Worms < 0 || pt.Moles < 0 || pt.Butterflies > maxTokens || pt.Worms > maxTokens || pt.Moles > maxTokens {
			return nil, texts.Errorf("error.position.tokens", where, i18n.N("max", maxTokens))
		}
		s.put(0, t, c)
		index[t] = i
		s.bfly[t], s.worms[t], s.moles[t] = uint8(pt.Butterflies), uint8(pt.Worms), uint8(pt.Moles)
		inPlay += pt.Butterflies
		wormMole += pt.Worms + pt.Moles
		if pt.Watered != "" {
			col := colourIndex(pt.Watered)
			if col < 0 {
				return nil, texts.Errorf("error.position.wateredColour", where, i18n.S("colour", pt.Watered))
			}
			if tiles[t].kind != kindFlower {
				return nil, texts.Errorf("error.position.wateredKind", where)
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
		return nil, texts.Errorf("error.position.butterflies", i18n.N("n", inPlay), i18n.N("max", maxPlayers+1))
	}
	if wormMole > stockWorm {
		return nil, texts.Errorf("error.position.wormsMoles", i18n.N("n", wormMole), i18n.N("max", stockWorm))
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
			return nil, texts.Errorf("error.position.happyFalse", i18n.N("i", index[t]), i18n.S("tile", tiles[t].id))
		}
	}
	full := true
	for _, c := range ringCells {
		full = full && s.grid[c] != 0
	}
	s.bonus[0] = full
	if pos.Bonus != nil {
		if full && !*pos.Bonus {
			return nil, texts.Errorf("error.position.bonusFalse")
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
	// fail is message id about tile t, given by its place in the document,
	// its name and its cell; other is the tile it is wrong with, if any.
	fail := func(id string, t uint8, other ...i18n.Arg) error {
		c := int(s.pos[t])
		args := []i18n.Arg{i18n.N("i", index[t]), i18n.S("tile", tileName(s, t)), i18n.N("x", cellX(c)), i18n.N("y", cellY(c))}
		return texts.Errorf(id, append(args, other...)...)
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
				return fail("error.position.identical", t, i18n.S("tile2", tileName(s, v)))
			case tiles[t].kind == kindGnome && tiles[v].kind == kindGnome:
				return fail("error.position.gnomes", t, i18n.S("tile2", tiles[v].id))
			}
		}
		if tiles[t].kind != kindWindmill {
			continue
		}
		for _, u := range s.gtiles[0][:s.gn[0]] {
			uc := int(s.pos[u])
			if u > t && tiles[u].kind == kindWindmill && (cellX(uc) == cellX(c) || cellY(uc) == cellY(c)) {
				return fail("error.position.windmills", t, i18n.S("tile2", tiles[u].id))
			}
		}
	}
	var joined cellSet
	s.joined(0, &joined)
	for _, t := range s.gtiles[0][:s.gn[0]] {
		if !joined.has(int(s.pos[t])) {
			return fail("error.position.detached", t)
		}
	}
	return nil
}
