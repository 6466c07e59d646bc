// Package natstest runs a real NATS server (github.com/nats-io/nats-server)
// with JetStream inside the test process, on a loopback port, for tests of
// several jardin nodes.
package natstest

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// New starts a server with JetStream storing under dir, listening on a free
// loopback port; opts change its options (a test's smaller max_payload,
// say). Shutdown stops it.
func New(dir string, opts ...func(*server.Options)) (*server.Server, error) {
	return NewOn(dir, server.RANDOM_PORT, opts...)
}

// NewOn is New on a given port: a server restarted on the same port and
// folder, as after a crash.
func NewOn(dir string, port int, opts ...func(*server.Options)) (*server.Server, error) {
	o := &server.Options{
		ServerName: "jardin-test", Host: "127.0.0.1", Port: port,
		JetStream: true, StoreDir: dir, NoLog: true, NoSigs: true,
	}
	for _, f := range opts {
		f(o)
	}
	ns, err := server.NewServer(o)
	if err != nil {
		return nil, fmt.Errorf("natstest: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(20 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("natstest: server not ready within 20 s")
	}
	return ns, nil
}

// Start starts a server for t, stopped when t ends, and returns it.
func Start(t testing.TB, opts ...func(*server.Options)) *server.Server {
	t.Helper()
	dir, err := os.MkdirTemp("", "jardin-nats-")
	if err != nil {
		t.Fatal(err)
	}
	ns, err := New(dir, opts...)
	if err != nil {
		os.RemoveAll(dir)
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ns.Shutdown()
		ns.WaitForShutdown()
		os.RemoveAll(dir)
	})
	return ns
}

// Connect connects to url for t (closed when t ends), reconnecting forever
// as jardin nodes do.
func Connect(t testing.TB, url string, opts ...nats.Option) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(url, append([]nats.Option{nats.MaxReconnects(-1), nats.ReconnectWait(50 * time.Millisecond)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}
