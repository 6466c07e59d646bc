package main

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// jardin serve on a loopback port and a real file, then jardin loadtest
// against it: both commands end to end, and serve stops on its signal.
func TestServeAndLoadtest(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	db := filepath.Join(t.TempDir(), "jardin.db")
	done := make(chan int, 1)
	var serveErr strings.Builder
	go func() {
		done <- run(term{ctx: ctx}.env("", pw, &serveErr), []string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--sync", "normal", "--identity-burst", "100000", "--write-burst", "100000"})
		pw.Close()
	}()
	buf := make([]byte, 200)
	n, err := pr.Read(buf)
	line := string(buf[:n])
	_, addr, ok := strings.Cut(line, "serving on ")
	addr, _, _ = strings.Cut(addr, " ")
	if err != nil || !ok {
		t.Fatalf("serve said %q (%v); stderr %s", line, err, serveErr.String())
	}
	go io.Copy(io.Discard, pr)
	// The same server twice: the seats spread over "two nodes" (docs/scaling.md
	// runs it against two real ones).
	code, out, errs := term{}.run(t, "", "loadtest", "--addr", "http://"+addr+",http://"+addr, "--tables", "3", "--seconds", "1",
		"--rate", "60", "--game", "english-gardens", "--json")
	if code != 0 {
		t.Fatalf("loadtest: %d %s %s", code, out, errs)
	}
	var rep ltReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("loadtest --json: %v in %s", err, out)
	}
	if rep.Tables != 3 || rep.Sockets != 12 || rep.Acked == 0 || rep.Lost != 0 || rep.Duplicated != 0 || rep.Leaks != 0 ||
		rep.Errors != 0 || rep.Resyncs != 0 || // every message read (loadtest_msg.go), no gap
		rep.AckP50ms <= 0 || rep.ServerRSSMB <= 0 || len(rep.Nodes) != 2 || rep.Nodes[0].Sockets != 12 {
		t.Errorf("report %+v", rep)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve exited %d: %s", code, serveErr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop on its signal")
	}
}

func TestServeAndLoadtestUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--nats", "nats://127.0.0.1:4222"}, "PostgreSQL"},
		{[]string{"serve", "--db", "x.db", "--nats", "nats://127.0.0.1:4222"}, "postgres://"},
		{[]string{"serve", "--nats-creds", "x.creds"}, "--nats"},
		{[]string{"serve", "--log", "xml"}, "--log"},
		{[]string{"serve", "--nats-replicas", "0"}, "--nats-replicas"},
		{[]string{"serve", "--analyses", "-1"}, "--analyses"},
		{[]string{"serve", "extra"}, "no arguments"},
		{[]string{"loadtest"}, "--addr"},
		{[]string{"loadtest", "--addr", "http://192.0.2.1:8080"}, "this machine"},
		{[]string{"loadtest", "--addr", "http://127.0.0.1:1", "--tables", "0"}, "positive"},
	} {
		code, _, errs := jardin(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("jardin %v: %d %q, want 2 and %q", c.args, code, errs, c.want)
		}
	}
}
