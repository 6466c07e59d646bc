package coach

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
)

// reproZ scales a loss's standard error into its reported error: the
// half-width, at 99.9% confidence, of the difference between this analysis
// and another with a different seed (two independent estimates: √2 standard
// errors apart on average; 3.29 is the normal quantile of 99.9% two-sided).
// A person reading "lost 2.1 ± 0.8 points" is told how far a second
// analysis could move it, which is what matters to them.
var reproZ = 3.29 * math.Sqrt2

// foundZ is how many standard errors a move must lead the played move by
// in the final round to count as better (97.7% one-sided).
const foundZ = 3

// followUp is how many moves a play-out compares at each of the seat's
// own decisions that complete the turn of the move valued.
const followUp = 32

// maxCandidates is how many moves a decision's search compares at most.
// Decisions with more (a tile placed anywhere on a board) keep the played
// move, the tree search's choice and the best by the game's heuristic.
const maxCandidates = 8

// policy is how a play-out continues after the move being valued: the
// game's own advice to search bots (docs/bots.md), so that the values are
// those the project's search trusts.
type policy struct {
	limit  int // decisions before the heuristic values the position; -1: to the end
	turns  int // or the number of changes of the player to move, if positive
	sample int // moves compared by Evaluate at each play-out decision
	// After wide changes of the player to move (if positive), a play-out
	// compares tail moves instead of sample.
	wide, tail int
}

func policyOf(s engine.State) policy {
	p := policy{limit: -1, sample: 4}
	if adv, ok := s.(engine.SearchAdvisor); ok {
		a := adv.SearchAdvice()
		switch {
		case a.RolloutTurns > 1:
			// A horizon of several turns is a tree search's bargain of
			// time (thousands of play-outs a move, every move of a game);
			// the game's heuristic is only fair between turns, and blind
			// to what an early placement will do later: in Happy Garden,
			// four turns on, every placement of a first tile was worth
			// the same, so a random player's scattered garden cost
			// nothing. The coach plays on to the end: with the game's
			// policy for the advised turns, then with random moves, 2.5
			// times cheaper than the policy to the end (Happy Garden: 4.8
			// s of processor time a game at the default budget, not 12)
			// and as telling in the test of skill (docs/coach.md).
			p.limit, p.turns = -1, 0
			p.wide, p.tail = a.RolloutTurns, 1
		case a.Rollout != 0 || a.RolloutTurns > 0:
			p.limit, p.turns = a.Rollout, a.RolloutTurns
		default:
			p.limit = 0
		}
		if a.Sample > 0 {
			p.sample = a.Sample
		}
	}
	return p
}

// searcher values the moves of one decision from one seat's information.
// It holds no state of the real game: only root, a determinized copy for
// the seat, from which every sample is determinized again.
type searcher struct {
	ctx     context.Context
	root    engine.State
	seat    int
	seed    uint64
	pol     policy
	buf     []engine.Move
	scratch engine.State
	// look is turnValue's copy of a play-out, lookBuf its moves.
	look    engine.State
	lookBuf []engine.Move
}

// sample plays candidate m out in determinization j and returns the
// seat's value at the end of the play-out (see value). Every candidate of
// a decision sees the same determinizations and play-out generators
// (common random numbers): their differences then measure the moves, not
// the luck of the draw.
func (s *searcher) sample(m engine.Move, j int) (float64, error) {
	d := s.root.Determinize(s.seat, engine.DeriveSeed(s.seed, "coach.sample", uint64(j)))
	if err := d.Apply(m, nil); err != nil {
		return 0, fmt.Errorf("coach: a legal move was refused in a sample: %w", err)
	}
	rng := engine.NewRNG(engine.DeriveSeed(s.seed, "coach.playout", uint64(j)))
	if err := s.playout(d, &rng); err != nil {
		return 0, err
	}
	return value(d, s.seat), nil
}

