package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"

	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/internal/pgtest"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/postgres"
)

// toTurn plays Ann's first legal move on as until seat 1 (Bob, on bs) is
// to move, and returns Bob's latest message.
func toTurn(t *testing.T, as, bs *sock) map[string]any {
	t.Helper()
	m := bs.next(outSync)
	am := as.next(outSync)
	for i := 0; num(m, "toMove") != 1 || count(m, "legal") == 0; i++ {
		for num(am, "toMove") != 0 || count(am, "legal") == 0 {
			am = as.next(outUpdate)
		}
		as.send(map[string]any{"t": "move", "v": num(am, "v"), "id": fmt.Sprint("a", i), "i": 0})
		am = as.next(outUpdate)
		m = bs.next(outUpdate)
	}
	return map[string]any{"v": num(m, "v")}
}

// A node paused long enough is disconnected by NATS as a slow consumer:
// what the owner published to its relayed sockets meanwhile is lost. Here
// the acknowledgement of Bob's move, relayed through b, is published while
// b's NATS connection is down (the server closed it); b's session stays
// valid. Bob's socket must be released within the lease TTL of b's
// reconnection — before, nothing told it until the second relay beat (5–10
// s by default) or the owner dropped it after three.
func TestClusterRelayReleasedAfterReconnect(t *testing.T) {
	dsn := pg.dsn(t)
	ns := natstest.Start(t)
	url := ns.ClientURL()
	const ttl = 2 * time.Second
	withTTL := func(c *Config) { c.Cluster.TTL = ttl }
	a := startNode(t, dsn, url, "a", withTTL)
	bnc := natstest.Connect(t, url, nats.ReconnectWait(400*time.Millisecond))
	// Bob's forwarded move may lose its answer too: b waits long for it,
	// so that what releases Bob's socket is measured, not RequestTimeout.
	b := startNode(t, dsn, url, "b", withTTL, func(c *Config) { c.Cluster.Conn, c.Cluster.RequestTimeout = bnc, 20*time.Second })
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, b.URL, "Bob")
	no := false
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Undo: &no})
	ann.dial(tb.ID, "").close() // a takes the table
	bob.join(tb.ID, tb.Invite)
	as, bs := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
	turn := toTurn(t, as, bs)

	held, release := make(chan struct{}), make(chan struct{})
	hold := func(w store.Write) {
		if len(w.Entries) == 1 && w.Entries[0].Seat == 1 {
			close(held)
			<-release
		}
	}
	a.faults.beforeCommit.Store(&hold)
	bs.send(map[string]any{"t": "move", "v": turn["v"], "id": "bob-1", "i": 0})
	deadline := time.Now().Add(10 * time.Second)
	select {
	case <-held:
	case <-time.After(10 * time.Second):
		t.Fatal("a never wrote Bob's move")
	}
	cid, err := bnc.GetClientID()
	if err != nil {
		t.Fatal(err)
	}
	if err := ns.DisconnectClientByID(cid); err != nil {
		t.Fatal(err)
	}
	for bnc.IsConnected() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	close(release) // the ack and the update are published while b is away
	as.next(outUpdate)
	if bnc.IsConnected() {
		t.Fatal("b reconnected before the owner published: nothing was lost")
	}
	for !bnc.IsConnected() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	back := time.Now()
	m, err := bs.tryNext(15*time.Second, outAck)
	waited := time.Since(back)
	if err == nil {
		t.Fatalf("Bob's socket got %v: the lost ack arrived after all", m)
	}
	if waited > ttl {
		t.Fatalf("Bob's relayed socket was released %.0f ms after b reconnected: want within the lease TTL (%v)", ms(waited), ttl)
	}
	// Bob reconnects and resends: his move is applied once.
	bs = bob.dial(tb.ID, fmt.Sprintf("since=%v", turn["v"]))
	bs.next(outSync)
	bs.send(map[string]any{"t": "move", "v": turn["v"], "id": "bob-1", "i": 0})
	if ack := bs.next(outAck); num(ack, "v") != turn["v"].(int)+1 {
		t.Fatalf("resent move acknowledged at %d, want %d", num(ack, "v"), turn["v"].(int)+1)
	}
	t.Logf("Bob's relayed socket released %.0f ms after b's NATS connection was back (%v)", ms(waited), err)
}

