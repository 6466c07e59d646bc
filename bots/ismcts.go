package bots

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jardin-games/jardin/engine"
)

// ISMCTS is single-observer information-set Monte Carlo tree search. Each
// iteration re-samples what the bot's seat cannot see (a fresh
// determinization of its own copy), walks a tree shared by all samples,
// choosing among the moves legal in this sample (UCB with availability
// counts), expands one move, plays out with a cheap policy (the best of a
// few sampled moves by the game's Evaluate) and backs up every player's own
// reward. See docs/bots.md.
type ISMCTS struct {
	// Iterations per move, split over Jobs trees; 0 means use Time.
	Iterations int
	// Time per move when Iterations is 0.
	Time time.Duration
	// Jobs is the number of independent trees searched in parallel (root
	// parallelism); their root statistics are summed.
	Jobs int
	// C is the exploration constant of UCB. By default (-1) the game's
	// SearchAdvice decides, else 0.7.
	C float64
	// level: Iterations comes from a difficulty name, so the game's
	// IterationScale applies.
	level bool
	// Rollout is the number of decisions played out after the tree before
	// the position is valued with the game's Evaluate; -1 plays to the end.
	// By default the game's SearchAdvice decides (full play-outs if it
	// gives none).
	Rollout int
	// RolloutTurns, when positive, ends a play-out instead once the
	// decider has changed that many times (1: the rest of the current
	// player's turn), so that every leaf is valued at a turn boundary. By
	// default the game's SearchAdvice decides.
	RolloutTurns int
	// Sample is the number of random legal moves a rollout compares at each
	// decision, keeping the one its mover's Evaluate likes best (every
	// legal move once when there are no more than Sample); 1 plays
	// uniformly at random. By default (0) the game's SearchAdvice decides,
	// else 4.
	Sample int
	// RankWeight is the share of the rank in the reward; the rest is the
	// score margin over the best other player, normalised. By default (-1)
	// the game's SearchAdvice decides, else 0.8.
	RankWeight float64
	// Widen, when positive, is the exponent of progressive widening: a
	// node visited n times considers at most ceil(n^Widen) of its moves,
	// expanding them best first by the mover's Evaluate after the move.
	// Decisions with a hundred placements (a tile on a board) then spend
	// the search on the few that matter instead of trying each once. 0 is
	// off; by default (-1) the game's SearchAdvice decides.
	Widen float64
	seed  uint64
	name  string
}

// Difficulty returns the iterations per move of a named level (easy,
// medium, hard, expert), before the game's IterationScale, or 0.
func Difficulty(level string) int {
	switch level {
	case "easy":
		return 100
	case "medium":
		return 1000
	case "hard":
		return 3000
	case "expert":
		return 10000
	}
	return 0
}

// autoRollout asks the game's SearchAdvice for the rollout length.
const autoRollout = -2

// autoWiden asks the game's SearchAdvice for the widening exponent.
const autoWiden = -1

// autoC asks the game's SearchAdvice for the exploration constant, 0.7
// when it gives none.
const autoC = -1

// autoRankWeight asks the game's SearchAdvice for the rank weight, 0.8
// if it gives none.
const autoRankWeight = -1

