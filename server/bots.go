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
}

// botPool runs bots on a bounded number of workers. Search bots (ismcts)
// and quick bots (random, greedy, the zombies) have separate lanes, so that
// a greedy answer never waits behind seconds of search. Each lane is a FIFO
// of tables, and a table has at most one decision queued (one seat decides
// at a time), so no table's bot can starve another's: every queued table
// is served within (its place in the queue) × (the longest time budget)
// / (workers).
type botPool struct {
	srv    *Server
	quick  *lane
	search *lane
	wg     sync.WaitGroup
}

type lane struct {
	mu     sync.Mutex
	cond   *sync.Cond
	queue  []*botJob
	closed bool
}

func newBotPool(s *Server, quickWorkers, searchWorkers int) *botPool {
	p := &botPool{srv: s, quick: newLane(), search: newLane()}
	for range max(quickWorkers, 1) {
		p.wg.Add(1)
		go p.work(p.quick)
	}
	for range max(searchWorkers, 1) {
		p.wg.Add(1)
		go p.work(p.search)
	}
	return p
}

func newLane() *lane {
	l := &lane{}
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
	l.queue = append(l.queue, j)
	n := len(p.quick.queue) + len(p.search.queue)
	l.mu.Unlock()
	l.cond.Signal()
	p.srv.met.botQueued.Set(float64(n))
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
		for len(l.queue) == 0 && !l.closed {
			l.cond.Wait()
		}
		if l.closed {
			l.mu.Unlock()
			return
		}
		j := l.queue[0]
		l.queue[0] = nil
		l.queue = l.queue[1:]
		l.mu.Unlock()
		p.run(j)
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
	ctx, cancel := context.WithTimeout(context.Background(), p.budget(j.kind))
	mv, err := j.bot.Choose(ctx, j.state)
	cancel()
	if err != nil && spare != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)) {
		m.botTimeouts.Inc()
		g, _ := bots.New("greedy", uint64(start.UnixNano()))
		mv, err = g.Choose(context.Background(), spare)
	}
	m.botThink.WithLabelValues(botFamily(j.kind)).Observe(time.Since(start).Seconds())
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
