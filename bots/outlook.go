package bots

import (
	"context"
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// MoveOutlook is what greedy's look-ahead sees after one legal move of the
// mover: their points once they have made, as greedy would, the decisions
// of the turn that follow it (up to Depth decisions in all), and greedy's
// value of that (the points, the game's Evaluate breaking ties).
type MoveOutlook struct {
	Move   engine.Move
	Points int
	Value  float64
}

// Outlook rates every legal move of s's mover as Choose compares them, in
// legal order: a hint's "why in points" (server/hints.go). s is left as it
// was.
func (b *Greedy) Outlook(ctx context.Context, s engine.State) ([]MoveOutlook, error) {
	p := s.ToMove()
	moves := append([]engine.Move(nil), s.LegalMoves(nil)...)
	out := make([]MoveOutlook, 0, len(moves))
	for _, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c := b.child(s, b.Depth)
		if err := c.Apply(m, nil); err != nil {
			return nil, fmt.Errorf("greedy outlook: legal move rejected: %w", err)
		}
		v, pts := b.line(c, p, b.Depth-1)
		out = append(out, MoveOutlook{Move: m, Points: pts, Value: v})
	}
	return out, nil
}

// line is value's best line for p from s, with p's points at its end.
func (b *Greedy) line(s engine.State, p, depth int) (float64, int) {
	if depth <= 0 || s.Over() || s.ToMove() != p {
		return b.eval(s, p), s.Score(p)
	}
	for len(b.bufs) <= depth {
		b.bufs = append(b.bufs, nil)
	}
	moves := s.LegalMoves(b.bufs[depth][:0])
	b.bufs[depth] = moves
	best, pts, any := 0.0, 0, false
	for _, m := range moves {
		c := b.child(s, depth-1)
		if c.Apply(m, nil) != nil {
			continue
		}
		if v, q := b.line(c, p, depth-1); !any || v > best {
			best, pts, any = v, q, true
		}
	}
	if !any {
		return b.eval(s, p), s.Score(p)
	}
	return best, pts
}
