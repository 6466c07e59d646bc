package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Handler serves a table's forwarded requests on its owner: req is what
// the other node sent to Request, the result is its answer. ctx ends when
// the lease is lost; it carries the lease (the relay's handler publishes
// with it). A table's requests are handled one at a time, in the
// order they reached the owner.
type Handler func(ctx context.Context, req []byte) ([]byte, error)

// leaseKey: a handler's context carries its lease under this key.
type leaseKey struct{}

// Lease is the ownership of one table by this node.
type Lease struct {
	n       *Node
	table   string
	session string
	token   uint64
	handler Handler
	ctx     context.Context
	cancel  context.CancelFunc
	hctx    context.Context // ctx carrying the lease, for the handler
	subject string

	prev     string    // the dead owner this lease took the table from ("" if none)
	prevSeen time.Time // that owner's last renewal

	mu      sync.Mutex
	queue   []*nats.Msg // requests waiting for the handler
	running bool        // a goroutine is draining queue
	seq     map[string]uint64
	done    bool
}

// Table is the leased table's id.
func (l *Lease) Table() string { return l.table }

// Token is the lease's fencing token: it grows with every acquisition of
// any table, so a newer owner's token is always larger than an older one's.
func (l *Lease) Token() uint64 { return l.token }

// Valid reports whether this node may still act as the table's owner:
// not released or lost, and its session renewed recently enough. Check it
// before each write; the store's (table, seq) key refuses a write that
// slips through anyway.
func (l *Lease) Valid() bool {
	return l.ctx.Err() == nil && l.n.sessionValid(l.session)
}

// Previous is the owner this lease took the table from, if it was taken
// from a dead node, and that node's last renewal as NATS stored it (zero if
// this node never saw one): the node died between then and a TTL/8 later.
// A table resumed by a takeover gives realtime clocks back the time since.
func (l *Lease) Previous() (session string, lastSeen time.Time) { return l.prev, l.prevSeen }

// Lost is closed when the lease ends: released, taken over, or the node's
// session expired. The table's goroutine must stop writing and unload.
func (l *Lease) Lost() <-chan struct{} { return l.ctx.Done() }

// Acquire makes this node table's owner, if nobody alive owns it, and
// serves its forwarded requests with h from now on. It fails with an
// error matching ErrHeld (a *HeldError naming the owner) if another live
// session owns it, or if this node already holds it.
func (n *Node) Acquire(ctx context.Context, table string, h Handler) (*Lease, error) {
	if err := validName(table); err != nil {
		return nil, err
	}
	n.mu.Lock()
	session, closed := n.session, n.closed
	// One acquisition of a table at a time on this node: a second one
	// racing the first would bump the key's revision under it, and undo
	// it by deleting the key when it found the first one registered.
	held := n.leases[table] != nil || n.acquiring[table]
	if !held {
		n.acquiring[table] = true
		defer func() {
			n.mu.Lock()
			delete(n.acquiring, table)
			n.mu.Unlock()
		}()
	}
	n.mu.Unlock()
	switch {
	case held:
		return nil, &HeldError{Table: table, Owner: session}
	case closed:
		return nil, ErrClosed
	case !n.sessionValid(session):
		return nil, ErrNoSession
	}
	token, prev, err := n.take(ctx, table, session)
	if err != nil {
		return nil, err
	}
	takeover := prev != ""
	l := &Lease{n: n, table: table, session: session, token: token, handler: h, seq: map[string]uint64{},
		subject: n.cfg.Prefix + ".t." + table + ".req", prev: prev}
	if takeover {
		n.mu.Lock()
		l.prevSeen = n.lastSeen[prev]
		n.mu.Unlock()
	}
	l.ctx, l.cancel = context.WithCancel(n.ctx)
	l.hctx = context.WithValue(l.ctx, leaseKey{}, l)
	n.mu.Lock()
	if n.closed || n.session != session || n.leases[table] != nil {
		n.mu.Unlock()
		l.cancel()
		n.tables.Delete(context.Background(), table, jetstream.LastRevision(token))
		return nil, ErrNoSession
	}
	n.leases[table] = l
	n.mu.Unlock()
	if err := n.route(l.subject, l.enqueue); err != nil {
		n.lose(l, "subscribe: "+err.Error())
		return nil, err
	}
	// Once Acquire returns, the NATS server routes the table's requests
	// here (the subscription has reached it).
	if err := n.flush(ctx); err != nil {
		n.lose(l, "subscribe: "+err.Error())
		return nil, fmt.Errorf("cluster: acquire %s: %w", table, err)
	}
	n.st.acquired.Add(1)
	if takeover {
		n.st.takenOver.Add(1)
	}
	return l, nil
}

