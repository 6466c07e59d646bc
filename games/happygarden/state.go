package happygarden

import (
	"slices"

	"github.com/jardin-games/jardin/engine"
)

// The garden grid. Gardens are unbounded in the rules; a garden holds at most
// 15 tiles joined to its house, so every tile lies within x, y in [-15, 16].
// The grid keeps a margin so that neighbours of any tile cell exist.
const (
	gw     = 36
	goff   = 17
	ncell  = gw * gw
	house  = 255 // grid value of a house cell
	minXY  = -15
	maxXY  = 16
	maxOwn = 16 // tiles per garden (15 in a standard game)
)

func cellOf(x, y int) int { return (y+goff)*gw + (x + goff) }
func cellX(c int) int     { return c%gw - goff }
func cellY(c int) int     { return c/gw - goff }

var dirs = [4]int{-gw, -1, 1, gw}

// houseCells and ringCells (HP-S2, HP-T23).
var (
	houseCells = [4]int{cellOf(0, 0), cellOf(1, 0), cellOf(0, 1), cellOf(1, 1)}
	ringCells  = [8]int{cellOf(0, -1), cellOf(1, -1), cellOf(-1, 0), cellOf(2, 0),
		cellOf(-1, 1), cellOf(2, 1), cellOf(0, 2), cellOf(1, 2)}
)

// Phases: who decides what.
const (
	phSetupPlace = iota + 1 // a player places a starting tile (HP-S6)
	phSteal                 // the taker of a butterfly symbol picks the opponent's tile (HP-T14)
	phEffect                // a player resolves the revealed worm / gust / drum token (HP-T5, T6, T8)
	phTurn                  // step 1: optional actions, then choose a tile
	phPlace                 // step 3: place the chosen tile
	phAfter                 // step 4: optional actions, then end the turn
	phGive                  // the validating player picks who receives a mole (HP-T24)
	phReceive               // the receiver picks the tile for the mole (HP-T24)
	phRepotTile             // repot: choose the tile to slide (HP-T26)
	phRepotDest             // repot: choose where it goes (HP-T26)
	phOver
)

// What happens once a butterfly steal is resolved.
const (
	contSetupSym2 = iota + 1
	contSetupPlace
	contPlace
)

// Token types moved by a gust of wind.
const (
	ttButterfly = 1
	ttWorm      = 2
	ttMole      = 3
)

// state is one position. Apart from the grid slice it holds only arrays, so
// a clone is a value copy plus one copy of the grid (one allocation), which
// keeps bots' cloning cheap.
type state struct {
	n, first int8
	mice     [maxPlayers]uint8
	bonus    [maxPlayers]bool
	wb, cans [maxPlayers]uint8
	gn       [maxPlayers]uint8
	gtiles   [maxPlayers][maxOwn]uint8 // tiles of each garden, in placement order
	grid     []uint8                   // n gardens of ncell cells: tile id, house, or 0

	pos   [numTiles + 1]int16 // cell of a placed tile
	owner [numTiles + 1]int8  // garden of a placed tile, -1 elsewhere
	happy uint64              // bit t: tile t is happy
	bfly  [numTiles + 1]uint8
	worms [numTiles + 1]uint8
	moles [numTiles + 1]uint8
	recol [numTiles + 1]uint8 // magic watering can: colour+1, 0 = none

	shop  [6]uint8 // B1 B2 B3 T1 T2 T3
	bag   [numTiles]uint8
	bagN  uint8
	pile  [pileCap]uint8
	pileN uint8
	revs  [pileCap + 1]uint8
	revN  uint8

	supWB, supWorm, supCan, supBfly uint8

	round, rounds int8
	phase         uint8
	cur           int8 // whose turn it is
	turnIdx       int8 // turns played this round
	toMove        int8
	held          uint8 // tile to place
	setupT        [2]uint8
	setupIdx      int8
	effIdx        int8
	truck         bool
	last          bool
	stealT        uint8
	cont          uint8
	pend          uint8 // moles waiting to be handed out
	giver         int8  // seat whose tile turned happy, while moles are handed out
	resume        uint8
	repotT        uint8 // tile being repotted
	repotRet      uint8 // step to return to after a repot

	// valuing: EvaluateMove is applying a move to value it, and undoes it
	// after. The turn's end and the next turn's start then stop as soon as
	// nothing that follows them can change a garden's Evaluate
	// (wheelbarrowAhead).
	valuing bool

	rng engine.RNG
}

func (s *state) Game() engine.Game { return Game }
func (s *state) NumPlayers() int   { return int(s.n) }
func (s *state) Over() bool        { return s.phase == phOver }
func (s *state) ToMove() int {
	if s.phase == phOver {
		return -1
	}
	return int(s.toMove)
}

