package server

// Several nodes (docs/scaling.md). A live table has one owner node, which
// runs its goroutine exactly as a single server does. Another node that
// gets a request for it relays: HTTP requests about the table are sent
// whole to the owner and answered with its answer; a WebSocket stays on
// the node the client reached, which forwards what the client says to the
// owner (cluster.Request) and delivers what the owner publishes for that
// socket (cluster.Subscribe, one viewer per relayed socket). On the owner
// the relayed socket is a conn like the others whose send publishes, so
// that the table's code does not know the difference: the versions, acks
// and refusals a relayed client receives are exactly those a local one
// would, in the same order, and a gap (an update lost, a new owner) closes
// the socket so that the client reconnects and resyncs.

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
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
	errNotHere = errors.New("the table is not loaded on this node")
)

// joinCluster joins the cluster when the configuration asks for one.
func (s *Server) joinCluster(ctx context.Context) error {
	if s.cfg.Cluster == nil {
		close(s.nodeReady)
		return nil
	}
	cc := *s.cfg.Cluster
	cc.OnOrphan = s.onOrphan
	cc.OnSessionEnd = s.onSessionEnd
	if cc.Log == nil {
		cc.Log = s.log
	}
	n, err := cluster.Join(ctx, cc)
	if err != nil {
		return fmt.Errorf("join the cluster: %w", err)
	}
	s.node = n
	close(s.nodeReady)
	s.met.reg.MustRegister(n.Collector())
	s.log.Info("joined the cluster", "session", n.Session())
	return nil
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
	l, err := s.node.Acquire(ctx, id, s.serveForwarded(id))
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
// another node may take it at once.
func (t *table) release() {
	if t.lease == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := t.lease.Release(ctx); err != nil {
		t.srv.log.Warn("release table", "table", t.id, "err", err)
	}
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
	l, err := s.node.Acquire(ctx, id, s.serveForwarded(id))
	if err != nil {
		return // held (by this node or another) or NATS away: offered again if still orphaned
	}
	if err := l.Release(ctx); err != nil {
		s.log.Warn("release orphaned table", "table", id, "err", err)
	}
}

// onSessionEnd: a node left or died. The sockets this node relays to it
// reconnect; the sockets it relayed to this node's tables are dropped. It
// runs on the cluster's watcher: it must not block.
func (s *Server) onSessionEnd(session string) {
	s.mu.Lock()
	var relays, remotes []*conn
	for _, c := range s.relays {
		if c.relay.owner == session || c.relay.session == session {
			relays = append(relays, c)
		}
	}
	for _, c := range s.remotes {
		if c.remote.session == session {
			remotes = append(remotes, c)
		}
	}
	s.mu.Unlock()
	for _, c := range relays {
		c.fail("the table's node is gone; reconnect")
	}
	for _, c := range remotes {
		s.dropRemote(c)
	}
}

// fwdReq is a request forwarded to a table's owner.
type fwdReq struct {
	Op       string          `json:"op"`             // attach, msg, detach, http
	Sock     string          `json:"sock,omitempty"` // the relayed socket's viewer id
	Session  string          `json:"session,omitempty"`
	Identity string          `json:"identity,omitempty"`
	Lang     string          `json:"lang,omitempty"`
	Seat     int             `json:"seat"`
	Since    int             `json:"since"`
	Msg      json.RawMessage `json:"msg,omitempty"`
	HTTP     *fwdHTTP        `json:"http,omitempty"`
	Socks    []string        `json:"socks,omitempty"` // alive: the relaying node's live sockets of the table
	Part     string          `json:"part,omitempty"`  // part: the big answer's key
	Off      int             `json:"off,omitempty"`   // part: the offset wanted
}

type fwdHTTP struct {
	Method     string      `json:"method"`
	URL        string      `json:"url"`
	Host       string      `json:"host"`
	RemoteAddr string      `json:"remoteAddr"`
	Header     http.Header `json:"header"`
	Body       []byte      `json:"body,omitempty"`
}

// fwdResp is the owner's answer.
type fwdResp struct {
	Seat   int         `json:"seat"`
	Owner  string      `json:"owner,omitempty"`
	Err    string      `json:"err,omitempty"` // attach refused (the seat)
	Status int         `json:"status,omitempty"`
	Header http.Header `json:"header,omitempty"`
	Body   []byte      `json:"body,omitempty"`
	// Sent (alive): for each announced socket the owner knows, its lease's
	// token and the number of updates published to it.
	Sent map[string][2]uint64 `json:"sent,omitempty"`
	// Part (http): the body is too big for one NATS message; Body is its
	// first part, and the rest (Size bytes in all) is fetched with op part.
	Part string `json:"part,omitempty"`
	Size int    `json:"size,omitempty"`
}

// forwardedKey marks a request running on the owner for another node.
type forwardedKey struct{}

// serveForwarded is the lease's handler: what other nodes ask of table id
// on this node, its owner. Requests come one at a time, in order.
func (s *Server) serveForwarded(id string) cluster.Handler {
	return func(ctx context.Context, b []byte) ([]byte, error) {
		var req fwdReq
		if err := json.Unmarshal(b, &req); err != nil {
			return nil, fmt.Errorf("forwarded request: %w", err)
		}
		if req.Op == "part" {
			return s.servePart(req)
		}
		t, err := s.local(ctx, id)
		if err != nil {
			return nil, err
		}
		var resp fwdResp
		switch req.Op {
		case "attach":
			err = s.attachRemote(t, req, &resp)
		case "msg":
			err = s.remoteMsg(t, req)
		case "detach":
			s.mu.Lock()
			c := s.remotes[req.Sock]
			s.mu.Unlock()
			if c != nil {
				s.dropRemote(c)
			}
		case "alive":
			resp.Sent, resp.Owner = s.remotesAlive(req.Socks), s.node.Session()
		case "http":
			s.serveHTTPFor(ctx, req.HTTP, &resp)
			s.splitAnswer(&resp)
		default:
			err = fmt.Errorf("forwarded request: unknown op %q", req.Op)
		}
		if err != nil {
			return nil, err
		}
		return json.Marshal(resp)
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

// remoteSock is the owner's side of a socket another node relays.
type remoteSock struct {
	id      string // viewer id: the subject the relaying node subscribed
	session string // the relaying node's session
	lease   *cluster.Lease
	seen    time.Time // last announced alive by the relaying node (under Server.mu)
}

// Frames published to a relayed socket: 'm' and a server message, or 'c',
// a close code (2 bytes) and the reason.
const (
	frameMsg   = 'm'
	frameClose = 'c'
)

// send publishes b to the relaying node (on the table's goroutine). A
// lease that ended publishes nothing: the relaying node learns of the end
// from the cluster (the owner's session ended) and its client reconnects.
func (r *remoteSock) send(c *conn, b []byte) {
	select {
	case <-c.closedCh:
		return
	default:
	}
	msg := make([]byte, 1+len(b))
	msg[0] = frameMsg
	copy(msg[1:], b)
	r.lease.Publish(r.id, msg)
}

// closed tells the relaying node to close its socket, and detaches it.
func (r *remoteSock) closed(c *conn, code websocket.StatusCode, why string) {
	msg := make([]byte, 3, 3+len(why))
	msg[0] = frameClose
	binary.BigEndian.PutUint16(msg[1:], uint16(code))
	r.lease.Publish(r.id, append(msg, why...))
	c.srv.unlinkRemote(c)
}

// dropRemote ends a relayed socket on the owner without a word to the
// relaying node (it asked, or it is gone).
func (s *Server) dropRemote(c *conn) {
	c.once.Do(func() { close(c.closedCh) })
	s.unlinkRemote(c)
}

// unlinkRemote forgets a relayed socket and detaches it from its table.
func (s *Server) unlinkRemote(c *conn) {
	s.mu.Lock()
	if s.remotes[c.remote.id] == c {
		delete(s.remotes, c.remote.id)
	}
	s.mu.Unlock()
	// Not from the table's goroutine (closeAll runs there, and its inbox
	// may be full): detach waits its turn.
	go c.t.post(func() { c.t.detach(c) })
}

// attachRemote seats a relayed socket at t, as serveWS does a local one.
func (s *Server) attachRemote(t *table, req fwdReq, resp *fwdResp) error {
	if t.lease == nil {
		return errNotHere
	}
	c := &conn{srv: s, table: t.id, t: t, identity: req.Identity, lang: req.Lang, closedCh: make(chan struct{}),
		remote: &remoteSock{id: req.Sock, session: req.Session, lease: t.lease}}
	err := t.do(func() {
		seat, err := t.seatFor(req.Identity, req.Seat)
		if err != nil {
			resp.Err = err.Error()
			return
		}
		c.seat = seat
		resp.Seat = seat
		s.mu.Lock()
		c.remote.seen = time.Now()
		s.remotes[req.Sock] = c
		s.mu.Unlock()
		t.attach(c, req.Since)
	})
	if errors.Is(err, errUnloaded) {
		return errNotHere
	}
	resp.Owner = s.node.Session()
	return err
}

// remoteMsg is a client message of a relayed socket.
func (s *Server) remoteMsg(t *table, req fwdReq) error {
	s.mu.Lock()
	c := s.remotes[req.Sock]
	s.mu.Unlock()
	if c == nil || c.t != t {
		return errors.New("no such relayed socket")
	}
	m, err := decodeClient(req.Msg)
	if err != nil {
		return err // the relaying node decoded it: not a client's error
	}
	if !c.handle(m) {
		return errNotHere
	}
	return nil
}

// relaySock is the relaying node's side of a socket whose table another
// node owns.
type relaySock struct {
	id      string // viewer id
	owner   string // the owner's session
	session string // this node's session when the socket attached
	// conn is the number of times this node's NATS connection had been
	// re-established when the socket attached (natsConn).
	conn uint64
	sub  *cluster.Subscription
	// expect is the owner's token and count of updates published to this
	// socket at the last beat (relayBeat's goroutine only).
	expect [2]uint64
}

// relayWS serves a WebSocket of a table owned by another node.
func (s *Server) relayWS(w http.ResponseWriter, r *http.Request, id, owner, identity, lang string, wantSeat, since int) {
	ctx := r.Context()
	var c *conn
	for attempt := 0; ; attempt++ {
		c = &conn{srv: s, table: id, identity: identity, lang: lang, out: make(chan []byte, s.cfg.Queue),
			closedCh: make(chan struct{}), relay: &relaySock{id: "r" + s.newID(), owner: owner, session: s.node.Session(), conn: s.natsConn()}}
		c.ctx, c.cancel = context.WithCancel(context.Background())
		cc := c
		// Subscribe before attaching: the owner's first message (the sync)
		// is published as it attaches.
		sub, err := s.node.Subscribe(id, c.relay.id, func(u cluster.Update) { cc.deliver(u) })
		if err != nil {
			c.cancel()
			s.answerErr(w, r, unavailable("the cluster", fmt.Errorf("relay table %s: %w", id, err)))
			return
		}
		c.relay.sub = sub
		req, _ := json.Marshal(fwdReq{Op: "attach", Sock: c.relay.id, Session: c.relay.session, Identity: identity,
			Lang: lang, Seat: wantSeat, Since: since})
		out, err := s.node.Request(ctx, id, req)
		var resp fwdResp
		if err == nil {
			err = json.Unmarshal(out, &resp)
		}
		if err == nil && resp.Err != "" {
			sub.Stop()
			c.cancel()
			s.httpError(w, r, http.StatusForbidden, resp.Err)
			return
		}
		if err == nil {
			c.seat = resp.Seat
			c.relay.owner = resp.Owner
			break
		}
		sub.Stop()
		c.cancel()
		var remote *cluster.RemoteError
		if attempt >= 8 || !(errors.Is(err, cluster.ErrNoOwner) || errors.As(err, &remote)) {
			s.log.Warn("relay attach", "table", id, "err", err)
			s.apiError(w, r, http.StatusServiceUnavailable, shelltext.Errorf("err.unavailable"))
			return
		}
		// The owner is leaving the table or starting it: look again.
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Duration(20<<min(attempt, 4)) * time.Millisecond):
		}
		t, o, err := s.open(ctx, id, false)
		if err != nil {
			s.answerErr(w, r, err)
			return
		}
		if t != nil {
			// This node took the table: serve it here.
			s.serveWS(w, r)
			return
		}
		owner = o
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		s.relayClosed(c)
		c.cancel()
		s.apiError(w, r, http.StatusServiceUnavailable, shelltext.Errorf("err.unavailable"))
		return
	}
	s.relays[c.relay.id] = c
	s.mu.Unlock()
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

// deliver hands an update of the owner to the relayed socket (on the
// cluster's dispatch goroutine: never blocks).
func (c *conn) deliver(u cluster.Update) {
	switch {
	case u.Gap:
		// Something may be missing between what the client has and this:
		// the client resyncs from the version it has.
		c.fail("updates were lost between nodes; reconnect")
	case len(u.Data) > 0 && u.Data[0] == frameMsg:
		c.send(u.Data[1:])
	case len(u.Data) >= 3 && u.Data[0] == frameClose:
		c.closeWith(websocket.StatusCode(binary.BigEndian.Uint16(u.Data[1:])), string(u.Data[3:]))
	}
}

// forward sends a client message of a relayed socket to the owner, and
// waits for it to be queued there (so that the owner sees the client's
// messages in order); false ends the reader.
func (c *conn) forward(b []byte) bool {
	req, _ := json.Marshal(fwdReq{Op: "msg", Sock: c.relay.id, Msg: b})
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	if _, err := c.srv.node.Request(ctx, c.table, req); err != nil {
		// The owner is gone, or did not answer (the message may or may
		// not have been applied): the client reconnects, resyncs and
		// resends with the same id, which is applied once.
		c.fail("the table's node did not answer; reconnect")
		return false
	}
	return true
}

// relayClosed ends a relayed socket: the owner forgets it.
func (s *Server) relayClosed(c *conn) {
	s.mu.Lock()
	_, ok := s.relays[c.relay.id]
	delete(s.relays, c.relay.id)
	s.mu.Unlock()
	if ok {
		s.met.relayed.Dec()
		s.met.sockets.Dec()
	}
	c.relay.sub.Stop()
	if s.faults.noDetach.Load() {
		return
	}
	go func() {
		// Without it the owner would count the socket's seat as online
		// (no grace period, no unload) until this node's session ends: try
		// a few times. An owner that is gone has forgotten it.
		req, _ := json.Marshal(fwdReq{Op: "detach", Sock: c.relay.id})
		for attempt := range 3 {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, err := s.node.Request(ctx, c.table, req)
			cancel()
			if err == nil || errors.Is(err, cluster.ErrNoOwner) || errors.Is(err, cluster.ErrClosed) {
				return
			}
			time.Sleep(time.Duration(100<<attempt) * time.Millisecond)
		}
	}()
}

// closeRelays closes the relayed sockets (the server is stopping).
func (s *Server) closeRelays() {
	s.mu.Lock()
	var cs []*conn
	for _, c := range s.relays {
		cs = append(cs, c)
	}
	s.mu.Unlock()
	for _, c := range cs {
		c.fail("the server is shutting down; reconnect in a moment")
	}
}

// maxForwardedBody bounds a request body sent to another node.
const maxForwardedBody = 1 << 20

// forwardHTTP sends the HTTP requests about a table another node owns
// (/api/tables/ID…, /t/ID, /join/ID) to that node, whole, and answers with
// its answer. WebSockets are relayed by serveWS instead.
func (s *Server) forwardHTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := tablePathID(r.URL.Path)
		if s.node == nil || id == "" || r.Context().Value(forwardedKey{}) != nil {
			next.ServeHTTP(w, r)
			return
		}
		var body []byte
		for attempt := 0; ; attempt++ {
			t, _, err := s.open(r.Context(), id, false)
			if err != nil || t != nil {
				// Here (or an error the handler reports as usual).
				if body != nil {
					r.Body = io.NopCloser(bytes.NewReader(body))
				}
				next.ServeHTTP(w, r)
				return
			}
			if body == nil {
				body, err = io.ReadAll(io.LimitReader(r.Body, maxForwardedBody))
				if err != nil {
					s.httpError(w, r, http.StatusBadRequest, "request body: "+err.Error())
					return
				}
			}
			// The owner's answer travels in NATS messages (1 MB at most
			// by default): ask for it gzipped (a replay is up to ~1 MB of
			// JSON, ~60 KB gzipped) and unpack it here for a client that
			// did not ask; a bigger one comes in parts (fetchParts).
			header := r.Header.Clone()
			clientGzip := acceptsGzip(r)
			if !clientGzip {
				header.Set("Accept-Encoding", "gzip")
			}
			req, _ := json.Marshal(fwdReq{Op: "http", HTTP: &fwdHTTP{Method: r.Method, URL: r.URL.RequestURI(), Host: r.Host,
				RemoteAddr: r.RemoteAddr, Header: header, Body: body}})
			if int64(len(req)) > s.node.MaxPayload() {
				// Bodies are small (moves, forms): one this big is not
				// worth parts; say so rather than wait for a timeout.
				s.apiError(w, r, http.StatusRequestEntityTooLarge, shelltext.Errorf("err.tooLarge"))
				return
			}
			out, err := s.node.Request(r.Context(), id, req)
			var resp fwdResp
			if err == nil {
				err = json.Unmarshal(out, &resp)
			}
			if err == nil && resp.Part != "" {
				resp.Body, err = s.fetchParts(r.Context(), id, &resp)
			}
			if err == nil && !clientGzip && resp.Header.Get("Content-Encoding") == "gzip" {
				resp.Body, err = gunzip(resp.Body)
				resp.Header.Del("Content-Encoding")
				resp.Header.Del("Content-Length")
			}
			if err == nil {
				for k, v := range resp.Header {
					w.Header()[k] = v
				}
				w.WriteHeader(resp.Status)
				w.Write(resp.Body)
				return
			}
			var remote *cluster.RemoteError
			if attempt >= 8 || !(errors.Is(err, cluster.ErrNoOwner) || errors.As(err, &remote)) {
				s.log.Warn("forward request", "table", id, "err", err)
				s.apiError(w, r, http.StatusServiceUnavailable, shelltext.Errorf("err.unavailable"))
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(time.Duration(20<<min(attempt, 4)) * time.Millisecond):
			}
		}
	})
}

