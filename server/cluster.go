package server

// Several nodes (docs/scaling.md). A live table has one owner node, which
// runs its goroutine exactly as a single server does; package cluster
// relays what another node gets about it (its Relay: HTTP requests sent
// whole to the owner, WebSockets relayed message by message). This file
// is all the server knows of it: the lease a loaded table holds (load),
// the dead nodes' tables offered to this one (onOrphan), and the host
// side of the relay (clusterHost: open a table here, serve a forwarded
// HTTP request, seat a socket another node relays), with the two conns
// the relay's sockets are on this side (remoteSock on the owner, a conn
// with relay set on the relaying node). The table's code does not know
// the difference: a relayed socket's conn sends and closes like a local
// one's.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

var (
	// errElsewhere: another node owns the table.
	errElsewhere = errors.New("the table is served by another node")
	// errRetry: this node's own lease of the table is held by a table
	// that is stopping; try again in a moment.
	errRetry = errors.New("the table is being unloaded on this node")
	// errNotOwner: the table's lease is no longer valid; nothing may be
	// written.
	errNotOwner = errors.New("this node no longer owns the table")
	// errStoredLate: a write was stored but the lease was no longer
	// valid when it returned: it may have landed after a new owner loaded
	// the table, so it is not acknowledged.
	errStoredLate = errors.New("stored as this node's lease of the table ended")
	// errNotHere: a forwarded request reached a node that does not have
	// the table (it just lost or released it).
	errNotHere = cluster.ErrNotHere
)

// joinCluster joins the cluster when the configuration asks for one.
func (s *Server) joinCluster(ctx context.Context) error {
	if s.cfg.Cluster == nil {
		close(s.nodeReady)
		return nil
	}
	cc := *s.cfg.Cluster
	cc.OnOrphan = s.onOrphan
	if cc.Log == nil {
		cc.Log = s.log
	}
	r := cluster.NewRelay(clusterHost{s}, cluster.RelayConfig{Beat: s.cfg.RelayBeat, NoDetach: s.faults.noDetach.Load})
	n, err := r.Join(ctx, cc)
	if err != nil {
		return fmt.Errorf("join the cluster: %w", err)
	}
	s.node, s.relay = n, r
	close(s.nodeReady)
	s.met.reg.Register(n.Collector())
	s.log.Info("joined the cluster", "session", n.Session())
	return nil
}

// closeRelays closes the sockets this node relays to other owners (the
// server is stopping: their clients reconnect) and stops the relay's
// beats.
func (s *Server) closeRelays() {
	if s.relay != nil {
		s.relay.Close()
	}
}

// leaveCluster releases the remaining leases and ends the session (the
// tables have stopped).
func (s *Server) leaveCluster() {
	if s.node == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.node.Close(ctx); err != nil {
		s.log.Error("leave the cluster", "err", err)
	}
}

// load loads table id on this node: on a single node from the store; in a
// cluster only after acquiring its lease, else it names the owner.
func (s *Server) load(ctx context.Context, id string, giveBack bool) (*table, string, error) {
	var since time.Time
	if giveBack {
		since = s.lastBeat
	}
	if s.node == nil {
		t, err := s.loadTable(ctx, id, since)
		return t, "", err
	}
	// A table that does not exist takes no lease (a request for a made-up
	// id would cost two key-value writes).
	if _, err := s.st.Table(ctx, id); err != nil {
		return nil, "", err
	}
	l, err := s.relay.Acquire(ctx, id)
	var held *cluster.HeldError
	switch {
	case errors.As(err, &held) && held.Owner == s.node.Session():
		return nil, "", errRetry
	case errors.As(err, &held):
		return nil, held.Owner, nil
	case errors.Is(err, cluster.ErrBadName):
		return nil, "", fmt.Errorf("table %q: %w", id, store.ErrNotFound)
	case err != nil:
		// No session, NATS away, a lease request timing out: a moment.
		return nil, "", unavailable("the cluster", fmt.Errorf("table %s: %w", id, err))
	}
	if prev, seen := l.Previous(); prev != "" {
		// Taken from a dead node: its clocks stopped when it died, which
		// was after its last renewal and within TTL/4 of it.
		since = seen
		if since.IsZero() {
			since = s.lastBeat
		}
		s.log.Info("table taken over", "table", id, "from", prev, "last_seen", seen)
	}
	t, err := s.loadTable(ctx, id, since)
	if err != nil {
		rctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		l.Release(rctx)
		cancel()
		return nil, "", err
	}
	t.lease = l
	return t, "", nil
}