func (s *state) Clone() engine.State {
	c := *s
	c.grid = append([]uint8(nil), s.grid...)
	return &c
}

// garden is player p's grid.
func (s *state) garden(p int) []uint8 {
	return s.grid[p*ncell : (p+1)*ncell : (p+1)*ncell]
}

// Determinize re-samples what nobody sees: the order of the bag and of the
// turn-token pile, and the generator. Happy Garden has no private
// information, so every viewer (a seat, the spectator, anyone else) gets
// the same copy. The bag and the pile are sorted before they are shuffled
// and the generator is seeded from seed alone, so that the copy is a
// function of what is visible and of seed: nothing of the real order or of
// the real generator survives in it.
func (s *state) Determinize(player int, seed uint64) engine.State {
	c := new(state)
	s.determinizeInto(c, seed)
	return c
}

// DeterminizeInto is Determinize into dst, a state of this game, reusing
// its garden grid (bots.DeterminizerInto): a search determinizes once an
// iteration, and a new state each time kept the collector busy.
func (s *state) DeterminizeInto(dst engine.State, player int, seed uint64) bool {
	d, ok := dst.(*state)
	if !ok || d == s {
		return false
	}
	s.determinizeInto(d, seed)
	return true
}

func (s *state) determinizeInto(c *state, seed uint64) {
	grid := c.grid
	*c = *s
	c.grid = append(grid[:0], s.grid...)
	slices.Sort(c.bag[:c.bagN])
	slices.Sort(c.pile[:c.pileN])
	c.rng = engine.NewRNG(seed)
	engine.Shuffle(&c.rng, c.bag[:c.bagN])
	engine.Shuffle(&c.rng, c.pile[:c.pileN])
}

func (s *state) colourOf(t uint8) uint8 {
	if s.recol[t] != 0 {
		return s.recol[t] - 1
	}
	return tiles[t].colour
}

// ---- setup (HP-S1 to HP-S9) ----

func (s *state) setup(n, first int, mice [maxPlayers]uint8) {
	s.init(n, first, mice)
	s.setupBegin(first, nil)
}

// init lays out the components (HP-S1 to HP-S5, HP-S9), before the starting tiles.
func (s *state) init(n, first int, mice [maxPlayers]uint8) {
	s.n, s.first, s.mice = int8(n), int8(first), mice
	s.grid = make([]uint8, n*ncell)
	for t := range s.owner {
		s.owner[t] = -1
		s.pos[t] = -1
	}
	for p := 0; p < n; p++ {
		for _, c := range houseCells {
			s.grid[p*ncell+c] = house
		}
	}
	s.supWB, s.supWorm, s.supCan, s.supBfly = uint8(stockWB), uint8(stockWorm), uint8(stockCans), uint8(n+1)
	for t := 1; t <= numTiles; t++ {
		s.bag[t-1] = uint8(t)
	}
	s.bagN = numTiles
	for _, e := range eventToks {
		s.pile[s.pileN] = e
		s.pileN++
	}
	for i := 0; i < blanksByPl[n]; i++ {
		s.pile[s.pileN] = tokBlank
		s.pileN++
	}
	engine.Shuffle(&s.rng, s.pile[:s.pileN])
	s.rounds = int8(s.pileN) + 1
	s.turnIdx = 0
}

func (s *state) draw() uint8 {
	if s.bagN == 0 {
		return 0
	}
	i := s.rng.Intn(int(s.bagN))
	t := s.bag[i]
	s.bagN--
	s.bag[i] = s.bag[s.bagN]
	s.bag[s.bagN] = 0
	return t
}

// setupBegin: player p draws two tiles and resolves their symbols (HP-S6).
func (s *state) setupBegin(p int, ev *events) {
	t1 := s.draw()
	s.setupWith(p, t1, s.draw(), ev)
}

// setupWith gives p the starting tiles t1 and t2 and resolves their symbols.
func (s *state) setupWith(p int, t1, t2 uint8, ev *events) {
	s.cur, s.toMove = int8(p), int8(p)
	s.setupT[0], s.setupT[1] = t1, t2
	s.setupIdx = 0
	if ev.on() {
		ev.reveal(p, "setup_draw", tileArg(t1), tileArg(t2))
	}
	if s.symbol(p, s.setupT[0], contSetupSym2, ev) {
		return
	}
	s.continueSteal(ev, contSetupSym2)
}

func (s *state) continueSteal(ev *events, cont uint8) {
	switch cont {
	case contSetupSym2:
		if s.symbol(int(s.cur), s.setupT[1], contSetupPlace, ev) {
			return
		}
		s.continueSteal(ev, contSetupPlace)
	case contSetupPlace:
		s.phase, s.toMove, s.held = phSetupPlace, s.cur, s.setupT[s.setupIdx]
	case contPlace:
		s.phase, s.toMove = phPlace, s.cur
	}
}