// gunzip unpacks a gzipped body.
func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("forwarded answer: %w", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("forwarded answer: %w", err)
	}
	return out, nil
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

// serveHTTPFor runs a request forwarded by another node through this
// node's handler.
func (s *Server) serveHTTPFor(ctx context.Context, f *fwdHTTP, resp *fwdResp) {
	if f == nil {
		resp.Status = http.StatusBadRequest
		return
	}
	ctx = context.WithValue(ctx, forwardedKey{}, true)
	r, err := http.NewRequestWithContext(ctx, f.Method, f.URL, bytes.NewReader(f.Body))
	if err != nil {
		resp.Status, resp.Body = http.StatusBadRequest, []byte(err.Error())
		return
	}
	r.Header, r.Host, r.RemoteAddr = f.Header, f.Host, f.RemoteAddr
	rec := &recorder{h: http.Header{}}
	s.handler.ServeHTTP(rec, r)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	resp.Status, resp.Header, resp.Body = rec.status, rec.h, rec.body.Bytes()
}

// recorder is an http.ResponseWriter that keeps the answer.
type recorder struct {
	h      http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.h }
func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// remotesAlive marks the relayed sockets announced by their relaying node
// as seen, and says for each how many updates it was sent; sockets this
// node does not know (dropped here, or never attached) are left out, and
// the relaying node closes them. The announcement comes through one of the
// node's tables but is about all the sockets that node relays to this one.
func (s *Server) remotesAlive(socks []string) map[string][2]uint64 {
	now := time.Now()
	out := make(map[string][2]uint64, len(socks))
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range socks {
		c := s.remotes[id]
		if c == nil {
			continue
		}
		c.remote.seen = now
		tok, n := c.remote.lease.Sent(id)
		out[id] = [2]uint64{tok, n}
	}
	return out
}

