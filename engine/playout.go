package engine

import "fmt"

// RandomPlayout plays uniformly random legal moves from s, at most limit of
// them (limit < 0: to the end), drawing from rng. It returns the number of
// moves played and buf, grown as needed, for reuse without allocation.
// Benchmarks, bots' rollouts and the conformance kit share it.
func RandomPlayout(s State, rng *RNG, limit int, buf []Move) (int, []Move, error) {
	n := 0
	for !s.Over() && (limit < 0 || n < limit) {
		buf = s.LegalMoves(buf[:0])
		if len(buf) == 0 {
			return n, buf, fmt.Errorf("%s: no legal move but the game is not over", s.Game().ID())
		}
		if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			return n, buf, fmt.Errorf("%s: legal move rejected: %w", s.Game().ID(), err)
		}
		n++
	}
	return n, buf, nil
}