// symbol resolves the symbol of tile t taken by p (HP-T14). It returns true
// when p must choose an opponent's butterfly (phase phSteal).
func (s *state) symbol(p int, t uint8, cont uint8, ev *events) bool {
	switch tiles[t].symbol {
	case symButterfly:
		if s.supBfly > 0 {
			s.supBfly--
			s.bfly[t]++
			if ev.on() {
				ev.say(p, "butterfly_supply", tileArg(t))
			}
			return false
		}
		var only uint8
		k := 0
		for u := uint8(1); u <= numTiles; u++ {
			if s.stealable(p, u) {
				only = u
				k++
			}
		}
		switch {
		case k == 0:
			if ev.on() {
				ev.say(p, "butterfly_none")
			}
		case k == 1:
			s.steal(p, only, t, ev)
		default:
			s.phase, s.toMove, s.stealT, s.cont = phSteal, int8(p), t, cont
			return true
		}
	case symWorm:
		if s.supWorm > 0 {
			s.supWorm--
			s.worms[t]++
			if ev.on() {
				ev.say(p, "worm_put", tileArg(t))
			}
		} else if ev.on() {
			ev.say(p, "worm_none")
		}
	case symWheelbarrow:
		s.gainWheelbarrow(p, ev)
	}
	return false
}

// gainWheelbarrow gives p a wheelbarrow from the supply, if any is left
// (HP-T4, HP-T14).
func (s *state) gainWheelbarrow(p int, ev *events) {
	if s.supWB == 0 {
		if ev.on() {
			ev.say(p, "wheelbarrow_none")
		}
		return
	}
	s.supWB--
	s.wb[p]++
	if ev.on() {
		ev.say(p, "wheelbarrow_take")
	}
}

// stealable: tile u is an unhappy flower of an opponent of p holding a butterfly.
func (s *state) stealable(p int, u uint8) bool {
	o := s.owner[u]
	return o >= 0 && int(o) != p && s.bfly[u] > 0 && tiles[u].kind == kindFlower && s.happy&(1<<u) == 0
}

func (s *state) steal(p int, from, to uint8, ev *events) {
	s.bfly[from]--
	s.bfly[to]++
	if ev.on() {
		ev.say(p, "butterfly_steal", tileArg(from), engine.Seat(int(s.owner[from])), tileArg(to))
	}
}

// ---- rounds and turns ----

func (s *state) startRound(ev *events) {
	s.round++
	s.cur = s.first // the view's "turn" during the token's effects
	s.turnIdx = 0
	s.truck = false
	tok := uint8(tokCan)
	drawn := s.pileN > 0
	if drawn {
		i := s.rng.Intn(int(s.pileN))
		tok = s.pile[i]
		s.pileN--
		s.pile[i] = s.pile[s.pileN]
		s.pile[s.pileN] = 0
	} else {
		s.last = true // the big watering can, known to lie under the pile
	}
	s.revs[s.revN] = tok
	s.revN++
	if ev.on() {
		args := []engine.Arg{engine.Comp(turnIDs[tok]), engine.Num(int(s.round))}
		if drawn {
			ev.reveal(int(s.first), "token_reveal", args...)
		} else {
			ev.say(int(s.first), "token_reveal", args...)
		}
	}
	n := int(s.n)
	switch tok {
	case tokWheelbarrow:
		for k := 0; k < n; k++ {
			s.gainWheelbarrow((int(s.first)+k)%n, ev)
		}
	case tokCan:
		if ev.on() {
			ev.say(-1, "last_round")
		}
		for k := 0; k < n; k++ {
			p := (int(s.first) + k) % n
			if s.supCan > 0 {
				s.supCan--
				s.cans[p]++
				if ev.on() {
					ev.say(p, "can_take")
				}
			}
		}
	case tokTruck:
		s.truck = true
		if ev.on() {
			ev.say(-1, "truck")
		}
	case tokWorm, tokGust, tokDrum:
		s.effIdx = 0
		s.nextEffect(ev)
		return
	}
	s.startTurn(int(s.first), ev)
}

func (s *state) curToken() uint8 {
	if s.revN == 0 {
		return tokNone
	}
	return s.revs[s.revN-1]
}

// nextEffect asks the next player, in turn order from the first player, who
// has a choice for the revealed token; then the first player's turn begins.
func (s *state) nextEffect(ev *events) {
	n := int(s.n)
	tok := s.curToken()
	for ; int(s.effIdx) < n; s.effIdx++ {
		p := (int(s.first) + int(s.effIdx)) % n
		if s.hasEffectChoice(p, tok) {
			s.phase, s.toMove = phEffect, int8(p)
			return
		}
	}
	s.startTurn(int(s.first), ev)
}

