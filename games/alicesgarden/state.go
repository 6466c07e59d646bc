package alicesgarden

import (
	"math/bits"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Phases of the current decision.
const (
	phBag   uint8 = iota // the round's first player (solo: the player) chooses a bag (AG-T1, AG-SO2a)
	phTake               // take a tile from the supply (AG-T3, AG-T4) or, solo, one drawn tile (AG-SO2c)
	phPlace              // place the tile just taken (AG-T5)
	phBonus              // choose how many gardener bonus tiles to draw (AG-T6)
	phStuck              // cannot place: may draw 1 bonus tile (AG-T8)
	phFinal              // place bonus tiles after the last round (AG-E2)
	phOver
)

var phaseNames = [...]string{"bag", "take", "place", "bonus", "stuck", "final", "over"}

// board is one player's garden: a bitmask per icon plus, for drawing, what
// covers each square.
type board struct {
	icon  [nIcons]uint64
	occ   uint64
	cell  [nSquares]uint8 // 0 free; 1+tile index; cellBonus+kind for a bonus tile
	held  [nBonusKinds]uint8
	heldN uint8
	tiles uint8 // large tiles placed
}

const cellBonus = 100

// state is a position. It holds only fixed-size arrays, so a copy is a deep
// clone and reflect.DeepEqual compares positions.
type state struct {
	n, side  uint8
	phase    uint8
	toMove   int8
	first    int8   // holder of the first-player token (multiplayer)
	round    uint16 // round number, from 1 (solo: solo round)
	turn     uint8  // players who have played this round
	endTrig  bool   // the game ends at the end of this round (AG-E1)
	held     int8   // tile taken and not yet placed, or -1
	bonusMax uint8  // phBonus: most bonus tiles the player may draw
	finalIdx uint8  // phFinal: index in turn order of the player placing
	rng      engine.RNG

	bag     [nShapes][tilesPerShape]uint8
	bagN    [nShapes]uint8
	bonus   [nBonus]uint8
	bonusN  uint8
	supply  [8]uint8 // sorted tile indices
	supplyN uint8

	// solo
	left        uint8 // bags on the player's left, one bit per bag (AG-SO1)
	drawn       [2]uint8
	drawnN      uint8
	discardN    uint8
	lastDiscard int8

	b [4]board
}

func (s *state) Game() engine.Game { return Game }
func (s *state) NumPlayers() int   { return int(s.n) }
func (s *state) ToMove() int {
	if s.phase == phOver {
		return -1
	}
	return int(s.toMove)
}
func (s *state) Over() bool { return s.phase == phOver }

func (s *state) Clone() engine.State {
	c := *s
	return &c
}

// ---- move encoding ----

const (
	kBag   = 1
	kTake  = 2
	kPlace = 3
	kBonus = 4
	kPut   = 5
)

func mvBag(b int) engine.Move        { return engine.Move(kBag | b<<3) }
func mvTake(t int) engine.Move       { return engine.Move(kTake | t<<3) }
func mvPlace(k, sq int) engine.Move  { return engine.Move(kPlace | k<<3 | sq<<6) }
func mvBonus(n int) engine.Move      { return engine.Move(kBonus | n<<3) }
func mvPut(kind, sq int) engine.Move { return engine.Move(kPut | kind<<3 | sq<<6) }
func mvKind(m engine.Move) int       { return int(m & 7) }
func mvA(m engine.Move) int          { return int(m >> 3 & 7) }
func mvN(m engine.Move) int          { return int(m >> 3 & 15) }
func mvTile(m engine.Move) int       { return int(m >> 3 & 127) }
func mvSq(m engine.Move) int         { return int(m >> 6 & 63) }

// maxBonusDraw is the largest count a bonus move can carry (4 bits). A tile
// earns at most 12: 4 gardener squares with 3 outside neighbours each.
const maxBonusDraw = 15

// wellFormed reports whether m is a canonical encoding of some move.
func wellFormed(m engine.Move) bool {
	switch mvKind(m) {
	case kBag:
		return m>>6 == 0 && mvA(m) < nShapes
	case kTake:
		return m>>10 == 0 && mvTile(m) < nTiles
	case kPlace:
		return m>>12 == 0 && mvSq(m) < nSquares
	case kBonus:
		// 4 bits: a corrected data file may give a tile several gardener
		// squares, each earning up to 3 bonus tiles (AG-T6).
		return m>>7 == 0
	case kPut:
		return m>>12 == 0 && mvA(m) < nBonusKinds && mvSq(m) < nSquares
	}
	return false
}

// ---- geometry ----

const (
	notCol0 = full &^ 0x0101010101_01
	notCol7 = full &^ 0x8080808080_80
)

func neighbours(m uint64) uint64 {
	return ((m<<1)&notCol0 | (m>>1)&notCol7 | m<<8 | m>>8) & full
}

// component returns the connected part of m containing seed.
func component(m, seed uint64) uint64 {
	c := seed
	for {
		nx := (c | neighbours(c)) & m
		if nx == c {
			return c
		}
		c = nx
	}
}

// ---- legal moves ----

func (s *state) LegalMoves(buf []engine.Move) []engine.Move {
	switch s.phase {
	case phBag:
		need := s.need()
		any := false
		for b := 0; b < nShapes; b++ {
			if s.bagOK(b, need) {
				buf = append(buf, mvBag(b))
				any = true
			}
		}
		if !any {
			for b := 0; b < nShapes; b++ {
				if s.bagOK(b, 1) {
					buf = append(buf, mvBag(b))
				}
			}
		}
	case phTake:
		occ := s.b[s.toMove].occ
		for _, t := range s.offer() {
			if canFit(int(t), occ) {
				buf = append(buf, mvTake(int(t)))
			}
		}
	case phPlace:
		occ := s.b[s.toMove].occ
		t := &tiles[s.held]
		for i := range t.orients {
			o := &t.orients[i]
			for r := 0; r+int(o.h) <= rows; r++ {
				for c := 0; c+int(o.w) <= cols; c++ {
					sq := r*cols + c
					if o.mask<<sq&occ == 0 {
						buf = append(buf, mvPlace(int(o.k), sq))
					}
				}
			}
		}
	case phBonus:
		for n := 0; n <= int(s.bonusMax); n++ {
			buf = append(buf, mvBonus(n))
		}
	case phStuck:
		buf = append(buf, mvBonus(0), mvBonus(1))
	case phFinal:
		b := &s.b[s.toMove]
		free := full &^ b.occ
		for k := 0; k < nBonusKinds; k++ {
			if b.held[k] == 0 {
				continue
			}
			for f := free; f != 0; f &= f - 1 {
				buf = append(buf, mvPut(k, bits.TrailingZeros64(f)))
			}
		}
	}
	return buf
}

// need is the number of tiles the first player draws this round (AG-T1;
// solo AG-SO2b: 2).
func (s *state) need() int {
	if s.n == 1 {
		return 1
	}
	if s.round == 1 {
		return int(s.n) + 1
	}
	return int(s.n)
}

// bagOK reports whether bag b may be chosen: in solo, a bag on the left
// that holds a tile of a shape that still fits the board (AG-SO2a, AG-SO4:
// every tile of a bag has the bag's shape, so whether a bag can be used is
// known before drawing); otherwise one holding at least need tiles (AG-T1).
func (s *state) bagOK(b, need int) bool {
	if s.n == 1 {
		return s.left&(1<<b) != 0 && s.bagN[b] > 0 && shapeFits(b, s.b[0].occ)
	}
	return int(s.bagN[b]) >= need
}

// offer is the tiles the player may take from: the supply, or in solo the
// tiles just drawn.
func (s *state) offer() []uint8 {
	if s.n == 1 {
		return s.drawn[:s.drawnN]
	}
	return s.supply[:s.supplyN]
}

// ---- apply ----

func (s *state) Apply(m engine.Move, log *engine.Log) error {
	if err := s.check(m); err != nil {
		return err
	}
	p := int(s.toMove)
	switch s.phase {
	case phBag:
		s.applyBag(mvA(m), log)
	case phTake:
		s.applyTake(mvTile(m), log)
	case phPlace:
		s.applyPlace(p, mvA(m), mvSq(m), log)
	case phBonus:
		n := mvN(m)
		if n > 0 {
			s.drawBonus(p, n, log)
		} else if log.On() {
			log.Say(p, "bonus.decline")
		}
		s.afterPlacement(log)
	case phStuck:
		if mvN(m) == 1 {
			s.drawBonus(p, 1, log)
		} else if log.On() {
			log.Say(p, "bonus.decline")
		}
		s.nextTurn(log)
	case phFinal:
		s.applyPut(p, mvA(m), mvSq(m), log)
	}
	return nil
}

// check validates m fully without changing anything.
func (s *state) check(m engine.Move) error {
	if s.phase == phOver {
		return catalog.Illegal("AG-E1", "error.over")
	}
	wf := wellFormed(m)
	k := mvKind(m)
	switch s.phase {
	case phBag:
		rule := "AG-T1"
		if s.n == 1 {
			rule = "AG-SO2a"
		}
		if !wf || k != kBag {
			return catalog.Illegal(rule, "error.bag.first")
		}
		b := mvA(m)
		if s.n == 1 {
			return s.checkSoloBag(b)
		}
		need := s.need()
		if !s.bagOK(b, 1) {
			return catalog.Illegal(rule, "error.bag.empty", bagArg(b))
		}
		if !s.bagOK(b, need) {
			for o := 0; o < nShapes; o++ {
				if s.bagOK(o, need) {
					return catalog.Illegal("AG-T1", "error.bag.short", bagArg(b), i18n.N("n", int(s.bagN[b])), i18n.N("need", need), i18n.S("other", string(shapeLetters[o])))
				}
			}
		}
	case phTake:
		rule := "AG-T3"
		if s.n == 1 {
			rule = "AG-SO2c"
		}
		if !wf || k != kTake {
			return catalog.Illegal(rule, "error.take.first")
		}
		t := mvTile(m)
		in := false
		for _, x := range s.offer() {
			if int(x) == t {
				in = true
			}
		}
		if !in {
			if s.n == 1 {
				return catalog.Illegal(rule, "error.take.notdrawn", tileArg(t))
			}
			return catalog.Illegal(rule, "error.take.notsupply", tileArg(t))
		}
		if !canFit(t, s.b[s.toMove].occ) {
			if s.n == 1 {
				return catalog.Illegal("AG-SO2c", "error.take.solo.nofit", tileArg(t))
			}
			return catalog.Illegal("AG-T4", "error.take.nofit", tileArg(t))
		}
	case phPlace:
		if !wf || k != kPlace {
			return catalog.Illegal("AG-T5", "error.place.first")
		}
		t := &tiles[s.held]
		o, ok := t.findOrient(uint8(mvA(m)))
		if !ok {
			return catalog.Illegal("AG-T5a", "error.place.same", i18n.S("tile", t.id))
		}
		sq := mvSq(m)
		r, c := sq/cols, sq%cols
		if r+int(o.h) > rows || c+int(o.w) > cols {
			return catalog.Illegal("AG-T5b", "error.place.outside", i18n.S("tile", t.id), i18n.N("row", r+1), i18n.N("col", c+1))
		}
		if o.mask<<sq&s.b[s.toMove].occ != 0 {
			return catalog.Illegal("AG-T5c", "error.place.occupied", i18n.S("tile", t.id), i18n.N("row", r+1), i18n.N("col", c+1))
		}
	case phBonus:
		if !wf || k != kBonus {
			return catalog.Illegal("AG-T6", "error.bonus.first", i18n.N("max", int(s.bonusMax)))
		}
		if mvN(m) > int(s.bonusMax) {
			return catalog.Illegal("AG-T6", "error.bonus.max", i18n.N("max", int(s.bonusMax)))
		}
	case phStuck:
		if !wf || k != kBonus {
			return catalog.Illegal("AG-T8", "error.stuck.first")
		}
		if mvN(m) > 1 {
			return catalog.Illegal("AG-T8", "error.stuck.max")
		}
	case phFinal:
		if !wf || k != kPut {
			return catalog.Illegal("AG-E2", "error.put.first")
		}
		b := &s.b[s.toMove]
		if b.held[mvA(m)] == 0 {
			return catalog.Illegal("AG-E2", "error.put.none", i18n.S("bonus", string(iconLetter[bonusIcon[mvA(m)]])))
		}
		if b.occ&(1<<mvSq(m)) != 0 {
			return catalog.Illegal("AG-E2", "error.put.occupied", i18n.N("row", mvSq(m)/cols+1), i18n.N("col", mvSq(m)%cols+1))
		}
	}
	return nil
}

// checkSoloBag validates the choice of bag b in solo (AG-SO2a, AG-SO2e,
// AG-SO4).
func (s *state) checkSoloBag(b int) error {
	if s.left&(1<<b) == 0 {
		return catalog.Illegal("AG-SO2e", "error.solo.right", bagArg(b))
	}
	if s.bagN[b] == 0 {
		return catalog.Illegal("AG-SO2a", "error.bag.empty", bagArg(b))
	}
	if !shapeFits(b, s.b[0].occ) {
		return catalog.Illegal("AG-SO4", "error.solo.nofit", bagArg(b))
	}
	return nil
}

// draw removes a random tile from bag b.
func (s *state) draw(b int) uint8 {
	i := s.rng.Intn(int(s.bagN[b]))
	t := s.bag[b][i]
	s.bagN[b]--
	s.bag[b][i] = s.bag[b][s.bagN[b]]
	s.bag[b][s.bagN[b]] = 0
	return t
}

func (s *state) addSupply(t uint8) {
	i := int(s.supplyN)
	for i > 0 && s.supply[i-1] > t {
		s.supply[i] = s.supply[i-1]
		i--
	}
	s.supply[i] = t
	s.supplyN++
}

func (s *state) removeSupply(t uint8) {
	j := 0
	for i := 0; i < int(s.supplyN); i++ {
		if s.supply[i] != t {
			s.supply[j] = s.supply[i]
			j++
		}
	}
	for i := j; i < int(s.supplyN); i++ {
		s.supply[i] = 0
	}
	s.supplyN = uint8(j)
}

func (s *state) applyBag(b int, log *engine.Log) {
	p := int(s.toMove)
	if log.On() {
		log.Say(p, "bag.choose", engine.Comp(bagID(b)))
	}
	if s.n == 1 {
		s.drawnN = 0
		for i := 0; i < 2 && s.bagN[b] > 0; i++ {
			s.drawn[i] = s.draw(b)
			s.drawnN++
		}
		if s.drawnN == 2 && s.drawn[0] > s.drawn[1] {
			s.drawn[0], s.drawn[1] = s.drawn[1], s.drawn[0]
		}
		if log.On() {
			for _, t := range s.drawn[:s.drawnN] {
				log.Reveal(p, "solo.draw", engine.Comp(tileID(int(t))), engine.Comp(bagID(b)))
			}
		}
		// The bag's shape fits (bagOK), so both drawn tiles do: the
		// player takes one (AG-SO2c).
		s.left &^= 1 << b
		s.phase = phTake
		return
	}
	n := min(s.need(), int(s.bagN[b]))
	for i := 0; i < n; i++ {
		t := s.draw(b)
		s.addSupply(t)
		if log.On() {
			log.Reveal(p, "supply.draw", engine.Comp(tileID(int(t))), engine.Comp(bagID(b)))
		}
	}
	s.turn = 0
	s.beginTurn(log)
}

func (s *state) applyTake(t int, log *engine.Log) {
	if s.n != 1 {
		s.removeSupply(uint8(t))
	} else {
		if s.drawn[0] == uint8(t) {
			s.drawn[0] = s.drawn[1]
		}
		s.drawn[1] = 0
		s.drawnN--
	}
	s.held = int8(t)
	s.phase = phPlace
	if log.On() {
		key := "take.supply"
		if s.n == 1 {
			key = "take.drawn"
		}
		log.Say(int(s.toMove), key, engine.Comp(tileID(t)))
	}
}

func (s *state) applyPlace(p, k, sq int, log *engine.Log) {
	b := &s.b[p]
	t := &tiles[s.held]
	o, _ := t.findOrient(uint8(k))
	prevG := b.icon[iconGardener]
	var newG uint64
	for i := 0; i < 4; i++ {
		pos := sq + int(o.off[i])
		bit := uint64(1) << pos
		ic := t.icons[i]
		b.icon[ic] |= bit
		b.cell[pos] = uint8(s.held) + 1
		if ic == iconGardener {
			newG |= bit
		}
	}
	earned := gardenerContacts(newG, prevG)
	b.occ |= o.mask << sq
	b.tiles++
	if log.On() {
		// The box's corner may be grass: the sentence names the first
		// square the tile covers, as the page's choice does (firstCovered).
		log.Say(p, "place", engine.Comp(tileID(int(s.held))), engine.Comp(orientID(o.k)), engine.Cell(cellID(sq+bits.TrailingZeros64(o.mask))))
	}
	s.held = -1
	if earned > 0 && s.bonusN > 0 {
		s.bonusMax = uint8(min(earned, int(s.bonusN), maxBonusDraw))
		s.phase = phBonus
		if log.On() {
			log.Say(p, "bonus.earned", engine.Num(int(s.bonusMax)))
		}
		return
	}
	s.afterPlacement(log)
}

// gardenerContacts counts, for each gardener square of the tile just placed
// (newG), the gardener squares of earlier tiles (prevG) orthogonally next to
// it (AG-T6, A6). Gardeners of the new tile itself are not in prevG, so two
// gardeners on one tile never earn from each other.
func gardenerContacts(newG, prevG uint64) int {
	n := 0
	for g := newG; g != 0; g &= g - 1 {
		n += bits.OnesCount64(neighbours(g&-g) & prevG)
	}
	return n
}

func (s *state) drawBonus(p, n int, log *engine.Log) {
	b := &s.b[p]
	if log.On() && n > 1 {
		log.Say(p, "bonus.take", engine.Num(n))
	}
	for i := 0; i < n && s.bonusN > 0; i++ {
		j := s.rng.Intn(int(s.bonusN))
		k := s.bonus[j]
		s.bonusN--
		s.bonus[j] = s.bonus[s.bonusN]
		s.bonus[s.bonusN] = 0
		b.held[k]++
		b.heldN++
		if log.On() {
			log.Reveal(p, "bonus.draw", engine.Comp(bonusID(int(k))))
		}
	}
}

func (s *state) afterPlacement(log *engine.Log) {
	if s.n != 1 {
		s.nextTurn(log)
		return
	}
	// solo: the other drawn tile leaves the game (AG-SO2e)
	s.discardDrawn(log)
	if s.left == 0 {
		s.left = 1<<nShapes - 1 // AG-SO3
		s.round++
		if log.On() {
			log.Say(-1, "solo.round", engine.Num(int(s.round)))
		}
	}
	s.soloTurn(log)
}

// discardDrawn takes the solo drawn tile still on the table out of play
// (AG-SO2e).
func (s *state) discardDrawn(log *engine.Log) {
	for _, t := range s.drawn[:s.drawnN] {
		s.discardN++
		s.lastDiscard = int8(t)
		if log.On() {
			log.Say(-1, "solo.discard", engine.Comp(tileID(int(t))))
		}
	}
	s.drawn = [2]uint8{}
	s.drawnN = 0
}

// soloTurn starts a solo turn (AG-SO2), or ends the game when no bag on the
// left can be used: each is empty or its shape fits nowhere (AG-SO4).
func (s *state) soloTurn(log *engine.Log) {
	s.toMove = 0
	for b := 0; b < nShapes; b++ {
		if s.bagOK(b, 1) {
			s.phase = phBag
			return
		}
	}
	if log.On() {
		log.Say(-1, "solo.end")
	}
	s.startFinal(log)
}

// startRound begins a multiplayer round (AG-T1, AG-T9).
func (s *state) startRound(log *engine.Log) {
	s.toMove = s.first
	s.turn = 0
	for b := 0; b < nShapes; b++ {
		if s.bagN[b] > 0 {
			s.phase = phBag
			return
		}
	}
	// every bag is empty: the round is played with what the supply holds
	s.beginTurn(log)
}

// beginTurn starts the turn of the player turn places after the first player.
func (s *state) beginTurn(log *engine.Log) {
	for {
		p := (int(s.first) + int(s.turn)) % int(s.n)
		s.toMove = int8(p)
		if s.supplyN == 0 {
			// AG-T10: nothing to take.
			empty := true
			for b := 0; b < nShapes; b++ {
				if s.bagN[b] > 0 {
					empty = false
				}
			}
			if empty {
				s.endTrig = true
			}
			if log.On() {
				log.Say(p, "supply.empty")
			}
		} else {
			occ := s.b[p].occ
			for _, t := range s.supply[:s.supplyN] {
				if canFit(int(t), occ) {
					s.phase = phTake
					return
				}
			}
			// AG-T8: cannot place: the game ends at the end of this round.
			s.endTrig = true
			if s.bonusN > 0 {
				if log.On() {
					log.Say(p, "stuck")
				}
				s.phase = phStuck
				return
			}
			if log.On() {
				log.Say(p, "stuck.nobonus")
			}
		}
		s.turn++
		if int(s.turn) >= int(s.n) {
			s.endRound(log)
			return
		}
	}
}

func (s *state) nextTurn(log *engine.Log) {
	s.turn++
	if int(s.turn) >= int(s.n) {
		s.endRound(log)
		return
	}
	s.beginTurn(log)
}

func (s *state) endRound(log *engine.Log) {
	if s.endTrig {
		s.startFinal(log)
		return
	}
	s.first = int8((int(s.first) + 1) % int(s.n)) // AG-T9
	s.round++
	if log.On() {
		log.Say(int(s.first), "round.first", engine.Num(int(s.round)))
	}
	s.startRound(log)
}

// startFinal begins the bonus-tile placement after the last round (AG-E2).
func (s *state) startFinal(log *engine.Log) {
	s.endTrig = true
	s.phase = phFinal
	s.finalIdx = 0
	if log.On() {
		log.Say(-1, "final")
	}
	s.nextFinal(log)
}

// nextFinal finds the next player, in turn order from the first player, who
// holds a bonus tile and has a free square; the game is over when none does.
func (s *state) nextFinal(log *engine.Log) {
	for ; int(s.finalIdx) < int(s.n); s.finalIdx++ {
		p := (int(s.first) + int(s.finalIdx)) % int(s.n)
		b := &s.b[p]
		if b.heldN > 0 && b.occ != full {
			s.toMove = int8(p)
			return
		}
	}
	s.phase = phOver
	s.toMove = -1
	if log.On() {
		log.Say(-1, "over")
	}
}

func (s *state) applyPut(p, k, sq int, log *engine.Log) {
	b := &s.b[p]
	b.held[k]--
	b.heldN--
	ic := bonusIcon[k]
	b.icon[ic] |= 1 << sq
	b.occ |= 1 << sq
	b.cell[sq] = cellBonus + uint8(k)
	if log.On() {
		log.Say(p, "put", engine.Comp(bonusID(k)), engine.Cell(cellID(sq)))
	}
	s.nextFinal(log)
}

// bagArg and tileArg are a refusal's bag ("O") and tile ("O03"): notation,
// the same in every language.
func bagArg(b int) i18n.Arg  { return i18n.S("bag", string(shapeLetters[b])) }
func tileArg(t int) i18n.Arg { return i18n.S("tile", tiles[t].id) }
