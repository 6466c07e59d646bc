// Package sim plays games between bots and summarises tournaments: win rates
// with confidence intervals, score distributions by category, game length.
package sim

import (
	"context"
	"fmt"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
)

// BotSeed is the seed of seat's bot in a game of seed, and CopySeed the
// seed of the determinized copy handed to the bot deciding move n for seat:
// both derived one way (engine.DeriveSeed), so that a bot which reads its
// generator or its copy's learns nothing of the game's seed, which deals
// every hidden card. The server seeds its bots the same way.
func BotSeed(seed uint64, seat int) uint64 { return engine.DeriveSeed(seed, "bot", uint64(seat)) }

// CopySeed: see BotSeed.
func CopySeed(seed uint64, n, seat int) uint64 {
	return engine.DeriveSeed(seed, "determinize", uint64(n), uint64(seat))
}

// NewBots makes one bot per seat from their kinds, each seeded from the
// game's seed and its seat.
func NewBots(kinds []string, seed uint64) ([]bots.Bot, error) {
	out := make([]bots.Bot, len(kinds))
	for i, k := range kinds {
		b, err := bots.New(k, BotSeed(seed, i))
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		out[i] = b
	}
	return out, nil
}

// BotMove asks b for a move in s, giving it only the determinized copy of
// its seat; n (the move number) varies the determinization seed.
func BotMove(ctx context.Context, b bots.Bot, s engine.State, seed uint64, n int) (engine.Move, error) {
	p := s.ToMove()
	d := s.Determinize(p, CopySeed(seed, n, p))
	m, err := b.Choose(ctx, d)
	if err != nil {
		return 0, fmt.Errorf("%s bot at seat %d: %w", b.Name(), p+1, err)
	}
	return m, nil
}

// Play runs one game between bots of the given kinds (one per seat) and
// returns its record and final state.
func Play(ctx context.Context, g engine.Game, seed uint64, opts engine.Options, kinds []string) (*record.Record, engine.State, error) {
	rec, s, _, err := play(ctx, g, seed, opts, kinds)
	return rec, s, err
}

// thinking is the wall time one seat's bot spent choosing its moves.
type thinking struct {
	total, max time.Duration
	decisions  int
}

func (t *thinking) add(d time.Duration) { t.merge(thinking{d, d, 1}) }

func (t *thinking) merge(u thinking) {
	t.total += u.total
	t.max = max(t.max, u.max)
	t.decisions += u.decisions
}

// play is Play that also times each seat's decisions.
func play(ctx context.Context, g engine.Game, seed uint64, opts engine.Options, kinds []string) (*record.Record, engine.State, []thinking, error) {
	s, err := g.New(len(kinds), seed, opts)
	if err != nil {
		return nil, nil, nil, err
	}
	bs, err := NewBots(kinds, seed)
	if err != nil {
		return nil, nil, nil, err
	}
	think := make([]thinking, len(kinds))
	rec := &record.Record{Format: record.Version, Game: g.ID(), Options: opts, Seed: seed}
	for i, k := range kinds {
		rec.Players = append(rec.Players, record.Seat{Name: fmt.Sprintf("%s (seat %d)", k, i+1), Kind: k}) // as jardin play names bots
	}
	for n := 0; !s.Over(); n++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, nil, err
		}
		p := s.ToMove()
		start := time.Now()
		m, err := BotMove(ctx, bs[p], s, seed, n)
		if err != nil {
			return nil, nil, nil, err
		}
		think[p].add(time.Since(start))
		txt := s.FormatMove(m)
		if err := s.Apply(m, nil); err != nil {
			return nil, nil, nil, fmt.Errorf("move %d %q by %s: %w", n+1, txt, bs[p].Name(), err)
		}
		rec.Moves = append(rec.Moves, record.Step{Player: p, Move: txt})
	}
	res := s.Result()
	rec.Result = &res
	return rec, s, think, nil
}
