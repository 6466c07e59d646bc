package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/internal/pgtest"
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
