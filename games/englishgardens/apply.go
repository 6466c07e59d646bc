package englishgardens

import (
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Apply validates m completely before changing anything, so a rejected move
// leaves the state untouched.
func (s *state) Apply(m engine.Move, log *engine.Log) error {
	if !log.On() {
		return s.apply(m, nil)
	}
	// Every public event after the first reveal of a move depends on what
	// was revealed (the card placed decides whether a trophy follows or the
	// turn ends and the end is triggered; in solo the hand decides whether
	// the game goes on): they are marked reveals too, so that no public
	// event that is not a reveal depends on hidden information.
	from := len(log.Events)
	err := s.apply(m, log)
	markAfterReveal(log, from)
	return err
}

func (s *state) apply(m engine.Move, log *engine.Log) error {
	if s.phase == phOver {
		return texts.Illegal("EG-E2", "error.game-over")
	}
	mv, ok := unpack(m)
	if !ok {
		return texts.Illegal("EG-T2", "error.not-a-move")
	}
	p := &s.pl[s.cur]
	if err := s.check(p, mv); err != nil {
		return err
	}
	switch mv.kind {
	case mkTakeLand:
		s.takeLand(p, int(mv.a), log)
		if s.phase == phS2Take {
			s.phase = phCover
		} else {
			s.phase = phPlace
		}
	case mkTakeTrophy:
		s.held = s.takeTrophy(int(mv.a), log)
		s.heldStruct = s.phase == phStructTake
		s.phase = phTrophyPlace
	case mkRefresh:
		s.refresh(p, mv, log)
	case mkSpecial2:
		p.villageUp = false
		log.Say(int(s.cur), "special2")
		s.phase = phS2Take
	case mkPlace, mkCover:
		known := p.handKnown[mv.a]
		c := p.removeHand(int(mv.a))
		p.putLand(s.g.c, int(mv.b), c)
		// On the table the card is public: no longer tied to a hand or to
		// the cards under a deck.
		p.semi &^= 1 << uint(c)
		s.faceUp(0, c)
		for r := range s.segDrawn {
			s.segDrawn[r] &^= 1 << uint(c)
		}
		if log.On() {
			key := "place"
			if mv.kind == mkCover {
				key = "cover"
			}
			// A card from the hand is revealed by being played, unless it
			// was taken face up and everyone still knows it is in the hand.
			if known {
				log.Say(int(s.cur), key, engine.Comp(landID(c)), engine.Cell(cellID(int(mv.b))))
			} else {
				log.Reveal(int(s.cur), key, engine.Comp(landID(c)), engine.Cell(cellID(int(mv.b))))
			}
		}
		if s.card(c).Feature == featStructure && s.trophyAvailable() {
			s.phase = phStructTake // EG-T7; skipped when no trophy is left (Still to confirm 6)
			return nil
		}
		s.endTurn(log)
	case mkDiscard:
		for i, known := range p.handKnown[:p.handN] {
			if known {
				p.semi |= 1 << uint(p.hand[i])
			}
		}
		c := p.removeHand(int(mv.a))
		s.disc[s.nDisc], s.discOwner[s.nDisc] = c, s.cur
		s.nDisc++
		p.discards++
		// The discard is face down: others can no longer tell which of the
		// cards they saw taken is still in hand (ruling E5).
		p.handKnown = [4]bool{}
		// The public event names neither the card nor its hand slot.
		log.Say(int(s.cur), "discard")
		if log.On() {
			log.Tell(int(s.cur), "discarded", engine.Comp(landID(c)))
		}
		s.endTurn(log)
	case mkPut:
		if log.On() {
			if under := p.trophy[mv.a]; under >= 0 {
				log.Say(int(s.cur), "put-trophy-over", engine.Comp(trophyID(s.held)), engine.Cell(slotNames[mv.a]), engine.Comp(trophyID(under)))
			} else {
				log.Say(int(s.cur), "put-trophy", engine.Comp(trophyID(s.held)), engine.Cell(slotNames[mv.a]))
			}
		}
		p.putTrophy(s.g.c, int(mv.a), s.held)
		s.held, s.heldStruct = -1, false
		s.endTurn(log)
	case mkEnd:
		log.Say(int(s.cur), "end-declared")
		s.finish(log)
	case mkPass:
		log.Say(int(s.cur), "pass")
		s.endTurn(log)
	}
	return nil
}

// check returns the rule that forbids mv now, or nil.
func (s *state) check(p *player, mv move) error {
	if mv.kind == mkEnd && s.phase != phStart {
		return texts.Illegal("EG-SO6", "error.end-at-start")
	}
	switch s.phase {
	case phStart, phAfterRefresh:
		switch mv.kind {
		case mkTakeLand:
			if !s.landAvailable() {
				return texts.Illegal("EG-T4c", "error.land-none-left")
			}
			if s.solo() && !s.soloActionA(p) {
				return texts.Illegal("EG-SO2", "error.solo-action-a")
			}
			return s.checkTake(mv.a, &s.landDisp, s.land.n, "EG-T4a", "land")
		case mkTakeTrophy:
			if !s.trophyAvailable() {
				return texts.Illegal("EG-T5", "error.trophy-none-left")
			}
			if s.solo() && !soloActionB(p) {
				return texts.Illegal("EG-SO3", "error.solo-action-b")
			}
			return s.checkTake(mv.a, &s.troDisp, s.tro.n, "EG-T5", "trophy")
		case mkRefresh:
			if s.phase != phStart {
				return texts.Illegal("EG-T3", "error.village-before-action")
			}
			if !p.villageUp {
				return texts.Illegal("EG-T3", "error.village-face-down")
			}
			disp := &s.landDisp
			if mv.a == 1 {
				disp = &s.troDisp
			} else if mv.a != 0 {
				return texts.Illegal("EG-T3", "error.refresh-which")
			}
			return checkOrder(mv.b, disp)
		case mkSpecial2:
			if s.phase != phStart || !p.villageUp {
				return texts.Illegal("EG-T3", "error.special2-village")
			}
			if !s.special2Allowed(p) {
				return texts.Illegal("EG-T3", "error.special2-none")
			}
			return nil
		case mkEnd:
			if !s.solo() {
				return texts.Illegal("EG-SO6", "error.end-solo-only")
			}
			if s.phase != phStart {
				return texts.Illegal("EG-SO6", "error.end-at-start")
			}
			return nil
		case mkPass:
			if s.solo() || s.actionA(p) || s.actionB(p) || (s.phase == phStart && (s.refreshable(p) || s.special2Allowed(p))) {
				return texts.Illegal("EG-T2", "error.pass-not-allowed")
			}
			return nil
		}
		return texts.Illegal("EG-T2", "error.choose-action")
	case phPlace:
		switch mv.kind {
		case mkPlace:
			if err := checkHand(p, mv.a); err != nil {
				return err
			}
			return s.checkPlace(p, p.hand[mv.a], int(mv.b))
		case mkDiscard:
			if err := checkHand(p, mv.a); err != nil {
				return err
			}
			if s.solo() && s.handCanPlace(p) {
				return texts.Illegal("EG-SO2", "error.solo-must-place")
			}
			return nil
		}
		return texts.Illegal("EG-T4b", "error.place-or-discard")
	case phS2Take:
		if mv.kind != mkTakeLand {
			return texts.Illegal("EG-T3", "error.special2-take-first")
		}
		if err := s.checkTake(mv.a, &s.landDisp, s.land.n, "EG-T4a", "land"); err != nil {
			return err
		}
		if mv.a == fromDeck && !s.handCanCover(p) || mv.a != fromDeck && !s.s2TakeOK(p, s.landDisp[mv.a]) {
			return texts.Illegal("EG-T3", "error.special2-take-useless")
		}
		return nil
	case phCover:
		if mv.kind != mkCover {
			return texts.Illegal("EG-T3", "error.special2-cover")
		}
		if err := checkHand(p, mv.a); err != nil {
			return err
		}
		if mv.b >= 9 {
			return texts.Illegal("EG-T6a", "error.cell-outside")
		}
		if p.land[mv.b].h == 0 {
			return texts.Illegal("EG-T3", "error.special2-empty-cell", cellArgs(int(mv.b), "")...)
		}
		return s.checkNeighbours(p, p.hand[mv.a], int(mv.b))
	case phStructTake:
		if mv.kind != mkTakeTrophy {
			return texts.Illegal("EG-T7", "error.structure-trophy")
		}
		return s.checkTake(mv.a, &s.troDisp, s.tro.n, "EG-T5", "trophy")
	case phTrophyPlace:
		if mv.kind != mkPut {
			return texts.Illegal("EG-T5", "error.trophy-must-place")
		}
		return s.trophySlotOK(p, int(mv.a))
	}
	return texts.Illegal("EG-T2", "error.no-decision")
}

func (s *state) checkTake(a uint8, disp *[3]int8, deckN int8, rule, what string) error {
	switch {
	case a == fromDeck:
		if deckN == 0 {
			return texts.Illegal("EG-T10", "error.deck-empty", i18n.S("deck", what))
		}
	case a > fromDeck:
		return texts.Illegal(rule, "error.take-which", i18n.S("deck", what))
	case disp[a] < 0:
		return texts.Illegal("EG-T10", "error.display-slot-empty", i18n.S("deck", what), i18n.N("n", int(a)+1))
	}
	return nil
}

func checkOrder(b uint8, disp *[3]int8) error {
	slots, k, ok := decodeOrder(b)
	want := 0
	for _, c := range disp {
		if c >= 0 {
			want++
		}
	}
	if want == 0 {
		return texts.Illegal("EG-T3", "error.refresh-empty")
	}
	if !ok || k != want {
		return texts.Illegal("EG-T3", "error.refresh-all", i18n.N("n", want))
	}
	var seen [3]bool
	for _, sl := range slots[:k] {
		if disp[sl] < 0 || seen[sl] {
			return texts.Illegal("EG-T3", "error.refresh-positions")
		}
		seen[sl] = true
	}
	return nil
}

func checkHand(p *player, h uint8) error {
	if int(h) >= int(p.handN) {
		return texts.Illegal("EG-T4b", "error.hand-no-card", i18n.N("n", int(h)+1), i18n.N("held", int(p.handN)))
	}
	return nil
}

func (s *state) checkPlace(p *player, c int8, i int) error {
	if i >= 9 {
		return texts.Illegal("EG-T6a", "error.cell-outside")
	}
	if t := p.land[i].top(); t >= 0 && !s.card(t).Lawn {
		return texts.Illegal("EG-T6b", "error.not-on-lawn", cellArgs(i, "")...)
	}
	return s.checkNeighbours(p, c, i)
}

func (s *state) checkNeighbours(p *player, c int8, i int) error {
	if j := s.matchesNeighbours(p, c, i); j >= 0 {
		return texts.Illegal("EG-T6c", "error.no-match", append(append(s.cardArgs(c, ""), s.cardArgs(p.land[j].top(), "2")...), cellArgs(j, "")...)...)
	}
	return nil
}

func (s *state) takeLand(p *player, a int, log *engine.Log) {
	if a == fromDeck {
		seg := s.land.seg[s.land.n-1]
		c := s.land.draw()
		if seg > 0 {
			s.segDrawn[seg-1] |= 1 << uint(c)
		}
		p.addHand(c, false)
		log.Say(int(s.cur), "draw-land")
		if log.On() {
			log.Tell(int(s.cur), "drawn-land", engine.Comp(landID(c)))
		}
		return
	}
	c := s.landDisp[a]
	p.addHand(c, true)
	s.landDisp[a] = -1
	if log.On() {
		log.Say(int(s.cur), "take-land", engine.Comp(landID(c)))
	}
	if s.land.n > 0 {
		s.landDisp[a] = s.land.draw()
		s.faceUp(0, s.landDisp[a])
		if log.On() {
			log.Reveal(int(s.cur), "reveal-land", engine.Comp(landID(s.landDisp[a])))
		}
	}
}

func (s *state) takeTrophy(a int, log *engine.Log) int8 {
	if a == fromDeck {
		t := s.tro.draw()
		s.faceUp(1, t)
		if log.On() { // a trophy drawn blind goes face up at once
			log.Reveal(int(s.cur), "draw-trophy", engine.Comp(trophyID(t)))
		}
		return t
	}
	t := s.troDisp[a]
	s.troDisp[a] = -1
	if log.On() {
		log.Say(int(s.cur), "take-trophy", engine.Comp(trophyID(t)))
	}
	if s.tro.n > 0 {
		s.troDisp[a] = s.tro.draw()
		s.faceUp(1, s.troDisp[a])
		if log.On() {
			log.Reveal(int(s.cur), "reveal-trophy", engine.Comp(trophyID(s.troDisp[a])))
		}
	}
	return t
}

// refresh is special 1: the display goes under its deck in the chosen
// order, and as many cards are revealed (Still to confirm 8).
func (s *state) refresh(p *player, mv move, log *engine.Log) {
	p.villageUp = false
	disp, d, key, reveal := &s.landDisp, &s.land, "refresh-land", "reveal-land"
	if mv.a == 1 {
		disp, d, key, reveal = &s.troDisp, &s.tro, "refresh-trophy", "reveal-trophy"
	}
	slots, k, _ := decodeOrder(mv.b)
	var cards [3]int8
	for i, sl := range slots[:k] {
		cards[i] = disp[sl]
		s.recycled[s.cur][mv.a] |= 1 << uint(disp[sl])
		disp[sl] = -1
	}
	d.putUnder(cards[:k], s.cur)
	// The public event gives the count, never the order chosen: only the
	// player who chose it knows it (ruling 10).
	if log.On() { // the argument would allocate even with no log
		log.Say(int(s.cur), key, engine.Num(k))
	}
	for _, sl := range slots[:k] {
		if d.n > 0 {
			disp[sl] = d.draw()
			s.faceUp(int(mv.a), disp[sl])
			if log.On() {
				id := landID(disp[sl])
				if mv.a == 1 {
					id = trophyID(disp[sl])
				}
				log.Reveal(int(s.cur), reveal, engine.Comp(id))
			}
		}
	}
	s.phase = phAfterRefresh
	if s.solo() && !s.actionA(p) && !s.actionB(p) {
		// Whether an action is left depends on the hand: a reveal.
		log.Reveal(int(s.cur), "solo-stuck")
		s.finish(log)
	}
}

func (s *state) endTurn(log *engine.Log) {
	s.turns++
	if s.solo() {
		s.startTurn(log)
		return
	}
	if !s.endTriggered {
		full := -1
		for i := 0; i < int(s.n) && full < 0; i++ {
			if s.pl[i].visible == 9 {
				full = i
			}
		}
		if full >= 0 || s.land.n == 0 || s.tro.n == 0 {
			s.endTriggered = true // EG-E1: latched
			// The event says why: a player who did not watch the decks
			// reads the cause, not only that the game ends.
			switch {
			case full >= 0:
				log.Say(full, "end-triggered-village")
			case s.land.n == 0:
				log.Say(-1, "end-triggered-land-deck")
			default:
				log.Say(-1, "end-triggered-trophy-deck")
			}
		}
	}
	if s.endTriggered && s.cur == (s.first+s.n-1)%s.n {
		s.finish(log) // EG-E2
		return
	}
	s.cur = (s.cur + 1) % s.n
	s.startTurn(log)
}

func (s *state) startTurn(log *engine.Log) {
	s.phase = phStart
	if !s.solo() {
		return
	}
	p := &s.pl[0]
	if !s.actionA(p) && !s.actionB(p) && !s.special2Allowed(p) && !s.refreshable(p) {
		// Whether an action is left depends on the hand: a reveal.
		log.Reveal(0, "solo-stuck")
		s.finish(log)
	}
}

func (s *state) finish(log *engine.Log) {
	s.phase = phOver
	log.Say(-1, "game-over")
}

// markAfterReveal marks as reveals the public events logged from index
// from on that follow a reveal.
func markAfterReveal(log *engine.Log, from int) {
	seen := false
	for i := from; i < len(log.Events); i++ {
		e := &log.Events[i]
		if e.Private >= 0 {
			continue
		}
		if e.Reveal {
			seen = true
		} else if seen {
			e.Reveal = true
		}
	}
}