// release gives the table's lease up (the table has stopped), so that
// another node may take it at once. It is called on the table's goroutine
// as it ends, and the key's deletion is a NATS round trip (2 s at most):
// made there, it kept whoever was waiting for the table (do, post) until
// it came back, up to 2 s when NATS is away. So it is made on a goroutine
// of its own: forwarded requests that arrive meanwhile find the table
// gone (errNotHere), a load of it here is told to retry (errRetry) until
// the lease is dropped, and a node leaving releases what is left
// (leaveCluster; Release drops a lease once).
func (t *table) release() {
	if t.lease == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := t.lease.Release(ctx); err != nil {
			t.srv.log.Warn("release table", "table", t.id, "err", err)
		}
	}()
}

// onOrphan: a dead node's table is offered to this one. It is loaded only
// if something needs an owner without anyone asking (needsOwner): a table
// nobody plays is not read from the store — takeover cost grew with every
// table the dead node had loaded, abandoned games included — but its lease
// is taken and released at once, so that it is not offered again; it loads
// on demand when someone asks for it (a socket, a request, a deadline
// coming due).
func (s *Server) onOrphan(id string) {
	<-s.nodeReady
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	meta, err := s.st.Table(ctx, id)
	switch {
	case err != nil && !errors.Is(err, store.ErrNotFound):
		s.log.Error("orphaned table", "table", id, "err", err) // offered again a TTL later
		return
	case err != nil || !s.needsOwner(meta):
		s.disown(ctx, id)
		return
	}
	if _, err := s.table(ctx, id, false); err != nil && !errors.Is(err, errElsewhere) && !errors.Is(err, errClosed) {
		s.log.Error("orphaned table", "table", id, "err", err)
	}
}

// needsOwner reports whether a table must run without anyone asking: a
// live realtime table (its clock runs), a live table with a bot seat (the
// row does not say whose turn it is: a bot may be to move) or a deadline
// or a reminder due before the next scan. People at the dead node's tables reconnect and
// load them on demand.
func (s *Server) needsOwner(meta store.Table) bool {
	if meta.Status != store.StatusLive {
		return false
	}
	if meta.Clock.Mode == clockRealtime {
		return true
	}
	for _, st := range meta.Seats {
		if st.Kind == "bot" || st.Zombie {
			return true
		}
	}
	soon := s.now().Add(s.cfg.DueCheck)
	return (!meta.Deadline.IsZero() && meta.Deadline.Before(soon)) || (!meta.Remind.IsZero() && meta.Remind.Before(soon))
}

// disown frees an orphaned table's lease without loading the table: taken
// from the dead session and released, its key is gone and the next node
// that needs the table takes it at once. Another node taking it first is
// fine.
func (s *Server) disown(ctx context.Context, id string) {
	l, err := s.relay.Acquire(ctx, id)
	if err != nil {
		return // held (by this node or another) or NATS away: offered again if still orphaned
	}
	if err := l.Release(ctx); err != nil {
		s.log.Warn("release orphaned table", "table", id, "err", err)
	}
}