// relayBeat runs every RelayBeat on a cluster node. As owner it drops the
// relayed sockets not announced for three beats: their detach was lost (or
// their node is stuck), and a seat must not be shown online — without
// grace-period replacement — because of a socket that is gone. As relaying
// node it announces its live relayed sockets to their owners, and closes
// (the client resyncs) those that missed updates at the end of their
// stream, which no later update would reveal as a gap, and those the owner
// no longer knows.
func (s *Server) relayBeat() {
	s.dropSilentRemotes(time.Now().Add(-3 * s.cfg.RelayBeat))
	s.dropStaleParts(time.Now())
	s.announceRelays()
}

// natsConn counts the times this node's NATS connection was
// re-established: what NATS had not delivered on the old connection is
// lost (it delivers at most once).
func (s *Server) natsConn() uint64 {
	return s.cfg.Cluster.Conn.Stats().Reconnects
}

// leaseTTL is the cluster's lease TTL (cluster.Join's default when unset).
func (s *Server) leaseTTL() time.Duration {
	if s.cfg.Cluster.TTL > 0 {
		return s.cfg.Cluster.TTL
	}
	return 5 * time.Second
}

// dropStaleRelays closes, every TTL/4, the relayed sockets that may have
// missed their owner's updates with nothing left to tell them: those
// attached under a session this node no longer has (it was paused or cut
// off past its lease, and the owner dropped them when that session ended)
// and those attached before its NATS connection was re-established (a
// node paused long enough is disconnected as a slow consumer, and the
// updates published meanwhile are gone). Without it such a socket waited
// for a later update to show the gap, or for two relay beats, or for the
// owner to drop it after three: up to 20 s with the default beat while
// the client waited for the acknowledgement of its move. Their clients
// reconnect and resync.
func (s *Server) dropStaleRelays() {
	session, gen := s.node.Session(), s.natsConn()
	var stale []*conn
	s.mu.Lock()
	for _, c := range s.relays {
		if c.relay.session != session || c.relay.conn != gen {
			stale = append(stale, c)
		}
	}
	s.mu.Unlock()
	for _, c := range stale {
		c.fail("this node lost touch with the cluster; reconnect")
	}
}

