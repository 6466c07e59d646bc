package engine

import "fmt"

// RandomMover is implemented by states that can draw one uniformly random
// legal move without listing every legal move first. It is optional: the
// playing contract does not need it, and RandomMove below falls back on
// LegalMoves for a state without it.
//
// Play-outs to the end of a game with random moves (the coach's, after its
// policy's horizon) use a move list only to pick one entry of it. Where
// listing is dear — Happy Garden judges every free cell around a garden
// for the held tile, and every tile of the shop for a place to go — that
// was half of an analysis's processor time (docs/coach.md, docs/performance.md).
// A game can often do better: draw a candidate from a cheap superset of the
// legal moves, keep it if legal, else draw again (rejection sampling, which
// is uniform over the legal moves whatever the superset).
type RandomMover interface {
	// RandomMove returns one of the moves LegalMoves would list, each with
	// the same probability, drawing from rng; ok is false exactly when the
	// game is over (no legal move). buf is scratch memory the method may
	// use (to list the legal moves where it cannot do better), returned
	// grown for reuse. The state does not change; like LegalMoves, it may
	// be called by several goroutines at once on the same state.
	// enginetest.RandomMoves checks all of this for every game that offers
	// it.
	RandomMove(rng *RNG, buf []Move) (m Move, scratch []Move, ok bool)
}

// RandomMove returns a uniformly random legal move of s drawn from rng,
// through s's RandomMover if it has one, else as one entry of its
// LegalMoves (drawing from rng exactly as buf[rng.Intn(len(buf))] did, so
// that callers that switch to it keep their sequences for games without
// the hook). buf is scratch memory, returned grown for reuse. It is an
// error to call it on a game that is over, or one that lists no move while
// not over.
func RandomMove(s State, rng *RNG, buf []Move) (Move, []Move, error) {
	if rm, ok := s.(RandomMover); ok {
		m, buf, ok := rm.RandomMove(rng, buf)
		if !ok {
			return 0, buf, fmt.Errorf("%s: no random legal move (game over: %t)", s.Game().ID(), s.Over())
		}
		return m, buf, nil
	}
	buf = s.LegalMoves(buf[:0])
	if len(buf) == 0 {
		return 0, buf, fmt.Errorf("%s: no legal move (game over: %t)", s.Game().ID(), s.Over())
	}
	return buf[rng.Intn(len(buf))], buf, nil
}
