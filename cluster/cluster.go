// Package cluster lets several `jardin serve` nodes share the live tables
// through NATS: each live table has exactly one owner node at a time (a
// lease), moves that arrive on another node are forwarded to the owner
// (request/reply), and the owner fans each table's updates out over
// subjects to the nodes holding that table's sockets. Storage is elsewhere
// (store/postgres); the log's unique (table, seq) key there is the fence
// that makes a stale owner's write fail, whatever the leases say.
//
// # Leases
//
// A node joins with a session: a key in the JetStream key-value bucket
// PREFIX_nodes, which expires TTL after its last renewal (bucket TTL) and is
// renewed every TTL/8. The TTL is the bucket's, one setting for the whole
// cluster: a node configured otherwise adopts it. A table's owner is a key of the bucket PREFIX_tables
// whose value is the owner's session, without TTL: one renewal a second per
// node keeps thousands of tables owned, instead of one write per table.
// A table key pointing at a session that has expired is free: the next node
// takes it with a compare-and-set on the key's revision. That revision,
// which only grows, is the lease's fencing token.
//
// A node considers its session (and every lease) valid until 3/4 TTL after
// it sent the last renewal that succeeded: the server's expiry counts from
// when it stored that renewal, later, so the node stops acting as owner
// before anyone else may start. It drops its leases only when the session
// is known gone (the key expired, its bucket lost) or must be (no renewal
// stored for a TTL): a NATS hiccup shorter than that makes Valid() false
// for a moment and costs no table. A renewal whose answer is lost may have
// been stored: the key is read back before the session is given up.
// After NATS lost its storage, the node makes the buckets again, a new
// session, and offers the tables it held to OnOrphan. A node that is paused, cut off, or killed
// loses its tables within TTL; the bucket's expiry markers tell every other
// node at once, and OnOrphan offers each orphaned table to one surviving
// node (rendezvous hashing over the live sessions).
//
// # Subjects
//
//	PREFIX.t.TABLE.req          requests to the owner (forwarded moves, syncs…)
//	PREFIX.t.TABLE.up.VIEWER    the owner's updates for one viewer (a seat, spectators)
//
// Subscriptions of all tables share one channel per node (nats.go starts a
// goroutine per callback subscription; 100,000 tables would cost as many).
// A viewer is any name the server chooses: "s0-en" for seat 0's English
// payload, or one per relayed socket.
//
// # Use from a server's table registry
//
// Before loading a table, Acquire it (its Handler serves the other nodes'
// requests on the table's goroutine); ErrHeld means it lives elsewhere:
// relay the socket's messages with Request (or Do, which acquires when the
// owner is gone) and deliver what Subscribe brings. The table's goroutine
// stops when Lost() closes, checks Valid() before each write, reloads on
// the store's ErrConflict, and Releases the lease when it unloads; after a
// takeover, Previous tells since when the table had no owner (realtime
// clocks give that time back). A request that gets ErrNoAnswer may or may
// not have been applied: resynchronise, then resend with the same client
// id (the server applies a resent move once). At start
// and when scanning deadlines, load only the tables Mine names; OnOrphan
// loads a dead node's tables that need an owner; OnSessionEnd drops the
// sockets a dead node relayed. Close releases everything for a drain.
//
// # The relay
//
// A server uses all of this through a Relay (relay.go): it hands NewRelay a
// Host (open a table here or name its owner, serve a forwarded HTTP
// request, seat a socket another node relays) and joins with Relay.Join;
// Relay.Acquire takes a lease whose forwarded requests the relay serves,
// ForwardHTTP sends a request about a table owned elsewhere to its owner,
// and Dial relays a WebSocket. The ops, frames and beats are the relay's.
// docs/concurrency.md lists the goroutines and the lock order.
package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Config configures a node.
type Config struct {
	// Conn is the node's NATS connection (required). The node does not
	// close it.
	Conn *nats.Conn
	// Name names the node in sessions and logs (e.g. the host name).
	Name string
	// TTL is how long a silent node keeps its tables (default 5 s).
	TTL time.Duration
	// Prefix prefixes subjects and buckets, so that several sites can share
	// one NATS (default "jardin").
	Prefix string
	// Replicas of the buckets in a NATS cluster (default 1; 3 in production
	// with three NATS servers).
	Replicas int
	// RequestTimeout bounds a forwarded request (default 3 s): an owner
	// that dies with a request in hand never answers it.
	RequestTimeout time.Duration
	// Memory keeps the buckets in memory instead of on disk: tests only.
	Memory bool
	// OnOrphan is called, on one surviving node, for each table whose owner
	// died (its session expired): the node should Acquire it if the table
	// needs an owner without anyone asking (realtime clocks, bots, async
	// deadlines), or leave it (the next request will find no owner). It
	// may be called again for a table still orphaned a TTL later. It runs
	// on its own goroutine.
	OnOrphan func(table string)
	// OnSessionEnd is called, on every node, with the session of a node
	// that left or died (its key deleted or expired), so that the owner
	// tables forget the sockets that node relayed. It runs on the
	// watcher's goroutine: it must not block.
	OnSessionEnd func(session string)
	// Log receives lease changes (default slog.Default()).
	Log *slog.Logger
	// DropUpdate, for tests only: an arriving update for which it returns
	// true is dropped before Subscribe sees it, as NATS drops messages for
	// a slow subscriber, so that tests can force the gap path (nil: none).
	DropUpdate func(table, viewer string, seq uint64) bool
}