// dropSilentRemotes closes the relayed sockets last announced before
// limit.
func (s *Server) dropSilentRemotes(limit time.Time) {
	var silent []*conn
	s.mu.Lock()
	for _, c := range s.remotes {
		if c.remote.seen.Before(limit) {
			silent = append(silent, c)
		}
	}
	s.mu.Unlock()
	for _, c := range silent {
		s.log.Info("relayed socket not announced: dropped", "table", c.table, "sock", c.remote.id, "node", c.remote.session)
		// Tells the relaying node too, in case it is alive and only slow.
		c.fail("the socket was not heard of for too long; reconnect")
	}
}

// dropStaleParts forgets the big answers nobody fetched in time.
func (s *Server) dropStaleParts(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, p := range s.parts {
		if now.After(p.until) {
			delete(s.parts, k)
		}
	}
}

// maxAnnounced bounds the sockets of one announcement (~20 bytes each, well
// within a NATS message).
const maxAnnounced = 10000

// announceRelays sends each owner node the list of the sockets this node
// relays to it: one request per owner and beat (per maxAnnounced sockets),
// not per table, so that the beat costs NATS little (a few owners at a
// time, each request bounded by a beat).
func (s *Server) announceRelays() {
	byOwner := map[string][]*conn{}
	s.mu.Lock()
	for _, c := range s.relays {
		byOwner[c.relay.owner] = append(byOwner[c.relay.owner], c)
	}
	s.mu.Unlock()
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for owner, cs := range byOwner {
		for len(cs) > 0 {
			batch := cs[:min(len(cs), maxAnnounced)]
			cs = cs[len(batch):]
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				s.announce(owner, batch)
			}()
		}
	}
	wg.Wait()
}

