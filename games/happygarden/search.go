package happygarden

import "github.com/jardin-games/jardin/engine"

// SearchAdvice: a decision here is costly (the legal moves cover every free
// cell next to the garden for every tile of the shop, and a move can set
// off validations and token effects), so play-outs to the end of the game
// allow only about 3,000 iterations a second. Stopping them after the next
// four turns, valued by Evaluate, made an iteration four times cheaper for
// the same strength, and widening (best placements first by Evaluate)
// spends the iterations on the placements worth a look. Against greedy, 40
// two-player games each (docs/bots.md): 8,000 iterations with short
// play-outs won 29, with widening as well 33.
//
// Issue 24: the default level won 72.5% of 200 two-player games against
// greedy (seeds 1–200), short of 75%. On 40 games (seeds 1001–1040) play-
// outs that compare 8 moves a decision rather than 4 won 34 against 27, in
// 1.3 times the processor time; play-outs of two turns 27.5 in two thirds
// of it; widening 0.3 27. The search itself became about a fifth cheaper
// (DeterminizeInto, Evaluate counting its garden once), which pays for the
// 8 moves at 1.4 times the base counts (1.6 before): over the 200 games
// 73.8%, mean score 18.70 against 15.63, in 345.6 s of processor time
// against 363.1 s. Still short of 75%; two-turn play-outs with 8 moves at
// 2.4 times won 73.5% in 363.0 s, no better (docs/bots.md).
//
// EvaluateMove then made the search an eighth cheaper again (the same
// moves). Spending it on 1.6 times the base counts won 71.75% of the 200
// games in 371.7 s at load 30 (no better, and over the time measured
// before at a lower load), so the counts stay at 1.4.
//
// Then the play-outs learnt to choose a tile (EvaluatePlayoutMove, a take
// valued with the best of three drawn placements): before, every take
// looked alike to Evaluate and play-outs took tiles at random, for both
// players, and over 30 games against greedy (seeds 1–30) the bot made 5.9
// flowers happy a game to greedy's 8.8. A play-out's take decision costs
// several valuations more, the search about 1.5 times as much an
// iteration, so the counts fall to 0.9 times the base to keep the former
// processor time. Over the 200 games: 150 wins, 75.0% [68.6%, 80.5%],
// mean 18.59 against 14.73, in 285.9 s of processor time against 308.5 s
// (docs/bots.md).
func (s *state) SearchAdvice() engine.SearchAdvice {
	return engine.SearchAdvice{Rollout: -1, RolloutTurns: 4, Sample: 8, Widen: 0.5, IterationScale: 0.9}
}

// EvaluateMove is the mover's Evaluate once m is applied (bots.MoveEvaluator),
// equal to Evaluate on a copy after Apply to the last bit, but without the
// copy. A search's play-outs value several moves at every decision, and on
// a scratch copy that cost more than half of a search's time: copying the
// gardens' grid, and for a placement validating every unhappy tile of the
// garden again.
//
// The move is applied to s itself and undone: everything but the grid is
// in the struct, saved and written back as a value (a few hundred bytes),
// and a move changes at most two cells of the grid (a placement one, a
// repot two), which are written back too. So every effect of the move —
// validations, token effects, moles handed out, the turn's end and the next
// round's token — is the game's own code, not a second copy of the rules
// that could drift from it. Only what follows the end of the turn is cut
// short when it cannot change Evaluate (state.valuing): finding whether the
// next player can take a tile was a tenth of a search's time. s changes while EvaluateMove runs: the caller
// must own it (the search's determinization), as for Apply.
//
// A placement in step 3, most of the moves a play-out values, skips the
// validation of the whole garden: before it no unhappy tile was ready
// (every change of a garden is validated at once), and a tile put on cell c
// can only make ready itself, the tiles next to it and, a flower, the
// windmills of its row and column (validateAt).
//
// m must be one of LegalMoves, as bots.MoveEvaluator requires; ok is false
// for one that is not a move of this game, or is refused.
func (s *state) EvaluateMove(m engine.Move) (v float64, ok bool) {
	if s.phase == phOver {
		return 0, false
	}
	kind, a, b, c := unpack(m)
	if mkMove(kind, a, b, c) != m || kind < mvTake || kind > mvLift {
		return 0, false
	}
	p := int(s.toMove)
	// The grid cells the move may change, and what they held.
	c1, c2 := -1, -1
	if kind == mvPlace {
		if !inArea(b) {
			return 0, false
		}
		c1 = p*ncell + b
		if s.phase == phRepotDest {
			if s.repotT == 0 || s.pos[s.repotT] < 0 {
				return 0, false
			}
			c2 = p*ncell + int(s.pos[s.repotT])
		}
	}
	var g1, g2 uint8
	if c1 >= 0 {
		g1 = s.grid[c1]
	}
	if c2 >= 0 {
		g2 = s.grid[c2]
	}
	saved := *s
	s.valuing = true
	var err error
	if kind == mvPlace && s.phase == phPlace && a == 0 && c == 0 && g1 == 0 {
		// applyPlace, legality not checked again (m is legal), the
		// garden validated around the new tile only.
		t := s.held
		s.put(p, t, b)
		s.held = 0
		s.handout(p, s.validateAt(p, t, b), phAfter, nil)
	} else {
		err = s.apply(kind, a, b, c, nil)
	}
	if err == nil {
		v = s.Evaluate(p)
	}
	if c2 >= 0 {
		s.grid[c2] = g2
	}
	if c1 >= 0 {
		s.grid[c1] = g1
	}
	*s = saved
	return v, err == nil
}

// validateAt is validate (HP-T21 to HP-T24) of garden p just after tile t
// was put on cell c, when no unhappy tile of the garden was ready before:
// only t, its neighbours and, if t is a flower, the windmills of its row
// and column can have become ready. Readiness does not depend on which
// tiles are happy, so the order in which they turn does not matter.
func (s *state) validateAt(p int, t uint8, c int) int {
	leaving := 0
	turn := func(u uint8) {
		if s.happy&(1<<u) != 0 || !s.ready(p, u) {
			return
		}
		s.happy |= 1 << u
		leaving += int(s.worms[u]) + int(s.moles[u])
		s.worms[u], s.moles[u] = 0, 0
	}
	turn(t)
	g := s.garden(p)
	for _, d := range dirs {
		if u := g[c+d]; u != 0 && u != house {
			turn(u)
		}
	}
	if tiles[t].kind == kindFlower {
		x, y := cellX(c), cellY(c)
		for _, u := range s.gtiles[p][:s.gn[p]] {
			if uc := int(s.pos[u]); tiles[u].kind == kindWindmill && (cellX(uc) == x || cellY(uc) == y) {
				turn(u)
			}
		}
	}
	if !s.bonus[p] {
		full := true
		for _, rc := range ringCells {
			if s.grid[p*ncell+rc] == 0 {
				full = false
				break
			}
		}
		s.bonus[p] = full
	}
	return leaving
}