var (
	// ErrHeld: another live node owns the table (see HeldError).
	ErrHeld = errors.New("table owned by another node")
	// ErrNoOwner: no node serves the table's requests; Acquire it.
	ErrNoOwner = errors.New("no owner for the table")
	// ErrNoAnswer: the owner did not answer within RequestTimeout (it may
	// have died holding the request): whether the request took effect is
	// unknown; resynchronise before acting again.
	ErrNoAnswer = errors.New("the table's owner did not answer")
	// ErrNoSession: the node's session expired (cut off from NATS) and a
	// new one is not yet made; the node owns nothing meanwhile.
	ErrNoSession = errors.New("cluster: node has no live session")
	// ErrClosed: the node has left the cluster.
	ErrClosed = errors.New("cluster: node closed")
	// ErrBadName: a table id or viewer that is not a NATS subject token.
	ErrBadName = errors.New("cluster: table ids and viewers must be letters, digits, - and _")
)

// HeldError says which session owns a table.
type HeldError struct {
	Table, Owner string
}

func (e *HeldError) Error() string        { return fmt.Sprintf("table %s is owned by %s", e.Table, e.Owner) }
func (e *HeldError) Is(target error) bool { return target == ErrHeld }

// Stats counts what a node did, for /metrics.
type Stats struct {
	Leases    int    // tables owned now
	Acquired  uint64 // leases taken (new or from a dead owner)
	TakenOver uint64 // of which from a dead owner
	Lost      uint64 // leases lost without Release (session expired, taken)
	Sessions  uint64 // sessions started (1 + the times the node was cut off)
	Forwarded uint64 // requests sent to other owners
	Served    uint64 // requests served as owner
	Published uint64 // updates published
	Delivered uint64 // updates delivered to subscribers
	Dropped   uint64 // updates dropped: from an older owner than one already heard
}

