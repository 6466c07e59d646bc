package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jardin-games/jardin/internal/metrics"
	"github.com/nats-io/nats.go"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/internal/pgtest"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/postgres"
)

// lazyPG is the throwaway PostgreSQL of this package's cluster tests,
// started by the first test that asks (most of the package needs none).
type lazyPG struct {
	once sync.Once
	srv  *pgtest.Server
}

func (l *lazyPG) dsn(t testing.TB) string {
	t.Helper()
	l.once.Do(func() {
		s, err := pgtest.Start()
		if err != nil {
			if os.Getenv(pgtest.RequireEnv) == "1" {
				t.Fatalf("pgtest: %v", err)
			}
			return
		}
		l.srv = s
	})
	if l.srv == nil {
		t.Skip("skipped: PostgreSQL is not installed; set " + pgtest.RequireEnv + "=1 to make this a failure")
	}
	return l.srv.DB(t)
}

func (l *lazyPG) stop() {
	if l.srv != nil {
		l.srv.Stop()
	}
}

// pg is stopped by TestMain.
var pg lazyPG

// node is an in-process cluster node: a server on PostgreSQL and NATS.
type node struct {
	*Server
	URL  string
	http *httptest.Server
	db   *postgres.DB
	nc   *nats.Conn
}

func startNode(t testing.TB, dsn, natsURL, name string, opts ...func(*Config)) *node {
	t.Helper()
	db, err := postgres.Open(context.Background(), dsn, postgres.Options{MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	nc := natstest.Connect(t, natsURL)
	cfg := Config{Log: quietLog(), Rate: 10000, Burst: 10000, IdentityBurst: 100000, WriteBurst: 100000, Queue: 4096, Collectors: []metrics.Collector{db.Collector()},
		Cluster: &cluster.Config{Conn: nc, Name: name, TTL: time.Second, Memory: true, RequestTimeout: 2 * time.Second}}
	for _, o := range opts {
		o(&cfg)
	}
	srv, hs := startLoopback(t, cfg, db)
	n := &node{Server: srv, URL: hs.URL, http: hs, db: db, nc: nc}
	t.Cleanup(func() {
		hs.CloseClientConnections()
		hs.Close()
		srv.Close()
		db.Close()
	})
	return n
}

// versionCheck follows the sync and update messages of one socket: every
// update must continue exactly where the client is (its "from" is the
// version the client has), so that no move is seen twice, skipped or out
// of order.
type versionCheck struct {
	v       int
	synced  bool
	updates int
	bad     []string
}

func (vc *versionCheck) see(m map[string]json.RawMessage) {
	switch str(m, "t") {
	case outSync:
		v := num(m, "v")
		if vc.synced && v < vc.v {
			vc.bad = append(vc.bad, fmt.Sprintf("sync at version %d after %d", v, vc.v))
		}
		vc.v, vc.synced = v, true
	case outUpdate:
		v, from := num(m, "v"), num(m, "from")
		switch {
		case !vc.synced:
			vc.bad = append(vc.bad, fmt.Sprintf("update %d before any sync", v))
		case from != vc.v || v <= vc.v:
			vc.bad = append(vc.bad, fmt.Sprintf("update from %d to %d at version %d", from, v, vc.v))
		}
		vc.v = v
		vc.updates++
	}
}

// Two nodes: the table lives on A (Ann's socket took it); Bob joins, plays
// and fetches the record through B. Bob's moves are forwarded and
// acknowledged, Ann's socket on A sees them, and both sockets see every
// version once, in order.
func TestClusterForwarding(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	a, b := startNode(t, dsn, url, "a"), startNode(t, dsn, url, "b")
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, b.URL, "Bob")
	no := false
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Undo: &no})
	sa := ann.dial(tb.ID, "")
	sa.next(outSync)
	if a.node.Stats().Leases != 1 {
		t.Fatalf("node a owns %d tables, want 1", a.node.Stats().Leases)
	}
	if seat := bob.join(tb.ID, tb.Invite); seat != 1 { // forwarded to a
		t.Fatalf("Bob got seat %d", seat)
	}
	sb := bob.dial(tb.ID, "") // relayed by b
	if b.node.Stats().Leases != 0 {
		t.Fatalf("node b took the table")
	}
	checks := []*versionCheck{{}, {}}
	acks := make([]int, 2)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, s := range []*sock{sa, sb} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.play(i, rand.New(rand.NewPCG(uint64(i), 16)), func(m map[string]json.RawMessage) {
				checks[i].see(m)
				if str(m, "t") == outAck {
					acks[i]++
				}
			})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("seat %d: %v", i, err)
		}
	}
	for i, vc := range checks {
		for _, bad := range vc.bad {
			t.Errorf("seat %d: %s", i, bad)
		}
		if acks[i] == 0 {
			t.Errorf("seat %d: no move acknowledged", i)
		}
	}
	if sa.v != sb.v || checks[0].v != sa.v {
		t.Errorf("versions at the end: %d and %d", sa.v, sb.v)
	}
	// The sockets are still open: node b holds one, relayed.
	var metrics string
	bob.call("GET", "/metrics", nil, &metrics)
	for _, want := range []string{"jardin_relayed_sockets 1", "jardin_sockets 1", "jardin_cluster_leases 0", "jardin_db_max_conns 4"} {
		if !strings.Contains(metrics, "\n"+want+"\n") {
			t.Errorf("node b's /metrics lacks %q", want)
		}
	}
	var rec string
	if code := bob.call("GET", "/api/tables/"+tb.ID+"/record", nil, &rec); code != 200 {
		t.Fatalf("record through b: %d %s", code, rec)
	}
	checkRecord(t, rec, sa.v)
	// The replay, through b, to a client that takes no gzip: the owner
	// sends it gzipped over NATS, b unpacks it.
	req, _ := http.NewRequest("GET", b.URL+"/api/tables/"+tb.ID+"/replay", nil)
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var replay struct{ Steps []json.RawMessage }
	err = json.NewDecoder(resp.Body).Decode(&replay)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || len(replay.Steps) != sa.v+1 || resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("replay through b: %d %q, %d steps for %d versions (%v)", resp.StatusCode, resp.Header.Get("Content-Encoding"),
			len(replay.Steps), sa.v, err)
	}
	if st := b.node.Stats(); st.Forwarded == 0 || st.Delivered == 0 {
		t.Errorf("node b forwarded %d requests and received %d updates", st.Forwarded, st.Delivered)
	}
	t.Logf("%d versions, seat 1's %d moves forwarded from b to a; a served %d requests", sa.v, acks[1], a.node.Stats().Served)
}

