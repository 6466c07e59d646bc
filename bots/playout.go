package bots

import (
	"math"

	"github.com/jardin-games/jardin/engine"
)

// PlayoutEvaluator is what a game's state may offer search play-outs
// beyond MoveEvaluator: the value by which a play-out compares the mover's
// moves, where the mover's Evaluate just after a move misjudges it. In
// Happy Garden a tile taken is in hand, unseen by Evaluate, until the next
// decision places it, so a take is valued with its best placement among a
// few drawn with r (games/happygarden/playout.go). As EvaluateMove, it may
// change the state while it runs and restore it before it returns; m is
// one of the state's LegalMoves. The tree's own choices (widening's order)
// still use Evaluate.
type PlayoutEvaluator interface {
	EvaluatePlayoutMove(m engine.Move, r *engine.RNG) (v float64, ok bool)
}

// playoutValue is valueAfter for a play-out's choice: pe's value when the
// game has one and p is to move.
func (t *tree) playoutValue(d engine.State, me MoveEvaluator, pe PlayoutEvaluator, m engine.Move, p int) (float64, bool) {
	if pe != nil && p == d.ToMove() {
		return pe.EvaluatePlayoutMove(m, &t.rng)
	}
	return t.valueAfter(d, me, m, p)
}

// bestInPlayout is bestByEvaluate for a play-out's choice among few moves
// (each tried once): by pe's value when the game has one.
func (t *tree) bestInPlayout(d engine.State, me MoveEvaluator, pe PlayoutEvaluator, moves []engine.Move, fallback engine.Move) engine.Move {
	if pe == nil || len(moves) == 1 {
		return t.bestByEvaluate(d, moves, fallback)
	}
	best, m := math.Inf(-1), fallback
	off := t.rng.Intn(len(moves))
	for i := range moves {
		cand := moves[(off+i)%len(moves)]
		if v, ok := pe.EvaluatePlayoutMove(cand, &t.rng); ok && v > best {
			best, m = v, cand
		}
	}
	return m
}