// flush waits until the NATS server has processed everything sent so far
// (a round trip), within ctx or 5 s.
func (n *Node) flush(ctx context.Context) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
	}
	return n.nc.FlushWithContext(ctx)
}

// take writes session as table's owner if the key is free or its owner
// dead, and returns the key's new revision and the dead owner taken from.
func (n *Node) take(ctx context.Context, table, session string) (token uint64, prev string, err error) {
	for range 8 {
		rev, err := n.tables.Create(ctx, table, []byte(session))
		if err == nil {
			return rev, "", nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return 0, "", fmt.Errorf("cluster: acquire %s: %w", table, err)
		}
		e, err := n.tables.Get(ctx, table)
		if errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted) {
			continue // released meanwhile: create again
		}
		if err != nil {
			return 0, "", fmt.Errorf("cluster: acquire %s: %w", table, err)
		}
		owner := string(e.Value())
		if owner != session {
			alive, err := n.sessionAlive(ctx, owner)
			if err != nil {
				return 0, "", err
			}
			if alive {
				return 0, "", &HeldError{Table: table, Owner: owner}
			}
		}
		rev, err = n.tables.Update(ctx, table, []byte(session), e.Revision())
		if err == nil {
			if owner != session {
				n.cfg.Log.Info("cluster table taken over", "table", table, "from", owner, "token", rev)
			}
			if owner == session {
				owner = ""
			}
			return rev, owner, nil
		}
		if !errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
			return 0, "", fmt.Errorf("cluster: acquire %s: %w", table, err)
		}
		// Another node moved first: look again.
	}
	return 0, "", fmt.Errorf("cluster: acquire %s: too much contention", table)
}

// Release gives the table up: its key is deleted (if still this lease's),
// so that another node may take it at once.
func (l *Lease) Release(ctx context.Context) error {
	if !l.n.drop(l) {
		return nil
	}
	err := l.n.tables.Delete(ctx, l.table, jetstream.LastRevision(l.token))
	if err != nil && !errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
		return fmt.Errorf("cluster: release %s: %w", l.table, err)
	}
	return nil
}

// drop forgets l and stops its requests; false if it was already gone.
func (n *Node) drop(l *Lease) bool {
	n.mu.Lock()
	if n.leases[l.table] != l {
		n.mu.Unlock()
		return false
	}
	delete(n.leases, l.table)
	n.mu.Unlock()
	n.unroute(l.subject)
	l.cancel()
	l.mu.Lock()
	l.done = true
	queued := l.queue
	l.queue = nil
	l.mu.Unlock()
	for _, m := range queued {
		replyNotOwner(m)
	}
	return true
}

// lose ends l without releasing its key (it is no longer ours to delete).
func (n *Node) lose(l *Lease, why string) {
	if n.drop(l) {
		n.st.lost.Add(1)
		n.cfg.Log.Warn("cluster lease lost", "table", l.table, "token", l.token, "why", why)
	}
}

// Headers of replies.
const (
	hdrError  = "Jardin-Error"  // the handler's error
	hdrStatus = "Jardin-Status" // "not-owner": ask again after Acquire
)

func replyNotOwner(m *nats.Msg) {
	if m.Reply == "" {
		return
	}
	r := nats.NewMsg(m.Reply)
	r.Header.Set(hdrStatus, "not-owner")
	m.RespondMsg(r)
}

