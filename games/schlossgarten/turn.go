package schlossgarten

import (
	"sort"
	"strconv"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Move kinds. A move packs kind (bits 0–3), a small argument (bits 4–7:
// pawn, worker or element) and a square or card (bits 8–15); a build packs
// the square mask of the element in bits 8–56.
const (
	mkPlay     = 1 // card in bits 8–15
	mkStep     = 2 // pawn in bits 4–7, destination square in bits 8–15
	mkRelocate = 3 // square
	mkStop     = 4
	mkDig      = 5 // worker in bits 4–7, square
	mkBuild    = 6 // element in bits 4–7, mask in bits 8–56
	mkDone     = 7
)

func mvPlay(card int) engine.Move         { return engine.Move(mkPlay | card<<8) }
func mvStep(k, sq int) engine.Move        { return engine.Move(mkStep | k<<4 | sq<<8) }
func mvRelocate(sq int) engine.Move       { return engine.Move(mkRelocate | sq<<8) }
func mvDig(k, sq int) engine.Move         { return engine.Move(mkDig | k<<4 | sq<<8) }
func mvBuild(e int, m uint64) engine.Move { return engine.Move(uint64(mkBuild) | uint64(e)<<4 | m<<8) }

const (
	moveStop = engine.Move(mkStop)
	moveDone = engine.Move(mkDone)
)

func mvKind(m engine.Move) int    { return int(m & 15) }
func mvArg(m engine.Move) int     { return int(m>>4) & 15 }
func mvSq(m engine.Move) int      { return int(m >> 8) } // whole upper part; validated against the board
func mvMask(m engine.Move) uint64 { return uint64(m) >> 8 }

// LegalMoves lists the current decision's moves: cards in hand by card
// number; steps by pawn (K, G, A) then square; relocation squares; digs by
// worker then square; builds by element then placement; stop/done last.
func (s *state) LegalMoves(buf []engine.Move) []engine.Move {
	p := int(s.toMove)
	switch s.phase {
	case phPlay:
		a, b := s.hand[p][0], s.hand[p][1]
		if s.handN[p] == 2 && b < a {
			a, b = b, a
		}
		buf = append(buf, mvPlay(int(a)))
		if s.handN[p] == 2 {
			buf = append(buf, mvPlay(int(b)))
		}
	case phMove:
		for k := 0; k < nPawns; k++ {
			for d := s.dests(p, k); d != 0; d &= d - 1 {
				buf = append(buf, mvStep(k, lowSq(d)))
			}
		}
		buf = append(buf, moveStop)
	case phRelocate:
		for d := s.relocSquares(); d != 0; d &= d - 1 {
			buf = append(buf, mvRelocate(lowSq(d)))
		}
	case phWork:
		if !s.dug {
			for _, k := range [2]int{gardener, architect} {
				if s.canWork(k) {
					for d := s.digTargets(p, k); d != 0; d &= d - 1 {
						buf = append(buf, mvDig(k, lowSq(d)))
					}
				}
			}
		}
		s.builds(p, func(e int, m uint64) bool { buf = append(buf, mvBuild(e, m)); return true })
		buf = append(buf, moveDone)
	}
	return buf
}

// relocSquares: free squares of the struck subject's owner's elements.
func (s *state) relocSquares() uint64 {
	q := int(s.struck) / nPawns
	return s.ownElems(q) &^ s.pawnMask()
}

// Apply plays m for the player to move; it validates everything before
// changing anything.
func (s *state) Apply(m engine.Move, log *engine.Log) error {
	if s.phase == phOver {
		return catalog().Illegal("SG-E3", "error.over")
	}
	p := int(s.toMove)
	kind := mvKind(m)
	wrongPhase := func(action string) error {
		return catalog().Illegal("SG-T1", "error.phase", i18n.S("action", action), i18n.S("step", phaseNames[s.phase]))
	}
	switch kind {
	case mkPlay:
		if s.phase != phPlay {
			return wrongPhase("play")
		}
		c := mvSq(m)
		if mvArg(m) != 0 || c >= len(cards) {
			return catalog().Illegal("SG-T3", "error.card.none")
		}
		idx := -1
		for i := 0; i < int(s.handN[p]); i++ {
			if int(s.hand[p][i]) == c {
				idx = i
			}
		}
		if idx < 0 {
			return catalog().Illegal("SG-T3", "error.card.hand", i18n.S("card", cardNumber(c)))
		}
		if idx == 0 {
			s.hand[p][0] = s.hand[p][1]
		}
		s.handN[p]--
		s.hand[p][s.handN[p]] = -1
		s.played = int8(c)
		s.phase = phMove
		s.steps = 0
		if log.On() {
			log.Reveal(p, "play", engine.Comp(cards[c].id)) // a card from the hand
		}
		return nil
	case mkStep:
		if s.phase == phWork && s.steps >= budget {
			return catalog().Illegal("SG-T4", "error.steps", i18n.N("n", budget))
		}
		if s.phase != phMove {
			return wrongPhase("move")
		}
		k, to := mvArg(m), mvSq(m)
		if k >= nPawns || to >= nSquares {
			return catalog().Illegal("SG-T5", "error.pawn.none")
		}
		if s.steps >= budget {
			return catalog().Illegal("SG-T4", "error.steps", i18n.N("n", budget))
		}
		if s.dests(p, k)&bit(to) == 0 {
			return s.whyClosed(p, k, to)
		}
		from := int(s.pawnSq[p][k])
		victim := s.pawnOn(to)
		s.pawnSq[p][k] = int8(to)
		s.steps++
		if log.On() {
			log.Say(p, "step", engine.Comp(s.pawnID(p, k)), engine.Cell(cellID(from)), engine.Cell(cellID(to)),
				engine.Num(int(s.steps)), engine.Num(budget))
		}
		if victim >= 0 { // SG-T10: strike
			s.struck = victim
			s.phase = phRelocate
			if log.On() {
				log.Say(p, "strike", engine.Comp(s.pawnID(int(victim)/nPawns, int(victim)%nPawns)))
			}
			return nil
		}
		if s.steps >= budget {
			s.endMovement(log)
		}
		return nil
	case mkRelocate:
		if s.phase != phRelocate {
			return wrongPhase("put")
		}
		to := mvSq(m)
		if mvArg(m) != 0 || to >= nSquares || s.relocSquares()&bit(to) == 0 {
			return catalog().Illegal("SG-T10", "error.put.where")
		}
		q, k := int(s.struck)/nPawns, int(s.struck)%nPawns
		// the striker already holds the old square; the victim only moves.
		s.pawnSq[q][k] = int8(to)
		s.struck = -1
		s.phase = phMove
		if log.On() {
			log.Say(p, "put", engine.Comp(s.pawnID(q, k)), engine.Cell(cellID(to)))
		}
		if s.steps >= budget {
			s.endMovement(log)
		}
		return nil
	case mkStop:
		if m != moveStop {
			return catalog().Illegal("SG-T1", "error.malformed")
		}
		if s.phase != phMove {
			return wrongPhase("stop")
		}
		if log.On() {
			if s.steps == 0 {
				log.Say(p, "stop.none") // a pass (SG-E5)
			} else {
				log.Say(p, "stop", engine.Num(int(s.steps)))
			}
		}
		s.endMovement(log)
		return nil
	case mkDig:
		if s.phase != phWork {
			return wrongPhase("dig")
		}
		k, to := mvArg(m), mvSq(m)
		if (k != gardener && k != architect) || to >= nSquares {
			return catalog().Illegal("SG-T15", "error.dig.worker")
		}
		if s.dug {
			return catalog().Illegal("SG-T15", "error.dig.once")
		}
		if !s.canWork(k) {
			return catalog().Illegal("SG-T14", "error.worker", i18n.S("worker", pawnIDs[k]))
		}
		if s.digTargets(p, k)&bit(to) == 0 {
			return catalog().Illegal("SG-T15", "error.dig.where", i18n.S("worker", pawnIDs[k]), i18n.S("cell", sqName(to)))
		}
		s.pit |= bit(to)
		s.dug = true
		s.restrict(k)
		if log.On() {
			log.Say(p, "dig", engine.Comp(s.pawnID(p, k)), engine.Cell(cellID(to)), engine.Num(int(s.tileAt(to))))
		}
		if !s.anyBuild(p) {
			// Said, not silent: the turn passes on after the excavation
			// and the player reads why no build was offered.
			log.Say(p, "dig.nobuild")
			s.endTurn(log)
		}
		return nil
	case mkBuild:
		if s.phase != phWork {
			return wrongPhase("build")
		}
		e, mask := mvArg(m), mvMask(m)
		if e >= nElems {
			return catalog().Illegal("SG-T16", "error.element.none")
		}
		if mask&^boardMask != 0 {
			return catalog().Illegal("SG-T17", "error.build.off")
		}
		if s.elem[p][e] != 0 {
			return catalog().Illegal("SG-T16", "error.element.placed", i18n.S("element", elems[e].id))
		}
		if !s.canWork(elems[e].builder) {
			return catalog().Illegal("SG-T14", "error.builder", i18n.S("element", elems[e].id), i18n.S("worker", pawnIDs[elems[e].builder]))
		}
		pl := elems[e].places
		i := sort.Search(len(pl), func(i int) bool { return pl[i] >= mask })
		if i == len(pl) || pl[i] != mask {
			return catalog().Illegal("SG-T17", "error.build.shape", i18n.S("element", elems[e].id), i18n.S("shape", elems[e].shapeName))
		}
		if r, why := s.buildCheck(p, e, mask, s.pawnMask()); r != "" {
			return catalog().Illegal(r, why)
		}
		s.build(p, e, mask, log)
		return nil
	case mkDone:
		if m != moveDone {
			return catalog().Illegal("SG-T1", "error.malformed")
		}
		if s.phase != phWork {
			return wrongPhase("done")
		}
		if log.On() {
			log.Say(p, "done")
		}
		s.endTurn(log)
		return nil
	}
	return catalog().Illegal("SG-T1", "error.unknown")
}

// whyClosed names the rule that closes square to for pawn k of p.
func (s *state) whyClosed(p, k, to int) error {
	occ := s.pawnOn(to)
	ea := s.elemOn(to)
	switch {
	case s.pit&bit(to) != 0:
		return catalog().Illegal("SG-T12", "error.step.pit", i18n.S("cell", sqName(to)))
	case ea >= 0 && int(ea)/nElems != p:
		return catalog().Illegal("SG-T12", "error.step.element", i18n.S("cell", sqName(to)))
	case occ >= 0 && int(occ)%nPawns == king:
		return catalog().Illegal("SG-T11", "error.step.king", i18n.S("cell", sqName(to)))
	case occ >= 0 && int(occ)/nPawns == p:
		return catalog().Illegal("SG-T8", "error.step.own", i18n.S("cell", sqName(to)))
	case occ >= 0 && !s.strikable(int(occ)/nPawns, s.pawnMask()):
		return catalog().Illegal("SG-T10", "error.step.strike", i18n.S("cell", sqName(to)))
	}
	// a square two away in a straight line: say why the jump fails
	from := int(s.pawnSq[p][k])
	origins := bit(from)
	own := s.ownElems(p)
	if own&origins != 0 {
		for e := 0; e < nElems; e++ {
			if s.elem[p][e]&origins != 0 {
				origins = s.elem[p][e]
			}
		}
	}
	rule, why := "", ""
	for o := origins; o != 0; o &= o - 1 {
		sq := lowSq(o)
		for dir := 0; dir < 8; dir++ {
			if int(jumpLand[sq][dir]) != to {
				continue
			}
			m := int(jumpOver[sq][dir])
			switch pm := s.pawnOn(m); {
			case pm >= 0 && int(pm)%nPawns == king:
				return catalog().Illegal("SG-T11", "error.jump.king", i18n.S("cell", sqName(m)))
			case s.pit&bit(m) != 0 || (s.elemOn(m) >= 0 && int(s.elemOn(m))/nElems != p):
				rule, why = "SG-T12", "error.jump.blocked"
			case pm < 0 && rule == "":
				rule, why = "SG-T9", "error.jump.empty"
			}
		}
	}
	if rule != "" {
		return catalog().Illegal(rule, why, i18n.S("cell", sqName(to)))
	}
	return catalog().Illegal("SG-T7", "error.step.reach", i18n.S("pawn", pawnIDs[k]), i18n.S("cell", sqName(to)))
}

// endMovement checks the figure (SG-T13/T14) and goes to work or ends the turn.
func (s *state) endMovement(log *engine.Log) {
	p := int(s.toMove)
	s.cand = s.figure(p, int(s.played))
	if s.cand&^1 == 0 {
		if log.On() {
			if s.cand != 0 {
				log.Say(p, "figure.idle")
			} else {
				log.Say(p, "figure.none")
			}
		}
		s.endTurn(log)
		return
	}
	s.cand &^= 1 // a placement without workers is never worth choosing
	if log.On() {
		log.Say(p, "figure.stands")
	}
	s.phase = phWork
}

// build places element e of p on mask (SG-T18) and checks the win (SG-E3).
func (s *state) build(p, e int, mask uint64, log *engine.Log) {
	for q := 0; q < int(s.n); q++ {
		for f := 0; f < nElems; f++ {
			if em := s.elem[q][f]; em&mask != 0 { // covered: back to the supply (SG-E2)
				s.elem[q][f] = 0
				s.score[q] -= int16(elems[f].size)
				if log.On() {
					log.Say(p, "cover", engine.Comp(s.elemID(q, f)))
				}
			}
		}
	}
	pts := 0
	for pm := mask & s.pit; pm != 0; pm &= pm - 1 {
		sq := lowSq(pm)
		v := s.tileAt(sq)
		pts += int(v)
		s.collectedN[p][v]++
	}
	s.pit &^= mask
	s.collected[p] += int16(pts)
	s.elem[p][e] = mask
	s.score[p] += int16(pts + elems[e].size)
	if log.On() {
		args := []engine.Arg{engine.Comp(s.elemID(p, e)), engine.Num(pts), engine.Num(int(s.score[p]))}
		for m := mask; m != 0; m &= m - 1 {
			args = append(args, engine.Cell(cellID(lowSq(m))))
		}
		log.Say(p, "build"+strconv.Itoa(popcount(mask)), args...)
	}
	if s.score[p] >= winAt { // SG-E3
		s.winner = int8(p)
		if s.played >= 0 {
			s.discard |= bit(int(s.played))
			s.played = -1
		}
		s.phase = phOver
		s.cand = 0
		if log.On() {
			log.Say(p, "win", engine.Num(int(s.score[p])))
		}
		return
	}
	s.endTurn(log)
}
