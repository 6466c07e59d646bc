package cluster_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/postgres"
)

// childEnv makes the test binary a node of its own (child): it joins the
// cluster at the URL it holds, acquires the tables named in
// JARDIN_CLUSTER_TABLES, prints "ready TOKEN…" and waits to be killed.
const childEnv = "JARDIN_CLUSTER_CHILD"

func child(url string) {
	fail := func(err error) {
		fmt.Println("error", err)
		os.Exit(2)
	}
	nc, err := nats.Connect(url)
	if err != nil {
		fail(err)
	}
	ttl, _ := time.ParseDuration(os.Getenv("JARDIN_CLUSTER_TTL"))
	n, err := cluster.Join(context.Background(), cluster.Config{Conn: nc, Name: "child", TTL: ttl, Log: quiet})
	if err != nil {
		fail(err)
	}
	var tokens []string
	for _, table := range strings.Fields(os.Getenv("JARDIN_CLUSTER_TABLES")) {
		l, err := n.Acquire(context.Background(), table, echo("child:"))
		if err != nil {
			fail(err)
		}
		tokens = append(tokens, strconv.FormatUint(l.Token(), 10))
	}
	fmt.Println("ready", n.Session(), strings.Join(tokens, " "))
	select {}
}

// startChild runs a node in another process holding tables.
func startChild(t *testing.T, url string, ttl time.Duration, tables []string) (cmd *exec.Cmd, session string, tokens []uint64) {
	t.Helper()
	cmd = exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+url, "JARDIN_CLUSTER_TTL="+ttl.String(),
		"JARDIN_CLUSTER_TABLES="+strings.Join(tables, " "))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	f := strings.Fields(line)
	if err != nil || len(f) < 2 || f[0] != "ready" {
		t.Fatalf("child: %q, %v", line, err)
	}
	for _, s := range f[2:] {
		v, _ := strconv.ParseUint(s, 10, 64)
		tokens = append(tokens, v)
	}
	return cmd, f[1], tokens
}

// A node killed with SIGKILL: its tables are offered to the survivors
// (each to one of them) and taken over within a few seconds of its death,
// with larger tokens; until then nobody else may take them.
func TestKilledOwner(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	const ttl = 2 * time.Second
	var tables []string
	for i := range 20 {
		tables = append(tables, fmt.Sprint("k", i))
	}
	type taken struct {
		node     int
		token    uint64
		at       time.Time
		prev     string
		prevSeen time.Time
	}
	var mu sync.Mutex
	got := map[string]taken{}
	offers := map[string]int{}
	finished := false
	defer func() {
		mu.Lock()
		finished = true
		mu.Unlock()
	}()
	var nodes []*cluster.Node
	ended := make(chan string, 10)
	for i := range 2 {
		nodes = append(nodes, joinWith(t, cluster.Config{Conn: natstest.Connect(t, url), Name: fmt.Sprint("n", i), TTL: ttl,
			OnSessionEnd: func(s string) { ended <- s }, OnOrphan: func(table string) {
				mu.Lock()
				if finished {
					// The nodes are closing: one's released tables may be
					// offered to the other.
					mu.Unlock()
					return
				}
				offers[table]++
				mu.Unlock()
				l, err := nodes[i].Acquire(context.Background(), table, echo(fmt.Sprint("n", i, ":")))
				if err != nil {
					t.Errorf("n%d: orphan %s: %v", i, table, err)
					return
				}
				prev, seen := l.Previous()
				mu.Lock()
				got[table] = taken{i, l.Token(), time.Now(), prev, seen}
				mu.Unlock()
			}}))
	}
	cmd, session, tokens := startChild(t, url, ttl, tables)
	if out, err := nodes[0].Request(t.Context(), "k3", []byte("x")); err != nil || string(out) != "child:x" {
		t.Fatalf("the child does not serve its table: %q, %v", out, err)
	}
	if _, err := nodes[1].Acquire(t.Context(), "k0", nil); !errors.Is(err, cluster.ErrHeld) {
		t.Fatalf("a live child's table was taken: %v", err)
	}
	killed := time.Now()
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	for {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n == len(tables) {
			break
		}
		if time.Since(killed) > ttl+3*time.Second {
			t.Fatalf("%d of %d tables taken over %v after the kill", n, len(tables), time.Since(killed))
		}
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	var last time.Duration
	per := [2]int{}
	for i, table := range tables {
		g := got[table]
		last = max(last, g.at.Sub(killed))
		per[g.node]++
		if g.token <= tokens[i] {
			t.Errorf("%s: token %d after the dead owner's %d", table, g.token, tokens[i])
		}
		if offers[table] != 1 {
			t.Errorf("%s offered %d times", table, offers[table])
		}
		// The dead owner's last renewal: at most TTL/4 before the kill
		// (and some scheduling), not after.
		if g.prev != session || g.prevSeen.After(killed) || killed.Sub(g.prevSeen) > ttl/4+time.Second {
			t.Errorf("%s: Previous = %s last seen %v before the kill; want %s within TTL/4", table, g.prev,
				killed.Sub(g.prevSeen), session)
		}
	}
	t.Logf("killed %s (TTL %v): all %d tables taken over %v after SIGKILL, %v per survivor", session, ttl,
		len(tables), last.Round(time.Millisecond), per)
	for _, table := range tables {
		if nodes[0].Mine(table) == nodes[1].Mine(table) {
			t.Errorf("%s: Mine is %v on both survivors", table, nodes[0].Mine(table))
		}
		if nodes[got[table].node].Mine(table) != true {
			t.Errorf("%s was offered to n%d, but Mine is false there", table, got[table].node)
		}
	}
	if per[0] == 0 || per[1] == 0 {
		t.Errorf("takeovers not spread: %v", per)
	}
	for range nodes {
		if s := <-ended; s != session {
			t.Errorf("OnSessionEnd(%s), want the child's %s", s, session)
		}
	}
	if out, err := nodes[0].Request(t.Context(), "k3", []byte("y")); err != nil || !strings.HasSuffix(string(out), ":y") ||
		strings.HasPrefix(string(out), "child") {
		t.Errorf("after the takeover: %q, %v", out, err)
	}
}

// proxy is a TCP relay to addr that can be frozen: a network partition of
// whoever connects through it, without closing anything.
type proxy struct {
	ln   net.Listener
	gate sync.RWMutex // held for writing while frozen
	down sync.RWMutex // held for writing while NATS's answers are held back
}

func newProxy(t *testing.T, addr string) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", addr)
			if err != nil {
				c.Close()
				continue
			}
			t.Cleanup(func() { c.Close(); s.Close() })
			go p.pipe(c, s, &p.down)
			go p.pipe(s, c, nil)
		}
	}()
	return p
}

