package server

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
)

// botJob is one decision a bot must make for a table.
type botJob struct {
	table  *table
	seat   int
	gen    int
	bot    bots.Bot
	kind   string
	state  engine.State // determinized for seat: the bot's own copy
	queued time.Time
	// owner is the identity whose table it is: the pool shares its workers
	// between owners, not between tables.
	owner string
	// fallbackSeed seeds the greedy bot that moves when the budget is spent
	// (derived one way from the table's seed).
	fallbackSeed uint64
	// done, when set, takes the answer instead of the table (a hint,
	// hints.go): the move, the kind of bot that chose it, or the error.
	done func(m engine.Move, kind string, err error)
}

// botPool runs bots on a bounded number of workers. Search bots (ismcts)
// and quick bots (random, greedy, the zombies) have separate lanes, so that
// a greedy answer never waits behind seconds of search. Within a lane the
// workers go round the owners (the identities whose tables are waiting) and
// no owner holds more than half of them at once: one person's 150 expert
// bots wait behind each other, never in front of another person's table. A
// decision's budget counts from when it was queued: one that waited its
// whole budget is played by greedy at once.
type botPool struct {
	srv    *Server
	quick  *lane
	search *lane
	wg     sync.WaitGroup
}

// lane is a queue per owner, served round-robin.
type lane struct {
	mu       sync.Mutex
	cond     *sync.Cond
	owners   []string // owners with queued decisions, in turn order
	queues   map[string][]*botJob
	running  map[string]int
	perOwner int // decisions one owner may have running at once
	size     int // queued decisions in all
	closed   bool
}

func newBotPool(s *Server, quickWorkers, searchWorkers int) *botPool {
	quickWorkers, searchWorkers = max(quickWorkers, 1), max(searchWorkers, 1)
	p := &botPool{srv: s, quick: newLane(quickWorkers), search: newLane(searchWorkers)}
	for range quickWorkers {
		p.wg.Add(1)
		go p.work(p.quick)
	}
	for range searchWorkers {
		p.wg.Add(1)
		go p.work(p.search)
	}
	return p
}

func newLane(workers int) *lane {
	l := &lane{queues: map[string][]*botJob{}, running: map[string]int{}, perOwner: max(1, workers/2)}
	l.cond = sync.NewCond(&l.mu)
	return l
}

func isSearch(kind string) bool { return strings.HasPrefix(strings.ToLower(kind), "ismcts") }

func (p *botPool) submit(j *botJob) {
	l := p.quick
	if isSearch(j.kind) {
		l = p.search
	}
	l.mu.Lock()
	if len(l.queues[j.owner]) == 0 {
		l.owners = append(l.owners, j.owner)
	}
	l.queues[j.owner] = append(l.queues[j.owner], j)
	l.size++
	l.mu.Unlock()
	l.cond.Broadcast()
	p.queued()
}

// queued sets the metric of decisions waiting in both lanes.
func (p *botPool) queued() {
	n := 0
	for _, l := range []*lane{p.quick, p.search} {
		l.mu.Lock()
		n += l.size
		l.mu.Unlock()
	}
	p.srv.met.botQueued.Set(float64(n))
}

// take removes the next decision to run, under l.mu: the first owner in
// turn order below its share of workers, who then goes to the back.
func (l *lane) take() *botJob {
	for i, o := range l.owners {
		if l.running[o] >= l.perOwner {
			continue
		}
		q := l.queues[o]
		j := q[0]
		q[0] = nil
		l.owners = append(l.owners[:i:i], l.owners[i+1:]...)
		if len(q) > 1 {
			l.queues[o] = q[1:]
			l.owners = append(l.owners, o)
		} else {
			delete(l.queues, o)
		}
		l.running[o]++
		l.size--
		return j
	}
	return nil
}

func (p *botPool) close() {
	for _, l := range []*lane{p.quick, p.search} {
		l.mu.Lock()
		l.closed = true
		l.mu.Unlock()
		l.cond.Broadcast()
	}
	p.wg.Wait()
}

func (p *botPool) work(l *lane) {
	defer p.wg.Done()
	for {
		l.mu.Lock()
		var j *botJob
		for !l.closed {
			if j = l.take(); j != nil {
				break
			}
			l.cond.Wait()
		}
		if l.closed {
			l.mu.Unlock()
			return
		}
		l.mu.Unlock()
		p.queued()
		p.run(j)
		l.mu.Lock()
		if l.running[j.owner]--; l.running[j.owner] == 0 {
			delete(l.running, j.owner)
		}
		l.mu.Unlock()
		l.cond.Broadcast() // the owner may have another decision waiting
	}
}

// budget is the longest a bot of kind may think. Search levels get the
// time their iteration counts need on this kind of machine with room to
// spare; past it the move is greedy's, so that a table never waits long.
func (p *botPool) budget(kind string) time.Duration {
	k := strings.ToLower(kind)
	if !isSearch(k) {
		return p.srv.cfg.BotBudget
	}
	switch {
	case strings.Contains(k, "expert"):
		return 8 * p.srv.cfg.BotBudget
	case strings.Contains(k, "hard"):
		return 4 * p.srv.cfg.BotBudget
	case strings.Contains(k, "easy"):
		return p.srv.cfg.BotBudget
	}
	return 2 * p.srv.cfg.BotBudget
}

func (p *botPool) run(j *botJob) {
	m := p.srv.met
	start := time.Now()
	m.botQueue.Observe(start.Sub(j.queued).Seconds())
	var spare engine.State
	if isSearch(j.kind) {
		spare = j.state.Clone() // the bot may change its copy; greedy needs one if it runs out of time
	}
	// A search's budget runs from the queueing: time spent waiting is
	// thinking time lost, and greedy answers for a search that waited it
	// all. A quick bot answers in far less than its budget anyway.
	from := start
	if spare != nil {
		from = j.queued
	}
	ctx, cancel := context.WithDeadline(context.Background(), from.Add(p.budget(j.kind)))
	var mv engine.Move
	timedOut := false
	err := ctx.Err()
	if err == nil {
		mv, err = j.bot.Choose(ctx, j.state)
	}
	cancel()
	if err != nil && spare != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)) {
		m.botTimeouts.Inc()
		timedOut = true
		g, _ := bots.New("greedy", j.fallbackSeed)
		mv, err = g.Choose(context.Background(), spare)
	}
	m.botThink.With(botFamily(j.kind)).Observe(time.Since(start).Seconds())
	if j.done != nil {
		kind := j.kind
		if timedOut {
			kind = "greedy"
		}
		j.done(mv, kind, err)
		return
	}
	j.table.post(func() { j.table.botMoved(j, mv, err) })
}

// botFamily is the kind without its budget, for metric labels.
func botFamily(kind string) string {
	k := strings.ToLower(kind)
	switch {
	case strings.HasPrefix(k, "ismcts:"):
		lvl := strings.Split(k, ":")[1]
		if bots.Difficulty(lvl) > 0 {
			return "ismcts:" + lvl
		}
		return "ismcts"
	case k == "random" || k == "greedy" || k == "ismcts":
		return k
	}
	return "other"
}
