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
// Issue 24 (the default level against greedy, 40 games, seeds 1001–1040):
// play-outs of two turns won as many games as four turns (27.5 against 27)
// in two thirds of the processor time, and the search itself became about
// a fifth cheaper (DeterminizeInto, Evaluate counting once); the time saved
// goes to iterations: the levels search 2.8 times their base counts (1.6
// before), the medium level in about the processor time of the former.
func (s *state) SearchAdvice() engine.SearchAdvice {
	return engine.SearchAdvice{Rollout: -1, RolloutTurns: 2, Widen: 0.5, IterationScale: 2.8}
}
