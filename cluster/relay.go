package cluster

// The relay: HTTP over NATS. A live table has one owner node, which runs
// it exactly as a single server does. Another node that gets a request
// for it relays: HTTP requests about the table are sent whole to the
// owner and answered with its answer; a WebSocket stays on the node the
// client reached, which forwards what the client says to the owner
// (Request) and delivers what the owner publishes for that socket
// (Subscribe, one viewer per relayed socket). On the owner the relayed
// socket is a socket like the others whose sends publish (RemoteSocket),
// so that the table's code does not know the difference: the versions,
// acks and refusals a relayed client receives are exactly those a local
// one would, in the same order, and a gap (an update lost, a new owner)
// closes the socket so that the client reconnects and resyncs.
//
// The server sees none of this: it hands the relay a Host (open a table
// here, serve an HTTP request, seat a relayed socket) and calls
// ForwardHTTP, Dial and Acquire; the subjects, frames, leases' handlers,
// beats and big answers' parts are the relay's.

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/jardin-games/jardin/internal/httpenc"
)

var (
	// ErrHere: this node serves the table (it had it, or has just taken
	// it): serve the request locally.
	ErrHere = errors.New("the table is served by this node")
	// ErrNotHere: a forwarded request reached a node that does not have
	// the table (it just lost or released it). Host implementations
	// return it too.
	ErrNotHere = errors.New("the table is not loaded on this node")
	// ErrUnreachable: the table's owner could not be reached after a few
	// attempts (it is leaving or starting the table, or gone): retry.
	ErrUnreachable = errors.New("the table's owner could not be reached")
	// ErrTooLarge: a request body too big to forward in one NATS message.
	ErrTooLarge = errors.New("request too large to forward")
)

// RefusedError: the owner refused a relayed socket's seat; Msg is for the
// client (the owner's words).
type RefusedError struct{ Msg string }

func (e *RefusedError) Error() string { return e.Msg }

// BodyError: a request body that could not be read.
type BodyError struct{ Err error }

func (e *BodyError) Error() string { return "request body: " + e.Err.Error() }
func (e *BodyError) Unwrap() error { return e.Err }

// Host is what the relay needs of the server whose tables this node runs.
// Its methods are called on the relay's goroutines (a lease's request
// goroutine, the beat, an HTTP request's): they may block only as long as
// ctx allows.
type Host interface {
	// Open makes this node serve table if it can (loading it, taking its
	// lease): it returns "" when the table is here now, else the session
	// of the node that owns it.
	Open(ctx context.Context, table string) (owner string, err error)
	// Loaded reports whether table is loaded on this node (waiting for a
	// load under way): nil, or an error matching ErrNotHere.
	Loaded(ctx context.Context, table string) error
	// ServeHTTP serves a request another node forwarded (Forwarded is
	// true of its context).
	ServeHTTP(w http.ResponseWriter, r *http.Request)
	// Attach seats a socket another node relays at table, loaded here, as
	// one of its own sockets whose messages are sent with s.Send and
	// s.Close. It returns the seat given, and the socket for the messages
	// that come after; a *RefusedError for a seat refused (said to the
	// client), ErrNotHere if the table has stopped.
	Attach(ctx context.Context, table string, s *RemoteSocket, a Attach) (seat int, sock Attached, err error)
}

// Attach is what a relayed socket asks for: who, in which language, which
// seat (-1 a spectator, -2 the seat the identity holds) and the version it
// has.
type Attach struct {
	Identity, Lang string
	Seat, Since    int
}

// Attached is the owner's socket for a relayed one (Host.Attach).
type Attached interface {
	// Message hands the table a client message (decoded once already by
	// the relaying node), in order; an error ends nothing but this
	// message (ErrNotHere: the table stopped).
	Message(msg []byte) error
	// Close ends the socket telling the client why: through RemoteSocket.Close.
	Close(why string)
	// Drop ends the socket without a word to the relaying node (it asked,
	// or it is gone). It must not block.
	Drop()
}

// Viewer is the relaying node's socket (Dial): what the owner publishes
// for it. Neither method may block (they run on the node's dispatch
// goroutine).
type Viewer interface {
	Send(msg []byte)
	Close(code uint16, why string)
}

// closeGoingAway is WebSocket's 1001: the client reconnects.
const closeGoingAway = 1001