// Node is one jardin server's membership in the cluster.
type Node struct {
	cfg    Config
	nc     *nats.Conn
	js     jetstream.JetStream
	tables jetstream.KeyValue
	nodes  jetstream.KeyValue
	inbox  chan *nats.Msg // every subscription of this node delivers here
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu                      sync.Mutex
	session                 string               // "" while there is none
	sessRev                 uint64               // the session key's revision, for compare-and-set renewals
	validUntil              time.Time            // monotonic: the session (and its leases) is valid before this
	storedBy                time.Time            // NATS had stored the session's last known renewal by then: it expires TTL later at the latest
	pending                 map[string]time.Time // renewals sent since the last known stored one (value → when sent)
	dropped                 []string             // the tables held when the last session ended
	leases                  map[string]*Lease
	acquiring               map[string]bool          // tables an Acquire of this node is taking
	lastSeen                map[string]time.Time     // each session\'s last renewal, as stored by NATS (kept an hour after its end)
	subs                    map[string]*Subscription // by subject, for delivery
	owners                  map[string]string        // table → owner session, as watched
	alive                   map[string]bool          // live sessions, as watched
	offered                 map[string]time.Time     // orphans offered to OnOrphan, and when
	tablesReady, nodesReady bool                     // the watchers have delivered their initial values
	renewedAt, seenOwn      time.Time                // last renewal of the session, and the last the nodes watcher saw
	restartWatch            [2]chan struct{}
	closed                  bool

	st struct {
		acquired, takenOver, lost, sessions, forwarded, served, published, delivered, dropped atomic.Uint64
	}
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

func validName(s string) error {
	if !nameRE.MatchString(s) {
		return fmt.Errorf("%q: %w", s, ErrBadName)
	}
	return nil
}

// minTTL is the shortest lease TTL: renewals every TTL/8 must fit a round
// trip to NATS with room to spare.
const minTTL = 400 * time.Millisecond

// Join makes the buckets if needed, starts the node's session and its
// watchers. Close leaves. It waits for NATS while the connection is not
// up (a node may start before NATS does), until ctx ends; it fails at once
// if the server is older than MinServerVersion. The lease TTL is the
// cluster's: when the session bucket exists with another TTL than
// cfg.TTL, the node uses the bucket's and logs it (TTL tells which).
func Join(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.Conn == nil {
		return nil, errors.New("cluster: no NATS connection")
	}
	cfg, err := withDefaults(cfg)
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(cfg.Conn)
	if err != nil {
		return nil, fmt.Errorf("cluster: jetstream: %w", err)
	}
	n := &Node{cfg: cfg, nc: cfg.Conn, js: js, inbox: make(chan *nats.Msg, 1<<14),
		leases: map[string]*Lease{}, acquiring: map[string]bool{}, lastSeen: map[string]time.Time{}, subs: map[string]*Subscription{}, owners: map[string]string{},
		alive: map[string]bool{}, offered: map[string]time.Time{}, pending: map[string]time.Time{},
		restartWatch: [2]chan struct{}{make(chan struct{}, 1), make(chan struct{}, 1)}}
	n.ctx, n.cancel = context.WithCancel(context.Background())
	if err := n.start(ctx); err != nil {
		n.cancel()
		return nil, err
	}
	n.cfg.Log.Info("cluster joined", "session", n.Session(), "lease_ttl", n.cfg.TTL, "replicas", n.cfg.Replicas,
		"nats", n.nc.ConnectedServerVersion())
	n.wg.Add(5)
	go n.renewLoop()
	go n.watchTables()
	go n.watchNodes()
	go n.sweepLoop()
	go n.dispatch()
	return n, nil
}

// withDefaults fills in cfg's defaults and checks it.
func withDefaults(cfg Config) (Config, error) {
	if cfg.TTL <= 0 {
		cfg.TTL = 5 * time.Second
	}
	if cfg.TTL < minTTL {
		return cfg, fmt.Errorf("cluster: lease TTL %v: want at least %v", cfg.TTL, minTTL)
	}
	if cfg.Prefix == "" {
		cfg.Prefix = "jardin"
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 3 * time.Second
	}
	if err := validName(cfg.Prefix); err != nil {
		return cfg, fmt.Errorf("cluster: prefix: %w", err)
	}
	if cfg.Replicas <= 0 {
		cfg.Replicas = 1
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '_'
	}, cfg.Name)
	if name == "" {
		name = "node"
	}
	cfg.Name = name
	return cfg, nil
}

// TTL is the lease TTL the node runs with: the cluster's (the session
// bucket's), which may differ from the one it was configured with.
func (n *Node) TTL() time.Duration { return n.cfg.TTL }

// Session is the node's current session id ("" while cut off).
func (n *Node) Session() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.session
}

// newSession creates a fresh session key. A session is never revived once
// expired: its tables may have been taken meanwhile.
func (n *Node) newSession(ctx context.Context) error {
	id := n.cfg.Name + "-" + randHex(6)
	t0 := time.Now()
	rev, err := n.nodes.Create(ctx, id, renewalValue(t0))
	if err != nil {
		return fmt.Errorf("cluster: session: %w", err)
	}
	n.mu.Lock()
	n.session, n.sessRev, n.validUntil, n.storedBy = id, rev, t0.Add(n.validFor()), time.Now()
	clear(n.pending)
	n.mu.Unlock()
	n.st.sessions.Add(1)
	n.cfg.Log.Info("cluster session started", "session", id)
	return nil
}

// renewalValue is what a renewal sent at t writes: the time, to the
// nanosecond, so that each renewal's value is its own and an ambiguous
// one can be recognised when read back.
func renewalValue(t time.Time) []byte { return []byte(t.UTC().Format(time.RFC3339Nano)) }

// validFor is how long after sending a successful renewal the node trusts
// its session.
func (n *Node) validFor() time.Duration { return n.cfg.TTL * 3 / 4 }

