package schlossgarten

import "github.com/jardin-games/jardin/engine"

// SearchAdvice: a turn is up to five single steps and a build, and a figure
// stands only after the right few of them, so a search must see to the end
// of the mover's turn to value a position. Play-outs therefore finish the
// current turn, each step the best of all by Evaluate (a one-step greedy
// turn, cheap and sensible, where random steps never complete a figure),
// and stop there: random play beyond would wander until the turn cap. The
// tree widens progressively (best steps first by Evaluate) so that it
// reaches the build at the end of the turn instead of trying every first
// step. Measured against greedy in 20 two-player games each (docs/bots.md):
// no play-out 11 wins, play-out to the end of the turn 13, with widening
// 17. Iterations then cost about 25 µs, so the levels search four times as
// many as their base counts.
func (s *state) SearchAdvice() engine.SearchAdvice {
	return engine.SearchAdvice{Rollout: -1, RolloutTurns: 1, Sample: 64, Widen: 0.3, IterationScale: 4}
}