// RelayConfig configures a relay.
type RelayConfig struct {
	// Beat: how often the relaying node announces its live relayed
	// sockets to their owners (default 5 s); an owner drops a relayed
	// socket not announced for three beats.
	Beat time.Duration
	// NoDetach, tests only: a closed relayed socket's detach is not sent
	// (as if lost), when it returns true.
	NoDetach func() bool
}

// Relay relays a node's HTTP requests and WebSockets about tables other
// nodes own, and serves the other nodes' requests about the tables this
// one owns.
type Relay struct {
	n      *Node
	host   Host
	cfg    RelayConfig
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex               // nests inside nothing of the relay's; Node.mu and Lease.mu are never taken under it
	remotes map[string]*RemoteSocket // owner side of sockets relayed by other nodes, by viewer id
	relays  map[string]*Relayed      // sockets this node relays to other owners, by viewer id
	parts   map[string]*bigAnswer    // big forwarded answers waiting to be fetched in parts, by key
	closed  bool
}

// NewRelay makes the relay of host's tables; Join joins the cluster with it.
func NewRelay(host Host, cfg RelayConfig) *Relay {
	if cfg.Beat <= 0 {
		cfg.Beat = 5 * time.Second
	}
	r := &Relay{host: host, cfg: cfg, remotes: map[string]*RemoteSocket{}, relays: map[string]*Relayed{},
		parts: map[string]*bigAnswer{}}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	return r
}

// Join joins the cluster (the package's Join) as a node whose ended
// sessions also end the sockets relayed to and from them, and starts the
// relay's beats. Close stops the relay; Node.Close then leaves.
func (r *Relay) Join(ctx context.Context, cfg Config) (*Node, error) {
	then := cfg.OnSessionEnd
	cfg.OnSessionEnd = func(session string) {
		r.sessionEnded(session)
		if then != nil {
			then(session)
		}
	}
	n, err := Join(ctx, cfg)
	if err != nil {
		return nil, err
	}
	r.n = n
	r.every(r.cfg.Beat, r.beat)
	r.every(n.TTL()/4, r.dropStaleRelays)
	return n, nil
}

func (r *Relay) every(d time.Duration, f func()) {
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		tk := time.NewTicker(d)
		defer tk.Stop()
		for {
			select {
			case <-r.ctx.Done():
				return
			case <-tk.C:
				f()
			}
		}
	}()
}

// Close closes the sockets this node relays (their clients reconnect,
// to another node if this one is leaving) and stops the beats. The
// other nodes' requests are still served until the leases are released
// (Node.Close).
func (r *Relay) Close() {
	r.mu.Lock()
	r.closed = true
	cs := make([]*Relayed, 0, len(r.relays))
	for _, c := range r.relays {
		cs = append(cs, c)
	}
	r.mu.Unlock()
	for _, c := range cs {
		c.v.Close(closeGoingAway, "ws.shutdown") // the close reason is a code of the server's catalogue (server/connwords.go)
	}
	r.cancel()
	r.wg.Wait()
}

// RelayStats counts the relay's sockets and the big answers it keeps.
type RelayStats struct {
	Relayed, Remote, Parts int
}

// Stats returns the relay's counts.
func (r *Relay) Stats() RelayStats {
	r.mu.Lock()
	defer r.mu.Unlock()
	return RelayStats{Relayed: len(r.relays), Remote: len(r.remotes), Parts: len(r.parts)}
}

// Acquire makes this node table's owner (Node.Acquire) with the relay
// serving the other nodes' requests about it.
func (r *Relay) Acquire(ctx context.Context, table string) (*Lease, error) {
	return r.n.Acquire(ctx, table, r.serve(table))
}

