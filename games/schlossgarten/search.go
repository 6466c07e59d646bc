package schlossgarten

import "github.com/jardin-games/jardin/engine"

// SearchAdvice: random play almost never completes a figure, so play-outs
// wander until the turn cap and tell a search nothing; the heuristic
// (Evaluate: tiles near the workers, distance to the played figure) values a
// position better at once. Without play-outs an iteration is cheap, so the
// difficulty levels search eight times as many.
func (s *state) SearchAdvice() engine.SearchAdvice {
	return engine.SearchAdvice{Rollout: 0, IterationScale: 8}
}