// pipe copies src to dst while neither p.gate nor (if any) oneWay is
// held.
func (p *proxy) pipe(dst, src net.Conn, oneWay *sync.RWMutex) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.gate.RLock()
			if oneWay != nil {
				oneWay.RLock()
			}
			_, werr := dst.Write(buf[:n])
			if oneWay != nil {
				oneWay.RUnlock()
			}
			p.gate.RUnlock()
			if werr != nil {
				return
			}
		}
		if err != nil {
			if err != io.EOF {
				dst.Close()
			}
			return
		}
	}
}

func (p *proxy) url() string { return "nats://" + p.ln.Addr().String() }

// Two would-be owners never both write: an owner cut off from NATS (its
// process still running, as in a long pause or a partition) loses its
// lease within TTL by its own clock; another node takes the table over
// after the server expired the session; and whichever of the old owner's
// late writes and the new owner's writes reaches PostgreSQL second is
// refused by the (table, seq) key — the log never forks.
func TestPartitionedOwnerFenced(t *testing.T) {
	ns := natstest.Start(t)
	db, err := postgres.Open(t.Context(), pg.DB(t), postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const ttl = time.Second
	px := newProxy(t, ns.Addr().String())
	a := join(t, natstest.Connect(t, px.url()), "a", ttl, nil)
	b := join(t, natstest.Connect(t, ns.ClientURL()), "b", ttl, nil)
	if err := db.CreateTable(t.Context(), store.Table{ID: "t", Game: "g", Players: 2, Status: store.StatusLive}); err != nil {
		t.Fatal(err)
	}
	entry := func(seq int, by string) store.Write {
		return store.Write{Entries: []store.Entry{{Table: "t", Seq: seq, Kind: store.KindMove, Move: "m", Client: by,
			At: time.Now()}}}
	}
	la, err := a.Acquire(t.Context(), "t", nil)
	if err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 3; seq++ {
		if !la.Valid() {
			t.Fatal("a's lease invalid before the partition")
		}
		if errs := db.Commit(t.Context(), []store.Write{entry(seq, "a")}); errs[0] != nil {
			t.Fatal(errs[0])
		}
	}
	// a checks its lease for move 4, then is cut off before storing it.
	if !la.Valid() {
		t.Fatal("a's lease invalid before the partition")
	}
	px.gate.Lock()
	cut := time.Now()
	// Valid() turns false 3/4 TTL after the last renewal a sent, before
	// NATS can expire a's session (TTL after it stored that renewal).
	for la.Valid() {
		if time.Since(cut) > ttl {
			t.Fatalf("a still trusts its lease %v after the cut (TTL %v)", time.Since(cut), ttl)
		}
		time.Sleep(5 * time.Millisecond)
	}
	invalid := time.Since(cut)
	select {
	case <-la.Lost():
	case <-time.After(2 * ttl):
		t.Fatal("a cut-off owner's lease never reported lost")
	}
	// b takes over once the NATS server has expired a's session.
	var lb *cluster.Lease
	for lb == nil {
		lb, err = b.Acquire(t.Context(), "t", nil)
		if err != nil && !errors.Is(err, cluster.ErrHeld) {
			t.Fatal(err)
		}
		if time.Since(cut) > 3*ttl {
			t.Fatalf("b could not take the table over %v after the cut: %v", time.Since(cut), err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if lb.Token() <= la.Token() {
		t.Errorf("b's token %d not above a's %d", lb.Token(), la.Token())
	}
	t.Logf("a stopped trusting its lease %v after the cut, by its own clock; b took over %v after the cut (TTL %v)",
		invalid.Round(time.Millisecond), time.Since(cut).Round(time.Millisecond), ttl)
	log, _ := db.Entries(t.Context(), "t", 0)
	next := len(log) + 1 // b replays the log: 3 entries
	if errs := db.Commit(t.Context(), []store.Write{entry(next, "b")}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	// a's late write of move 4 (it had checked its lease) arrives now.
	if errs := db.Commit(t.Context(), []store.Write{entry(4, "a")}); !errors.Is(errs[0], store.ErrConflict) {
		t.Errorf("the old owner's late write: %v, want ErrConflict", errs[0])
	}
	// The other order: a's late write of move 5 lands before b's.
	if errs := db.Commit(t.Context(), []store.Write{entry(5, "a")}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	if errs := db.Commit(t.Context(), []store.Write{entry(5, "b")}); !errors.Is(errs[0], store.ErrConflict) {
		t.Errorf("b's write after a's late one: %v, want ErrConflict (b must reload)", errs[0])
	}
	log, _ = db.Entries(t.Context(), "t", 0)
	var by []string
	for i, e := range log {
		if e.Seq != i+1 {
			t.Errorf("log has seq %d at %d", e.Seq, i)
		}
		by = append(by, e.Client)
	}
	if strings.Join(by, "") != "aaaba" {
		t.Errorf("log written by %v, want a a a b a", by)
	}
	// Back on the network, a has a new session and no table.
	px.gate.Unlock()
	deadline := time.Now().Add(5 * ttl)
	for a.Session() == "" || a.Stats().Sessions < 2 {
		if time.Now().After(deadline) {
			t.Fatal("a did not start a new session after the partition")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := a.Acquire(t.Context(), "t", nil); !errors.Is(err, cluster.ErrHeld) {
		t.Errorf("a, back, took b's table: %v", err)
	}
	if s := a.Stats(); s.Lost != 1 {
		t.Errorf("a's stats: %+v", s)
	}
}

// NATS itself restarts (same folder and port): the nodes reconnect, start
// new sessions, and the tables of a node that died during the outage are
// offered to a survivor as usual.
func TestNATSRestart(t *testing.T) {
	dir := t.TempDir()
	ns, err := natstest.NewOn(dir, -1)
	if err != nil {
		t.Fatal(err)
	}
	port := ns.Addr().(*net.TCPAddr).Port
	url := ns.ClientURL()
	t.Cleanup(func() { ns.Shutdown() }) // after the nodes' Close (cleanups run last first)
	const ttl = time.Second
	orphans := make(chan string, 10)
	a := joinWith(t, cluster.Config{Conn: natstest.Connect(t, url), Name: "a", TTL: ttl,
		OnOrphan: func(table string) { orphans <- table }})
	deadConn := natstest.Connect(t, url)
	dead := joinWith(t, cluster.Config{Conn: deadConn, Name: "dead", TTL: ttl})
	la, err := a.Acquire(t.Context(), "ta", echo("a:"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dead.Acquire(t.Context(), "td", nil); err != nil {
		t.Fatal(err)
	}
	ns.Shutdown()
	ns.WaitForShutdown()
	deadConn.Close() // this node dies during the outage
	select {
	case <-la.Lost():
	case <-time.After(2 * ttl):
		t.Fatal("a kept its lease through a NATS outage longer than TTL")
	}
	if ns, err = natstest.NewOn(dir, port); err != nil {
		t.Fatal(err)
	}
	restarted := time.Now()
	var l *cluster.Lease
	for l == nil {
		if l, err = a.Acquire(t.Context(), "ta", echo("a:")); err != nil && time.Since(restarted) > 10*ttl {
			t.Fatalf("a cannot take its table back after the restart: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if l.Token() <= la.Token() {
		t.Errorf("token %d after %d", l.Token(), la.Token())
	}
	if out, err := a.Request(t.Context(), "ta", []byte("x")); err != nil || string(out) != "a:x" {
		t.Errorf("request after the restart: %q, %v", out, err)
	}
	// a's own table was orphaned too (its old session expired): it may be
	// offered as well.
	for offered := false; !offered; {
		select {
		case table := <-orphans:
			offered = table == "td"
			if table != "td" && table != "ta" {
				t.Errorf("orphan %s offered", table)
			}
		case <-time.After(5 * ttl):
			t.Fatal("the table of the node that died during the outage was never offered")
		}
	}
	t.Logf("a owned its table again %v after NATS restarted", time.Since(restarted).Round(time.Millisecond))
}