// announce checks sockets relayed to owner against what it said it had
// sent them at the last beat, then announces them again (through the
// first one's table).
func (s *Server) announce(owner string, cs []*conn) {
	live := make([]*conn, 0, len(cs))
	socks := make([]string, 0, len(cs))
	for _, c := range cs {
		tok, seq := c.relay.sub.Heard()
		if want := c.relay.expect; tok < want[0] || tok == want[0] && seq < want[1] {
			// The owner had published more a beat ago than arrived since.
			c.fail("updates were lost between nodes; reconnect")
			continue
		}
		live = append(live, c)
		socks = append(socks, c.relay.id)
	}
	if len(live) == 0 {
		return
	}
	req, _ := json.Marshal(fwdReq{Op: "alive", Socks: socks})
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.RelayBeat)
	defer cancel()
	out, err := s.node.Request(ctx, live[0].table, req)
	var resp fwdResp
	if err == nil {
		err = json.Unmarshal(out, &resp)
	}
	if err == nil && resp.Owner != owner {
		// The table moved: that node knows nothing of the others. Its
		// sockets are closed by the move; the others are announced again.
		err = fmt.Errorf("table %s is now on %s", live[0].table, resp.Owner)
	}
	if err != nil {
		// The owner is gone or busy: its session's end, or a forward's
		// failure, closes the sockets; announce again at the next beat.
		s.log.Debug("announce relayed sockets", "owner", owner, "err", err)
		return
	}
	for _, c := range live {
		if sent, ok := resp.Sent[c.relay.id]; ok {
			c.relay.expect = sent
		} else {
			c.fail("the table's node forgot this socket; reconnect")
		}
	}
}

