package server

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// A table's goroutine lives as long as the table is loaded, and a
// goroutine's stack keeps the size its deepest work needed until a garbage
// collection finds it mostly unused. Building a seat's view and encoding it
// with encoding/json needs 16–32 KB of stack (the games' views are built by
// value, the encoder recurses through them), so at 2,000 tables under load
// the tables' stacks held about 60 MB, more than the live heap's kept views.
//
// deep runs that work — applying a move to a copy, building the seats'
// messages — on a few goroutines kept for it, while the table's goroutine
// waits: the table's memory is still touched by one goroutine at a time
// (the hand-over is a channel send and receive, which orders the accesses),
// the table's stack stays small, and only the few workers have deep ones.
// The work handed over is computation only (it never waits for the store
// or a socket: a send to a socket queues without blocking), so a fixed
// number of workers cannot deadlock; with them all busy a table waits its
// turn, as it would for a processor.

// deepJob is one piece of work and how it ended.
type deepJob struct {
	f        func()
	done     chan struct{}
	panicked any    // f's panic, raised again on the table's goroutine
	stack    []byte // where f panicked
}

// deepPool is a server's deep-work goroutines: started by New, stopped by
// Close. After Close a deep call runs its work on the caller's own
// goroutine (a table still ending, a test's table), as before there were
// workers: slower on the stack, never lost and never blocked.
type deepPool struct {
	jobs chan *deepJob
	quit chan struct{} // closed by close: the workers end, deep runs inline
	once sync.Once
	wg   sync.WaitGroup // the workers
	free sync.Pool      // *deepJob with its done channel
}

// deepWorkers is how many workers run the tables' deep work: a few per
// processor, so that one preempted in the middle of a job does not hold up
// every table.
func deepWorkers() int { return max(8, 4*runtime.GOMAXPROCS(0)) }

// newDeepPool starts n workers.
func newDeepPool(n int) *deepPool {
	p := &deepPool{jobs: make(chan *deepJob), quit: make(chan struct{})}
	p.wg.Add(n)
	for range n {
		go p.worker()
	}
	return p
}

// close stops the workers and waits for them: a job a worker has taken
// runs to its end first. Later deep calls run inline. Closing twice is
// harmless.
func (p *deepPool) close() {
	p.once.Do(func() { close(p.quit) })
	p.wg.Wait()
}

// deep runs f on a deep-work goroutine and waits for it (on the caller's
// own goroutine once the pool is closed, or with no pool). A panic in f is raised again on
// the caller's goroutine (a table's safely turns it into a log line and a
// reload), with the worker's stack in its message.
func (p *deepPool) deep(f func()) {
	if p == nil { // a Server value not made by New (a test's replays)
		f()
		return
	}
	j, _ := p.free.Get().(*deepJob)
	if j == nil {
		j = &deepJob{done: make(chan struct{}, 1)}
	}
	j.f = f
	select {
	case p.jobs <- j:
		<-j.done // a worker took it: it runs it to the end even if the pool closes meanwhile
	case <-p.quit:
		deepRun(j)
	}
	pn, stack := j.panicked, j.stack
	*j = deepJob{done: j.done}
	p.free.Put(j)
	if pn != nil {
		panic(fmt.Sprintf("%v\n[deep work] %s", pn, stack))
	}
}

func (p *deepPool) worker() {
	defer p.wg.Done()
	for {
		select {
		case j := <-p.jobs:
			deepRun(j)
			j.done <- struct{}{}
		case <-p.quit:
			return
		}
	}
}

func deepRun(j *deepJob) {
	defer func() {
		if r := recover(); r != nil {
			j.panicked, j.stack = r, debug.Stack()
		}
	}()
	j.f()
}

// deep runs f for the table on one of its server's deep-work goroutines,
// or right here when the table's work is already running on one (a deep
// call inside another waits for no second worker) or the table has no
// server (a table replayed for a reader, never served).
func (t *table) deep(f func()) {
	if t.deeping || t.srv == nil {
		f()
		return
	}
	t.deeping = true
	defer func() { t.deeping = false }()
	t.srv.deepw.deep(f)
}