// A node drained (Server.Close, what SIGTERM does) in the middle of a
// game: its table's sockets, local and relayed, are told to reconnect, its
// lease is released, and the other node takes the table at once when the
// players come back; nothing acknowledged is lost, nothing seen twice.
func TestClusterDrain(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	a, b := startNode(t, dsn, url, "a"), startNode(t, dsn, url, "b")
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, b.URL, "Bob")
	no := false
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open", "greedy"}, Undo: &no})
	ann.dial(tb.ID, "").close() // a takes the table
	bob.join(tb.ID, tb.Invite)
	var drained atomic.Bool
	alive := func(i int) bool { return i != 0 || !drained.Load() }
	urls := []string{a.URL, b.URL}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	d := playDuel(ctx, t, ann, bob, tb.ID, urls, alive, 5)
	for d.acked.Load() < 8 && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	drained.Store(true)
	atDrain := d.acked.Load()
	t0 := time.Now()
	a.Close()
	for b.node.Stats().Leases == 0 && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	moved := time.Since(t0)
	d.wg.Wait()
	es, err := b.db.Entries(context.Background(), tb.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range d.players {
		for _, bad := range p.check.bad {
			t.Errorf("seat %d: %s", p.seat, bad)
		}
		if p.conns < 2 {
			t.Errorf("seat %d never reconnected", p.seat)
		}
		for id, v := range p.acked {
			if v > len(es) || es[v-1].Client != id {
				t.Errorf("seat %d: move %s acknowledged at %d is not stored there", p.seat, id, v)
			}
		}
	}
	if a := b.node.Stats(); a.TakenOver != 0 {
		t.Errorf("the drained node's table was taken over as from a dead node (%d)", a.TakenOver)
	}
	t.Logf("node a drained after %d acknowledged moves; node b owned the table %.0f ms later; game over at version %d",
		atDrain, float64(moved.Microseconds())/1000, d.players[0].check.v)
}

