package happygarden

import "github.com/jardin-games/jardin/engine"

// playoutCells is how many cells EvaluatePlayoutMove tries for the tile a
// take puts in hand (every legal cell when there are no more).
const playoutCells = 3

// playoutTries bounds the cells drawn to find them.
const playoutTries = 12

// EvaluatePlayoutMove is what a search's play-outs compare moves by
// (bots.PlayoutEvaluator): EvaluateMove, except for taking a tile, which is
// valued by the mover's Evaluate once the tile is placed on the best of up
// to playoutCells of its legal cells, drawn with r.
//
// Why: after a take the tile is in hand, outside the garden, so Evaluate
// after the take alone sees only the wheelbarrow paid or won and the
// symbol's token; every tile looks alike. Play-outs then took tiles at
// random, for the bot and for its opponent, while greedy (and a person)
// takes the tile that scores most once placed. Over 30 games against
// greedy (seeds 1–30, docs/bots.md) the bot made 5.9 flowers happy a game
// to greedy's 8.8: its play-outs did not foresee the tiles greedy would
// take. With takes valued so, the bot still makes as many happy flowers,
// but greedy fewer (7.9 a game) and greedy's butterflies go to the bot: it
// now sees which tiles, and which butterflies, the opponent is after.
//
// As EvaluateMove, it applies the take to s and undoes it (a take changes
// no cell of the grid), so s changes while it runs and the caller must own
// it.
func (s *state) EvaluatePlayoutMove(m engine.Move, r *engine.RNG) (v float64, ok bool) {
	kind, a, b, c := unpack(m)
	if kind != mvTake || s.phase != phTurn || s.valuing || mkMove(kind, a, b, c) != m {
		return s.EvaluateMove(m)
	}
	p := int(s.toMove)
	saved := *s
	s.valuing = true
	if err := s.apply(kind, a, b, c, nil); err == nil {
		ok = true
		if s.phase == phPlace && int(s.toMove) == p {
			v = s.bestPlacement(p, r)
		} else {
			v = s.Evaluate(p) // a butterfly to steal first: the tile waits
		}
	}
	*s = saved
	return v, ok
}

// bestPlacement is the highest Evaluate of p after placing the held tile
// on one of up to playoutCells cells drawn with r among the free cells of
// the garden's box and its border. Scanning the whole box for the legal
// cells cost more than valuing them: the draws stop at playoutTries.
func (s *state) bestPlacement(p int, r *engine.RNG) float64 {
	x0, y0, x1, y1 := s.bbox(p)
	w, h := x1-x0+3, y1-y0+3
	best, found := s.Evaluate(p), 0 // no cell drawn: the take alone
	for try := 0; try < playoutTries && found < playoutCells; try++ {
		c := cellOf(x0-1+r.Intn(w), y0-1+r.Intn(h))
		if s.checkCell(p, s.held, c, 0) != okCell {
			continue
		}
		if v, ok := s.EvaluateMove(mkMove(mvPlace, 0, c, 0)); ok && (found == 0 || v > best) {
			best = v
		}
		found++
	}
	return best
}
