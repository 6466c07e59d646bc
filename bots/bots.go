// Package bots holds the players that are programs. A bot sees the engine
// API only, and only its seat's determinized copy of the state: it cannot
// read what its seat may not see.
package bots

import (
	"context"
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// Bot chooses a move for the player to move in s. s is the bot's own copy
// (determinized for its seat): the bot may modify it.
type Bot interface {
	Name() string
	Choose(ctx context.Context, s engine.State) (engine.Move, error)
}

// Kinds lists the bot kinds New accepts. ismcts takes an optional budget:
// "ismcts:5000" (iterations), "ismcts:500ms" (time), "ismcts:hard"
// (difficulty), and ":j2" for two parallel trees.
func Kinds() []string { return []string{"random", "greedy", "ismcts"} }

// New makes a bot from its kind ("random", "greedy"), seeded so that a game
// between bots replays identically.
func New(kind string, seed uint64) (Bot, error) {
	switch strings.ToLower(kind) {
	case "random":
		return &Random{rng: engine.NewRNG(seed)}, nil
	case "greedy":
		return &Greedy{rng: engine.NewRNG(seed), Depth: 4}, nil
	}
	if k := strings.ToLower(kind); k == "ismcts" || strings.HasPrefix(k, "ismcts:") {
		return parseISMCTS(k, seed)
	}
	return nil, shelltext.Errorf("err.bot.unknown", i18n.S("bot", quote(kind)), i18n.S("known", strings.Join(Kinds(), ", ")))
}

// Random plays a uniformly random legal move.
type Random struct {
	rng engine.RNG
	buf []engine.Move
}

func (b *Random) Name() string { return "random" }

func (b *Random) Choose(ctx context.Context, s engine.State) (engine.Move, error) {
	b.buf = s.LegalMoves(b.buf[:0])
	if len(b.buf) == 0 {
		return 0, fmt.Errorf("random bot: no legal move (the game is over)")
	}
	return b.buf[b.rng.Intn(len(b.buf))], nil
}

// Greedy plays the move with the best immediate gain in its own score. A
// move is worth the best score reachable through the player's own
// following decisions of the same turn (take a card, then place it), up to
// Depth decisions; ties are broken by the game's Evaluator when it has one,
// then at random.
type Greedy struct {
	rng   engine.RNG
	Depth int
	bufs  [][]engine.Move
	// scratch holds one state per depth, reused through engine.Copier:
	// a depth-4 look-ahead visits tens of thousands of positions a move
	// in games whose turn is several steps, and cloning each one was most
	// of greedy's time.
	scratch []engine.State
}

// child returns a copy of s to try a move on, reusing the depth's scratch
// state when the game can copy into it.
func (b *Greedy) child(s engine.State, depth int) engine.State {
	for len(b.scratch) <= depth {
		b.scratch = append(b.scratch, nil)
	}
	if cp, ok := s.(engine.Copier); ok && b.scratch[depth] != nil && cp.CopyInto(b.scratch[depth]) {
		return b.scratch[depth]
	}
	b.scratch[depth] = s.Clone()
	return b.scratch[depth]
}

func (b *Greedy) Name() string { return "greedy" }

func (b *Greedy) Choose(ctx context.Context, s engine.State) (engine.Move, error) {
	p := s.ToMove()
	moves := append([]engine.Move(nil), s.LegalMoves(nil)...)
	if len(moves) == 0 {
		return 0, fmt.Errorf("greedy bot: no legal move (the game is over)")
	}
	if len(moves) == 1 {
		return moves[0], nil
	}
	best, nbest := 0.0, 0
	var choice engine.Move
	for _, m := range moves {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		c := b.child(s, b.Depth)
		if err := c.Apply(m, nil); err != nil {
			return 0, fmt.Errorf("greedy bot: legal move rejected: %w", err)
		}
		v := b.value(c, p, b.Depth-1)
		switch {
		case nbest == 0 || v > best+1e-9:
			best, nbest, choice = v, 1, m
		case v > best-1e-9:
			// Reservoir sampling keeps ties uniformly random.
			nbest++
			if b.rng.Intn(nbest) == 0 {
				choice = m
			}
		}
	}
	return choice, nil
}

// value is the best outcome for p from s while p keeps deciding.
func (b *Greedy) value(s engine.State, p, depth int) float64 {
	if depth <= 0 || s.Over() || s.ToMove() != p {
		return b.eval(s, p)
	}
	for len(b.bufs) <= depth {
		b.bufs = append(b.bufs, nil)
	}
	moves := s.LegalMoves(b.bufs[depth][:0])
	b.bufs[depth] = moves
	best := 0.0
	for i, m := range moves {
		c := b.child(s, depth-1)
		if c.Apply(m, nil) != nil {
			continue
		}
		if v := b.value(c, p, depth-1); i == 0 || v > best {
			best = v
		}
	}
	return best
}

func (b *Greedy) eval(s engine.State, p int) float64 {
	v := float64(s.Score(p))
	if e, ok := s.(engine.Evaluator); ok {
		v += 0.01 * e.Evaluate(p)
	}
	return v
}
