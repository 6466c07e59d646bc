package server

import (
	"context"
	"testing"
	"time"

	"github.com/jardin-games/jardin/internal/natstest"
)

// A table that stops (here: its server shutting down) gives its lease up
// without keeping whoever waits for it: the release's NATS round trip is
// not made on the table's goroutine, which ends at once. Before, with NATS
// away, the goroutine waited out the release's 2 s timeout, and so did
// every request that had handed it a function (do).
func TestClusterTableStopDoesNotWaitForNATS(t *testing.T) {
	dsn := pg.dsn(t)
	ns := natstest.Start(t)
	a := startNode(t, dsn, ns.ClientURL(), "a")
	ann := newClient(t, a.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	s := ann.dial(tb.ID, "")
	s.next(outSync)
	tt, err := a.local(context.Background(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	if tt.lease == nil {
		t.Fatal("the table holds no lease")
	}
	ns.Shutdown()
	start := time.Now()
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		a.Close()
	}()
	select {
	case <-tt.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the table's goroutine did not end within 10 s of the server closing")
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("the table's goroutine ended %v after the server began closing with NATS away: it waited for the release", d)
	} else {
		t.Logf("table's goroutine ended %.0f ms after the server began closing, NATS away", ms(d))
	}
	<-closed
}
