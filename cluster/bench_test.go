package cluster_test

import (
	"context"
	"testing"
	"time"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/internal/natstest"
)

// BenchmarkForward is one move forwarded to its owner and answered, node to
// node through one NATS server (all on this machine).
func BenchmarkForward(b *testing.B) {
	url := natstest.Start(b).ClientURL()
	owner := joinB(b, url, "owner")
	other := joinB(b, url, "other")
	if _, err := owner.Acquire(context.Background(), "t", func(ctx context.Context, req []byte) ([]byte, error) {
		return req, nil
	}); err != nil {
		b.Fatal(err)
	}
	req := make([]byte, 120) // about a move's size
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := other.Request(context.Background(), "t", req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFanout is one update published by a table's owner and delivered
// to a subscribed node.
func BenchmarkFanout(b *testing.B) {
	url := natstest.Start(b).ClientURL()
	owner := joinB(b, url, "owner")
	other := joinB(b, url, "other")
	got := make(chan struct{}, 1<<16)
	if _, err := other.Subscribe("t", "s0", func(u cluster.Update) { got <- struct{}{} }); err != nil {
		b.Fatal(err)
	}
	l, err := owner.Acquire(context.Background(), "t", func(ctx context.Context, req []byte) ([]byte, error) { return nil, nil })
	if err != nil {
		b.Fatal(err)
	}
	other.Request(context.Background(), "t", nil) // the subscription is in place
	payload := make([]byte, 600)                  // about a seat's update after a move
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		if err := l.Publish("s0", payload); err != nil {
			b.Fatal(err)
		}
		n++
		if n%1024 == 0 { // keep the subscriber within its buffer
			for range 1024 {
				<-got
			}
		}
	}
	for range n % 1024 {
		select {
		case <-got:
		case <-time.After(5 * time.Second):
			b.Fatal("updates lost")
		}
	}
}

func joinB(b *testing.B, url, name string) *cluster.Node {
	n, err := cluster.Join(context.Background(), cluster.Config{Conn: natstest.Connect(b, url), Name: name, Log: quiet})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { n.Close(context.Background()) })
	return n
}