// local is table id if this node has it (waiting for a load under way).
func (s *Server) local(ctx context.Context, id string) (*table, error) {
	for {
		s.mu.Lock()
		t, ch := s.tables[id], s.loading[id]
		s.mu.Unlock()
		if t != nil {
			return t, nil
		}
		if ch == nil {
			return nil, errNotHere
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// clusterHost is the server as the relay's host: what the relay asks of
// the node it runs on.
type clusterHost struct{ s *Server }

// Open opens table id here if this node has it or can take it, else names
// its owner.
func (h clusterHost) Open(ctx context.Context, id string) (string, error) {
	t, owner, err := h.s.open(ctx, id, false)
	if err != nil || t != nil {
		return "", err
	}
	return owner, nil
}

// Loaded reports whether table id is loaded here.
func (h clusterHost) Loaded(ctx context.Context, id string) error {
	_, err := h.s.local(ctx, id)
	return err
}

// ServeHTTP serves a request another node forwarded through this node's
// handler (which does not forward it again).
func (h clusterHost) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.s.handler.ServeHTTP(w, r) }

// Attach seats a relayed socket at table id, as serveWS does a local one.
func (h clusterHost) Attach(ctx context.Context, id string, rs *cluster.RemoteSocket, a cluster.Attach) (int, cluster.Attached, error) {
	s := h.s
	t, err := s.local(ctx, id)
	if err != nil {
		return 0, nil, err
	}
	if t.lease == nil {
		return 0, nil, errNotHere
	}
	c := &conn{srv: s, table: t.id, t: t, identity: a.Identity, lang: a.Lang, closedCh: make(chan struct{}),
		remote: &remoteSock{rs: rs}}
	var refused error
	err = t.do(func() {
		seat, err := t.seatFor(a.Identity, a.Seat)
		if err != nil {
			refused = &cluster.RefusedError{Msg: err.Error()}
			return
		}
		c.seat = seat
		t.attach(c, a.Since)
	})
	switch {
	case errors.Is(err, errUnloaded):
		return 0, nil, errNotHere
	case err != nil:
		return 0, nil, err
	case refused != nil:
		return 0, nil, refused
	}
	return c.seat, remoteConn{c}, nil
}

// remoteSock is the owner's side of a socket another node relays: what
// the table sends it is published to that node.
type remoteSock struct {
	rs *cluster.RemoteSocket
}

// send publishes b to the relaying node (on the table's goroutine; never
// blocks).
func (r *remoteSock) send(c *conn, b []byte) {
	select {
	case <-c.closedCh:
		return
	default:
	}
	r.rs.Send(b)
}

// closed tells the relaying node to close its socket, and detaches it.
func (r *remoteSock) closed(c *conn, code websocket.StatusCode, why string) {
	r.rs.Close(uint16(code), why)
	c.detachLater()
}

// detachLater detaches a relayed socket's conn from its table: not from
// the table's goroutine (closeAll runs there, and its inbox may be full),
// so detach waits its turn on a goroutine of its own.
func (c *conn) detachLater() {
	go c.t.post(func() { c.t.detach(c) })
}

// remoteConn is a relayed socket's conn on the owner, as the relay sees
// it.
type remoteConn struct{ c *conn }

// Message handles a client message of the relayed socket.
func (r remoteConn) Message(b []byte) error {
	m, err := decodeClient(b)
	if err != nil {
		return err // the relaying node decoded it: not a client's error
	}
	if !r.c.handle(m) {
		return errNotHere
	}
	return nil
}

// Close closes the socket telling the client why.
func (r remoteConn) Close(why string) { r.c.fail(why) }

// Drop ends the socket without a word to the relaying node.
func (r remoteConn) Drop() {
	r.c.once.Do(func() { close(r.c.closedCh) })
	r.c.detachLater()
}

// relaySock is the relaying node's side of a socket whose table another
// node owns.
type relaySock = cluster.Relayed

// relayView is a relaying node's conn, as the relay sees it: what the
// owner sends the socket.
type relayView struct{ c *conn }

func (v relayView) Send(b []byte)                 { v.c.send(b) }
func (v relayView) Close(code uint16, why string) { v.c.closeWith(websocket.StatusCode(code), why) }

// relayWS serves a WebSocket of a table owned by another node.
func (s *Server) relayWS(w http.ResponseWriter, r *http.Request, id, owner, identity, lang string, wantSeat, since int) {
	ctx := r.Context()
	var c *conn
	view := func() cluster.Viewer {
		if c != nil {
			c.cancel()
		}
		c = &conn{srv: s, table: id, identity: identity, lang: lang, out: make(chan []byte, s.cfg.Queue),
			closedCh: make(chan struct{})}
		c.ctx, c.cancel = context.WithCancel(context.Background())
		return relayView{c}
	}
	rs, seat, err := s.relay.Dial(ctx, id, owner, cluster.Attach{Identity: identity, Lang: lang, Seat: wantSeat, Since: since}, view)
	if err != nil {
		if c != nil {
			c.cancel()
		}
		var refused *cluster.RefusedError
		switch {
		case errors.Is(err, cluster.ErrHere):
			// This node took the table: serve it here.
			s.serveWS(w, r)
		case ctx.Err() != nil:
		case errors.As(err, &refused):
			s.httpError(w, r, http.StatusForbidden, refused.Msg)
		case errors.Is(err, cluster.ErrUnreachable), errors.Is(err, cluster.ErrClosed):
			s.apiError(w, r, http.StatusServiceUnavailable, shelltext.Errorf("err.unavailable"))
		default:
			s.answerErr(w, r, unavailable("the cluster", err))
		}
		return
	}
	c.seat, c.relay = seat, rs
	s.met.relayed.Inc()
	s.met.sockets.Inc()
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.Origins})
	if err != nil {
		s.log.Info("websocket refused", "table", id, "err", err)
		s.relayClosed(c)
		c.cancel()
		return
	}
	ws.SetReadLimit(int64(s.cfg.MaxFrame))
	c.ws = ws
	go c.reader()
	go c.writer()
}