// wantRetry checks that an answer tells the client to retry: 503 with a
// Retry-After header.
func wantRetry(t *testing.T, what string, code int, h http.Header) {
	t.Helper()
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Errorf("%s: %d, Retry-After %q: want 503 with Retry-After", what, code, h.Get("Retry-After"))
	}
}

// handshake opens a table's WebSocket for c and returns the HTTP answer
// when the upgrade is refused (0 if it was accepted).
func handshake(t *testing.T, c *client, table, query string) (int, http.Header) {
	t.Helper()
	u := "ws" + strings.TrimPrefix(c.base, "http") + "/ws/tables/" + table + "?" + query
	h := http.Header{}
	h.Set("Cookie", cookieName+"="+c.token)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h})
	if err == nil {
		ws.CloseNow()
		return 0, nil
	}
	if resp == nil {
		t.Fatalf("handshake: %v", err)
	}
	return resp.StatusCode, resp.Header
}

// get is a GET with c's identity: the status and the headers.
func get(t *testing.T, c *client, path string) (int, http.Header) {
	t.Helper()
	req, _ := http.NewRequest("GET", c.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header
}

// While the database is away (SQLite closed under the server), a seated
// player's handshake and API calls are told to retry: before, the
// handshake said 403 "you do not hold that seat" (the identity could not
// be read) and /api/me 401.
func TestStoreAwayAnswersRetry(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	ann.dial(tb.ID, "seat=0").close() // the table is in memory
	ts.db.Close()
	code, h := handshake(t, ann, tb.ID, "seat=0")
	wantRetry(t, "handshake", code, h)
	code, h = get(t, ann, "/api/me")
	wantRetry(t, "GET /api/me", code, h)
	code, h = get(t, ann, "/api/tables?mine=1")
	wantRetry(t, "GET /api/tables?mine=1", code, h)
	code, h = get(t, ann, "/api/tables/"+tb.ID)
	wantRetry(t, "GET /api/tables/ID", code, h)
	code, h = get(t, ann, "/api/tables/zzzzzzzzzzzzzzzz")
	wantRetry(t, "GET /api/tables/unknown", code, h)
}

// The same on PostgreSQL, its server stopped: a handshake to a table not
// in memory (it must be read) and an API call.
func TestPostgresAwayAnswersRetry(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL server")
	}
	pg.dsn(t) // skips where PostgreSQL is not installed
	// A server of its own (the package's is shared), stopped once: its
	// default database, dropped with it.
	own, err := pgtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			own.Stop()
		}
	})
	db, err := postgres.Open(context.Background(), own.DSN("postgres"), postgres.Options{MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	srv, hs := startLoopback(t, Config{Log: quietLog(), Rate: 10000, Burst: 10000}, db)
	defer func() { hs.CloseClientConnections(); hs.Close(); srv.Close() }()
	ann := newClient(t, hs.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	stopped = true
	if err := own.Stop(); err != nil {
		t.Fatal(err)
	}
	code, h := handshake(t, ann, tb.ID, "seat=0")
	wantRetry(t, "handshake", code, h)
	code, h = get(t, ann, "/api/me")
	wantRetry(t, "GET /api/me", code, h)
	code, h = get(t, ann, "/api/tables/"+tb.ID)
	wantRetry(t, "GET /api/tables/ID", code, h)
}

// While NATS is away (the node's session lapsed), a handshake and an API
// call about a table that must be acquired are told to retry: before, 500
// "node has no live session".
func TestNATSAwayAnswersRetry(t *testing.T) {
	dsn := pg.dsn(t)
	ns := natstest.Start(t)
	a := startNode(t, dsn, ns.ClientURL(), "a")
	ann := newClient(t, a.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}}) // open: not loaded
	ns.Shutdown()
	deadline := time.Now().Add(10 * time.Second)
	for a.node.Session() != "" && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if a.node.Session() != "" {
		t.Fatal("the node kept its session without NATS")
	}
	code, h := handshake(t, ann, tb.ID, "seat=0")
	wantRetry(t, "handshake", code, h)
	code, h = get(t, ann, "/api/tables/"+tb.ID)
	wantRetry(t, "GET /api/tables/ID", code, h)
	code, h = get(t, ann, "/healthz")
	wantRetry(t, "GET /healthz", code, h)
}