// parseISMCTS reads "ismcts[:FIELD]...": a budget (an iteration count, a
// duration such as "500ms", or easy|medium|hard|expert), jN trees, rN
// play-out length in decisions or tN in turns, pN sampled moves, cX
// exploration, wX rank weight.
func parseISMCTS(kind string, seed uint64) (*ISMCTS, error) {
	b := &ISMCTS{Iterations: Difficulty("medium"), level: true, Jobs: 1, C: autoC, Rollout: autoRollout,
		RankWeight: autoRankWeight, Widen: autoWiden, seed: seed, name: kind}
	parts := strings.Split(kind, ":")
	for _, p := range parts[1:] {
		switch {
		case p == "":
			return nil, settingErr("emptyField", kind, "")
		case Difficulty(p) > 0:
			b.Iterations, b.Time, b.level = Difficulty(p), 0, true
		case p[0] == 'c' || p[0] == 'w':
			f, err := strconv.ParseFloat(p[1:], 64)
			// NaN passes every comparison and Inf overflows the UCB
			// arithmetic: both would reach the search and panic there.
			if err != nil || !finite(f) || f < 0 {
				return nil, settingErr("number", kind, p)
			}
			if p[0] == 'c' {
				b.C = f
			} else {
				b.RankWeight = math.Min(f, 1)
			}
		case p[0] == 'x':
			f, err := strconv.ParseFloat(p[1:], 64)
			if err != nil || !finite(f) || f < 0 || f > 1 {
				return nil, settingErr("widen", kind, p)
			}
			b.Widen = f
		case p[0] == 'p':
			n, err := strconv.Atoi(p[1:])
			if err != nil || n < 1 || n > 64 {
				return nil, settingErr("sample", kind, p)
			}
			b.Sample = n
		case p[0] == 'r':
			n, err := strconv.Atoi(p[1:])
			if err != nil || n < -1 {
				return nil, settingErr("rollout", kind, p)
			}
			b.Rollout, b.RolloutTurns = n, 0
		case p[0] == 't':
			n, err := strconv.Atoi(p[1:])
			if err != nil || n < 1 {
				return nil, settingErr("turns", kind, p)
			}
			b.Rollout, b.RolloutTurns = -1, n
		case p[0] == 'j':
			n, err := strconv.Atoi(p[1:])
			if err != nil || n < 1 || n > 256 {
				return nil, settingErr("jobs", kind, p)
			}
			b.Jobs = n
		default:
			if n, err := strconv.Atoi(p); err == nil {
				if n < 1 {
					return nil, settingErr("iterations", kind, p)
				}
				b.Iterations, b.Time, b.level = n, 0, false
				continue
			}
			d, err := time.ParseDuration(p)
			if err != nil || d <= 0 {
				return nil, settingErr("budget", kind, p)
			}
			b.Iterations, b.Time, b.level = 0, d, false
		}
	}
	return b, nil
}

// finite reports whether f is a number and not infinite.
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

func (b *ISMCTS) Name() string { return b.name }

// node is one decision in the shared tree. Children are the moves tried
// from it; stats are per player, for the player who chose the move into
// each child.
type node struct {
	move     engine.Move
	player   int // who chose move (the decider at the parent)
	parent   int32
	children []int32
	visits   float64
	avail    float64
	rank     [5]float64 // sum of rank rewards per player
	score    [5]float64 // sum of final scores per player
}

// tree is one search; nodes are held in a slice so that a search allocates
// in chunks.
type tree struct {
	nodes      []node
	rng        engine.RNG
	me         int
	n          int
	c          float64
	w          float64 // rank weight
	minS, maxS float64
	buf        []engine.Move
	untried    []engine.Move
	sample     int
	turns      int     // play-outs end after this many changes of decider, if positive
	widen      float64 // progressive widening exponent, 0: off
	scratch    engine.State
	det        engine.State // the last iteration's determinization, reused
}