// enqueue queues a request for the handler; one goroutine per busy table
// serves them in order.
func (l *Lease) enqueue(m *nats.Msg) {
	l.mu.Lock()
	if l.done {
		l.mu.Unlock()
		replyNotOwner(m)
		return
	}
	l.queue = append(l.queue, m)
	if l.running {
		l.mu.Unlock()
		return
	}
	l.running = true
	l.mu.Unlock()
	go l.serve()
}

func (l *Lease) serve() {
	for {
		l.mu.Lock()
		if len(l.queue) == 0 || l.done {
			l.running = false
			l.mu.Unlock()
			return
		}
		m := l.queue[0]
		l.queue[0] = nil
		l.queue = l.queue[1:]
		l.mu.Unlock()
		if !l.Valid() {
			replyNotOwner(m)
			continue
		}
		var out []byte
		err := errNoHandler
		if l.handler != nil {
			out, err = l.handler(l.hctx, m.Data)
		}
		l.n.st.served.Add(1)
		if m.Reply == "" {
			continue
		}
		r := nats.NewMsg(m.Reply)
		r.Data = out
		if err != nil {
			r.Header.Set(hdrError, err.Error())
		}
		m.RespondMsg(r)
	}
}

var errNoHandler = errors.New("the owner serves no requests for this table")

// RemoteError is an error returned by the owner's handler.
type RemoteError struct{ Msg string }

func (e *RemoteError) Error() string { return e.Msg }

// Request sends req to table's owner and returns its handler's answer. It
// fails with ErrNoOwner when no live owner serves the table (the caller
// should Acquire it and handle req itself, or retry), with ErrNoAnswer when
// the owner did not answer within RequestTimeout, with a *RemoteError for
// the handler's error, or with ctx's error.
func (n *Node) Request(ctx context.Context, table string, req []byte) ([]byte, error) {
	if err := validName(table); err != nil {
		return nil, err
	}
	n.st.forwarded.Add(1)
	rctx, cancel := context.WithTimeout(ctx, n.cfg.RequestTimeout)
	defer cancel()
	m, err := n.nc.RequestMsgWithContext(rctx, &nats.Msg{Subject: n.cfg.Prefix + ".t." + table + ".req", Data: req})
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return nil, fmt.Errorf("table %s: %w", table, ErrNoOwner)
	case err != nil && ctx.Err() == nil && rctx.Err() != nil:
		return nil, fmt.Errorf("table %s: %w", table, ErrNoAnswer)
	case err != nil:
		return nil, fmt.Errorf("cluster: request to %s: %w", table, err)
	case m.Header.Get(hdrStatus) == "not-owner":
		return nil, fmt.Errorf("table %s: %w", table, ErrNoOwner)
	case m.Header.Get(hdrError) != "":
		return m.Data, &RemoteError{m.Header.Get(hdrError)}
	}
	return m.Data, nil
}

// Do is the usual way to act on a table from any node: it sends req to
// the owner, and when there is none, it acquires the table (local runs
// with the new lease, which starts the table here and answers req) — and
// asks again, a few times, when another node wins the race. Exactly one of
// the remote answer or local's is returned.
func (n *Node) Do(ctx context.Context, table string, req []byte,
	local func(ctx context.Context, l *Lease) ([]byte, error), h Handler) ([]byte, error) {
	var err error
	for attempt := range 5 {
		var out []byte
		out, err = n.Request(ctx, table, req)
		if errors.Is(err, ErrNoAnswer) {
			// The owner may have died with req in hand: do not send it
			// again blindly; the caller resynchronises.
			return nil, err
		}
		if !errors.Is(err, ErrNoOwner) {
			return out, err
		}
		l, aerr := n.Acquire(ctx, table, h)
		if aerr == nil {
			return local(ctx, l)
		}
		if !errors.Is(aerr, ErrHeld) {
			return nil, aerr
		}
		// The owner is alive but not yet subscribed (it is starting the
		// table): wait a little.
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(10<<attempt) * time.Millisecond):
		}
	}
	return nil, err
}
