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
func (s *state) SearchAdvice() engine.SearchAdvice {
	return engine.SearchAdvice{Rollout: -1, RolloutTurns: 4, Sample: 8, Widen: 0.5, IterationScale: 1.4}
}
