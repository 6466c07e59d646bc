package englishgardens

import "github.com/jardin-games/jardin/engine"

// SearchAdvice: in solo there is no opponent to read, so the search is
// only as good as its play-outs' estimate of the final score, and with the
// default 4 sampled moves a decision ismcts scored no better than greedy
// (+0.7 a deal [−0.5, +1.8] over 100 deals). Comparing 8 moves a decision
// scored +2.1 [0.9, 3.2] on those deals and +1.9 [0.8, 2.9] on 100 others
// (docs/bots.md).
//
// With opponents, the default level (1,000 iterations) won only 61% of 40
// two-player games against greedy (seeds 1001–1040), with the same mean
// score. Its iterations now cost a third of what they did (kept scores,
// EvaluateMove), so 2.8 times as many fit in the same processor time;
// comparing 8 moves a play-out decision and weighing the rank 0.5 rather
// than 0.8 (games here are mostly won by a point or two, which the margin
// sees and the rank alone does not) won 91% of the same games at 3,000
// iterations, 79% at 2,500 (docs/bots.md).
//
// Exploring half as much as the bots' default (UCB constant 0.35, not
// 0.7): moves a few points apart differ by a few hundredths of the reward
// (a margin normalised over the margins seen, most of a game's rank
// settled), less than the exploration term at 2,800 iterations, so the
// most visited move was nearly a matter of chance, and the coach counted
// it as the bot's costliest losses (issue 25). With 0.35 the bot won 38
// of 40 games against greedy (32.5 before) in the same processor time,
// 84.2% of 200 (77.8% before), with a wider margin (28.84 to 24.55),
// and the coach found it losing 0.49–0.56 a decision against random,
// 0.66–0.78 before (docs/bots.md, docs/coach.md).
func (s *state) SearchAdvice() engine.SearchAdvice {
	if s.NumPlayers() == 1 {
		return engine.SearchAdvice{Rollout: -1, Sample: 8}
	}
	return engine.SearchAdvice{Rollout: -1, Sample: 8, RankWeight: 0.5, IterationScale: 2.8, Exploration: 0.35}
}

// EvaluateMove is the mover's Evaluate once m is applied (bots.MoveEvaluator),
// without copying and changing the whole state: a search's play-outs ask it
// for several moves at every decision, and copying the state for each was
// a third of a search's time. Only the mover's village counts in Evaluate,
// and a move changes no other village: a placement puts a card on a cell,
// a trophy goes to a slot, special 1 and 2 turn the village card face
// down, and every other move leaves the village as it is. m must be a
// legal move; ok is false for one that is not a move of this game.
func (s *state) EvaluateMove(m engine.Move) (v float64, ok bool) {
	if s.phase == phOver {
		return 0, false
	}
	mv, ok := unpack(m)
	if !ok {
		return 0, false
	}
	p := &s.pl[s.cur]
	// Legality is not checked again (it was a tenth of a search's time):
	// m must be one of LegalMoves, as bots.MoveEvaluator requires. A
	// hand card or a cell out of range is still refused, not a panic.
	if (mv.kind == mkPlace || mv.kind == mkCover) && (mv.a >= uint8(p.handN) || mv.b >= 9) ||
		mv.kind == mkPut && (mv.a >= 6 || s.held < 0) {
		return 0, false
	}
	pts, visible, up, empty := int(p.pts), p.visible, p.villageUp, emptySlots(&p.trophy)
	cs := s.g.c
	switch mv.kind {
	case mkPlace, mkCover:
		// The card changes the ponds, the cell's column and its row.
		i, c := int(mv.b), p.hand[mv.a]
		if t := p.land[i].top(); t < 0 {
			visible++
		} else if cs.land[t].Feature == featPond {
			pts -= 2
		}
		if cs.land[c].Feature == featPond {
			pts += 2
		}
		for _, sl := range [2]int{i % 3, 3 + i/3} {
			pts += cs.linePoints(p, sl, p.trophy[sl], i, c) - int(p.line[sl])
		}
	case mkPut:
		sl := int(mv.a)
		if p.trophy[sl] < 0 {
			empty--
		}
		pts += cs.linePoints(p, sl, s.held, -1, 0) - int(p.line[sl])
	case mkRefresh, mkSpecial2:
		up = false
	}
	return evaluateOf(pts, up, visible, empty), true
}
