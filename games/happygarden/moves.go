package happygarden

import (
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Move kinds. A move packs kind (4 bits), a (8 bits: slot, tile or seat),
// b (12 bits: cell or tile) and c (4 bits: colour or token type).
const (
	mvTake  = 1  // a = slot 0..5 (B1 B2 B3 T1 T2 T3)
	mvPlace = 2  // b = cell
	mvRepot = 3  // start a repot (HP-T26)
	mvWater = 4  // a = tile, c = colour
	mvEnd   = 5  // end the turn
	mvSteal = 6  // a = opponent's tile
	mvWorm  = 7  // a = own unhappy tile
	mvGust  = 8  // a = from tile, b = to tile, c = token type
	mvDrum  = 9  // a = tile
	mvPass  = 10 // decline a gust or drum
	mvGive  = 11 // a = seat
	mvMole  = 12 // a = own tile
	mvLift  = 13 // a = tile to repot
)

func mkMove(kind, a, b, c int) engine.Move {
	return engine.Move(uint64(kind) | uint64(a)<<4 | uint64(b)<<12 | uint64(c)<<24)
}

func unpack(m engine.Move) (kind, a, b, c int) {
	return int(m & 15), int(m >> 4 & 255), int(m >> 12 & 4095), int(m >> 24 & 15)
}

func (s *state) LegalMoves(buf []engine.Move) []engine.Move {
	p := int(s.toMove)
	switch s.phase {
	case phSetupPlace:
		for _, c := range ringCells {
			if s.setupRule(p, c) == "" {
				buf = append(buf, mkMove(mvPlace, 0, c, 0))
			}
		}
	case phSteal:
		for u := uint8(1); u <= numTiles; u++ {
			if s.stealable(p, u) {
				buf = append(buf, mkMove(mvSteal, int(u), 0, 0))
			}
		}
	case phEffect:
		own := s.gtiles[p][:s.gn[p]]
		switch s.curToken() {
		case tokWorm:
			for _, t := range own {
				if s.happy&(1<<t) == 0 {
					buf = append(buf, mkMove(mvWorm, int(t), 0, 0))
				}
			}
		case tokGust:
			buf = append(buf, mkMove(mvPass, 0, 0, 0))
			for _, t := range own {
				for tt := ttButterfly; tt <= ttMole; tt++ {
					if s.tokenCount(t, tt) == 0 {
						continue
					}
					for _, u := range own {
						if u != t {
							buf = append(buf, mkMove(mvGust, int(t), int(u), tt))
						}
					}
				}
			}
		case tokDrum:
			buf = append(buf, mkMove(mvPass, 0, 0, 0))
			for _, t := range own {
				if s.moles[t] > 0 {
					buf = append(buf, mkMove(mvDrum, int(t), 0, 0))
				}
			}
		}
	case phTurn:
		took := false
		for i := 0; i < 6; i++ {
			if s.takeRule(i) == "" && s.anyCell(p, s.shop[i]) {
				buf = append(buf, mkMove(mvTake, i, 0, 0))
				took = true
			}
		}
		buf = s.appendOptional(p, buf)
		if !took { // HP-T13: "end" skips choosing and placing
			buf = append(buf, mkMove(mvEnd, 0, 0, 0))
		}
	case phPlace:
		x0, y0, x1, y1 := s.bbox(p)
		for y := y0 - 1; y <= y1+1; y++ {
			for x := x0 - 1; x <= x1+1; x++ {
				c := cellOf(x, y)
				if s.checkCell(p, s.held, c, 0) == okCell {
					buf = append(buf, mkMove(mvPlace, 0, c, 0))
				}
			}
		}
		buf = s.appendOptional(p, buf)
	case phAfter:
		buf = append(buf, mkMove(mvEnd, 0, 0, 0))
		buf = s.appendOptional(p, buf)
	case phRepotTile:
		for _, t := range s.gtiles[p][:s.gn[p]] {
			if _, ok := s.repotDests(p, t, nil, true); ok {
				buf = append(buf, mkMove(mvLift, int(t), 0, 0))
			}
		}
	case phRepotDest:
		buf, _ = s.repotDests(p, s.repotT, buf, false)
	case phGive:
		for r := 0; r < int(s.n); r++ {
			if r != p {
				buf = append(buf, mkMove(mvGive, r, 0, 0))
			}
		}
	case phReceive:
		for _, t := range s.gtiles[p][:s.gn[p]] {
			if s.moles[t] == 0 {
				buf = append(buf, mkMove(mvMole, int(t), 0, 0))
			}
		}
	}
	return buf
}

// appendOptional: watering and repotting (HP-T26, HP-T27), offered at every
// step of the player's own turn: before choosing, between choosing and
// placing, after placing.
func (s *state) appendOptional(p int, buf []engine.Move) []engine.Move {
	if s.cans[p] > 0 {
		for _, t := range s.gtiles[p][:s.gn[p]] {
			if tiles[t].kind != kindFlower {
				continue
			}
			for c := 0; c < numColours; c++ {
				if s.waterRule(p, t, c) == "" && s.waterKeepsHeld(p, t, c) {
					buf = append(buf, mkMove(mvWater, int(t), 0, c))
				}
			}
		}
	}
	if s.wb[p] >= 2 && s.anyRepot(p) {
		buf = append(buf, mkMove(mvRepot, 0, 0, 0))
	}
	return buf
}

func (s *state) tokenCount(t uint8, tt int) uint8 {
	switch tt {
	case ttButterfly:
		return s.bfly[t]
	case ttWorm:
		return s.worms[t]
	case ttMole:
		return s.moles[t]
	}
	return 0
}

func (s *state) tokenPtr(t uint8, tt int) *uint8 {
	switch tt {
	case ttButterfly:
		return &s.bfly[t]
	case ttWorm:
		return &s.worms[t]
	}
	return &s.moles[t]
}

// setupRule checks a starting tile's cell (HP-S6): "" if allowed, else the
// reason's message id.
func (s *state) setupRule(p, c int) string {
	ring := false
	for _, r := range ringCells {
		ring = ring || r == c
	}
	if !ring {
		return "error.setup.ring"
	}
	if r := s.checkCell(p, s.held, c, 0); r != okCell {
		return cellMsg[r]
	}
	if s.setupIdx == 1 {
		f := int(s.pos[s.setupT[0]])
		for _, d := range dirs {
			if c+d == f {
				return "error.setup.apart"
			}
		}
	}
	return ""
}

// waterKeepsHeld: watering flower t of garden p into colour col leaves the
// tile p holds, if any, a legal cell (HP-T15).
func (s *state) waterKeepsHeld(p int, t uint8, col int) bool {
	return s.held == 0 || s.heldFits(p, change{recol: t, colour: uint8(col)})
}

// waterRule checks a magic watering can (HP-T27): "" if allowed, else the
// reason's message id.
func (s *state) waterRule(p int, t uint8, col int) string {
	if s.cans[p] == 0 {
		return "error.water.can"
	}
	if t == 0 || t > numTiles || int(s.owner[t]) != p || tiles[t].kind != kindFlower {
		return "error.water.flower"
	}
	if col < 0 || col >= numColours || uint8(col) == s.colourOf(t) {
		return "error.water.colour"
	}
	c := int(s.pos[t])
	for _, d := range dirs {
		v := s.grid[p*ncell+c+d]
		if v != 0 && v != house && tiles[v].kind == kindFlower && tiles[v].shape == tiles[t].shape && s.colourOf(v) == uint8(col) {
			return "error.water.identical"
		}
	}
	return ""
}

// takeMsg is the message id of each rule takeRule refuses with.
var takeMsg = map[string]string{"HP-T10": "error.take.empty", "HP-T7": "error.take.truck", "HP-T11": "error.take.rummage"}

// tileArgOf is argument {tile} of a refusal: the tile's id, which the
// drawing prints on it.
func tileArgOf(t uint8) i18n.Arg { return i18n.S("tile", tileID(int(t))) }

func ownTile(s *state, p, t int) bool {
	return t >= 1 && t <= numTiles && int(s.owner[t]) == p
}

func (s *state) Apply(m engine.Move, log *engine.Log) error {
	if s.phase == phOver {
		return texts.Illegal("HP-E1", "error.over")
	}
	kind, a, b, c := unpack(m)
	if mkMove(kind, a, b, c) != m || kind < mvTake || kind > mvLift {
		return texts.Illegal("HP-T2", "error.malformed")
	}
	return s.apply(kind, a, b, c, newEvents(log))
}

func (s *state) apply(kind, a, b, c int, ev *events) error {
	p := int(s.toMove)
	switch s.phase {
	case phSetupPlace:
		if kind != mvPlace || a != 0 || c != 0 {
			return texts.Illegal("HP-S6", "error.setup.place", tileArgOf(s.held))
		}
		if msg := s.setupRule(p, b); msg != "" {
			return texts.Illegal("HP-S6", msg)
		}
		t := s.held
		s.put(p, t, b)
		if ev.on() {
			ev.say(p, "place", tileArg(t), engine.Cell(cellID(b)))
		}
		if s.setupIdx == 0 {
			s.setupIdx = 1
			s.held = s.setupT[1]
			return nil
		}
		s.validate(p, ev) // HP-S7: nothing can qualify yet
		s.held, s.setupT = 0, [2]uint8{}
		next := (p + 1) % int(s.n)
		if next != int(s.first) {
			s.setupBegin(next, ev)
			return nil
		}
		for i := 0; i < 6; i++ { // HP-S8
			s.shop[i] = s.draw()
			if ev.on() && s.shop[i] != 0 {
				ev.reveal(-1, "shop_deal", tileArg(s.shop[i]), engine.Cell(slotID(i)))
			}
		}
		s.startRound(ev)
		return nil

	case phSteal:
		if kind != mvSteal || b != 0 || c != 0 {
			return texts.Illegal("HP-T14", "error.steal.choose")
		}
		if a < 1 || a > numTiles || !s.stealable(p, uint8(a)) {
			return texts.Illegal("HP-T14", "error.steal.flower")
		}
		s.steal(p, uint8(a), s.stealT, ev)
		s.stealT = 0
		cont := s.cont
		s.cont = 0
		s.continueSteal(ev, cont)
		return nil

	case phEffect:
		return s.applyEffect(p, kind, a, b, c, ev)

	case phTurn, phPlace, phAfter:
		// Repotting and the watering can are allowed at every step of the
		// player's own turn (HP-T26, HP-T27; rulebook: « à n'importe quel
		// moment de votre tour »).
		switch kind {
		case mvRepot:
			if a != 0 || b != 0 || c != 0 {
				return texts.Illegal("HP-T26", "error.malformed")
			}
			if s.wb[p] < 2 {
				return texts.Illegal("HP-T26", "error.repot.cost", i18n.N("n", int(s.wb[p])))
			}
			if !s.anyRepot(p) {
				return texts.Illegal("HP-T26", "error.repot.none")
			}
			s.repotRet, s.phase = s.phase, phRepotTile
			return nil
		case mvWater:
			if b != 0 {
				return texts.Illegal("HP-T27", "error.malformed")
			}
			if msg := s.waterRule(p, uint8(a), c); msg != "" {
				return texts.Illegal("HP-T27", msg)
			}
			if !s.waterKeepsHeld(p, uint8(a), c) {
				return texts.Illegal("HP-T15", "error.water.held", tileArgOf(s.held))
			}
			t := uint8(a)
			s.cans[p]--
			s.recol[t] = uint8(c) + 1
			if ev.on() {
				ev.say(p, "water", tileArg(t), engine.Comp(colourID(uint8(c))))
			}
			s.handout(p, s.validate(p, ev), s.phase, ev)
			return nil
		}
		if s.phase == phPlace {
			return s.applyPlace(p, kind, a, b, c, ev)
		}
		switch kind {
		case mvTake:
			if s.phase != phTurn {
				return texts.Illegal("HP-T2", "error.take.again")
			}
			if b != 0 || c != 0 || a >= 6 {
				return texts.Illegal("HP-T10", "error.malformed")
			}
			if r := s.takeRule(a); r != "" {
				return texts.Illegal(r, takeMsg[r], i18n.S("slot", slotName(a)))
			}
			t := s.shop[a]
			if !s.anyCell(p, t) {
				return texts.Illegal("HP-T13", "error.take.nocell", tileArgOf(t))
			}
			rummage := a >= 3 && !s.exhausted()
			if rummage {
				s.wb[p]--
				s.supWB++
			}
			s.shop[a] = 0
			if a < 3 {
				s.shop[a], s.shop[a+3] = s.shop[a+3], 0
			}
			s.held = t
			if ev.on() {
				key := "take"
				if rummage {
					key = "rummage"
				}
				ev.say(p, key, tileArg(t), engine.Cell(slotID(a)))
			}
			if !s.symbol(p, t, contPlace, ev) {
				s.continueSteal(ev, contPlace)
			}
			return nil
		case mvEnd:
			if a != 0 || b != 0 || c != 0 {
				return texts.Illegal("HP-T2", "error.malformed")
			}
			if s.phase == phTurn && s.anyTake() {
				return texts.Illegal("HP-T2", "error.end.early")
			}
			if ev.on() {
				if s.phase == phTurn {
					ev.say(p, "skip")
				} else {
					ev.say(p, "end_turn")
				}
			}
			s.endTurn(ev)
			return nil
		}
		return texts.Illegal("HP-T2", "error.step")

	case phRepotTile:
		if kind != mvLift || b != 0 || c != 0 || !ownTile(s, p, a) {
			return texts.Illegal("HP-T26", "error.repot.lift")
		}
		if _, ok := s.repotDests(p, uint8(a), nil, true); !ok {
			return texts.Illegal("HP-T26", "error.repot.stuck", tileArgOf(uint8(a)))
		}
		s.repotT, s.phase = uint8(a), phRepotDest
		return nil

	case phRepotDest:
		if kind != mvPlace || a != 0 || c != 0 {
			return texts.Illegal("HP-T26", "error.repot.dest", tileArgOf(s.repotT))
		}
		t := s.repotT
		if r, msg := s.repotRule(p, t, b); r != "" {
			return texts.Illegal(r, msg)
		}
		if s.held != 0 && !s.heldFits(p, change{moved: t, from: int(s.pos[t]), to: b}) {
			return texts.Illegal("HP-T15", "error.repot.held", tileArgOf(t), i18n.S("tile2", tileID(int(s.held))))
		}
		s.wb[p] -= 2
		s.supWB += 2
		s.move(p, t, b)
		if ev.on() {
			ev.say(p, "repot", tileArg(t), engine.Cell(cellID(b)))
		}
		ret := s.repotRet
		s.repotT, s.repotRet = 0, 0
		s.handout(p, s.validate(p, ev), ret, ev)
		return nil

	case phGive:
		if kind != mvGive || b != 0 || c != 0 || a >= int(s.n) || a == p {
			return texts.Illegal("HP-T24", "error.give")
		}
		s.deliver(a, ev)
		return nil

	case phReceive:
		if kind != mvMole || b != 0 || c != 0 || !ownTile(s, p, a) || s.moles[a] != 0 {
			return texts.Illegal("HP-T24", "error.mole")
		}
		s.moles[a]++
		s.pend--
		if ev.on() {
			ev.say(p, "mole_put", engine.Comp(tileID(a)))
		}
		s.nextHandout(ev)
		return nil
	}
	return texts.Illegal("HP-T2", "error.nodecision")
}

// applyPlace places the chosen tile (HP-T15, HP-T16).
func (s *state) applyPlace(p, kind, a, b, c int, ev *events) error {
	if kind != mvPlace || a != 0 || c != 0 {
		return texts.Illegal("HP-T15", "error.place", tileArgOf(s.held))
	}
	if r := s.checkCell(p, s.held, b, 0); r != okCell {
		return texts.Illegal("HP-T16", cellMsg[r])
	}
	t := s.held
	s.put(p, t, b)
	s.held = 0
	if ev.on() {
		ev.say(p, "place", tileArg(t), engine.Cell(cellID(b)))
	}
	s.handout(p, s.validate(p, ev), phAfter, ev)
	return nil
}

func (s *state) applyEffect(p, kind, a, b, c int, ev *events) error {
	tok := s.curToken()
	switch tok {
	case tokWorm:
		if kind != mvWorm || b != 0 || c != 0 || !ownTile(s, p, a) || s.happy&(1<<a) != 0 {
			return texts.Illegal("HP-T5", "error.worm")
		}
		s.supWorm--
		s.worms[a]++
		if ev.on() {
			ev.say(p, "worm_put", engine.Comp(tileID(a)))
		}
	case tokGust:
		switch {
		case kind == mvPass && a == 0 && b == 0 && c == 0:
			if ev.on() {
				ev.say(p, "gust_pass")
			}
		case kind == mvGust && ownTile(s, p, a) && ownTile(s, p, b) && a != b &&
			c >= ttButterfly && c <= ttMole && s.tokenCount(uint8(a), c) > 0:
			*s.tokenPtr(uint8(a), c)--
			*s.tokenPtr(uint8(b), c)++
			if ev.on() {
				ev.say(p, "gust", engine.Comp(tokenIDs[c]), engine.Comp(tileID(a)), engine.Comp(tileID(b)))
			}
		default:
			return texts.Illegal("HP-T6", "error.gust")
		}
	case tokDrum:
		switch {
		case kind == mvPass && a == 0 && b == 0 && c == 0:
			if ev.on() {
				ev.say(p, "drum_pass")
			}
		case kind == mvDrum && b == 0 && c == 0 && ownTile(s, p, a) && s.moles[a] > 0:
			s.moles[a]--
			s.supWorm++
			if ev.on() {
				ev.say(p, "drum", engine.Comp(tileID(a)))
			}
		default:
			return texts.Illegal("HP-T8", "error.drum")
		}
	default:
		return texts.Illegal("HP-T3", "error.effect")
	}
	s.effIdx++
	s.nextEffect(ev)
	return nil
}

var ttNames = [...]string{"", "butterfly", "worm", "mole"}

// handout starts handing k leaving tokens of giver's garden to opponents as
// moles (HP-T24), then resumes the turn at step res (phTurn, phPlace or
// phAfter).
func (s *state) handout(giver, k int, res uint8, ev *events) {
	s.pend, s.giver, s.resume = uint8(k), int8(giver), res
	s.nextHandout(ev)
}

func (s *state) nextHandout(ev *events) {
	if s.pend == 0 {
		s.giver = 0
		r := s.resume
		s.resume = 0
		switch r {
		case phTurn:
			s.resumeTurn(ev)
		case phPlace: // a repot or watering before placing the chosen tile
			s.phase, s.toMove = phPlace, s.cur
		default:
			s.goAfter(ev)
		}
		return
	}
	if s.n == 2 {
		s.deliver(1-int(s.giver), ev)
		return
	}
	s.phase, s.toMove = phGive, s.giver
}

func (s *state) deliver(r int, ev *events) {
	if ev.on() {
		ev.say(r, "mole_give", engine.Seat(int(s.giver)))
	}
	for _, t := range s.gtiles[r][:s.gn[r]] {
		if s.moles[t] == 0 {
			s.phase, s.toMove = phReceive, int8(r)
			return
		}
	}
	s.supWorm++
	s.pend--
	if ev.on() {
		ev.say(r, "mole_back")
	}
	s.nextHandout(ev)
}
