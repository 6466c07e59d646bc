package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/store/postgres"
)

// Environment of a cluster node child process (see TestMain).
const (
	envChildPG   = "JARDIN_TEST_CHILD_PG"
	envChildNATS = "JARDIN_TEST_CHILD_NATS"
	envChildName = "JARDIN_TEST_CHILD_NODE"
)

// nodeTTL is the lease TTL of the node processes: a killed node's tables
// move after about this long.
const nodeTTL = 2 * time.Second

// serveClusterChild is a node process: the server on PostgreSQL and NATS,
// wired as `jardin serve --db postgres://… --nats …` wires it, on a
// loopback port printed on stdout, until it is killed.
func serveClusterChild(dsn, natsURL, name string) {
	fail := func(err error) {
		fmt.Println("ERR", err)
		os.Exit(1)
	}
	db, err := postgres.Open(context.Background(), dsn, postgres.Options{MaxConns: 4})
	if err != nil {
		fail(err)
	}
	nc, err := nats.Connect(natsURL, nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
	if err != nil {
		fail(err)
	}
	cfg := Config{Log: quietLog(), Rate: 10000, Burst: 10000, IdentityBurst: 100000, WriteBurst: 100000, Queue: 4096, BotBudget: 50 * time.Millisecond,
		Cluster: &cluster.Config{Conn: nc, Name: name, TTL: nodeTTL, Memory: true}}
	srv := New(cfg, db, games.Registry(), nil)
	if err := srv.Start(context.Background()); err != nil {
		fail(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail(err)
	}
	fmt.Println("ADDR", l.Addr())
	http.Serve(l, srv.Handler())
}

func startNodeProcess(t *testing.T, dsn, natsURL, name string) (*exec.Cmd, string) {
	t.Helper()
	return startProcess(t, "node "+name, envChildPG+"="+dsn, envChildNATS+"="+natsURL, envChildName+"="+name)
}

// nodePlayer is one seat played through sockets on the nodes, reconnecting
// to another node when its socket closes.
type nodePlayer struct {
	c      *client
	table  string
	seat   int
	node   int
	check  versionCheck
	acked  map[string]int // client id → version
	conns  int
	result json.RawMessage
}

// Three node processes on one PostgreSQL and one NATS; people at each
// table sit on different nodes; one node is killed with SIGKILL in the
// middle of the games. Every acknowledged move is stored exactly once,
// every game ends with the result its record replays to, no socket ever
// sees a version twice or out of order, and the dead node's tables have a
// new owner within seconds.
func TestThreeNodesOneKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts node processes")
	}
	dsn := pg.dsn(t)
	ns := natstest.Start(t)
	natsURL := ns.ClientURL()
	const nodes, victim = 3, 2
	cmds := make([]*exec.Cmd, nodes)
	urls := make([]string, nodes)
	for i := range nodes {
		cmds[i], urls[i] = startNodeProcess(t, dsn, natsURL, fmt.Sprint("n", i))
	}
	var dead atomic.Int32 // 1 + the killed node, 0 before
	alive := func(i int) bool { return int(dead.Load())-1 != i }

	gamesToPlay := []string{"english-gardens", "hanging-gardens", "english-gardens", "alices-garden"}
	const tables = 12
	var players []*nodePlayer
	for i := range tables {
		g := gamesToPlay[i%len(gamesToPlay)]
		na, nb := i%nodes, (i+1)%nodes
		ann := newClient(t, urls[na], fmt.Sprint("Ann", i))
		bob := newClient(t, urls[nb], fmt.Sprint("Bob", i))
		seats := []string{"me", "open"}
		if i%3 == 0 {
			seats = append(seats, "greedy") // a bot moves on whichever node owns the table
		}
		no := false
		tb := ann.create(createReq{Game: g, Seats: seats, Undo: &no})
		bob.join(tb.ID, tb.Invite) // loads the table on Bob's node: Ann's socket is relayed
		players = append(players,
			&nodePlayer{c: ann, table: tb.ID, seat: 0, node: na, acked: map[string]int{}},
			&nodePlayer{c: bob, table: tb.ID, seat: 1, node: nb, acked: map[string]int{}})
	}

	var acked atomic.Int64
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.play(ctx, urls, alive, rand.New(rand.NewPCG(uint64(i), 77)), &mu, &acked); err != nil {
				t.Errorf("table %s seat %d: %v", p.table, p.seat, err)
			}
		}()
	}

	// Kill a node once a third of the moves or so are made.
	js, err := jetstream.New(natstest.Connect(t, natsURL))
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(ctx, "jardin_tables")
	if err != nil {
		t.Fatal(err)
	}
	for acked.Load() < 120 && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
	}
	owned := ownedBy(ctx, t, kv, fmt.Sprintf("n%d-", victim))
	ackedAtKill := acked.Load()
	if err := cmds[victim].Process.Kill(); err != nil { // SIGKILL: no drain of any kind
		t.Fatal(err)
	}
	killedAt := time.Now()
	dead.Store(victim + 1)
	cmds[victim].Wait()

	// Its tables get new owners.
	var takeover time.Duration
	for ctx.Err() == nil {
		left := 0
		for _, tb := range owned {
			e, err := kv.Get(ctx, tb)
			if err != nil || strings.HasPrefix(string(e.Value()), fmt.Sprintf("n%d-", victim)) {
				left++
			}
		}
		if left == 0 {
			takeover = time.Since(killedAt)
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	t.Logf("node n%d killed after %d acknowledged moves, owning %d of %d tables: all had a new owner %.2f s later (lease TTL %s)",
		victim, ackedAtKill, len(owned), tables, takeover.Seconds(), nodeTTL)
	if len(owned) == 0 {
		t.Errorf("the killed node owned no table")
	}
	if takeover == 0 || takeover > 8*nodeTTL {
		t.Errorf("the dead node's tables were not all taken over within %s", 8*nodeTTL)
	}

	// Every acknowledged move is stored once, at its version.
	db, err := postgres.Open(context.Background(), dsn, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	reconnects, total := 0, 0
	for _, p := range players {
		for _, bad := range p.check.bad {
			t.Errorf("table %s seat %d: %s", p.table, p.seat, bad)
		}
		reconnects += p.conns - 1
		es, err := db.Entries(context.Background(), p.table, 0)
		if err != nil {
			t.Fatal(err)
		}
		stored := map[string][]int{}
		for i, e := range es {
			if e.Seq != i+1 {
				t.Fatalf("table %s: entry %d has seq %d", p.table, i+1, e.Seq)
			}
			if e.Seat == p.seat && e.Client != "" {
				stored[e.Client] = append(stored[e.Client], e.Seq)
			}
		}
		for id, v := range p.acked {
			if got := stored[id]; len(got) != 1 || got[0] != v {
				t.Errorf("table %s seat %d: move %s acknowledged at version %d, stored at %v", p.table, p.seat, id, v, got)
			}
			total++
		}
		if p.seat != 0 {
			continue
		}
		// The game's result is the one its record replays to.
		var raw string
		url := urls[(victim+1)%nodes]
		if code := p.c.call("GET", "/api/tables/"+p.table+"/record", nil, &raw); code != 200 {
			t.Fatalf("record of %s from %s: %d %s", p.table, url, code, raw)
		}
		checkRecord(t, raw, p.check.v)
		r, _ := record.Parse([]byte(raw))
		st, _ := record.Replay(games.Registry(), r, nil)
		replayed, _ := json.Marshal(st.Result())
		meta, err := db.Table(context.Background(), p.table)
		if err != nil {
			t.Fatal(err)
		}
		if !sameJSON(replayed, meta.Result) || !sameJSON(replayed, p.result) {
			t.Errorf("table %s: stored result %s, seen %s, replay of the record %s", p.table, meta.Result, p.result, replayed)
		}
	}
	t.Logf("%d players: %d acknowledged moves all stored once, %d reconnections", len(players), total, reconnects)
}

func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}

// ownedBy lists the tables whose lease names a session starting with prefix.
func ownedBy(ctx context.Context, t *testing.T, kv jetstream.KeyValue, prefix string) []string {
	t.Helper()
	keys, err := kv.Keys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, k := range keys {
		if e, err := kv.Get(ctx, k); err == nil && strings.HasPrefix(string(e.Value()), prefix) {
			out = append(out, k)
		}
	}
	return out
}

// play plays p's seat to the end of the game, reconnecting (to its node
// while it lives, else the next) whenever the socket closes.
func (p *nodePlayer) play(ctx context.Context, urls []string, alive func(int) bool, rng *rand.Rand, mu *sync.Mutex, acked *atomic.Int64) error {
	for ctx.Err() == nil {
		if !alive(p.node) {
			p.node = (p.node + 1) % len(urls)
		}
		p.c.base = urls[p.node]
		query := ""
		if p.check.synced {
			query = fmt.Sprintf("since=%d", p.check.v)
		}
		s, err := p.c.tryDial(p.table, query)
		if err != nil {
			time.Sleep(50 * time.Millisecond) // the node is dead, or the table is moving
			continue
		}
		p.conns++
		done, err := p.playOn(s, rng, mu, acked)
		s.ws.CloseNow()
		if done {
			return nil
		}
		if err != nil && !isClosed(err) {
			return err
		}
	}
	return fmt.Errorf("game not over at version %d: %w", p.check.v, ctx.Err())
}

func isClosed(err error) bool { return strings.Contains(err.Error(), "socket closed") }

// playOn plays on one socket until the game is over (true) or the socket
// closes.
func (p *nodePlayer) playOn(s *sock, rng *rand.Rand, mu *sync.Mutex, acked *atomic.Int64) (bool, error) {
	seq := 0
	for {
		m, err := s.tryNext(30*time.Second, outSync, outUpdate, outRefused, outAck, outError)
		if err != nil {
			return false, err
		}
		p.check.see(m)
		switch str(m, "t") {
		case outError:
			return false, fmt.Errorf("error: %s", str(m, "message"))
		case outRefused:
			switch r := refusalReason(str(m, "reason")); r {
			case refStale, refStore:
				// A sync follows.
			default:
				return false, fmt.Errorf("refused: %s %s %s", r, str(m, "rule"), str(m, "message"))
			}
			continue
		case outAck:
			mu.Lock()
			p.acked[str(m, "id")] = num(m, "v")
			mu.Unlock()
			acked.Add(1)
			continue
		}
		if str(m, "status") == "over" {
			p.result = m["result"]
			return true, nil
		}
		n := count(m, "legal")
		if num(m, "toMove") != p.seat || n == 0 {
			continue
		}
		seq++
		b, _ := json.Marshal(map[string]any{"t": "move", "v": num(m, "v"), "id": fmt.Sprintf("c%d-%d", p.conns, seq), "i": rng.IntN(n)})
		if err := s.ws.Write(context.Background(), websocket.MessageText, b); err != nil {
			return false, fmt.Errorf("socket closed: %w", err)
		}
	}
}

// duel is Ann (seat 0, first on node 0) and Bob (seat 1, first on node 1)
// playing one table over the nodes' urls.
type duel struct {
	players []*nodePlayer
	acked   atomic.Int64 // moves acknowledged to either
	mu      sync.Mutex
	wg      sync.WaitGroup // done when both have stopped
}

// playDuel starts Ann and Bob playing table id until it ends or ctx does;
// alive tells them which nodes they may use.
func playDuel(ctx context.Context, t *testing.T, ann, bob *client, id string, urls []string, alive func(int) bool, seed uint64) *duel {
	d := &duel{players: []*nodePlayer{{c: ann, table: id, seat: 0, node: 0, acked: map[string]int{}},
		{c: bob, table: id, seat: 1, node: 1, acked: map[string]int{}}}}
	for i, p := range d.players {
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			if err := p.play(ctx, urls, alive, rand.New(rand.NewPCG(uint64(i), seed)), &d.mu, &d.acked); err != nil {
				t.Errorf("seat %d: %v", p.seat, err)
			}
		}()
	}
	return d
}
