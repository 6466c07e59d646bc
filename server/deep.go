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

var deepPool struct {
	once sync.Once
	jobs chan *deepJob
	free sync.Pool // *deepJob with its done channel
}

// deepWorkers is how many workers run the tables' deep work: a few per
// processor, so that one preempted in the middle of a job does not hold up
// every table.
func deepWorkers() int { return max(8, 4*runtime.GOMAXPROCS(0)) }

// deep runs f on a deep-work goroutine and waits for it. A panic in f is
// raised again on the caller's goroutine (a table's safely turns it into a
// log line and a reload), with the worker's stack in its message.
//
// The workers are the process's, not a server's: they hold no state, and
// tests run many servers in one process.
func deep(f func()) {
	deepPool.once.Do(func() {
		deepPool.jobs = make(chan *deepJob)
		for range deepWorkers() {
			go deepWorker()
		}
	})
	j, _ := deepPool.free.Get().(*deepJob)
	if j == nil {
		j = &deepJob{done: make(chan struct{}, 1)}
	}
	j.f = f
	deepPool.jobs <- j
	<-j.done
	p, stack := j.panicked, j.stack
	*j = deepJob{done: j.done}
	deepPool.free.Put(j)
	if p != nil {
		panic(fmt.Sprintf("%v\n[deep work] %s", p, stack))
	}
}

func deepWorker() {
	for j := range deepPool.jobs {
		deepRun(j)
		j.done <- struct{}{}
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

// deep runs f for the table on a deep-work goroutine (the package's deep),
// or right here when the table's work is already running on one (a deep
// call inside another waits for no second worker).
func (t *table) deep(f func()) {
	if t.deeping {
		f()
		return
	}
	t.deeping = true
	defer func() { t.deeping = false }()
	deep(f)
}
