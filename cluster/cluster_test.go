package cluster_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/internal/pgtest"
)

var pg *pgtest.Server

func TestMain(m *testing.M) {
	if url := os.Getenv(childEnv); url != "" {
		child(url) // never returns
	}
	pgtest.Main(m, &pg)
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func join(t *testing.T, nc *nats.Conn, name string, ttl time.Duration, onOrphan func(string)) *cluster.Node {
	t.Helper()
	n, err := cluster.Join(t.Context(), cluster.Config{Conn: nc, Name: name, TTL: ttl, OnOrphan: onOrphan, Log: quiet})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close(context.Background()) })
	return n
}

func joinWith(t *testing.T, cfg cluster.Config) *cluster.Node {
	t.Helper()
	if cfg.Log == nil {
		cfg.Log = quiet
	}
	n, err := cluster.Join(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close(context.Background()) })
	return n
}

func echo(prefix string) cluster.Handler {
	return func(ctx context.Context, req []byte) ([]byte, error) {
		if string(req) == "fail" {
			return nil, errors.New("refused by " + prefix)
		}
		return []byte(prefix + string(req)), nil
	}
}

// One owner at a time; a released table is free at once, with a larger
// token.
func TestAcquireExclusive(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	a := join(t, natstest.Connect(t, url), "a", 2*time.Second, nil)
	b := join(t, natstest.Connect(t, url), "b", 2*time.Second, nil)
	la, err := a.Acquire(t.Context(), "t1", echo("a:"))
	if err != nil {
		t.Fatal(err)
	}
	if !la.Valid() || la.Token() == 0 || la.Table() != "t1" {
		t.Errorf("lease: valid %v token %d table %s", la.Valid(), la.Token(), la.Table())
	}
	var held *cluster.HeldError
	if _, err := b.Acquire(t.Context(), "t1", echo("b:")); !errors.As(err, &held) || held.Owner != a.Session() {
		t.Fatalf("b's Acquire of a's table: %v, want HeldError naming %s", err, a.Session())
	}
	if _, err := a.Acquire(t.Context(), "t1", echo("a:")); !errors.Is(err, cluster.ErrHeld) {
		t.Errorf("a acquired its own table twice: %v", err)
	}
	if owner, alive, err := b.Owner(t.Context(), "t1"); err != nil || owner != a.Session() || !alive {
		t.Errorf("Owner = %s, %v, %v; want %s alive", owner, alive, err, a.Session())
	}
	if err := la.Release(t.Context()); err != nil {
		t.Fatal(err)
	}
	select {
	case <-la.Lost():
	default:
		t.Error("a released lease is not ended")
	}
	if la.Valid() {
		t.Error("a released lease is valid")
	}
	lb, err := b.Acquire(t.Context(), "t1", echo("b:"))
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	if prev, _ := lb.Previous(); prev != "" {
		t.Errorf("a released table was taken from %s", prev)
	}
	if lb.Token() <= la.Token() {
		t.Errorf("token %d after %d: fencing tokens must grow", lb.Token(), la.Token())
	}
	for _, bad := range []string{"", "a.b", "a b", "t>", strings.Repeat("x", 200)} {
		if _, err := a.Acquire(t.Context(), bad, nil); !errors.Is(err, cluster.ErrBadName) {
			t.Errorf("table id %q: %v, want ErrBadName", bad, err)
		}
	}
	if s := a.Stats(); s.Acquired != 1 || s.Leases != 0 || s.Lost != 0 {
		t.Errorf("a's stats %+v", s)
	}
}

// A live owner keeps its tables through many renewals.
func TestRenewal(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	const ttl = time.Second // shorter flaps on this loaded machine: a starved node rightly stops trusting its lease
	a := join(t, natstest.Connect(t, url), "a", ttl, nil)
	b := join(t, natstest.Connect(t, url), "b", ttl, nil)
	l, err := a.Acquire(t.Context(), "t", nil)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(4 * ttl)
	for time.Now().Before(deadline) {
		if !l.Valid() {
			t.Fatal("the lease became invalid while its node renewed")
		}
		if _, err := b.Acquire(t.Context(), "t", nil); !errors.Is(err, cluster.ErrHeld) {
			t.Fatalf("b took a live node's table: %v", err)
		}
		time.Sleep(ttl / 5)
	}
	if s := a.Stats(); s.Lost != 0 || s.Sessions != 1 {
		t.Errorf("stats %+v", s)
	}
}

