package happygarden

import "github.com/jardin-games/jardin/engine"

// SearchAdvice: a decision here is costly (the legal moves cover every free
// cell next to the garden for every tile of the shop, and a move can set
// off validations and token effects), so play-outs to the end of the game
// allow only about 3,000 iterations a second. Stopping them after the next
// four turns, valued by Evaluate, makes an iteration four times cheaper for
// the same strength, and widening (best placements first by Evaluate)
// spends the iterations on the placements worth a look. Against greedy, 40
// two-player games each (docs/bots.md): 8,000 iterations with short
// play-outs won 29, with widening as well 33. The levels search 1.6 times
// their base counts, so that ismcts:hard stays under a second a move.
func (s *state) SearchAdvice() engine.SearchAdvice {
	return engine.SearchAdvice{Rollout: -1, RolloutTurns: 4, Widen: 0.5, IterationScale: 1.6}
}