// renewPeriod is the time between renewals: TTL/8, so that NATS stored
// one at most about TTL/8 before any pause, and a pause of up to 3/4 TTL
// ends before the session can expire.
func (n *Node) renewPeriod() time.Duration { return n.cfg.TTL / 8 }

func randHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// renewLoop renews the session every renewPeriod. The session and every
// lease are lost only when the session is known gone: its key expired or
// deleted, its bucket gone, or no renewal stored for a whole TTL (NATS
// has expired it by then). A renewal that fails otherwise (NATS slow or
// away) costs nothing but Valid() turning false 3/4 TTL after the last
// renewal sent; a later one that succeeds makes it true again. Without a
// session, the loop makes a new one (and the buckets, if NATS lost them).
func (n *Node) renewLoop() {
	defer n.wg.Done()
	tk := time.NewTicker(n.renewPeriod())
	defer tk.Stop()
	for {
		select {
		case <-n.ctx.Done():
			return
		case <-tk.C:
		}
		if n.Session() == "" {
			n.rejoin()
			continue
		}
		n.renew()
	}
}

// rejoin makes a new session, and the buckets first if they are missing;
// then the watchers start again (their buckets may be new) and the tables
// the node held, if nobody owns them now, are offered to OnOrphan: after
// NATS lost its storage nobody else knows them.
func (n *Node) rejoin() {
	ctx, cancel := context.WithTimeout(n.ctx, max(n.cfg.TTL/2, time.Second))
	defer cancel()
	err := n.ensureBuckets(ctx, false)
	if err == nil {
		err = n.newSession(ctx)
	}
	if err != nil {
		if n.ctx.Err() == nil {
			n.cfg.Log.Warn("cluster session", "err", err)
		}
		return
	}
	for _, c := range n.restartWatch {
		select {
		case c <- struct{}{}:
		default:
		}
	}
	n.mu.Lock()
	dropped := n.dropped
	n.dropped = nil
	n.mu.Unlock()
	if len(dropped) > 0 && n.cfg.OnOrphan != nil {
		go n.reoffer(dropped)
	}
}

// reoffer calls OnOrphan for each of tables that no other session owns:
// its key is missing, or could not be read (Acquire decides then). A key
// naming another session is left to that session, or, if it is dead, to
// the node rendezvous hashing picks.
func (n *Node) reoffer(tables []string) {
	for _, table := range tables {
		ctx, cancel := context.WithTimeout(n.ctx, n.cfg.TTL)
		e, err := n.tables.Get(ctx, table)
		cancel()
		if err == nil {
			n.cfg.Log.Debug("cluster table held before the session ended is owned", "table", table, "owner", string(e.Value()))
		}
		if err != nil && n.ctx.Err() == nil {
			n.cfg.Log.Info("cluster table held before the session ended: offered again", "table", table, "err", err)
			go n.cfg.OnOrphan(table)
		}
	}
}

// renew renews the session once. A renewal whose answer was lost (NATS
// paused, a timeout) may have been stored all the same: the next one then
// fails its compare-and-set, and the key is read back before anything is
// concluded.
func (n *Node) renew() {
	for attempt := 0; attempt < 2; attempt++ {
		n.mu.Lock()
		id, rev := n.session, n.sessRev
		if id == "" { // closed meanwhile
			n.mu.Unlock()
			return
		}
		t0 := time.Now()
		value := renewalValue(t0)
		if len(n.pending) < 64 {
			n.pending[string(value)] = t0
		}
		n.mu.Unlock()
		ctx, cancel := context.WithTimeout(n.ctx, n.renewPeriod())
		newRev, err := n.nodes.Update(ctx, id, value, rev)
		cancel()
		switch {
		case err == nil:
			n.renewed(id, newRev, t0)
			return
		case n.ctx.Err() != nil:
			return
		case errors.Is(err, jetstream.ErrKeyNotFound):
			n.endSession(id, "session expired")
			return
		case errors.Is(err, jetstream.ErrKeyRevisionMismatch):
			if !n.reconcile(id) {
				return
			}
			// An earlier renewal was stored: renew again at once, on its
			// revision.
		default:
			n.renewFailed(id, err)
			return
		}
	}
}

