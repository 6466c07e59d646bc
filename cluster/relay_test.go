package cluster_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/internal/natstest"
)

// The relay on its own, with a small host whose tables are names: node a
// owns them, node b relays to a. The server's tests play whole games
// through it (server/cluster*_test.go); these pin down the relay's part.

// relayHost is a host whose tables answer HTTP with what they were asked,
// and whose sockets say hello and keep what their clients say.
type relayHost struct {
	r   *cluster.Relay
	n   *cluster.Node
	big []byte // GET /big answers it

	mu    sync.Mutex
	owned map[string]*cluster.Lease
	socks []*hostSock
}

type hostSock struct {
	h    *relayHost
	rs   *cluster.RemoteSocket
	got  chan string
	gone chan string // "drop" or the close's reason
}

func (h *relayHost) Open(ctx context.Context, table string) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.owned[table] != nil {
		return "", nil
	}
	l, err := h.r.Acquire(ctx, table)
	var held *cluster.HeldError
	if errors.As(err, &held) {
		return held.Owner, nil
	}
	if err != nil {
		return "", err
	}
	h.owned[table] = l
	return "", nil
}

func (h *relayHost) Loaded(ctx context.Context, table string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.owned[table] == nil {
		return cluster.ErrNotHere
	}
	return nil
}

func (h *relayHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !cluster.Forwarded(r.Context()) {
		http.Error(w, "not forwarded", http.StatusInternalServerError)
		return
	}
	if strings.HasSuffix(r.URL.Path, "/big") {
		w.Write(h.big)
		return
	}
	body, _ := io.ReadAll(r.Body)
	w.Header().Set("X-Table", r.URL.Path)
	w.WriteHeader(http.StatusTeapot)
	w.Write([]byte(r.Method + " " + r.URL.Path + " " + string(body)))
}

func (h *relayHost) Attach(ctx context.Context, table string, rs *cluster.RemoteSocket, a cluster.Attach) (int, cluster.Attached, error) {
	if a.Seat == 9 {
		return 0, nil, &cluster.RefusedError{Msg: "seat 9 is taken"}
	}
	s := &hostSock{h: h, rs: rs, got: make(chan string, 16), gone: make(chan string, 1)}
	h.mu.Lock()
	h.socks = append(h.socks, s)
	h.mu.Unlock()
	rs.Send([]byte("hello " + a.Identity))
	return a.Seat, s, nil
}

func (s *hostSock) Message(b []byte) error { s.got <- string(b); return nil }
func (s *hostSock) Close(why string) {
	s.rs.Close(1001, why)
	s.ended(why)
}
func (s *hostSock) Drop() { s.ended("drop") }

// ended keeps the first end (a test waits for it), never blocking the
// relay on a second.
func (s *hostSock) ended(how string) {
	select {
	case s.gone <- how:
	default:
	}
}

// viewer is the relaying node's socket.
type viewer struct {
	got    chan string
	closed chan string
}

func newViewer() *viewer { return &viewer{got: make(chan string, 16), closed: make(chan string, 4)} }

func (v *viewer) Send(b []byte) { v.got <- string(b) }
func (v *viewer) Close(code uint16, why string) {
	select {
	case v.closed <- why:
	default: // the first closes are enough for the tests
	}
}

func wait(t *testing.T, ch chan string, what string) string {
	t.Helper()
	select {
	case s := <-ch:
		return s
	case <-time.After(5 * time.Second):
		t.Fatalf("no %s within 5 s", what)
		return ""
	}
}

// relayPair joins nodes a and b, each with its relay and host.
func relayPair(t *testing.T, cfg cluster.RelayConfig) (a, b *relayHost) {
	t.Helper()
	url := natstest.Start(t).ClientURL()
	mk := func(name string) *relayHost {
		h := &relayHost{owned: map[string]*cluster.Lease{}}
		h.r = cluster.NewRelay(h, cfg)
		n, err := h.r.Join(t.Context(), cluster.Config{Conn: natstest.Connect(t, url), Name: name, TTL: 2 * time.Second, Log: quiet})
		if err != nil {
			t.Fatal(err)
		}
		h.n = n
		t.Cleanup(func() {
			h.r.Close()
			n.Close(context.Background())
		})
		return h
	}
	return mk("a"), mk("b")
}