// Choose searches from s (the bot's own determinized copy) and returns the
// move tried most at the root.
func (b *ISMCTS) Choose(ctx context.Context, s engine.State) (engine.Move, error) {
	legal := s.LegalMoves(nil)
	if len(legal) == 0 {
		return 0, fmt.Errorf("ismcts: no legal move (the game is over)")
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	trees, err := b.search(ctx, s)
	if err != nil {
		return 0, err
	}
	// Sum root statistics over trees; pick the most visited legal move,
	// ties to the first in legal order.
	visits := map[engine.Move]float64{}
	for _, t := range trees {
		for _, ci := range t.nodes[0].children {
			visits[t.nodes[ci].move] += t.nodes[ci].visits
		}
	}
	best, bestV := legal[0], -1.0
	for _, m := range legal {
		if v := visits[m]; v > bestV {
			best, bestV = m, v
		}
	}
	return best, nil
}

// search runs the Jobs trees from s, with the bot's settings completed by
// the game's SearchAdvice, and returns them.
func (b *ISMCTS) search(ctx context.Context, s engine.State) ([]*tree, error) {
	rollout, turns, iterations, widen, sample := b.Rollout, b.RolloutTurns, b.Iterations, b.Widen, b.Sample
	rankW, c := b.RankWeight, b.C
	if adv, ok := s.(engine.SearchAdvisor); ok {
		a := adv.SearchAdvice()
		if c == autoC && a.Exploration > 0 {
			c = a.Exploration
		}
		if rankW == autoRankWeight && a.RankWeight > 0 {
			rankW = math.Min(a.RankWeight, 1)
		}
		if rollout == autoRollout {
			rollout, turns = a.Rollout, a.RolloutTurns
		}
		if widen == autoWiden {
			widen = a.Widen
		}
		if sample == 0 {
			sample = a.Sample
		}
		if b.level && a.IterationScale > 0 {
			iterations = int(float64(iterations) * a.IterationScale)
		}
	}
	if rollout == autoRollout {
		rollout = -1
	}
	if rankW < 0 {
		rankW = 0.8
	}
	if c < 0 {
		c = 0.7
	}
	widen = max(widen, 0)
	if sample <= 0 {
		sample = 4
	}
	jobs := max(b.Jobs, 1)
	b.seed = engine.DeriveSeed(b.seed, "ismcts.next") // the next decision searches with other draws
	trees := make([]*tree, jobs)
	var wg sync.WaitGroup
	errs := make([]error, jobs)
	for j := 0; j < jobs; j++ {
		trees[j] = &tree{rng: engine.NewRNG(engine.DeriveSeed(b.seed, "ismcts.tree", uint64(j))), me: s.ToMove(), n: s.NumPlayers(), c: c, w: rankW,
			minS: math.Inf(1), maxS: math.Inf(-1), sample: sample, turns: turns, widen: widen}
		iters := 0
		if iterations > 0 {
			iters = max(iterations/jobs, 1)
			if j < iterations%jobs {
				iters++
			}
		}
		wg.Add(1)
		go func(t *tree, iters int, j int) {
			defer wg.Done()
			errs[j] = t.search(ctx, s, iters, b.Time, rollout)
		}(trees[j], iters, j)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return trees, nil
}

func (t *tree) search(ctx context.Context, root engine.State, iters int, budget time.Duration, rollout int) error {
	t.nodes = append(t.nodes[:0], node{parent: -1, player: -1})
	deadline := time.Now().Add(budget)
	var ranks [5]float64
	var scores [5]float64
	for i := 0; iters == 0 || i < iters; i++ {
		if i&63 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if iters == 0 && i > 0 && time.Now().After(deadline) {
				break
			}
		}
		d := t.determinize(root)
		leaf, err := t.descend(d)
		if err != nil {
			return err
		}
		if err := t.rollout(d, rollout); err != nil {
			return err
		}
		t.reward(d, &ranks, &scores)
		for k := leaf; k >= 0; k = t.nodes[k].parent {
			nd := &t.nodes[k]
			nd.visits++
			for p := 0; p < t.n; p++ {
				nd.rank[p] += ranks[p]
				nd.score[p] += scores[p]
			}
		}
	}
	return nil
}

// DeterminizerInto is what a game's state may offer search bots beyond
// Determinize: the same determinization written into dst, a state of the
// same game that the caller no longer needs, instead of a new state
// (false: dst cannot take it, and nothing was written).
type DeterminizerInto interface {
	DeterminizeInto(dst engine.State, player int, seed uint64) bool
}

// determinize is root.Determinize for the tree's seat with the tree's next
// seed, into the previous iteration's state when the game allows it.
func (t *tree) determinize(root engine.State) engine.State {
	seed := t.rng.Uint64()
	if di, ok := root.(DeterminizerInto); ok && t.det != nil && di.DeterminizeInto(t.det, t.me, seed) {
		return t.det
	}
	t.det = root.Determinize(t.me, seed)
	return t.det
}

// value is the mean reward of child for its chooser: its rank and its score
// margin over the best other player, normalised over the margins seen so
// far (in solo, the score alone).
func (t *tree) value(nd *node) float64 {
	p := nd.player
	span := t.maxS - t.minS
	sv := 0.5
	if span > 0 {
		sv = (nd.score[p]/nd.visits - t.minS) / span
	}
	if t.n == 1 {
		return sv
	}
	return t.w*nd.rank[p]/nd.visits + (1-t.w)*sv
}

// descend walks the tree with d, expanding one node, and returns the leaf.
func (t *tree) descend(d engine.State) (int32, error) {
	cur := int32(0)
	for !d.Over() {
		t.buf = d.LegalMoves(t.buf[:0])
		t.untried = t.untried[:0]
		// Availability: every child legal in this determinization was
		// available once more.
		var bestChild int32 = -1
		bestU := math.Inf(-1)
		children := t.nodes[cur].children
		legalChildren := 0
		for _, m := range t.buf {
			found := int32(-1)
			for _, ci := range children {
				if t.nodes[ci].move == m {
					found = ci
					break
				}
			}
			if found < 0 {
				t.untried = append(t.untried, m)
				continue
			}
			nd := &t.nodes[found]
			legalChildren++
			nd.avail++
			u := t.value(nd) + t.c*math.Sqrt(math.Log(nd.avail)/nd.visits)
			if u > bestU {
				bestU, bestChild = u, found
			}
		}
		p := d.ToMove()
		if len(t.untried) > 0 && (bestChild < 0 || t.widen <= 0 ||
			float64(legalChildren) < math.Ceil(math.Pow(t.nodes[cur].visits+1, t.widen))) {
			// Drawn even when widening then chooses: the generator's
			// sequence stays that of the runs docs/bots.md reports.
			m := t.untried[t.rng.Intn(len(t.untried))]
			if t.widen > 0 {
				m = t.bestByEvaluate(d, t.untried, m)
			}
			if err := d.Apply(m, nil); err != nil {
				return 0, fmt.Errorf("ismcts: legal move rejected: %w", err)
			}
			t.nodes = append(t.nodes, node{move: m, player: p, parent: cur, avail: 1})
			k := int32(len(t.nodes) - 1)
			t.nodes[cur].children = append(t.nodes[cur].children, k)
			return k, nil
		}
		if err := d.Apply(t.nodes[bestChild].move, nil); err != nil {
			return 0, fmt.Errorf("ismcts: legal move rejected: %w", err)
		}
		cur = bestChild
	}
	return cur, nil
}

// bestByEvaluate returns the move of moves after which the mover's
// Evaluate is highest (fallback when the game has no Evaluator). The scan
// starts at a random move, so ties go to a random one of them.
func (t *tree) bestByEvaluate(d engine.State, moves []engine.Move, fallback engine.Move) engine.Move {
	if _, ok := d.(engine.Evaluator); !ok || len(moves) == 1 {
		return fallback
	}
	p := d.ToMove()
	me, _ := d.(MoveEvaluator)
	best, m := math.Inf(-1), fallback
	off := t.rng.Intn(len(moves))
	for i := range moves {
		cand := moves[(off+i)%len(moves)]
		if v, ok := t.valueAfter(d, me, cand, p); ok && v > best {
			best, m = v, cand
		}
	}
	return m
}

// MoveEvaluator is what a game's state may offer search bots beyond
// engine.Evaluator: the mover's Evaluate once m is applied, as Apply then
// Evaluate on a copy would give it to the last bit, but without the copy.
// m is one of the state's LegalMoves (the game need not check it again;
// ok false says m is not a move at all). A play-out compares several moves
// at every decision, and copying the state for each is most of the cost
// where the move changes little (English Gardens). EvaluateMove may change
// the state while it runs and restore it before it returns (Happy Garden
// applies the move and undoes it), so call it only on a state no other
// goroutine reads, as the search's own determinization.
type MoveEvaluator interface {
	EvaluateMove(m engine.Move) (v float64, ok bool)
}

// valueAfter is p's Evaluate once m is applied to d: me's (d's
// MoveEvaluator, nil if it has none) when p is to move, else on a scratch
// copy of d (copied into reused memory when the game allows it, cloned
// otherwise); ok is false if m does not apply. The caller asserts me once
// for all the moves it compares.
func (t *tree) valueAfter(d engine.State, me MoveEvaluator, m engine.Move, p int) (v float64, ok bool) {
	if me != nil && p == d.ToMove() {
		return me.EvaluateMove(m)
	}
	if cp, canCopy := d.(engine.Copier); t.scratch == nil || !canCopy || !cp.CopyInto(t.scratch) {
		t.scratch = d.Clone()
	}
	if t.scratch.Apply(m, nil) != nil {
		return 0, false
	}
	return t.scratch.(engine.Evaluator).Evaluate(p), true
}

func (t *tree) rollout(d engine.State, limit int) error {
	if t.sample <= 1 && t.turns <= 0 {
		var err error
		_, t.buf, err = engine.RandomPlayout(d, &t.rng, limit, t.buf)
		if err != nil {
			return fmt.Errorf("ismcts rollout: %w", err)
		}
		return nil
	}
	_, ok := d.(engine.Evaluator)
	me, _ := d.(MoveEvaluator)
	pe, _ := d.(PlayoutEvaluator)
	turns, mover := 0, d.ToMove()
	for k := 0; !d.Over() && (limit < 0 || k < limit); k++ {
		if p := d.ToMove(); p != mover {
			if turns++; t.turns > 0 && turns >= t.turns {
				break
			}
			mover = p
		}
		t.buf = d.LegalMoves(t.buf[:0])
		m := t.buf[t.rng.Intn(len(t.buf))]
		if ok && len(t.buf) > 1 && t.sample > 1 {
			if len(t.buf) <= t.sample {
				// Few moves: try each once.
				m = t.bestInPlayout(d, me, pe, t.buf, m)
			} else {
				p, best := d.ToMove(), math.Inf(-1)
				for i := 0; i < t.sample; i++ {
					cand := t.buf[t.rng.Intn(len(t.buf))]
					if v, ok := t.playoutValue(d, me, pe, cand, p); ok && v > best {
						best, m = v, cand
					}
				}
			}
		}
		if err := d.Apply(m, nil); err != nil {
			return fmt.Errorf("ismcts rollout: %w", err)
		}
	}
	return nil
}

// reward fills each player's rank reward (1 for a sole winner, 0 for last,
// shared places averaged) and final score.
func (t *tree) reward(d engine.State, ranks, scores *[5]float64) {
	var raw [5]float64
	ev, isEv := d.(engine.Evaluator)
	over := d.Over()
	for p := 0; p < t.n; p++ {
		if isEv && !over {
			raw[p] = ev.Evaluate(p)
		} else {
			raw[p] = float64(d.Score(p))
		}
	}
	for p := 0; p < t.n; p++ {
		scores[p] = raw[p]
		if t.n > 1 {
			best := math.Inf(-1)
			for q := 0; q < t.n; q++ {
				if q != p {
					best = math.Max(best, raw[q])
				}
			}
			scores[p] = raw[p] - best
		}
		t.minS = math.Min(t.minS, scores[p])
		t.maxS = math.Max(t.maxS, scores[p])
	}
	if t.n == 1 {
		return
	}
	// Rank by score with the game's tie-break unknown here: compare totals,
	// then split ties evenly. Result() would allocate; Score does not.
	order := [5]int{0, 1, 2, 3, 4}
	o := order[:t.n]
	// Insertion sort, best first: at most five players, and sort.Slice
	// would allocate on every iteration.
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && raw[o[j]] > raw[o[j-1]]; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
	for i := 0; i < t.n; {
		j := i
		for j < t.n && raw[o[j]] == raw[o[i]] {
			j++
		}
		// Places i..j-1 share; average of (n-1-place)/(n-1).
		sum := 0.0
		for k := i; k < j; k++ {
			sum += float64(t.n-1-k) / float64(t.n-1)
		}
		for k := i; k < j; k++ {
			ranks[o[k]] = sum / float64(j-i)
		}
		i = j
	}
}
