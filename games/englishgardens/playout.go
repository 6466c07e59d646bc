package englishgardens

import "github.com/jardin-games/jardin/engine"

// EvaluatePlayoutMove is what a search's play-outs compare moves by
// (bots.PlayoutEvaluator): EvaluateMove, except for a take (a landscape
// card or a trophy), which is valued by the mover's Evaluate after the
// best move that completes it: the card taken on its best cell, or a
// discard (the village unchanged); the trophy in its best slot.
//
// Why: a take changes no village, so by EvaluateMove every take, of a
// landscape card or of a trophy, was worth the same, and the play-outs
// chose between them at random: half their turns took a trophy whatever the
// displays offered, for the bot and for the opponents it planned against,
// while greedy, a person and the coach take what they can use. The bot's
// costliest decisions by the coach (docs/coach.md, fresh seeds 4–9) were
// such choices: a trophy taken where a card was worth 3–6 points more, and
// the reverse, 1.4 points lost per trophy taken and 0.6 per take, against
// 0.4 per placement.
//
// The take is not applied: the card taken joins the hand, or the trophy is
// held, for the time of the valuation only (copying the state for each
// take sampled cost four times the processor time a game, and valuing the
// placements of the whole hand three times: the cards already in hand can
// be placed whatever is taken, so only the card taken tells takes apart).
// s changes
// while it runs and the caller must own it, as for EvaluateMove. r is not
// used: every completion is valued.
func (s *state) EvaluatePlayoutMove(m engine.Move, _ *engine.RNG) (v float64, ok bool) {
	mv, ok := unpack(m)
	if !ok || s.phase != phStart && s.phase != phAfterRefresh && s.phase != phStructTake {
		return s.EvaluateMove(m)
	}
	switch mv.kind {
	case mkTakeLand:
		if s.phase == phStructTake {
			return s.EvaluateMove(m)
		}
		c := s.takenLand(mv.a)
		if c < 0 {
			return 0, false
		}
		return s.bestPlacementWith(c), true
	case mkTakeTrophy:
		t := s.takenTrophy(mv.a)
		if t < 0 {
			return 0, false
		}
		return s.bestPutOf(t), true
	}
	return s.EvaluateMove(m)
}

// takenLand is the card a landscape take from slot a (or the deck) puts in
// hand, -1 if there is none.
func (s *state) takenLand(a uint8) int8 {
	if a == fromDeck {
		if s.land.n == 0 {
			return -1
		}
		return s.land.cards[s.land.n-1]
	}
	if a > 2 {
		return -1
	}
	return s.landDisp[a]
}

// takenTrophy is takenLand for a trophy take.
func (s *state) takenTrophy(a uint8) int8 {
	if a == fromDeck {
		if s.tro.n == 0 {
			return -1
		}
		return s.tro.cards[s.tro.n-1]
	}
	if a > 2 {
		return -1
	}
	return s.troDisp[a]
}

// bestPlacementWith is the mover's best Evaluate after taking c and placing
// it, or discarding (which leaves the village as it is; in solo only when
// c cannot be placed, EG-SO2).
func (s *state) bestPlacementWith(c int8) float64 {
	p := &s.pl[s.cur]
	if p.handN >= int8(len(p.hand)) {
		return s.Evaluate(int(s.cur))
	}
	old := p.hand[p.handN]
	p.hand[p.handN] = c
	p.handN++
	placed, best := false, 0.0
	open, nb := s.cellsOpen(p, false)
	h := int(p.handN) - 1 // the card taken
	fits := s.g.c.compat[c]
	for i := 0; i < 9; i++ {
		if open&(1<<uint(i)) != 0 && nb[i]&^fits == 0 {
			if w, ok := s.EvaluateMove(move{mkPlace, uint8(h), uint8(i)}.pack()); ok && (!placed || w > best) {
				best, placed = w, true
			}
		}
	}
	p.handN--
	p.hand[p.handN] = old
	if w := s.Evaluate(int(s.cur)); !placed || !s.solo() && w > best {
		best = w
	}
	return best
}

// bestPutOf is the mover's best Evaluate after putting trophy t in one of
// the slots it may go to.
func (s *state) bestPutOf(t int8) float64 {
	held, hs := s.held, s.heldStruct
	s.held, s.heldStruct = t, s.phase == phStructTake
	p := &s.pl[s.cur]
	put, best := false, 0.0
	for sl := 0; sl < 6; sl++ {
		if s.slotOpen(p, sl) {
			if w, ok := s.EvaluateMove(move{kind: mkPut, a: uint8(sl)}.pack()); ok && (!put || w > best) {
				best, put = w, true
			}
		}
	}
	s.held, s.heldStruct = held, hs
	if !put {
		return s.Evaluate(int(s.cur))
	}
	return best
}