// HTTP about a table another node owns is answered by the owner, whole:
// status, headers and body; one bigger than a NATS message comes in parts,
// which the owner forgets once fetched; a request about a table nobody
// owns is taken here.
func TestRelayForwardHTTP(t *testing.T) {
	a, b := relayPair(t, cluster.RelayConfig{})
	a.big = make([]byte, 3<<20) // 3 MB, random: gzip does not shrink it below the 1 MB max payload
	rand.Read(a.big)
	if owner, err := a.Open(t.Context(), "t1"); err != nil || owner != "" {
		t.Fatalf("a opens t1: owner %q, %v", owner, err)
	}
	req := httptest.NewRequest("POST", "/api/tables/t1/moves", strings.NewReader("a move"))
	w := httptest.NewRecorder()
	if err := b.r.ForwardHTTP(w, req, "t1"); err != nil {
		t.Fatal(err)
	}
	if w.Code != http.StatusTeapot || w.Header().Get("X-Table") != "/api/tables/t1/moves" || w.Body.String() != "POST /api/tables/t1/moves a move" {
		t.Errorf("forwarded: %d %q %q", w.Code, w.Header().Get("X-Table"), w.Body.String())
	}
	w = httptest.NewRecorder()
	if err := b.r.ForwardHTTP(w, httptest.NewRequest("GET", "/api/tables/t1/big", nil), "t1"); err != nil {
		t.Fatal(err)
	}
	if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), a.big) {
		t.Errorf("big answer through b: %d, %d bytes, want the owner's %d", w.Code, w.Body.Len(), len(a.big))
	}
	if p := a.r.Stats().Parts; p != 0 {
		t.Errorf("the owner still keeps %d big answers", p)
	}
	body := strings.NewReader("kept")
	req = httptest.NewRequest("POST", "/api/tables/t2/moves", body)
	if err := b.r.ForwardHTTP(httptest.NewRecorder(), req, "t2"); !errors.Is(err, cluster.ErrHere) {
		t.Fatalf("a table nobody owns: %v, want ErrHere (b takes it)", err)
	}
	if rest, _ := io.ReadAll(req.Body); string(rest) != "kept" {
		t.Errorf("the body left to the local handler: %q", rest)
	}
}