// Async deadlines of tables nobody watches fire once across the nodes:
// only the node rendezvous hashing names loads a due table, and its lease
// keeps the other away.
func TestClusterDeadlinesOnce(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	fast := func(c *Config) {
		c.Idle, c.IdleCheck, c.DueCheck = 100*time.Millisecond, 50*time.Millisecond, 50*time.Millisecond
	}
	nodes := []*node{startNode(t, dsn, url, "a", fast), startNode(t, dsn, url, "b", fast), startNode(t, dsn, url, "c", fast)}
	var ids []string
	for i := range 6 {
		ann, bob := newClient(t, nodes[i%3].URL, "Ann"), newClient(t, nodes[(i+1)%3].URL, "Bob")
		tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
			Clock: clockSpec{Mode: "async", Hours: 1.0 / 3600}})
		bob.join(tb.ID, tb.Invite)
		ids = append(ids, tb.ID)
	}
	for _, id := range ids {
		waitEntries(t, nodes[0].db, id, store.KindZombie, 1)
	}
	time.Sleep(500 * time.Millisecond) // time for a second firing, if any
	for _, id := range ids {
		es, _ := nodes[0].db.Entries(context.Background(), id, 0)
		z := map[int]int{}
		for _, e := range es {
			if e.Kind == store.KindZombie {
				z[e.Seat]++
			}
		}
		if z[0] != 1 || z[1] > 1 {
			t.Errorf("table %s: replacements by seat %v, want one of Ann and at most one of Bob", id, z)
		}
	}
	loads := 0
	for _, n := range nodes {
		loads += int(n.node.Stats().Acquired)
	}
	t.Logf("6 async deadlines fired once each over 3 nodes (%d leases taken in all)", loads)
}

// A realtime table whose owner dies (its NATS connection cut: it stops
// renewing) is taken over by the other node, and the clock of the seat to
// move is not charged for the time the table had no owner: it ran until
// the dead owner's last renewal, and runs again from the takeover.
func TestClusterTakeoverGivesClockBack(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	const ttl = 2 * time.Second
	withTTL := func(c *Config) { c.Cluster.TTL = ttl }
	a, b := startNode(t, dsn, url, "a", withTTL), startNode(t, dsn, url, "b", withTTL)
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, a.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "realtime", Minutes: 1}})
	bob.join(tb.ID, tb.Invite) // a loads the table: the game and Ann's clock start
	started := time.Now()
	if a.node.Stats().Leases != 1 {
		t.Fatal("node a does not own the table")
	}
	time.Sleep(500 * time.Millisecond)
	a.nc.Close() // node a is cut off: to the others it is dead
	cut := time.Now()
	for b.node.Stats().Leases == 0 {
		if time.Since(cut) > 10*ttl {
			t.Fatal("node b did not take the table over")
		}
		time.Sleep(10 * time.Millisecond)
	}
	tookOver := time.Since(cut)
	// Node a, cut off, says so to the proxy.
	for code := 200; code != 503; {
		var out string
		code = (&client{t: t, base: a.URL}).call("GET", "/healthz", nil, &out)
		if time.Since(cut) > 10*ttl {
			t.Fatalf("node a cut off from NATS: /healthz %d %s", code, out)
		}
		time.Sleep(10 * time.Millisecond)
	}
	ann.base = b.URL
	m := ann.dial(tb.ID, "").next(outSync)
	var ck clockInfo
	json.Unmarshal(m["clocks"], &ck)
	spent := time.Duration(60000-ck.Remaining[0]) * time.Millisecond
	ranBefore := cut.Sub(started)
	t.Logf("owner cut off %.0f ms into Ann's turn, table taken over %.0f ms later (TTL %s): Ann's clock charged %.0f ms",
		ms(ranBefore), ms(tookOver), ttl, ms(spent))
	// Charged: until the owner's last renewal (at most TTL/4 before the
	// cut) and from the takeover to the sync. Without the give-back it
	// would be charged the takeover's ≈ TTL as well.
	if ck.Running != 0 || spent > ranBefore+ttl/2 {
		t.Errorf("Ann's clock was charged %v; it ran %v before the owner was cut off, and the takeover took %v",
			spent, ranBefore, tookOver)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