// renewed records a renewal sent at t0 that NATS stored as revision rev.
func (n *Node) renewed(id string, rev uint64, t0 time.Time) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.session != id {
		return
	}
	n.sessRev, n.validUntil, n.storedBy, n.renewedAt = rev, later(n.validUntil, t0.Add(n.validFor())), time.Now(), time.Now()
	clear(n.pending)
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// reconcile reads session id's key after a renewal failed its
// compare-and-set. Only this node writes the key, so if it is still there
// a renewal of ours whose answer was lost was stored: the node adopts its
// revision (and, knowing when that renewal was sent, its validity). If it
// is gone, the session expired. It reports whether the session goes on.
func (n *Node) reconcile(id string) bool {
	ctx, cancel := context.WithTimeout(n.ctx, n.renewPeriod())
	e, err := n.nodes.Get(ctx, id)
	cancel()
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted):
		n.endSession(id, "session expired")
		return false
	case err != nil:
		n.renewFailed(id, err)
		return false
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.session != id {
		return false
	}
	sent, known := n.pending[string(e.Value())]
	n.sessRev, n.storedBy = e.Revision(), time.Now()
	if known {
		n.validUntil = later(n.validUntil, sent.Add(n.validFor()))
	}
	clear(n.pending)
	n.cfg.Log.Info("cluster session renewal stored though its answer was lost: adopted", "session", id,
		"revision", e.Revision(), "known", known)
	return true
}

// renewFailed handles a renewal that failed without saying whether the
// session lives: the session is lost only once it must have expired (no
// renewal stored for a TTL), or when its bucket is gone.
func (n *Node) renewFailed(id string, err error) {
	n.mu.Lock()
	stored := n.storedBy
	n.mu.Unlock()
	switch {
	case time.Since(stored) > n.cfg.TTL:
		n.endSession(id, "not renewed for a TTL: "+err.Error())
	case n.bucketMissing():
		n.endSession(id, "the session bucket is gone (NATS lost its storage?)")
	default:
		n.cfg.Log.Warn("cluster session renewal", "session", id, "err", err)
	}
}

// bucketMissing asks NATS whether the session bucket exists (false when
// NATS does not answer).
func (n *Node) bucketMissing() bool {
	if !n.nc.IsConnected() {
		return false
	}
	ctx, cancel := context.WithTimeout(n.ctx, n.renewPeriod())
	defer cancel()
	_, err := n.js.KeyValue(ctx, n.nodes.Bucket())
	return errors.Is(err, jetstream.ErrBucketNotFound)
}

// endSession drops session id and every lease under it.
func (n *Node) endSession(id, why string) {
	n.mu.Lock()
	if n.session != id {
		n.mu.Unlock()
		return
	}
	n.session = ""
	var lost []*Lease
	n.dropped = nil
	for table, l := range n.leases {
		lost = append(lost, l)
		n.dropped = append(n.dropped, table)
	}
	n.mu.Unlock()
	n.cfg.Log.Warn("cluster session ended", "session", id, "why", why, "leases", len(lost))
	for _, l := range lost {
		n.lose(l, "session ended")
	}
}

// sessionValid reports whether session id is the node's and still valid.
func (n *Node) sessionValid(id string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return id != "" && n.session == id && time.Now().Before(n.validUntil)
}

// alive asks the bucket whether session id is live.
func (n *Node) sessionAlive(ctx context.Context, id string) (bool, error) {
	_, err := n.nodes.Get(ctx, id)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted):
		return false, nil
	default:
		return false, fmt.Errorf("cluster: session %s: %w", id, err)
	}
}

// watch follows every key of kv: begin is called before each (re)start,
// apply with each entry, ready once the initial values are in. A watcher
// whose subscription ends (a NATS restart may do that) is started again,
// from the current values.
func (n *Node) watch(kv jetstream.KeyValue, restart chan struct{}, begin func(), apply func(jetstream.KeyValueEntry), ready func()) {
	defer n.wg.Done()
	for n.ctx.Err() == nil {
		w, err := kv.WatchAll(n.ctx)
		if err != nil {
			n.cfg.Log.Warn("cluster watch", "bucket", kv.Bucket(), "err", err)
			select {
			case <-n.ctx.Done():
				return
			case <-time.After(n.cfg.TTL / 4):
			}
			continue
		}
		begin()
	follow:
		for {
			select {
			case <-n.ctx.Done():
				w.Stop()
				return
			case <-restart:
				break follow
			case e, ok := <-w.Updates():
				switch {
				case !ok:
					break follow
				case e == nil:
					ready()
				default:
					apply(e)
				}
			}
		}
		w.Stop()
	}
}