// value is seat's final points in d ahead of the best of the other seats
// (behind when negative; in a solo game, its points): the final scores
// when the game has ended, else the game's heuristic in score-pad points.
// Points ahead, not the seat's points alone: in a game against others a
// point taken from an opponent is worth a point earned, and the bots play
// so (docs/bots.md: rank and margin). Valued by its own points alone, a
// card taken so that the opponent does not get it, or a move that left the
// other a worse tile, read as points given away: an ismcts seat was found
// to lose as much as a random one in some games.
func value(d engine.State, seat int) float64 {
	own := points(d, seat)
	best, others := 0.0, false
	for p := range d.NumPlayers() {
		if p == seat {
			continue
		}
		if v := points(d, p); !others || v > best {
			best, others = v, true
		}
	}
	if !others {
		return own
	}
	return own - best
}

// points is p's score when d is over, else the game's heuristic for p.
func points(d engine.State, p int) float64 {
	if ev, ok := d.(engine.Evaluator); ok && !d.Over() {
		return ev.Evaluate(p)
	}
	return float64(d.Score(p))
}

// playout continues d with the game's play-out policy: at each decision,
// the best of a few random legal moves by the mover's Evaluate (by the
// game's value for play-outs where it has one: playoutValue).
func (s *searcher) playout(d engine.State, rng *engine.RNG) error {
	_, isEv := d.(engine.Evaluator)
	changes, mover := 0, d.ToMove()
	for k := 0; !d.Over() && (s.pol.limit < 0 || k < s.pol.limit); k++ {
		if p := d.ToMove(); p != mover {
			if changes++; s.pol.turns > 0 && changes >= s.pol.turns {
				break
			}
			mover = p
		}
		width := s.pol.sample
		if s.pol.wide > 0 && s.pol.tail > 0 && changes >= s.pol.wide {
			width = s.pol.tail
		}
		if changes == 0 && d.ToMove() == s.seat {
			// The rest of the seat's own turn after the move valued
			// (take a tile, then place it): played with a wider look,
			// so that a move is not judged by a careless follow-up. With
			// four sampled placements of a hundred, a tile that fits in
			// fewer ways looked better than one that fits well.
			width = max(width, followUp)
		}
		if !isEv || width <= 1 {
			// One random move: drawn by the game where it can do so
			// without listing every move (engine.RandomMover; Happy
			// Garden's random tail spent half of an analysis listing
			// moves to pick one), else picked from the list exactly as
			// before.
			m, buf, err := engine.RandomMove(d, rng, s.buf)
			if s.buf = buf; err != nil {
				return fmt.Errorf("coach: play-out: %w", err)
			}
			if err := d.Apply(m, nil); err != nil {
				return fmt.Errorf("coach: play-out: legal move refused: %w", err)
			}
			continue
		}
		s.buf = d.LegalMoves(s.buf[:0])
		if len(s.buf) == 0 {
			return fmt.Errorf("coach: %s: no legal move but the game is not over", d.Game().ID())
		}
		m := s.buf[rng.Intn(len(s.buf))]
		if len(s.buf) > 1 {
			p, best := d.ToMove(), math.Inf(-1)
			if len(s.buf) <= width {
				for _, c := range s.buf {
					if v, ok := s.playoutValue(d, c, p, rng); ok && v > best {
						best, m = v, c
					}
				}
			} else {
				for i := 0; i < width; i++ {
					c := s.buf[rng.Intn(len(s.buf))]
					if v, ok := s.playoutValue(d, c, p, rng); ok && v > best {
						best, m = v, c
					}
				}
			}
		}
		if err := d.Apply(m, nil); err != nil {
			return fmt.Errorf("coach: play-out: legal move refused: %w", err)
		}
	}
	return nil
}

// playoutValue is what a play-out compares the mover's moves by: the
// game's own value for search play-outs where it offers one
// (bots.PlayoutEvaluator), as the tree search's play-outs do; else
// valueAfter. In Happy Garden a tile taken is in hand, unseen by Evaluate,
// until the next decision places it: valued by Evaluate alone every take
// looked alike, and the play-outs took tiles at random for both seats, so
// a take was judged against opponents and later turns that did not pick
// their tiles. The ismcts seat, which plans with the game's value, then
// lost 0.36 points a decision by the coach's values against random's 0.75
// (docs/coach.md). d is the play-out's own state: a PlayoutEvaluator may
// change it while it runs and restores it before it returns.
//
// Without one, the seat's own moves are valued through the rest of its
// turn (turnValue): Hanging Gardens' Evaluate does not see a card or an
// enhancement in hand either, so a play-out took them by their price
// alone, and a move was judged by what a seat that did not look at what
// it took would make of it.
func (s *searcher) playoutValue(d engine.State, m engine.Move, p int, rng *engine.RNG) (float64, bool) {
	if pe, ok := d.(bots.PlayoutEvaluator); ok && p == d.ToMove() {
		return pe.EvaluatePlayoutMove(m, rng)
	}
	if p == s.seat {
		return s.turnValue(d, m, p, rng)
	}
	return s.valueAfter(d, m, p)
}

