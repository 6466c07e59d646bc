//go:build postgres

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/internal/pgtest"
	"github.com/jardin-games/jardin/store/postgres"
)

var pg *pgtest.Server

func TestMain(m *testing.M) { pgtest.Main(m, &pg) }

// pgURL turns pgtest's key=value DSN into the postgres:// URL serve takes.
func pgURL(dsn string) string {
	kv := map[string]string{}
	for _, f := range strings.Fields(dsn) {
		k, v, _ := strings.Cut(f, "=")
		kv[k] = v
	}
	return fmt.Sprintf("postgres://%s@/%s?host=%s&port=%s&sslmode=disable", kv["user"], kv["dbname"], kv["host"], kv["port"])
}

// Two `jardin serve` nodes on one PostgreSQL and one NATS, as the compose
// file runs them, and `jardin loadtest` against both: the seats of each
// table spread over the nodes, every move acknowledged and seen, and each
// node's report shows the relayed sockets and the NATS traffic.
func TestServeTwoNodes(t *testing.T) {
	db := pgURL(pg.DB(t))
	natsURL := natstest.Start(t).ClientURL()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var addrs []string
	var dones []chan int
	for i := range 2 {
		pr, pw := io.Pipe()
		done := make(chan int, 1)
		dones = append(dones, done)
		var serveErr strings.Builder
		go func() {
			done <- run(term{ctx: ctx}.env("", pw, &serveErr), []string{"serve", "--addr", "127.0.0.1:0", "--db", db,
				"--nats", natsURL, "--node", fmt.Sprint("n", i), "--lease-ttl", "2s"})
			pw.Close()
		}()
		buf := make([]byte, 200)
		n, err := pr.Read(buf)
		_, addr, ok := strings.Cut(string(buf[:n]), "serving on ")
		addr, _, _ = strings.Cut(addr, " ")
		if err != nil || !ok {
			t.Fatalf("serve said %q (%v); stderr %s", buf[:n], err, serveErr.String())
		}
		go io.Copy(io.Discard, pr)
		addrs = append(addrs, "http://"+addr)
	}
	code, out, errs := term{}.run(t, "", "loadtest", "--addr", strings.Join(addrs, ","), "--tables", "4", "--seconds", "1",
		"--rate", "80", "--game", "english-gardens", "--json")
	if code != 0 {
		t.Fatalf("loadtest: %d %s %s", code, out, errs)
	}
	var rep ltReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("loadtest --json: %v in %s", err, out)
	}
	if rep.Sockets != 16 || rep.Acked == 0 || rep.Lost != 0 || rep.Duplicated != 0 || rep.Leaks != 0 || rep.Unseen != 0 ||
		len(rep.Nodes) != 2 {
		t.Errorf("report %+v", rep)
	}
	for _, n := range rep.Nodes {
		if n.Sockets != 8 || n.Relayed == 0 || n.NATSOutPerSec == 0 {
			t.Errorf("node %+v: want 8 sockets, some relayed, NATS traffic", n)
		}
	}
	cancel()
	for _, done := range dones {
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("serve exited %d", code)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("serve did not stop on its signal")
		}
	}
}

// syncBuilder is a strings.Builder two goroutines may use.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A node started before NATS waits for it, saying so, and serves once NATS
// answers (compose need not rely on a restart policy); --nats-replicas is
// taken. (Before: serve exited at once.)
func TestServeWaitsForNATS(t *testing.T) {
	db := pgURL(pg.DB(t))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	var serveErr syncBuilder
	go func() {
		done <- run(term{ctx: ctx}.env("", pw, &serveErr), []string{"serve", "--addr", "127.0.0.1:0", "--db", db,
			"--nats", fmt.Sprintf("nats://127.0.0.1:%d", port), "--node", "early", "--lease-ttl", "1s", "--nats-replicas", "1"})
		pw.Close()
	}()
	serving := make(chan string, 1)
	go func() {
		buf := make([]byte, 200)
		n, _ := pr.Read(buf)
		serving <- string(buf[:n])
		io.Copy(io.Discard, pr)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(serveErr.String(), "waiting for NATS") {
		select {
		case code := <-done:
			t.Fatalf("serve exited %d without NATS: %s", code, serveErr.String())
		case line := <-serving:
			if line == "" { // its output closed: it exited
				t.Fatalf("serve exited %d without NATS: %s", <-done, serveErr.String())
			}
			t.Fatalf("serve served without NATS: %q", line)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve does not say it waits for NATS: %s", serveErr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	ns, err := natstest.NewOn(t.TempDir(), port)
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	select {
	case line := <-serving:
		if !strings.Contains(line, "serving on") {
			t.Fatalf("serve said %q; stderr %s", line, serveErr.String())
		}
	case code := <-done:
		t.Fatalf("serve exited %d: %s", code, serveErr.String())
	case <-time.After(20 * time.Second):
		t.Fatalf("serve not serving 20 s after NATS started: %s", serveErr.String())
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve exited %d", code)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop on its signal")
	}
}

// The same on PostgreSQL, by URL.
func TestCheckPostgres(t *testing.T) {
	dsn := pg.DB(t)
	db, err := postgres.Open(context.Background(), dsn, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkTables(t, db, true)
	db.Close()
	code, out, errs := jardin(t, "", "check", "--db", pgURL(dsn))
	if code != 1 || !strings.Contains(out, "FAIL table forked: entry 3: move") || !strings.Contains(out, "3 tables checked, 1 fail") {
		t.Errorf("a forked log on PostgreSQL: %d %q %q", code, out, errs)
	}
}