// watchTables keeps owners up to date, and notices a lease of ours taken
// by another node.
func (n *Node) watchTables() {
	n.watch(n.tables, n.restartWatch[0], func() {
		n.mu.Lock()
		n.owners, n.tablesReady = map[string]string{}, false
		n.mu.Unlock()
	}, func(e jetstream.KeyValueEntry) {
		n.mu.Lock()
		var gone *Lease
		delete(n.offered, e.Key())
		if e.Operation() == jetstream.KeyValuePut {
			n.owners[e.Key()] = string(e.Value())
		} else {
			delete(n.owners, e.Key())
		}
		if l := n.leases[e.Key()]; l != nil && e.Revision() > l.token &&
			(e.Operation() != jetstream.KeyValuePut || string(e.Value()) != l.session) {
			gone = l
		}
		n.mu.Unlock()
		if gone != nil {
			n.lose(gone, "taken by another node")
		}
	}, func() {
		n.mu.Lock()
		n.tablesReady = true
		n.mu.Unlock()
	})
}

// watchNodes keeps the set of live sessions, and reports the sessions that
// end.
func (n *Node) watchNodes() {
	var before map[string]bool
	n.watch(n.nodes, n.restartWatch[1], func() {
		n.mu.Lock()
		before, n.alive, n.nodesReady = n.alive, map[string]bool{}, false
		n.mu.Unlock()
	}, func(e jetstream.KeyValueEntry) {
		n.mu.Lock()
		if e.Operation() == jetstream.KeyValuePut {
			n.alive[e.Key()] = true
			n.lastSeen[e.Key()] = e.Created()
			if e.Key() == n.session {
				n.seenOwn = time.Now()
			}
			n.mu.Unlock()
			return
		}
		ready := n.nodesReady
		n.mu.Unlock()
		if ready {
			n.sessionEnded(e.Key())
		}
	}, func() {
		n.mu.Lock()
		n.nodesReady = true
		var ended []string
		for s := range before {
			if !n.alive[s] {
				ended = append(ended, s)
			}
		}
		before = nil
		n.mu.Unlock()
		for _, s := range ended {
			n.report(s)
		}
	})
}

// sessionEnded handles the end of session s, once.
func (n *Node) sessionEnded(s string) {
	n.mu.Lock()
	was := n.alive[s]
	delete(n.alive, s)
	n.mu.Unlock()
	if was {
		n.report(s)
	}
}

func (n *Node) report(s string) {
	if n.cfg.OnSessionEnd != nil {
		n.cfg.OnSessionEnd(s)
	}
	n.offerOrphans(s)
}

// sweepLoop checks, every TTL, that the sessions believed alive are (so a
// death is found even if a watcher missed its marker), and offers the
// tables still orphaned.
func (n *Node) sweepLoop() {
	defer n.wg.Done()
	tk := time.NewTicker(n.cfg.TTL)
	defer tk.Stop()
	for {
		select {
		case <-n.ctx.Done():
			return
		case <-tk.C:
		}
		n.mu.Lock()
		var check []string
		for s := range n.alive {
			if s != n.session {
				check = append(check, s)
			}
		}
		for s, at := range n.lastSeen {
			if !n.alive[s] && time.Since(at) > time.Hour {
				delete(n.lastSeen, s)
			}
		}
		ready := n.nodesReady
		// The session is renewed every TTL/8 and each renewal is a put the
		// nodes watcher should see: if it saw none for a TTL, the watchers
		// are stuck (NATS restarted under them): start them again.
		stuck := n.session != "" && n.renewedAt.Sub(n.seenOwn) > n.cfg.TTL && time.Since(n.seenOwn) > n.cfg.TTL
		n.mu.Unlock()
		if stuck {
			n.cfg.Log.Warn("cluster watchers restarted: no update seen for a TTL")
			for _, c := range n.restartWatch {
				select {
				case c <- struct{}{}:
				default:
				}
			}
		}
		for _, s := range check {
			if !ready {
				break
			}
			ctx, cancel := context.WithTimeout(n.ctx, n.cfg.TTL/2)
			alive, err := n.sessionAlive(ctx, s)
			cancel()
			if err == nil && !alive {
				n.sessionEnded(s)
			}
		}
		n.offerOrphans("")
	}
}

