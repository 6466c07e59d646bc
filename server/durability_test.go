package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/store/sqlite"
)

// TestMain lets the test binary be the server process of the crash test:
// with JARDIN_TEST_CHILD_DB set it serves that database on a loopback port
// (printed on stdout) until it is killed.
func TestMain(m *testing.M) {
	if dsn := os.Getenv(envChildPG); dsn != "" {
		serveClusterChild(dsn, os.Getenv(envChildNATS), os.Getenv(envChildName))
		return
	}
	if db := os.Getenv("JARDIN_TEST_CHILD_DB"); db != "" {
		serveChild(db)
		return
	}
	code := m.Run()
	pg.stop()
	os.Exit(code)
}

func serveChild(path string) {
	db, err := sqlite.Open(path, sqlite.Options{Synchronous: "full"})
	if err != nil {
		fmt.Println("ERR", err)
		os.Exit(1)
	}
	srv := New(Config{Log: quietLog(), Rate: 10000, Burst: 10000, IdentityBurst: 100000, WriteBurst: 100000}, db, games.Registry(), nil)
	if err := srv.Start(context.Background()); err != nil {
		fmt.Println("ERR", err)
		os.Exit(1)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("ERR", err)
		os.Exit(1)
	}
	fmt.Println("ADDR", l.Addr())
	http.Serve(l, srv.Handler())
}

// startChild runs the test binary as a server on db and returns its URL.
func startChild(t *testing.T, db string) (*exec.Cmd, string) {
	t.Helper()
	return startProcess(t, "server process", "JARDIN_TEST_CHILD_DB="+db)
}

// startProcess runs the test binary with env added (a TestMain reads it and
// serves) and returns the process and its URL, which it prints first.
func startProcess(t *testing.T, what string, env ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
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
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "ADDR ")
	if err != nil || !ok {
		t.Fatalf("%s said %q (%v)", what, line, err)
	}
	return cmd, "http://" + addr
}

// kill -9 of the server in the middle of many games, then a restart on the
// same file: every acknowledged move is stored, a resent move is applied
// once, and the games go on to their end with records that replay.
func TestKillNineThenRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	db := filepath.Join(t.TempDir(), "jardin.db")
	cmd, url := startChild(t, db)
	type seatPlay struct {
		c      *client
		table  string
		seat   int
		sock   *sock
		acked  map[string]int // client id → version
		lastID string
	}
	var plays []*seatPlay
	gameIDs := []string{"english-gardens", "alices-garden", "hanging-gardens", "happy-garden", "schlossgarten", "english-gardens"}
	for i, g := range gameIDs {
		ann, bob := newClient(t, url, fmt.Sprintf("Ann%d", i)), newClient(t, url, fmt.Sprintf("Bob%d", i))
		no := false
		tb := ann.create(createReq{Game: g, Seats: []string{"me", "open"}, Undo: &no})
		bob.join(tb.ID, tb.Invite)
		for s, c := range []*client{ann, bob} {
			plays = append(plays, &seatPlay{c: c, table: tb.ID, seat: s, acked: map[string]int{}})
		}
	}
	// Play until the server is killed.
	var mu sync.Mutex
	total := 0
	killed := make(chan struct{})
	var wg sync.WaitGroup
	for i, p := range plays {
		p.sock = p.c.dial(p.table, "")
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.sock.play(p.seat, rand.New(rand.NewPCG(uint64(i), 1)), func(m map[string]json.RawMessage) {
				if str(m, "t") != outAck {
					return
				}
				mu.Lock()
				p.acked[str(m, "id")] = num(m, "v")
				p.lastID = str(m, "id")
				total++
				if total == 300 {
					close(killed)
				}
				mu.Unlock()
			})
		}()
	}
	select {
	case <-killed:
	case <-time.After(60 * time.Second):
		t.Fatal("300 moves not acknowledged within a minute")
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no shutdown of any kind
		t.Fatal(err)
	}
	cmd.Wait()
	wg.Wait()

	// Every acknowledged move is in the file.
	st, err := sqlite.Open(db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	acked := 0
	for _, p := range plays {
		es, err := st.Entries(context.Background(), p.table, 0)
		if err != nil {
			t.Fatal(err)
		}
		byClient := map[string]int{}
		for i, e := range es {
			if e.Seq != i+1 {
				t.Fatalf("table %s: entry %d has seq %d", p.table, i+1, e.Seq)
			}
			if e.Seat == p.seat {
				byClient[e.Client] = e.Seq
			}
		}
		for id, v := range p.acked {
			if byClient[id] != v {
				t.Errorf("table %s seat %d: move %s acknowledged at version %d, stored at %d", p.table, p.seat, id, v, byClient[id])
			}
			acked++
		}
	}
	mu.Unlock()
	st.Close()
	if acked < 300 {
		t.Fatalf("only %d acknowledgements seen", acked)
	}

	// Restart; everyone reconnects from the last version they saw.
	_, url = startChild(t, db)
	for i, p := range plays {
		p.c.base = url
		p.sock = p.c.dial(p.table, fmt.Sprintf("since=%d", p.sock.v))
		p.sock.prefix = "after"
		if p.lastID != "" {
			// A move resent after the crash (its acknowledgement might have
			// been lost): acknowledged again at its version, not applied.
			p.sock.send(map[string]any{"t": "move", "v": p.acked[p.lastID] - 1, "id": p.lastID, "i": 0})
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := p.sock.play(p.seat, rand.New(rand.NewPCG(uint64(i), 2)), func(m map[string]json.RawMessage) {
				if str(m, "t") == outAck && str(m, "id") == p.lastID && num(m, "v") != p.acked[p.lastID] {
					t.Errorf("resent move %s acknowledged at %d, first at %d", p.lastID, num(m, "v"), p.acked[p.lastID])
				}
			}); err != nil {
				t.Errorf("after the restart: %v", err)
			}
		}()
	}
	wg.Wait()
	for i := 0; i < len(plays); i += 2 {
		var rec string
		if code := plays[i].c.call("GET", "/api/tables/"+plays[i].table+"/record", nil, &rec); code != 200 {
			t.Fatalf("record: %d %s", code, rec)
		}
		checkRecord(t, rec, plays[i].sock.v)
	}
}
