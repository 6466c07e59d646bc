// Package coach reviews a finished game: for each decision of a seat, what
// the move played was worth and what the best move found was worth, in
// expected final points of that seat, searched from what that seat knew at
// that moment only (docs/coach.md).
package coach

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strconv"
	"sync"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
)

// Budget is how much search a decision gets.
type Budget struct {
	// Halving is the number of play-outs the comparison of the candidate
	// moves spends, over all its rounds.
	Halving int
	// Final is the number of play-outs of each of the two moves the
	// verdict compares (the played move and the best found).
	Final int
	// Tree is the iterations of the tree search that proposes a candidate
	// when a decision has more moves than are compared; 0: none.
	Tree int
}

// Budgets by name; DefaultBudget is the one `jardin analyze` and the server
// use.
var budgets = map[string]Budget{
	"quick":    {Halving: 64, Final: 32, Tree: 0},
	"medium":   {Halving: 640, Final: 256, Tree: 300},
	"thorough": {Halving: 2560, Final: 1024, Tree: 1000},
}

// DefaultBudget names the budget used when none is given.
const DefaultBudget = "medium"

// BudgetNames lists the named budgets, cheapest first.
func BudgetNames() []string { return []string{"quick", "medium", "thorough"} }

// ParseBudget reads a budget: a name of BudgetNames, or a number of final
// play-outs (the halving gets 2.5 times as many, the tree search none).
func ParseBudget(s string) (Budget, error) {
	if b, ok := budgets[s]; ok {
		return b, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 2 || n > 100000 {
		return Budget{}, fmt.Errorf("budget %q: want quick, medium, thorough or a number of play-outs from 2 to 100000", s)
	}
	return Budget{Halving: n * 5 / 2, Final: n}, nil
}

// Options tune an analysis.
type Options struct {
	Budget Budget
	// Seed is the search's seed, not the game's: every decision's samples
	// are derived from it one way (engine.DeriveSeed), so the same record,
	// seed and budget give the same analysis.
	Seed uint64
	// Seats to analyse; nil: all.
	Seats []int
	// Jobs is how many decisions are searched at once; 0: GOMAXPROCS.
	Jobs int
	// Progress, if not nil, is called after each decision with the count
	// done and the total, from one goroutine at a time.
	Progress func(done, total int)
}

// Position is one decision to analyse: a state with the seat to move's
// information (the real state or any determinization of it for that seat:
// the analysis reads it only through Determinize), the move played there,
// and its 1-based number in the record.
type Position struct {
	Step   int
	State  engine.State
	Played engine.Move
	// Bot says a bot made the move (the seat's kind, or a bot that took
	// the seat over): the review then names the seat in the third person,
	// for the person reading it, instead of speaking to the player.
	Bot bool
}

// Decision is the verdict on one decision of a seat.
type Decision struct {
	Step        int // 1-based move number in the record
	Seat        int
	Played      engine.Move
	Best        engine.Move
	PlayedValue float64 // expected final points of the seat after the played move
	BestValue   float64 // the same after the best move found
	Loss        float64 // BestValue − PlayedValue, ≥ 0
	Error       float64 // how far another analysis (another seed) may move Loss, at 99.9%
	Moves       int     // legal moves at the decision
	Bot         bool    // a bot made the move (Position.Bot)
	// Estimate is the loss before the test that names a better move: the
	// best move's mean lead over the played move in the final round, which
	// may be negative or not significant (0 when the played move won the
	// comparison). Unbiased, it is what a seat's mean loss averages.
	Estimate float64
	root     engine.State
}

// SeatSummary is one seat's review.
type SeatSummary struct {
	Seat      int
	Name      string
	Decisions int
	// MeanLoss is the mean of the seat's decisions' Estimate, not of their
	// Loss (never below 0): a Loss is 0 unless the better move is clearly
	// better, so a mean of Losses would count a seat's many small losses
	// for nothing and its rare large ones in full (docs/coach.md).
	MeanLoss float64
	// MeanLossError is the half-width of the 95% confidence interval of
	// MeanLoss, over the seat's decisions.
	MeanLossError float64
	// Costliest are indices into Report.Decisions, costliest first: the
	// three decisions of the seat that lost most (those that lost nothing
	// are never flagged).
	Costliest []int
}

// Report is the analysis of one game.
type Report struct {
	Game      engine.Game
	Names     []string
	Seats     []SeatSummary
	Decisions []Decision
}

// ErrNotOver is the error of a record whose game has not ended: a game is
// reviewed only once it is over, never while its players could read it.
var ErrNotOver = errors.New("the game has not ended: it is analysed only once it is over")

// ErrNoSuchSeat is the error of a seat outside the game's seats.
var ErrNoSuchSeat = errors.New("no such seat")

// Positions replays rec and returns every decision (a choice among two or
// more legal moves; forced moves are not decisions) of the seats asked
// (nil: all), with the states before each. It fails on a malformed record
// (record.Replay's errors), a seat out of range, or a game not over.
func Positions(games record.Lookup, rec *record.Record, seats []int) (engine.Game, []Position, error) {
	g, err := games.Lookup(rec.Game)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range seats {
		if p < 0 || p >= len(rec.Players) {
			return nil, nil, fmt.Errorf("%w: seat %d (the game has seats 0 to %d)", ErrNoSuchSeat, p, len(rec.Players)-1)
		}
	}
	want := func(p int) bool {
		if seats == nil {
			return true
		}
		for _, q := range seats {
			if q == p {
				return true
			}
		}
		return false
	}
	s, err := g.New(len(rec.Players), rec.Seed, rec.Options)
	if err != nil {
		return nil, nil, fmt.Errorf("record setup: %w", err)
	}
	var out []Position
	prev := s.Clone()
	var buf []engine.Move
	final, err := record.Replay(games, rec, func(n int, after engine.State, _ []engine.Event) {
		// prev is the state before move n.
		st := rec.Moves[n-1]
		if want(st.Player) {
			buf = prev.LegalMoves(buf[:0])
			if len(buf) > 1 {
				m, _ := prev.ParseMove(st.Move) // Replay has applied it
				out = append(out, Position{Step: n, State: prev, Played: m, Bot: botMove(rec, n)})
			}
		}
		prev = after.Clone()
	})
	if err != nil {
		return nil, nil, err
	}
	if !final.Over() {
		return nil, nil, ErrNotOver
	}
	return g, out, nil
}

// botMove says whether move n (1-based) of rec was made by a bot: a seat
// of a bot's kind, or a person's seat that a bot took over before it.
func botMove(rec *record.Record, n int) bool {
	p := rec.Players[rec.Moves[n-1].Player]
	if p.Kind != "human" {
		return true
	}
	return p.Replaced != nil && n-1 >= p.Replaced.After
}

// Analyze reviews positions of game g (names: the seats' names). Each
// decision is searched from Determinize(seat, …) of its state only, with
// seeds derived from opts.Seed and the decision's step.
func Analyze(ctx context.Context, g engine.Game, names []string, positions []Position, opts Options) (*Report, error) {
	b := opts.Budget
	if b.Final < 2 || b.Halving < 1 {
		return nil, fmt.Errorf("coach: budget too small: %+v", b)
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	decs := make([]Decision, len(positions))
	errs := make([]error, len(positions))
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				decs[i], errs[i] = analyzeOne(ctx, positions[i], b, opts.Seed)
				if opts.Progress != nil {
					mu.Lock()
					done++
					opts.Progress(done, len(positions))
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for i := range positions {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	r := &Report{Game: g, Names: names, Decisions: decs}
	r.summarize()
	return r, nil
}

// analyzeOne searches one decision. The real state is touched once, by
// Determinize for the seat to move: a copy that carries no secret (the
// engine's contract), so nothing below can read what the seat did not see.
func analyzeOne(ctx context.Context, pos Position, b Budget, seed uint64) (Decision, error) {
	seat := pos.State.ToMove()
	ds := engine.DeriveSeed(seed, "coach.decision", uint64(pos.Step))
	root := rootOf(pos, seed)
	s := &searcher{ctx: ctx, root: root, seat: seat, seed: ds, pol: policyOf(root)}
	legal := root.LegalMoves(nil)
	cands, err := s.candidates(legal, pos.Played, b.Tree)
	if err != nil {
		return Decision{}, fmt.Errorf("move %d: %w", pos.Step, err)
	}
	v, err := s.decide(cands, pos.Played, b.Halving, b.Final)
	if err != nil {
		return Decision{}, fmt.Errorf("move %d: %w", pos.Step, err)
	}
	return Decision{Step: pos.Step, Seat: seat, Played: pos.Played, Best: v.best, PlayedValue: v.playedValue,
		BestValue: v.bestValue, Loss: v.loss, Error: v.err, Moves: len(legal), Bot: pos.Bot, Estimate: v.estimate, root: root}, nil
}

// summary is seat p's mean loss and costliest decisions.
func (r *Report) summary(p int) SeatSummary {
	sum := SeatSummary{Seat: p, Name: r.Names[p]}
	var idx []int
	var s, ss float64
	for i, d := range r.Decisions {
		if d.Seat != p {
			continue
		}
		idx = append(idx, i)
		s += d.Estimate
		ss += d.Estimate * d.Estimate
	}
	n := float64(len(idx))
	sum.Decisions = len(idx)
	mean := 0.0
	if n > 0 {
		mean = s / n
	}
	if n > 1 {
		v := math.Max(ss/n-mean*mean, 0) * n / (n - 1)
		sum.MeanLossError = 1.96 * math.Sqrt(v/n)
	}
	sum.MeanLoss = math.Max(mean, 0)
	sort.SliceStable(idx, func(a, b int) bool { return r.Decisions[idx[a]].Loss > r.Decisions[idx[b]].Loss })
	for _, i := range idx {
		if len(sum.Costliest) == 3 || r.Decisions[i].Loss <= 0 {
			break
		}
		sum.Costliest = append(sum.Costliest, i)
	}
	return sum
}