// sessionEnded: a node left or died. The sockets this node relays to it
// reconnect; the sockets it relayed to this node's tables are dropped. It
// runs on the cluster's watcher: it must not block.
func (r *Relay) sessionEnded(session string) {
	r.mu.Lock()
	var relays []*Relayed
	var remotes []*RemoteSocket
	for _, c := range r.relays {
		if c.owner == session || c.session == session {
			relays = append(relays, c)
		}
	}
	for _, s := range r.remotes {
		if s.session == session {
			remotes = append(remotes, s)
		}
	}
	r.mu.Unlock()
	for _, c := range relays {
		c.v.Close(closeGoingAway, "the table's node is gone; reconnect")
	}
	for _, s := range remotes {
		r.dropRemote(s)
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

// Forwarded reports whether ctx is a request's that another node
// forwarded: it is served here, never forwarded again.
func Forwarded(ctx context.Context) bool { return ctx.Value(forwardedKey{}) != nil }

// serve is table's lease handler: what other nodes ask of it on this
// node, its owner. Requests come one at a time, in order.
func (r *Relay) serve(table string) Handler {
	return func(ctx context.Context, b []byte) ([]byte, error) {
		var req fwdReq
		if err := json.Unmarshal(b, &req); err != nil {
			return nil, fmt.Errorf("forwarded request: %w", err)
		}
		if req.Op == "part" {
			return r.servePart(req)
		}
		if err := r.host.Loaded(ctx, table); err != nil {
			return nil, err
		}
		var resp fwdResp
		var err error
		switch req.Op {
		case "attach":
			err = r.attachRemote(ctx, table, req, &resp)
		case "msg":
			err = r.remoteMsg(table, req)
		case "detach":
			r.mu.Lock()
			s := r.remotes[req.Sock]
			r.mu.Unlock()
			if s != nil {
				r.dropRemote(s)
			}
		case "alive":
			resp.Sent, resp.Owner = r.remotesAlive(req.Socks), r.n.Session()
		case "http":
			r.serveHTTPFor(ctx, req.HTTP, &resp)
			r.splitAnswer(&resp)
		default:
			err = fmt.Errorf("forwarded request: unknown op %q", req.Op)
		}
		if err != nil {
			return nil, err
		}
		return json.Marshal(resp)
	}
}

// RemoteSocket is the owner's side of a socket another node relays.
type RemoteSocket struct {
	r       *Relay
	id      string // viewer id: the subject the relaying node subscribed
	session string // the relaying node's session
	table   string
	lease   *Lease
	// Under Relay.mu:
	sock Attached  // nil until Host.Attach has returned
	seen time.Time // last announced alive by the relaying node
}

// Frames published to a relayed socket: 'm' and a server message, or 'c',
// a close code (2 bytes) and the reason.
const (
	frameMsg   = 'm'
	frameClose = 'c'
)

// Send publishes msg to the relaying node (on the table's goroutine:
// never blocks). A lease that ended publishes nothing: the relaying node
// learns of the end from the cluster (the owner's session ended) and its
// client reconnects.
func (s *RemoteSocket) Send(msg []byte) {
	b := make([]byte, 1+len(msg))
	b[0] = frameMsg
	copy(b[1:], msg)
	s.lease.Publish(s.id, b)
}

// Close tells the relaying node to close its socket with code and why,
// and forgets the socket (the host detaches it from its table).
func (s *RemoteSocket) Close(code uint16, why string) {
	b := make([]byte, 3, 3+len(why))
	b[0] = frameClose
	binary.BigEndian.PutUint16(b[1:], code)
	s.lease.Publish(s.id, append(b, why...))
	s.r.forget(s)
}

// forget forgets a relayed socket (it has ended).
func (r *Relay) forget(s *RemoteSocket) {
	r.mu.Lock()
	if r.remotes[s.id] == s {
		delete(r.remotes, s.id)
	}
	r.mu.Unlock()
}

// dropRemote ends a relayed socket on the owner without a word to the
// relaying node (it asked, or it is gone).
func (r *Relay) dropRemote(s *RemoteSocket) {
	r.mu.Lock()
	if r.remotes[s.id] == s {
		delete(r.remotes, s.id)
	}
	sock := s.sock
	r.mu.Unlock()
	if sock != nil {
		sock.Drop()
	}
}

// attachRemote seats a relayed socket at table (the host does it as for a
// local one).
func (r *Relay) attachRemote(ctx context.Context, table string, req fwdReq, resp *fwdResp) error {
	l, _ := ctx.Value(leaseKey{}).(*Lease)
	if l == nil {
		return ErrNotHere
	}
	s := &RemoteSocket{r: r, id: req.Sock, session: req.Session, table: table, lease: l, seen: time.Now()}
	// Known before it is attached: the table's first message to it (the
	// sync) may close it at once.
	r.mu.Lock()
	r.remotes[s.id] = s
	r.mu.Unlock()
	seat, sock, err := r.host.Attach(ctx, table, s, Attach{Identity: req.Identity, Lang: req.Lang, Seat: req.Seat, Since: req.Since})
	resp.Owner = r.n.Session()
	var refused *RefusedError
	if err != nil {
		r.forget(s)
		if errors.As(err, &refused) {
			resp.Err = refused.Msg
			return nil
		}
		return err
	}
	resp.Seat = seat
	r.mu.Lock()
	here := r.remotes[s.id] == s
	if here {
		s.sock = sock
	}
	r.mu.Unlock()
	if !here {
		// Dropped while it attached (its node's session ended, or it
		// closed at once): the table must not count it.
		sock.Drop()
	}
	return nil
}

// remoteMsg is a client message of a relayed socket.
func (r *Relay) remoteMsg(table string, req fwdReq) error {
	r.mu.Lock()
	s := r.remotes[req.Sock]
	var sock Attached
	if s != nil && s.table == table {
		sock = s.sock
	}
	r.mu.Unlock()
	if sock == nil {
		return errors.New("no such relayed socket")
	}
	return sock.Message(req.Msg)
}

// remotesAlive marks the relayed sockets announced by their relaying node
// as seen, and says for each how many updates it was sent; sockets this
// node does not know (dropped here, or never attached) are left out, and
// the relaying node closes them. The announcement comes through one of the
// node's tables but is about all the sockets that node relays to this one.
func (r *Relay) remotesAlive(socks []string) map[string][2]uint64 {
	now := time.Now()
	out := make(map[string][2]uint64, len(socks))
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range socks {
		s := r.remotes[id]
		if s == nil {
			continue
		}
		s.seen = now
		tok, n := s.lease.Sent(id) // Lease.mu under Relay.mu: the one nesting
		out[id] = [2]uint64{tok, n}
	}
	return out
}

// Relayed is the relaying node's side of a socket whose table another
// node owns.
type Relayed struct {
	r       *Relay
	id      string // viewer id
	table   string
	owner   string // the owner's session
	session string // this node's session when the socket attached
	// conn is the number of times this node's NATS connection had been
	// re-established when the socket attached: what NATS had not
	// delivered on the old connection is lost (it delivers at most once).
	conn uint64
	sub  *Subscription
	v    Viewer
	// expect is the owner's token and count of updates published to this
	// socket at the last beat (the beat's goroutine only).
	expect [2]uint64
}

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// newID is a random id: 80 bits, lower-case base32.
func newID() string {
	b := make([]byte, 10)
	rand.Read(b)
	return strings.ToLower(b32.EncodeToString(b))
}

// retryWait is the pause before the attempt after attempt.
func retryWait(attempt int) time.Duration {
	return time.Duration(20<<min(attempt, 4)) * time.Millisecond
}

// retryable reports whether a failed request may succeed in a moment:
// the owner is leaving the table or starting it.
func retryable(err error) bool {
	var remote *RemoteError
	return errors.Is(err, ErrNoOwner) || errors.As(err, &remote)
}

// Dial relays a socket of table, owned by the node of session owner, to
// that node: it subscribes to what the owner sends the socket (delivered
// to the Viewer made by viewer), then asks the owner to attach it. It
// returns the socket and the seat given; ErrHere when this node took the
// table meanwhile (serve the socket here); a *RefusedError for a seat
// refused; ErrUnreachable, ErrClosed, or Host.Open's or ctx's error.
// Each attempt gets a new Viewer: a failed one's may have been told to
// close.
func (r *Relay) Dial(ctx context.Context, table, owner string, a Attach, viewer func() Viewer) (*Relayed, int, error) {
	var c *Relayed
	var resp fwdResp
	for attempt := 0; ; attempt++ {
		c = &Relayed{r: r, id: "r" + newID(), table: table, owner: owner, session: r.n.Session(), conn: r.natsConn(), v: viewer()}
		cc := c
		// Subscribe before attaching: the owner's first message (the sync)
		// is published as it attaches.
		sub, err := r.n.Subscribe(table, c.id, cc.deliver)
		if err != nil {
			return nil, 0, fmt.Errorf("relay table %s: %w", table, err)
		}
		c.sub = sub
		req, _ := json.Marshal(fwdReq{Op: "attach", Sock: c.id, Session: c.session, Identity: a.Identity,
			Lang: a.Lang, Seat: a.Seat, Since: a.Since})
		out, err := r.n.Request(ctx, table, req)
		resp = fwdResp{}
		if err == nil {
			err = json.Unmarshal(out, &resp)
		}
		if err == nil && resp.Err != "" {
			sub.Stop()
			return nil, 0, &RefusedError{Msg: resp.Err}
		}
		if err == nil {
			c.owner = resp.Owner
			break
		}
		sub.Stop()
		if attempt >= 8 || !retryable(err) {
			r.n.cfg.Log.Warn("relay attach", "table", table, "err", err)
			return nil, 0, fmt.Errorf("relay table %s: %w: %w", table, ErrUnreachable, err)
		}
		// The owner is leaving the table or starting it: look again.
		select {
		case <-ctx.Done():
			return nil, 0, ctx.Err()
		case <-time.After(retryWait(attempt)):
		}
		o, err := r.host.Open(ctx, table)
		if err != nil {
			return nil, 0, err
		}
		if o == "" {
			return nil, 0, ErrHere
		}
		owner = o
	}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		c.Close()
		return nil, 0, fmt.Errorf("relay table %s: %w", table, ErrClosed)
	}
	r.relays[c.id] = c
	r.mu.Unlock()
	return c, resp.Seat, nil
}

// natsConn counts the times this node's NATS connection was
// re-established.
func (r *Relay) natsConn() uint64 { return r.n.nc.Stats().Reconnects }

// deliver hands an update of the owner to the relayed socket (on the
// node's dispatch goroutine: never blocks).
func (c *Relayed) deliver(u Update) {
	switch {
	case u.Gap:
		// Something may be missing between what the client has and this:
		// the client resyncs from the version it has.
		c.v.Close(closeGoingAway, "updates were lost between nodes; reconnect")
	case len(u.Data) > 0 && u.Data[0] == frameMsg:
		c.v.Send(u.Data[1:])
	case len(u.Data) >= 3 && u.Data[0] == frameClose:
		c.v.Close(binary.BigEndian.Uint16(u.Data[1:]), string(u.Data[3:]))
	}
}

// Forward sends a client message of the relayed socket to the owner, and
// waits for it to be queued there (so that the owner sees the client's
// messages in order), within 10 s. An error — the owner gone, or silent
// (the message may or may not have been applied) — ends the socket: the
// client reconnects, resyncs and resends with the same id, which is
// applied once.
func (c *Relayed) Forward(ctx context.Context, msg []byte) error {
	req, _ := json.Marshal(fwdReq{Op: "msg", Sock: c.id, Msg: msg})
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := c.r.n.Request(ctx, c.table, req)
	return err
}

// Close ends the relayed socket: the owner forgets it (in the background).
// It reports whether the socket was still the relay's (false when Dial
// did not return it, or on a second Close).
func (c *Relayed) Close() bool {
	r := c.r
	r.mu.Lock()
	ok := r.relays[c.id] == c
	if ok {
		delete(r.relays, c.id)
	}
	r.mu.Unlock()
	c.sub.Stop()
	if r.cfg.NoDetach != nil && r.cfg.NoDetach() {
		return ok
	}
	go func() {
		// Without it the owner would count the socket's seat as online
		// (no grace period, no unload) until this node's session ends: try
		// a few times. An owner that is gone has forgotten it.
		req, _ := json.Marshal(fwdReq{Op: "detach", Sock: c.id})
		for attempt := range 3 {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, err := r.n.Request(ctx, c.table, req)
			cancel()
			if err == nil || errors.Is(err, ErrNoOwner) || errors.Is(err, ErrClosed) {
				return
			}
			time.Sleep(time.Duration(100<<attempt) * time.Millisecond)
		}
	}()
	return ok
}

// maxForwardedBody bounds a request body sent to another node.
const maxForwardedBody = 1 << 20

// ForwardHTTP sends req, about table, whole to the node that owns it and
// answers w with that node's answer. It writes nothing and returns
// ErrHere when this node serves the table, or when opening it failed (the
// local handler reports the error as usual): req's body is there to read
// again. Otherwise it returns nil once it has answered, or a *BodyError,
// ErrTooLarge, ErrUnreachable or ctx's error without answering.
func (r *Relay) ForwardHTTP(w http.ResponseWriter, req *http.Request, table string) error {
	var body []byte
	ctx := req.Context()
	for attempt := 0; ; attempt++ {
		owner, err := r.host.Open(ctx, table)
		if err != nil || owner == "" {
			if body != nil {
				req.Body = io.NopCloser(bytes.NewReader(body))
			}
			return ErrHere
		}
		if body == nil {
			body, err = io.ReadAll(io.LimitReader(req.Body, maxForwardedBody))
			if err != nil {
				return &BodyError{Err: err}
			}
		}
		// The owner's answer travels in NATS messages (1 MB at most by
		// default): ask for it gzipped (a replay is up to ~1 MB of JSON,
		// ~60 KB gzipped) and unpack it here for a client that did not
		// ask; a bigger one comes in parts (fetchParts).
		header := req.Header.Clone()
		clientGzip := httpenc.AcceptsGzip(req)
		if !clientGzip {
			header.Set("Accept-Encoding", "gzip")
		}
		fwd, _ := json.Marshal(fwdReq{Op: "http", HTTP: &fwdHTTP{Method: req.Method, URL: req.URL.RequestURI(), Host: req.Host,
			RemoteAddr: req.RemoteAddr, Header: header, Body: body}})
		if int64(len(fwd)) > r.n.MaxPayload() {
			// Bodies are small (moves, forms): one this big is not worth
			// parts; say so rather than wait for a timeout.
			return ErrTooLarge
		}
		out, err := r.n.Request(ctx, table, fwd)
		var resp fwdResp
		if err == nil {
			err = json.Unmarshal(out, &resp)
		}
		if err == nil && resp.Part != "" {
			resp.Body, err = r.fetchParts(ctx, table, &resp)
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
			return nil
		}
		if attempt >= 8 || !retryable(err) {
			r.n.cfg.Log.Warn("forward request", "table", table, "err", err)
			return fmt.Errorf("forward to table %s: %w: %w", table, ErrUnreachable, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(retryWait(attempt)):
		}
	}
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

// serveHTTPFor runs a request forwarded by another node through this
// node's handler.
func (r *Relay) serveHTTPFor(ctx context.Context, f *fwdHTTP, resp *fwdResp) {
	if f == nil {
		resp.Status = http.StatusBadRequest
		return
	}
	ctx = context.WithValue(ctx, forwardedKey{}, true)
	req, err := http.NewRequestWithContext(ctx, f.Method, f.URL, bytes.NewReader(f.Body))
	if err != nil {
		resp.Status, resp.Body = http.StatusBadRequest, []byte(err.Error())
		return
	}
	req.Header, req.Host, req.RemoteAddr = f.Header, f.Host, f.RemoteAddr
	rec := &recorder{h: http.Header{}}
	r.host.ServeHTTP(rec, req)
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

// beat runs every Beat. As owner it drops the relayed sockets not
// announced for three beats: their detach was lost (or their node is
// stuck), and a seat must not be shown online — without grace-period
// replacement — because of a socket that is gone. As relaying node it
// announces its live relayed sockets to their owners, and closes (the
// client resyncs) those that missed updates at the end of their stream,
// which no later update would reveal as a gap, and those the owner no
// longer knows.
func (r *Relay) beat() {
	r.dropSilentRemotes(time.Now().Add(-3 * r.cfg.Beat))
	r.dropStaleParts(time.Now())
	r.announceRelays()
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
func (r *Relay) dropStaleRelays() {
	session, gen := r.n.Session(), r.natsConn()
	var stale []*Relayed
	r.mu.Lock()
	for _, c := range r.relays {
		if c.session != session || c.conn != gen {
			stale = append(stale, c)
		}
	}
	r.mu.Unlock()
	for _, c := range stale {
		c.v.Close(closeGoingAway, "this node lost touch with the cluster; reconnect")
	}
}

// dropSilentRemotes closes the relayed sockets last announced before
// limit.
func (r *Relay) dropSilentRemotes(limit time.Time) {
	var silent []*RemoteSocket
	var socks []Attached
	r.mu.Lock()
	for _, s := range r.remotes {
		if s.sock != nil && s.seen.Before(limit) {
			silent, socks = append(silent, s), append(socks, s.sock)
		}
	}
	r.mu.Unlock()
	for i, s := range silent {
		r.n.cfg.Log.Info("relayed socket not announced: dropped", "table", s.table, "sock", s.id, "node", s.session)
		// Tells the relaying node too, in case it is alive and only slow.
		socks[i].Close("the socket was not heard of for too long; reconnect")
	}
}

// maxAnnounced bounds the sockets of one announcement (~20 bytes each, well
// within a NATS message).
const maxAnnounced = 10000

// announceRelays sends each owner node the list of the sockets this node
// relays to it: one request per owner and beat (per maxAnnounced sockets),
// not per table, so that the beat costs NATS little (a few owners at a
// time, each request bounded by a beat).
func (r *Relay) announceRelays() {
	byOwner := map[string][]*Relayed{}
	r.mu.Lock()
	for _, c := range r.relays {
		byOwner[c.owner] = append(byOwner[c.owner], c)
	}
	r.mu.Unlock()
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
				r.announce(owner, batch)
			}()
		}
	}
	wg.Wait()
}

// announce checks sockets relayed to owner against what it said it had
// sent them at the last beat, then announces them again (through the
// first one's table).
func (r *Relay) announce(owner string, cs []*Relayed) {
	live := make([]*Relayed, 0, len(cs))
	socks := make([]string, 0, len(cs))
	for _, c := range cs {
		tok, seq := c.sub.Heard()
		if want := c.expect; tok < want[0] || tok == want[0] && seq < want[1] {
			// The owner had published more a beat ago than arrived since.
			c.v.Close(closeGoingAway, "updates were lost between nodes; reconnect")
			continue
		}
		live = append(live, c)
		socks = append(socks, c.id)
	}
	if len(live) == 0 {
		return
	}
	req, _ := json.Marshal(fwdReq{Op: "alive", Socks: socks})
	ctx, cancel := context.WithTimeout(r.ctx, r.cfg.Beat)
	defer cancel()
	out, err := r.n.Request(ctx, live[0].table, req)
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
		r.n.cfg.Log.Debug("announce relayed sockets", "owner", owner, "err", err)
		return
	}
	for _, c := range live {
		if sent, ok := resp.Sent[c.id]; ok {
			c.expect = sent
		} else {
			c.v.Close(closeGoingAway, "the table's node forgot this socket; reconnect")
		}
	}
}

// bigAnswer is a forwarded answer too big for one NATS message, kept on
// the owner until the relaying node has fetched it (or for partsKept).
type bigAnswer struct {
	body  []byte
	until time.Time
}

// partsKept bounds how long a big answer waits for its parts to be
// fetched (a relaying node that died never fetches them).
const partsKept = 30 * time.Second

// partSize is the body bytes sent in one NATS message: half the max
// payload leaves room for base64 (4/3) and the headers.
func (r *Relay) partSize() int {
	return max(int(r.n.MaxPayload()/2), 1024)
}

// dropStaleParts forgets the big answers nobody fetched in time.
func (r *Relay) dropStaleParts(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for k, p := range r.parts {
		if now.After(p.until) {
			delete(r.parts, k)
		}
	}
}

// splitAnswer keeps a forwarded answer's body for fetching in parts when
// it would not fit in one NATS message (a long game's replay or record),
// and leaves its first part in resp.
func (r *Relay) splitAnswer(resp *fwdResp) {
	n := r.partSize()
	if len(resp.Body) <= n {
		return
	}
	key := newID()
	now := time.Now()
	r.dropStaleParts(now)
	r.mu.Lock()
	r.parts[key] = &bigAnswer{body: resp.Body, until: now.Add(partsKept)}
	r.mu.Unlock()
	resp.Part, resp.Size, resp.Body = key, len(resp.Body), resp.Body[:n]
}

// servePart answers a part of a big forwarded answer; the last part
// forgets it.
func (r *Relay) servePart(req fwdReq) ([]byte, error) {
	n := r.partSize()
	r.mu.Lock()
	p := r.parts[req.Part]
	if p != nil && req.Off+n >= len(p.body) {
		delete(r.parts, req.Part)
	}
	r.mu.Unlock()
	if p == nil || req.Off < 0 || req.Off >= len(p.body) {
		return nil, fmt.Errorf("forwarded answer %q at %d: no such part (fetched already, or kept too long)", req.Part, req.Off)
	}
	return json.Marshal(fwdResp{Body: p.body[req.Off:min(req.Off+n, len(p.body))]})
}

// fetchParts fetches the rest of a big forwarded answer from the owner, in
// order, and returns the whole body.
func (r *Relay) fetchParts(ctx context.Context, table string, first *fwdResp) ([]byte, error) {
	body := make([]byte, 0, first.Size)
	body = append(body, first.Body...)
	for len(body) < first.Size {
		req, _ := json.Marshal(fwdReq{Op: "part", Part: first.Part, Off: len(body)})
		out, err := r.n.Request(ctx, table, req)
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