// forward sends a client message of a relayed socket to the owner, and
// waits for it to be queued there (so that the owner sees the client's
// messages in order); false ends the reader.
func (c *conn) forward(b []byte) bool {
	if err := c.relay.Forward(c.ctx, b); err != nil {
		// The owner is gone, or did not answer (the message may or may
		// not have been applied): the client reconnects, resyncs and
		// resends with the same id, which is applied once.
		c.fail(wsClose("nodeSilent"))
		return false
	}
	return true
}

// relayClosed ends a relayed socket: the owner forgets it.
func (s *Server) relayClosed(c *conn) {
	if c.relay.Close() {
		s.met.relayed.Dec()
		s.met.sockets.Dec()
	}
}

// forwardHTTP sends the HTTP requests about a table another node owns
// (/api/tables/ID…, /t/ID, /join/ID, /replay/ID) to that node, whole, and
// answers with its answer. WebSockets are relayed by serveWS instead.
func (s *Server) forwardHTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := tablePathID(r.URL.Path)
		if s.relay == nil || id == "" || cluster.Forwarded(r.Context()) {
			next.ServeHTTP(w, r)
			return
		}
		err := s.relay.ForwardHTTP(w, r, id)
		var body *cluster.BodyError
		switch {
		case err == nil:
		case errors.Is(err, cluster.ErrHere):
			// Here (or an error the handler reports as usual).
			next.ServeHTTP(w, r)
		case errors.As(err, &body):
			s.httpError(w, r, http.StatusBadRequest, body.Error())
		case errors.Is(err, cluster.ErrTooLarge):
			s.apiError(w, r, http.StatusRequestEntityTooLarge, shelltext.Errorf("err.tooLarge"))
		case r.Context().Err() != nil:
		default:
			s.apiError(w, r, http.StatusServiceUnavailable, shelltext.Errorf("err.unavailable"))
		}
	})
}

// tablePathID is the table id of the paths about one table ("" for others).
func tablePathID(path string) string {
	for _, p := range []string{"/api/tables/", "/t/", "/join/", "/replay/"} {
		if rest, ok := strings.CutPrefix(path, p); ok {
			id, _, _ := strings.Cut(rest, "/")
			return id
		}
	}
	return ""
}