// fwdParts is a forwarded answer too big for one NATS message, kept on the
// owner until the relaying node has fetched it (or for partsKept).
type fwdParts struct {
	body  []byte
	until time.Time
}

// partsKept bounds how long a big answer waits for its parts to be
// fetched (a relaying node that died never fetches them).
const partsKept = 30 * time.Second

// partSize is the body bytes sent in one NATS message: half the max
// payload leaves room for base64 (4/3) and the headers.
func (s *Server) partSize() int {
	return max(int(s.node.MaxPayload()/2), 1024)
}

// splitAnswer keeps a forwarded answer's body for fetching in parts when
// it would not fit in one NATS message (a long game's replay or record),
// and leaves its first part in resp.
func (s *Server) splitAnswer(resp *fwdResp) {
	n := s.partSize()
	if len(resp.Body) <= n {
		return
	}
	key := s.newID()
	now := time.Now()
	s.dropStaleParts(now)
	s.mu.Lock()
	s.parts[key] = &fwdParts{body: resp.Body, until: now.Add(partsKept)}
	s.mu.Unlock()
	resp.Part, resp.Size, resp.Body = key, len(resp.Body), resp.Body[:n]
}

// servePart answers a part of a big forwarded answer; the last part
// forgets it.
func (s *Server) servePart(req fwdReq) ([]byte, error) {
	n := s.partSize()
	s.mu.Lock()
	p := s.parts[req.Part]
	if p != nil && req.Off+n >= len(p.body) {
		delete(s.parts, req.Part)
	}
	s.mu.Unlock()
	if p == nil || req.Off < 0 || req.Off >= len(p.body) {
		return nil, fmt.Errorf("forwarded answer %q at %d: no such part (fetched already, or kept too long)", req.Part, req.Off)
	}
	return json.Marshal(fwdResp{Body: p.body[req.Off:min(req.Off+n, len(p.body))]})
}

// fetchParts fetches the rest of a big forwarded answer from the owner, in
// order, and returns the whole body.
func (s *Server) fetchParts(ctx context.Context, id string, first *fwdResp) ([]byte, error) {
	body := make([]byte, 0, first.Size)
	body = append(body, first.Body...)
	for len(body) < first.Size {
		req, _ := json.Marshal(fwdReq{Op: "part", Part: first.Part, Off: len(body)})
		out, err := s.node.Request(ctx, id, req)
		var p fwdResp
		if err == nil {
			err = json.Unmarshal(out, &p)
		}
		if err == nil && len(p.Body) == 0 {
			err = errors.New("empty part")
		}
		if err != nil {
			return nil, fmt.Errorf("forwarded answer: part at %d of %d: %w", len(body), first.Size, err)
		}
		body = append(body, p.Body...)
	}
	return body, nil
}