// turnLook is how many of the seat's next moves of the same turn a
// play-out looks through when it values one of the seat's moves.
const turnLook = 8

// turnValue is p's value after m and, when p is still to move (a card
// taken, then placed), after the best of up to turnLook of p's next moves
// by valueAfter (all of them when there are no more), drawn with rng.
// Only the seat's own moves are valued so: the opponents keep the game's
// play-out policy, the one the bots plan with.
func (s *searcher) turnValue(d engine.State, m engine.Move, p int, rng *engine.RNG) (float64, bool) {
	if cp, ok := d.(engine.Copier); s.look == nil || !ok || !cp.CopyInto(s.look) {
		s.look = d.Clone()
	}
	if s.look.Apply(m, nil) != nil {
		return 0, false
	}
	ev := s.look.(engine.Evaluator)
	if s.look.Over() || s.look.ToMove() != p {
		return ev.Evaluate(p), true
	}
	s.lookBuf = s.look.LegalMoves(s.lookBuf[:0])
	best, found := math.Inf(-1), false
	try := func(f engine.Move) {
		if v, ok := s.valueAfter(s.look, f, p); ok && v > best {
			best, found = v, true
		}
	}
	if len(s.lookBuf) <= turnLook {
		for _, f := range s.lookBuf {
			try(f)
		}
	} else {
		for range turnLook {
			try(s.lookBuf[rng.Intn(len(s.lookBuf))])
		}
	}
	if !found {
		return ev.Evaluate(p), true
	}
	return best, true
}

// valueAfter is p's Evaluate after m, on a scratch copy of d (or without
// one where the game offers bots.MoveEvaluator).
func (s *searcher) valueAfter(d engine.State, m engine.Move, p int) (float64, bool) {
	if me, ok := d.(bots.MoveEvaluator); ok && p == d.ToMove() {
		return me.EvaluateMove(m)
	}
	if cp, ok := d.(engine.Copier); s.scratch == nil || !ok || !cp.CopyInto(s.scratch) {
		s.scratch = d.Clone()
	}
	if s.scratch.Apply(m, nil) != nil {
		return 0, false
	}
	return s.scratch.(engine.Evaluator).Evaluate(p), true
}

// candidates are the moves a decision compares: every legal move when
// there are few; else the played move, the choice of a short tree search
// (bots' ismcts, from the same seat's copy) and the best of the rest by the
// seat's heuristic after the move.
func (s *searcher) candidates(legal []engine.Move, played engine.Move, treeIters int) ([]engine.Move, error) {
	if len(legal) <= maxCandidates {
		return legal, nil
	}
	out := []engine.Move{played}
	add := func(m engine.Move) {
		for _, c := range out {
			if c == m {
				return
			}
		}
		out = append(out, m)
	}
	if treeIters > 0 {
		b, err := bots.New(fmt.Sprintf("ismcts:%d", treeIters), engine.DeriveSeed(s.seed, "coach.tree"))
		if err != nil {
			return nil, fmt.Errorf("coach: %w", err)
		}
		m, err := b.Choose(s.ctx, s.root.Clone())
		if err != nil {
			return nil, fmt.Errorf("coach: tree search: %w", err)
		}
		add(m)
	}
	if _, ok := s.root.(engine.Evaluator); ok {
		type scored struct {
			m engine.Move
			v float64
		}
		var all []scored
		for _, m := range legal {
			if v, ok := s.valueAfter(s.root, m, s.seat); ok {
				all = append(all, scored{m, v})
			}
		}
		// Stable: ties keep the game's order of legal moves.
		sort.SliceStable(all, func(a, b int) bool { return all[a].v > all[b].v })
		for _, sc := range all {
			if len(out) >= maxCandidates {
				break
			}
			add(sc.m)
		}
	}
	// A game without a heuristic: the first legal moves in its order.
	for _, m := range legal {
		if len(out) >= maxCandidates {
			break
		}
		add(m)
	}
	return out, nil
}

