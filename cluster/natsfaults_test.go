package cluster_test

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/internal/natstest"
)

// logBuf is a logger whose lines a test can read.
type logBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *logBuf) logger() *slog.Logger { return slog.New(slog.NewTextHandler(l, nil)) }

// eventually polls cond every 10 ms until it holds or d has passed, and
// reports how long it took.
func eventually(d time.Duration, cond func() bool) (time.Duration, bool) {
	t0 := time.Now()
	for !cond() {
		if time.Since(t0) > d {
			return time.Since(t0), false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return time.Since(t0), true
}

// owned collects the leases a node's OnOrphan takes.
type owned struct {
	mu     sync.Mutex
	leases map[string]*cluster.Lease
	errs   []string
}

func (o *owned) take(n **cluster.Node, prefix string) func(string) {
	return func(table string) {
		l, err := (*n).Acquire(context.Background(), table, echo(prefix))
		if err != nil {
			o.mu.Lock()
			o.errs = append(o.errs, fmt.Sprintf("%s: %v", table, err))
			o.mu.Unlock()
			return // another node's, or already ours
		}
		o.mu.Lock()
		o.leases[table] = l
		o.mu.Unlock()
	}
}

func (o *owned) valid(table string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	l := o.leases[table]
	return l != nil && l.Valid()
}

// NATS restarts without its storage (a new server, an empty folder, the
// same address): the nodes make the buckets again, start new sessions and
// take back the tables they held, without a restart of their own; requests
// through the other node reach the owner again. Within 2 × TTL of NATS
// answering, whether NATS came back at once or after more than a TTL.
// (Before: the nodes looped on "stream not found" until restarted.)
func TestNATSRestartEmpty(t *testing.T) {
	const ttl = time.Second
	for _, down := range []time.Duration{0, 3 * ttl / 2} {
		t.Run(fmt.Sprint("down ", down), func(t *testing.T) {
			ns, err := natstest.NewOn(t.TempDir(), -1)
			if err != nil {
				t.Fatal(err)
			}
			port := ns.Addr().(*net.TCPAddr).Port
			t.Cleanup(func() { ns.Shutdown() }) // after the nodes' Close
			var a, b *cluster.Node
			oa, ob := &owned{leases: map[string]*cluster.Lease{}}, &owned{leases: map[string]*cluster.Lease{}}
			var la, lb logBuf
			a = joinWith(t, cluster.Config{Conn: natstest.Connect(t, ns.ClientURL()), Name: "a", TTL: ttl, OnOrphan: oa.take(&a, "a:"),
				Log: la.logger()})
			b = joinWith(t, cluster.Config{Conn: natstest.Connect(t, ns.ClientURL()), Name: "b", TTL: ttl, OnOrphan: ob.take(&b, "b:"),
				Log: lb.logger()})
			oa.take(&a, "a:")("ta")
			ob.take(&b, "b:")("tb")
			if !oa.valid("ta") || !ob.valid("tb") {
				t.Fatal("could not acquire the tables")
			}
			before := a.Session()
			ns.Shutdown()
			ns.WaitForShutdown()
			time.Sleep(down) // the outage: an input, not an assertion
			if ns, err = natstest.NewOn(t.TempDir(), port); err != nil {
				t.Fatal(err)
			}
			back := time.Now()
			// Each table is owned again, in NATS, by a live session of
			// one of the nodes (either may win it: its old owner offers
			// it again, the other may find it orphaned), and requests from
			// both nodes reach that owner.
			resumed := func(table string) bool {
				ctx, cancel := context.WithTimeout(t.Context(), ttl/4)
				defer cancel()
				owner, alive, err := a.Owner(ctx, table)
				prefix := map[string]string{a.Session(): "a:", b.Session(): "b:"}[owner]
				if err != nil || !alive || prefix == "" {
					return false
				}
				for _, n := range []*cluster.Node{a, b} {
					if out, err := n.Request(ctx, table, []byte("x")); err != nil || string(out) != prefix+"x" {
						return false
					}
				}
				return true
			}
			took, ok := eventually(2*ttl, func() bool { return resumed("ta") && resumed("tb") })
			if !ok {
				t.Fatalf("play not resumed %v after NATS came back empty (TTL %v): a %q valid %v, b %q valid %v\na: %v\n%s\nb: %v\n%s",
					took, ttl, a.Session(), oa.valid("ta"), b.Session(), ob.valid("tb"), oa.errs, la.String(), ob.errs, lb.String())
			}
			if a.Session() == before {
				t.Errorf("a kept session %s through the loss of the bucket", before)
			}
			t.Logf("NATS down %v, back empty: both tables owned and answering %v after (TTL %v)", down,
				time.Since(back).Round(time.Millisecond), ttl)
		})
	}
}

// NATS does not answer for TTL/2, then 3/4 TTL — for every node (NATS
// paused), or for one node (that node paused or cut off): no lease is lost,
// no session ends; the leases are valid again once NATS answers, and
// requests go through. (Before: a renewal stored while its answer was held
// made the next one fail its compare-and-set and the node dropped every
// table; past 3/4 TTL the node dropped them by its own clock.)
func TestNATSPauseShorterThanTTL(t *testing.T) {
	const ttl = 2 * time.Second
	for _, c := range []struct {
		pause time.Duration
		all   bool
	}{{ttl / 2, true}, {3 * ttl / 4, true}, {3 * ttl / 4, false}} {
		t.Run(fmt.Sprintf("%v all %v", c.pause, c.all), func(t *testing.T) {
			ns := natstest.Start(t)
			px := newProxy(t, ns.Addr().String())
			var nodes []*cluster.Node
			var leases []*cluster.Lease
			for i := range 3 {
				url := px.url()
				if !c.all && i > 0 {
					url = ns.ClientURL() // only node 0 goes through the proxy
				}
				n := join(t, natstest.Connect(t, url), fmt.Sprint("n", i), ttl, nil)
				nodes = append(nodes, n)
				for j := range 4 {
					l, err := n.Acquire(t.Context(), fmt.Sprintf("p%d_%d", i, j), echo(fmt.Sprint("n", i, ":")))
					if err != nil {
						t.Fatal(err)
					}
					leases = append(leases, l)
				}
			}
			// Pause just after a renewal was sent and not yet stored, at
			// a random point otherwise: the worst phase is covered by the
			// runs of the two lengths.
			px.gate.Lock()
			time.Sleep(c.pause) // the pause: an input, not an assertion
			px.gate.Unlock()
			thawed := time.Now()
			allValid := func() bool {
				for _, l := range leases {
					if !l.Valid() {
						return false
					}
				}
				return true
			}
			took, ok := eventually(ttl, allValid)
			if !ok {
				t.Fatalf("leases not valid again %v after a pause of %v (TTL %v)", took, c.pause, ttl)
			}
			// Watch a further TTL: a session wrongly given up would show by
			// then (the renewals run every TTL/8).
			for time.Since(thawed) < ttl+took {
				for i, l := range leases {
					select {
					case <-l.Lost():
						t.Fatalf("lease %s of n%d lost after a pause of %v (TTL %v)", l.Table(), i/4, c.pause, ttl)
					default:
					}
				}
				time.Sleep(20 * time.Millisecond)
			}
			for i, n := range nodes {
				if s := n.Stats(); s.Lost != 0 || s.Sessions != 1 || s.Leases != 4 {
					t.Errorf("n%d after a pause of %v: %+v", i, c.pause, s)
				}
			}
			if out, err := nodes[1].Request(t.Context(), "p0_0", []byte("x")); err != nil || string(out) != "n0:x" {
				t.Errorf("request after the pause: %q, %v", out, err)
			}
			t.Logf("NATS silent for %v (TTL %v, all nodes %v): 0 of %d leases lost, all valid %v after",
				c.pause, ttl, c.all, len(leases), took.Round(time.Millisecond))
		})
	}
}

// NATS stores a renewal but its answer never reaches the node (held past
// the renewal's timeout, then dropped by the client): the next renewal
// fails its compare-and-set, the node reads its key back, finds its own
// renewal there and goes on with that revision. (Before: "wrong last
// sequence" ended the session and every lease.)
func TestAmbiguousRenewal(t *testing.T) {
	const ttl = 2 * time.Second
	ns := natstest.Start(t)
	px := newProxy(t, ns.Addr().String())
	var log logBuf
	a := joinWith(t, cluster.Config{Conn: natstest.Connect(t, px.url()), Name: "a", TTL: ttl, Log: log.logger()})
	b := join(t, natstest.Connect(t, ns.ClientURL()), "b", ttl, nil)
	la, err := a.Acquire(t.Context(), "amb", echo("a:"))
	if err != nil {
		t.Fatal(err)
	}
	session := a.Session()
	// Hold NATS's answers to a for TTL/2: longer than a renewal's timeout
	// (TTL/8 now, TTL/4 before), under 3/4 TTL. Renewals reach NATS and
	// are stored; their answers come too late.
	px.down.Lock()
	time.Sleep(ttl / 2)
	px.down.Unlock()
	lost := func() bool {
		select {
		case <-la.Lost():
			return true
		default:
			return false
		}
	}
	adopted := func() bool { return strings.Contains(log.String(), "adopted") }
	eventually(ttl, func() bool { return adopted() || lost() })
	if lost() {
		t.Fatalf("lease lost after a renewal's answer was lost: %s", log.String())
	}
	if !adopted() {
		t.Fatalf("no renewal adopted after the answers came back: %s", log.String())
	}
	if _, ok := eventually(ttl, la.Valid); !ok {
		t.Fatal("the lease is not valid again")
	}
	if s := a.Stats(); a.Session() != session || s.Lost != 0 || s.Sessions != 1 {
		t.Errorf("a after a lost answer: session %s (was %s), %+v", a.Session(), session, s)
	}
	if out, err := b.Request(t.Context(), "amb", []byte("x")); err != nil || string(out) != "a:x" {
		t.Errorf("request: %q, %v", out, err)
	}
}

// The lease TTL is the cluster's: a node started with another one adopts
// the session bucket's, says so, and does not rewrite it. (Before: each
// node rewrote the bucket's TTL, the last one won.)
func TestLeaseTTLIsTheClusters(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	join(t, natstest.Connect(t, url), "a", time.Second, nil)
	var log logBuf
	joinWith(t, cluster.Config{Conn: natstest.Connect(t, url), Name: "b", TTL: 3 * time.Second, Log: log.logger()})
	js, err := jetstream.New(natstest.Connect(t, url))
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(t.Context(), "jardin_nodes")
	if err != nil {
		t.Fatal(err)
	}
	st, err := kv.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if st.TTL() != time.Second {
		t.Errorf("the session bucket's TTL is %v after b joined with 3s; want a's 1s kept", st.TTL())
	}
	if l := log.String(); !strings.Contains(l, "cluster_ttl=1s") || !strings.Contains(l, "flag=3s") {
		t.Errorf("b does not say it uses the cluster's TTL: %s", l)
	}
}

// A node started before NATS waits for it (and says so) instead of failing.
func TestJoinWaitsForNATS(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	nc, err := nats.Connect(fmt.Sprintf("nats://127.0.0.1:%d", port), nats.RetryOnFailedConnect(true),
		nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	var log logBuf
	joined := make(chan error, 1)
	go func() {
		n, err := cluster.Join(t.Context(), cluster.Config{Conn: nc, Name: "early", TTL: time.Second, Log: log.logger()})
		if err == nil {
			t.Cleanup(func() { n.Close(context.Background()) })
		}
		joined <- err
	}()
	if _, ok := eventually(10*time.Second, func() bool { return strings.Contains(log.String(), "waiting for NATS") }); !ok {
		select {
		case err := <-joined:
			t.Fatalf("Join returned (%v) without waiting for NATS", err)
		default:
			t.Fatal("Join does not say it waits for NATS")
		}
	}
	ns, err := natstest.NewOn(t.TempDir(), port)
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	select {
	case err := <-joined:
		if err != nil {
			t.Fatalf("Join: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Join did not return after NATS started")
	}
	// And one whose context ends first says why.
	nc2, err := nats.Connect("nats://127.0.0.1:1", nats.RetryOnFailedConnect(true), nats.MaxReconnects(-1))
	if err != nil {
		t.Fatal(err)
	}
	defer nc2.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 500*time.Millisecond)
	defer cancel()
	if _, err := cluster.Join(ctx, cluster.Config{Conn: nc2, Log: quiet}); err == nil ||
		!strings.Contains(err.Error(), "waiting for NATS") {
		t.Errorf("Join with no NATS and a context ending: %v", err)
	}
}

// fakeNATS speaks just enough of the NATS protocol to be connected to,
// announcing version.
func fakeNATS(t *testing.T, version string) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				fmt.Fprintf(c, "INFO {\"server_id\":\"fake\",\"version\":%q,\"proto\":1,\"headers\":true,\"max_payload\":1048576}\r\n", version)
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if strings.HasPrefix(line, "PING") {
						fmt.Fprint(c, "PONG\r\n")
					}
				}
			}()
		}
	}()
	return "nats://" + ln.Addr().String()
}

// A NATS older than 2.11 (Debian's 2.9) is refused at once, with both
// versions named.
func TestJoinChecksNATSVersion(t *testing.T) {
	nc, err := nats.Connect(fakeNATS(t, "2.9.25"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	t0 := time.Now()
	_, err = cluster.Join(ctx, cluster.Config{Conn: nc, Log: quiet})
	if err == nil || !strings.Contains(err.Error(), "2.9.25") || !strings.Contains(err.Error(), "2.11") {
		t.Fatalf("Join on NATS 2.9.25: %v; want an error naming 2.9.25 and 2.11", err)
	}
	if time.Since(t0) > 2*time.Second {
		t.Errorf("refused after %v, not at once", time.Since(t0))
	}
}