func (s *state) hasEffectChoice(p int, tok uint8) bool {
	switch tok {
	case tokWorm:
		if s.supWorm == 0 {
			return false
		}
		for _, t := range s.gtiles[p][:s.gn[p]] {
			if s.happy&(1<<t) == 0 {
				return true
			}
		}
	case tokGust:
		if s.gn[p] < 2 {
			return false
		}
		for _, t := range s.gtiles[p][:s.gn[p]] {
			if s.bfly[t]+s.worms[t]+s.moles[t] > 0 {
				return true
			}
		}
	case tokDrum:
		for _, t := range s.gtiles[p][:s.gn[p]] {
			if s.moles[t] > 0 {
				return true
			}
		}
	}
	return false
}

func (s *state) startTurn(p int, ev *events) {
	s.cur, s.toMove, s.phase = int8(p), int8(p), phTurn
	s.resumeTurn(ev)
}

// resumeTurn returns to step 1 of the turn. When no tile can be taken
// (HP-T12, HP-T13) the player stays there as long as an optional action is
// possible, since a repot or a recolour may make room for a tile before the
// choosing step; "end" then skips choosing and placing. With nothing to do
// at all, the turn passes at once.
func (s *state) resumeTurn(ev *events) {
	s.phase, s.toMove = phTurn, s.cur
	if s.valuing && !s.wheelbarrowAhead() {
		return
	}
	if s.anyTake() || s.anyOptional(int(s.cur)) {
		return
	}
	if ev.on() {
		ev.say(int(s.cur), "skip")
	}
	s.endTurn(ev)
}

// goAfter moves to step 4 (optional actions after placing); with no
// wheelbarrows for a repot and no watering can, the turn ends by itself.
func (s *state) goAfter(ev *events) {
	p := int(s.cur)
	s.phase, s.toMove = phAfter, s.cur
	if s.wb[p] < 2 && s.cans[p] == 0 {
		s.endTurn(ev)
	}
}

// anyOptional: player p can repot or use a watering can now (HP-T26, HP-T27).
func (s *state) anyOptional(p int) bool {
	if s.cans[p] > 0 {
		for _, t := range s.gtiles[p][:s.gn[p]] {
			for c := 0; c < numColours; c++ {
				if s.waterRule(p, t, c) == "" {
					return true
				}
			}
		}
	}
	return s.wb[p] >= 2 && s.anyRepot(p)
}

// endTurn refills the top shelf (HP-T28) and passes play on.
func (s *state) endTurn(ev *events) {
	if s.valuing && !s.wheelbarrowAhead() {
		return
	}
	for i := 3; i < 6; i++ {
		if s.shop[i] == 0 && s.bagN > 0 {
			s.shop[i] = s.draw()
			if ev.on() {
				ev.reveal(int(s.cur), "refill", tileArg(s.shop[i]), engine.Cell(slotID(i)))
			}
		}
	}
	s.turnIdx++
	if int(s.turnIdx) >= int(s.n) {
		if s.last {
			s.phase, s.toMove = phOver, -1
			if ev.on() {
				ev.say(-1, "game_over")
			}
			return
		}
		s.startRound(ev)
		return
	}
	s.startTurn((int(s.cur)+1)%int(s.n), ev)
}

// wheelbarrowAhead: what follows the end of a turn without a decision
// (refilling the shop, the next round's token, turns passed for want of
// anything to do) may still change a garden's Evaluate. Nothing there
// touches a garden or a butterfly; only the wheelbarrow token hands out
// wheelbarrows, which Evaluate counts, and only while the supply has some.
// When it cannot, EvaluateMove need not play that out (valuing).
func (s *state) wheelbarrowAhead() bool {
	return s.supWB > 0 && slices.Contains(s.pile[:s.pileN], tokWheelbarrow)
}

// ---- the shop (HP-T10 to HP-T13) ----

// exhausted: every bottom slot of the open columns is empty (HP-T12).
func (s *state) exhausted() bool {
	for i := 0; i < 3; i++ {
		if i == 1 && s.truck {
			continue
		}
		if s.shop[i] != 0 {
			return false
		}
	}
	return true
}

// takeRule returns "" when p may take slot i by the shop rules, else the rule
// that forbids it. It does not check HP-T13.
func (s *state) takeRule(i int) string {
	if i < 0 || i >= 6 || s.shop[i] == 0 {
		return "HP-T10"
	}
	if s.exhausted() {
		return ""
	}
	if i%3 == 1 && s.truck {
		return "HP-T7"
	}
	if i >= 3 && s.wb[s.cur] == 0 {
		return "HP-T11"
	}
	return ""
}

func (s *state) anyTake() bool {
	for i := 0; i < 6; i++ {
		if s.takeRule(i) == "" && s.anyCell(int(s.cur), s.shop[i]) {
			return true
		}
	}
	return false
}