// offerOrphans calls OnOrphan for the tables of dead sessions (of session
// dead, or of any session not alive when dead is "") that rendezvous
// hashing gives to this node.
func (n *Node) offerOrphans(dead string) {
	if n.cfg.OnOrphan == nil {
		return
	}
	n.mu.Lock()
	if !n.tablesReady || !n.nodesReady || n.session == "" {
		n.mu.Unlock()
		return
	}
	var mine []string
	for table, owner := range n.owners {
		if dead != "" && owner != dead || dead == "" && n.alive[owner] {
			continue
		}
		// Offered less than a TTL ago: being taken over, probably.
		if at, ok := n.offered[table]; ok && time.Since(at) < n.cfg.TTL {
			continue
		}
		if n.pick(table) == n.session {
			mine = append(mine, table)
			n.offered[table] = time.Now()
		}
	}
	n.mu.Unlock()
	for _, table := range mine {
		go n.cfg.OnOrphan(table)
	}
}

// pick is the live session that should take table over: the highest hash
// of (session, table). n.mu is held.
func (n *Node) pick(table string) string {
	best, bestScore := "", uint64(0)
	for s := range n.alive {
		if s == n.session {
			continue // scored below, whether the watcher has seen it yet or not
		}
		h := fnv.New64a()
		h.Write([]byte(s))
		h.Write([]byte{0})
		h.Write([]byte(table))
		if v := fmix64(h.Sum64()); best == "" || v > bestScore || v == bestScore && s < best {
			best, bestScore = s, v
		}
	}
	if n.session != "" {
		h := fnv.New64a()
		h.Write([]byte(n.session))
		h.Write([]byte{0})
		h.Write([]byte(table))
		if v := fmix64(h.Sum64()); best == "" || v > bestScore || v == bestScore && n.session < best {
			best = n.session
		}
	}
	return best
}

// Mine reports whether this node is the live node that rendezvous hashing
// gives table to, in its current view of the live sessions: the one that
// should load it when no request asks for it (live tables at start-up, due
// async deadlines), so that the nodes do not all race for every table.
// Acquire still decides; this only spreads the work.
func (n *Node) Mine(table string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.session != "" && n.pick(table) == n.session
}

// fmix64 is MurmurHash3's finaliser: FNV alone hardly mixes a common
// suffix, so one session would win (nearly) every table.
func fmix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// Owner returns the session that owns table ("" if none) and whether it
// is alive.
func (n *Node) Owner(ctx context.Context, table string) (owner string, alive bool, err error) {
	if err := validName(table); err != nil {
		return "", false, err
	}
	e, err := n.tables.Get(ctx, table)
	if errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("cluster: owner of %s: %w", table, err)
	}
	owner = string(e.Value())
	alive, err = n.sessionAlive(ctx, owner)
	return owner, alive, err
}

// Stats returns the node's counters.
func (n *Node) Stats() Stats {
	n.mu.Lock()
	leases := len(n.leases)
	n.mu.Unlock()
	return Stats{Leases: leases, Acquired: n.st.acquired.Load(), TakenOver: n.st.takenOver.Load(),
		Lost: n.st.lost.Load(), Sessions: n.st.sessions.Load(), Forwarded: n.st.forwarded.Load(),
		Served: n.st.served.Load(), Published: n.st.published.Load(), Delivered: n.st.delivered.Load(),
		Dropped: n.st.dropped.Load()}
}

// Close leaves the cluster gracefully: it releases every lease (other
// nodes may take the tables at once instead of after TTL), ends the
// session and stops. Call it after the tables have stopped writing.
func (n *Node) Close(ctx context.Context) error {
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return nil
	}
	n.closed = true
	var held []*Lease
	for _, l := range n.leases {
		held = append(held, l)
	}
	id := n.session
	n.mu.Unlock()
	var errs []error
	for _, l := range held {
		errs = append(errs, l.Release(ctx))
	}
	n.cancel()
	n.wg.Wait()
	n.mu.Lock()
	subs := n.subs
	n.subs = map[string]*Subscription{}
	n.session = ""
	n.mu.Unlock()
	for _, s := range subs {
		s.sub.Unsubscribe() // a write to NATS: not under n.mu
	}
	if id != "" {
		if err := n.nodes.Delete(ctx, id); err != nil {
			errs = append(errs, fmt.Errorf("cluster: end session: %w", err))
		}
	}
	return errors.Join(errs...)
}