// verdict is one decision's outcome.
type verdict struct {
	best                   engine.Move
	playedValue, bestValue float64
	loss, err              float64
	// estimate is the final round's mean lead of the halving's winner over
	// the played move, unfiltered (0 when the played move won the
	// halving): what the seats' means are made of (SeatSummary).
	estimate float64
}

// decide compares the candidates by sequential halving (Karnin, Koren and
// Somekh, 2013): each round gives the surviving moves the same fresh
// samples and keeps the better half, until one is left. A final round of
// fresh samples then values the played move against the winner (against
// the runner-up when the played move won), so that the reported values are
// not the maxima of the same noisy means that chose the winner.
func (s *searcher) decide(cands []engine.Move, played engine.Move, halving, final int) (verdict, error) {
	type arm struct {
		m   engine.Move
		sum float64
	}
	arms := make([]arm, len(cands))
	for i, m := range cands {
		arms[i] = arm{m: m}
	}
	rounds := int(math.Ceil(math.Log2(float64(len(arms)))))
	j := 0
	var runnerUp engine.Move
	haveRunner := false
	for r := 0; len(arms) > 1; r++ {
		if err := s.ctx.Err(); err != nil {
			return verdict{}, err
		}
		n := max(halving/(rounds*len(arms)), 1)
		for k := range arms {
			for i := 0; i < n; i++ {
				v, err := s.sample(arms[k].m, j+i)
				if err != nil {
					return verdict{}, err
				}
				arms[k].sum += v
			}
		}
		j += n
		// Every survivor has seen the same samples: their sums compare.
		sort.SliceStable(arms, func(a, b int) bool { return arms[a].sum > arms[b].sum })
		keep := (len(arms) + 1) / 2
		if keep == 1 {
			runnerUp, haveRunner = arms[1].m, true
		}
		arms = arms[:keep]
	}
	challenger := arms[0].m
	if challenger == played && haveRunner {
		challenger = runnerUp
	}
	// The final round's samples come after every sample the halving used.
	var sp, sc, sd, sdd float64
	for i := 0; i < final; i++ {
		if i&15 == 0 {
			if err := s.ctx.Err(); err != nil {
				return verdict{}, err
			}
		}
		vp, err := s.sample(played, j+i)
		if err != nil {
			return verdict{}, err
		}
		vc, err := s.sample(challenger, j+i)
		if err != nil {
			return verdict{}, err
		}
		sp += vp
		sc += vc
		sd += vc - vp
		sdd += (vc - vp) * (vc - vp)
	}
	f := float64(final)
	mean := sd / f
	se := 0.0
	if final > 1 {
		se = math.Sqrt(math.Max(sdd/f-mean*mean, 0) * f / (f - 1) / f)
	}
	v := verdict{best: played, playedValue: sp / f, bestValue: sp / f, err: reproZ * se}
	// The challenger is found better only when the final round shows it
	// clearly: by more than foundZ standard errors. Otherwise its lead is
	// within what chance gives two equal moves, and counting it would give
	// every decision a loss of about 0.4 standard errors however well it
	// was played (the mean of a noise clipped at zero).
	if arms[0].m != played {
		v.estimate = mean
	}
	if mean > 0 && mean > foundZ*se {
		v.best, v.bestValue, v.loss = challenger, sc/f, mean
		// Another analysis's estimate may fall below the test and report
		// no loss at all: while the loss is within its error of the test's
		// bar, 0 is among the values another seed may give, and the error
		// says so (a loss of 3.5 standard errors found by one seed and not
		// by another moved by the whole loss, more than 3.29·√2 of them).
		if mean < (foundZ+reproZ)*se {
			v.err = math.Max(v.err, mean)
		}
	}
	return v, nil
}