// A relayed socket: the owner's first message arrives, the client's
// messages reach the owner in order, a refused seat says why, and closing
// the relayed socket drops it on the owner.
func TestRelaySocket(t *testing.T) {
	a, b := relayPair(t, cluster.RelayConfig{})
	a.Open(t.Context(), "t1")
	owner, err := b.Open(t.Context(), "t1")
	if err != nil || owner == "" {
		t.Fatalf("b opens t1: owner %q, %v", owner, err)
	}
	var refused *cluster.RefusedError
	if _, _, err := b.r.Dial(t.Context(), "t1", owner, cluster.Attach{Identity: "x", Seat: 9}, func() cluster.Viewer { return newViewer() }); !errors.As(err, &refused) || refused.Msg != "seat 9 is taken" {
		t.Fatalf("seat 9: %v, want refused", err)
	}
	v := newViewer()
	c, seat, err := b.r.Dial(t.Context(), "t1", owner, cluster.Attach{Identity: "ann", Seat: 1}, func() cluster.Viewer { return v })
	if err != nil || seat != 1 {
		t.Fatalf("dial: seat %d, %v", seat, err)
	}
	if got := wait(t, v.got, "hello"); got != "hello ann" {
		t.Errorf("first message %q", got)
	}
	a.mu.Lock()
	s := a.socks[0]
	a.mu.Unlock()
	// Messages are JSON (the server's client messages).
	for _, m := range []string{`"one"`, `"two"`, `"three"`} {
		if err := c.Forward(t.Context(), []byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{`"one"`, `"two"`, `"three"`} {
		if got := wait(t, s.got, "message"); got != want {
			t.Errorf("owner got %q, want %q", got, want)
		}
	}
	s.rs.Send([]byte("update"))
	if got := wait(t, v.got, "update"); got != "update" {
		t.Errorf("update %q", got)
	}
	if st := a.r.Stats(); st.Remote != 1 {
		t.Errorf("owner knows %d relayed sockets, want 1", st.Remote)
	}
	if !c.Close() || c.Close() {
		t.Error("Close: want true once, then false")
	}
	if got := wait(t, s.gone, "detach"); got != "drop" {
		t.Errorf("owner's socket ended with %q, want a drop", got)
	}
	if st := a.r.Stats(); st.Remote != 0 {
		t.Errorf("owner still knows %d relayed sockets", st.Remote)
	}
	if st := b.r.Stats(); st.Relayed != 0 {
		t.Errorf("b still relays %d sockets", st.Relayed)
	}
}

// A relayed socket whose detach is lost is dropped by the owner after
// three beats without announcement (its client told to reconnect), while
// a live one, announced every beat, is kept.
func TestRelayLostDetach(t *testing.T) {
	var noDetach bool
	var mu sync.Mutex
	// A beat of 250 ms, not less: the live socket is dropped if three of
	// its announcements are late, which a beat of 100 ms saw happen with
	// the browser tests running beside this package (2 cores, load 10-18).
	const beat = 250 * time.Millisecond
	a, b := relayPair(t, cluster.RelayConfig{Beat: beat, NoDetach: func() bool {
		mu.Lock()
		defer mu.Unlock()
		return noDetach
	}})
	a.Open(t.Context(), "t1")
	owner, _ := b.Open(t.Context(), "t1")
	v1, v2 := newViewer(), newViewer()
	c1, _, err := b.r.Dial(t.Context(), "t1", owner, cluster.Attach{Identity: "ann"}, func() cluster.Viewer { return v1 })
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.r.Dial(t.Context(), "t1", owner, cluster.Attach{Identity: "bob"}, func() cluster.Viewer { return v2 }); err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * beat) // both announced, kept
	if st := a.r.Stats(); st.Remote != 2 {
		t.Fatalf("owner knows %d relayed sockets after five beats, want 2", st.Remote)
	}
	mu.Lock()
	noDetach = true
	mu.Unlock()
	c1.Close()
	a.mu.Lock()
	s1, s2 := a.socks[0], a.socks[1]
	a.mu.Unlock()
	if why := wait(t, s1.gone, "drop of the silent socket"); !strings.Contains(why, "not heard of") {
		t.Errorf("silent socket ended with %q", why)
	}
	select {
	case why := <-s2.gone:
		t.Errorf("the live socket was ended: %q", why)
	case <-time.After(3 * beat):
	}
	select {
	case why := <-v2.closed:
		t.Errorf("the live socket's client was closed: %q", why)
	default:
	}
}

// A relaying node that leaves drops its sockets on the owner at once
// (without a word to the node gone), and an owner that leaves closes the
// sockets relayed to it (their clients reconnect).
func TestRelaySessionEnd(t *testing.T) {
	for _, leaving := range []string{"relaying node", "owner"} {
		t.Run(leaving, func(t *testing.T) {
			a, b := relayPair(t, cluster.RelayConfig{})
			a.Open(t.Context(), "t1")
			owner, _ := b.Open(t.Context(), "t1")
			v := newViewer()
			if _, _, err := b.r.Dial(t.Context(), "t1", owner, cluster.Attach{Identity: "ann"}, func() cluster.Viewer { return v }); err != nil {
				t.Fatal(err)
			}
			a.mu.Lock()
			s := a.socks[0]
			a.mu.Unlock()
			if leaving == "owner" {
				a.n.Close(context.Background())
				if why := wait(t, v.closed, "close of the relayed socket"); !strings.Contains(why, "reconnect") {
					t.Errorf("relayed socket closed with %q", why)
				}
				return
			}
			b.n.Close(context.Background())
			if got := wait(t, s.gone, "drop on the owner"); got != "drop" {
				t.Errorf("owner's socket ended with %q, want a drop", got)
			}
			if st := a.r.Stats(); st.Remote != 0 {
				t.Errorf("owner still knows %d relayed sockets", st.Remote)
			}
		})
	}
}