// Requests reach the owner, in the order they were sent, and its errors
// come back; without an owner, ErrNoOwner.
func TestForward(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	a := join(t, natstest.Connect(t, url), "a", 2*time.Second, nil)
	b := join(t, natstest.Connect(t, url), "b", 2*time.Second, nil)
	if _, err := b.Request(t.Context(), "t1", []byte("x")); !errors.Is(err, cluster.ErrNoOwner) {
		t.Errorf("no owner yet: %v", err)
	}
	var mu sync.Mutex
	var seen []string
	l, err := a.Acquire(t.Context(), "t1", func(ctx context.Context, req []byte) ([]byte, error) {
		mu.Lock()
		seen = append(seen, string(req))
		mu.Unlock()
		return echo("a:")(ctx, req)
	})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := b.Request(t.Context(), "t1", []byte("x")); err != nil || string(out) != "a:x" {
		t.Errorf("Request = %q, %v", out, err)
	}
	var re *cluster.RemoteError
	if _, err := b.Request(t.Context(), "t1", []byte("fail")); !errors.As(err, &re) || re.Msg != "refused by a:" {
		t.Errorf("handler error: %v", err)
	}
	// Pipelined requests from one connection are handled in order.
	nc := natstest.Connect(t, url)
	inbox := nats.NewInbox()
	replies, _ := nc.SubscribeSync(inbox)
	const n = 200
	for i := range n {
		nc.PublishRequest("jardin.t.t1.req", inbox, []byte(fmt.Sprint(i)))
	}
	for range n {
		if _, err := replies.NextMsg(5 * time.Second); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	for i, s := range seen[2:] {
		if s != fmt.Sprint(i) {
			t.Fatalf("requests handled out of order: %v", seen)
		}
	}
	mu.Unlock()
	l.Release(t.Context())
	if _, err := b.Request(t.Context(), "t1", []byte("x")); !errors.Is(err, cluster.ErrNoOwner) {
		t.Errorf("after release: %v", err)
	}
	if s := a.Stats(); s.Served != n+2 {
		t.Errorf("a served %d, want %d", s.Served, n+2)
	}
}

// Nodes racing to act on an ownerless table: exactly one takes it, the
// others are answered by it.
func TestDoRace(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	var nodes []*cluster.Node
	for i := range 3 {
		nodes = append(nodes, join(t, natstest.Connect(t, url), fmt.Sprint("n", i), 2*time.Second, nil))
	}
	for table := range 10 {
		id := fmt.Sprint("t", table)
		var wg sync.WaitGroup
		outs := make([]string, len(nodes))
		errs := make([]error, len(nodes))
		var locals sync.Map
		for i, n := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				h := echo(fmt.Sprint("n", i, ":"))
				out, err := n.Do(t.Context(), id, []byte("m"), func(ctx context.Context, l *cluster.Lease) ([]byte, error) {
					locals.Store(i, l)
					return h(ctx, []byte("m"))
				}, h)
				outs[i], errs[i] = string(out), err
			}()
		}
		wg.Wait()
		owners := 0
		locals.Range(func(k, v any) bool { owners++; return true })
		if owners != 1 {
			t.Fatalf("%s: %d nodes acquired it", id, owners)
		}
		for i := range nodes {
			if errs[i] != nil || outs[i] != outs[0] {
				t.Errorf("%s: node %d got %q, %v; node 0 got %q", id, i, outs[i], errs[i], outs[0])
			}
		}
	}
}

// Each viewer's updates reach the nodes subscribed to it, in order; a new
// owner's first update says that some may have been missed, and a late
// update from the old owner is dropped.
func TestFanout(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	a := join(t, natstest.Connect(t, url), "a", 2*time.Second, nil)
	b := join(t, natstest.Connect(t, url), "b", 2*time.Second, nil)
	c := join(t, natstest.Connect(t, url), "c", 2*time.Second, nil)
	got := make(chan cluster.Update, 1000)
	for _, v := range []string{"s0", "spectators"} {
		if _, err := b.Subscribe("t1", v, func(u cluster.Update) { got <- u }); err != nil {
			t.Fatal(err)
		}
	}
	l, err := a.Acquire(t.Context(), "t1", nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 300
	for i := range n {
		for _, v := range []string{"s0", "s1", "spectators"} {
			if err := l.Publish(v, []byte(fmt.Sprint(v, i))); err != nil {
				t.Fatal(err)
			}
		}
	}
	next := map[string]int{}
	for range 2 * n {
		select {
		case u := <-got:
			if u.Viewer == "s1" {
				t.Fatalf("b got s1's update %q", u.Data)
			}
			if want := fmt.Sprint(u.Viewer, next[u.Viewer]); string(u.Data) != want || u.Gap || u.Token != l.Token() {
				t.Fatalf("got %+v (%q), want %q without gap", u, u.Data, want)
			}
			next[u.Viewer]++
		case <-time.After(5 * time.Second):
			t.Fatalf("updates missing: %v", next)
		}
	}
	// Hand over to c, then a late message of a's lease arrives.
	l.Release(t.Context())
	if err := l.Publish("s0", []byte("late")); !errors.Is(err, cluster.ErrNoOwner) {
		t.Errorf("publishing on a released lease: %v", err)
	}
	lc, err := c.Acquire(t.Context(), "t1", nil)
	if err != nil {
		t.Fatal(err)
	}
	lc.Publish("s0", []byte("from c"))
	u := <-got
	if string(u.Data) != "from c" || !u.Gap || u.Token != lc.Token() || u.Seq != 1 {
		t.Errorf("new owner's first update: %+v %q", u, u.Data)
	}
	stale := make([]byte, 16+4)
	binary.BigEndian.PutUint64(stale, l.Token()) // a's old lease, delayed
	binary.BigEndian.PutUint64(stale[8:], n+1)
	copy(stale[16:], "late")
	late := natstest.Connect(t, url)
	late.Publish("jardin.t.t1.up.s0", stale)
	late.Flush() // the server has routed it before c's next update
	lc.Publish("s0", []byte("again"))
	if u := <-got; string(u.Data) != "again" || u.Gap {
		t.Errorf("after a stale update: %+v %q", u, u.Data)
	}
	if s := b.Stats(); s.Dropped != 1 || s.Delivered != 2*n+2 {
		t.Errorf("b's stats: %+v", s)
	}
}
