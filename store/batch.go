package store

import (
	"context"
	"sync"
	"time"
)

// Batcher groups the writes of many tables into one Commit (group commit):
// a durable commit costs one disk flush whatever it holds, so a thousand
// moves a second become tens of transactions instead of a thousand. Each
// write's done is called once its transaction is committed (or failed), in
// the order the writes were submitted, from the Batcher's goroutine: done
// must not block.
type Batcher struct {
	st       Committer
	max      int
	mu       sync.Mutex
	cond     *sync.Cond
	queue    []pending
	closed   bool
	finished chan struct{}
	// OnCommit, if set before the first Submit, is told each batch's size
	// and duration (for metrics).
	OnCommit func(n int, d time.Duration)
}

type pending struct {
	w    Write
	done func(error)
}

// NewBatcher starts a batcher committing up to max writes at a time.
func NewBatcher(st Committer, max int) *Batcher {
	b := &Batcher{st: st, max: max, finished: make(chan struct{})}
	b.cond = sync.NewCond(&b.mu)
	go b.loop()
	return b
}

// Submit queues w; done is called with its outcome. After Close, done is
// called at once with context.Canceled.
func (b *Batcher) Submit(w Write, done func(error)) {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		done(context.Canceled)
		return
	}
	b.queue = append(b.queue, pending{w, done})
	b.mu.Unlock()
	b.cond.Signal()
}

// Close commits what is queued and stops.
func (b *Batcher) Close() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.cond.Signal()
	<-b.finished
}

func (b *Batcher) loop() {
	defer close(b.finished)
	var batch []pending
	writes := make([]Write, 0, b.max)
	for {
		b.mu.Lock()
		for len(b.queue) == 0 && !b.closed {
			b.cond.Wait()
		}
		if len(b.queue) == 0 && b.closed {
			b.mu.Unlock()
			return
		}
		n := min(len(b.queue), b.max)
		batch = append(batch[:0], b.queue[:n]...)
		b.queue = append(b.queue[:0], b.queue[n:]...)
		b.mu.Unlock()

		writes = writes[:0]
		for _, p := range batch {
			writes = append(writes, p.w)
		}
		t0 := time.Now()
		errs := b.st.Commit(context.Background(), writes)
		if b.OnCommit != nil {
			b.OnCommit(len(writes), time.Since(t0))
		}
		for i, p := range batch {
			p.done(errs[i])
		}
		clear(batch)
	}
}
