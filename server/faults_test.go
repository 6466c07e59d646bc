package server

import (
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/store"
)

// toTurn plays Ann's first legal move on as until seat 1 (Bob, on bs) is
// to move, and returns Bob's latest message.
func toTurn(t *testing.T, as, bs *sock) map[string]any {
	t.Helper()
	m := bs.next(outSync)
	am := as.next(outSync)
	for i := 0; num(m, "toMove") != 1 || count(m, "legal") == 0; i++ {
		for num(am, "toMove") != 0 || count(am, "legal") == 0 {
			am = as.next(outUpdate)
		}
		as.send(map[string]any{"t": "move", "v": num(am, "v"), "id": fmt.Sprint("a", i), "i": 0})
		am = as.next(outUpdate)
		m = bs.next(outUpdate)
	}
	return map[string]any{"v": num(m, "v")}
}

// A node paused long enough is disconnected by NATS as a slow consumer:
// what the owner published to its relayed sockets meanwhile is lost. Here
// the acknowledgement of Bob's move, relayed through b, is published while
// b's NATS connection is down (the server closed it); b's session stays
// valid. Bob's socket must be released within the lease TTL of b's
// reconnection — before, nothing told it until the second relay beat (5–10
// s by default) or the owner dropped it after three.
func TestClusterRelayReleasedAfterReconnect(t *testing.T) {
	dsn := pg.dsn(t)
	ns := natstest.Start(t)
	url := ns.ClientURL()
	const ttl = 2 * time.Second
	withTTL := func(c *Config) { c.Cluster.TTL = ttl }
	a := startNode(t, dsn, url, "a", withTTL)
	bnc := natstest.Connect(t, url, nats.ReconnectWait(400*time.Millisecond))
	// Bob's forwarded move may lose its answer too: b waits long for it,
	// so that what releases Bob's socket is measured, not RequestTimeout.
	b := startNode(t, dsn, url, "b", withTTL, func(c *Config) { c.Cluster.Conn, c.Cluster.RequestTimeout = bnc, 20*time.Second })
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, b.URL, "Bob")
	no := false
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Undo: &no})
	ann.dial(tb.ID, "").close() // a takes the table
	bob.join(tb.ID, tb.Invite)
	as, bs := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
	turn := toTurn(t, as, bs)

	held, release := make(chan struct{}), make(chan struct{})
	hold := func(w store.Write) {
		if len(w.Entries) == 1 && w.Entries[0].Seat == 1 {
			close(held)
			<-release
		}
	}
	a.faults.beforeCommit.Store(&hold)
	bs.send(map[string]any{"t": "move", "v": turn["v"], "id": "bob-1", "i": 0})
	deadline := time.Now().Add(10 * time.Second)
	select {
	case <-held:
	case <-time.After(10 * time.Second):
		t.Fatal("a never wrote Bob's move")
	}
	cid, err := bnc.GetClientID()
	if err != nil {
		t.Fatal(err)
	}
	if err := ns.DisconnectClientByID(cid); err != nil {
		t.Fatal(err)
	}
	for bnc.IsConnected() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	close(release) // the ack and the update are published while b is away
	as.next(outUpdate)
	if bnc.IsConnected() {
		t.Fatal("b reconnected before the owner published: nothing was lost")
	}
	for !bnc.IsConnected() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	back := time.Now()
	m, err := bs.tryNext(15*time.Second, outAck)
	waited := time.Since(back)
	if err == nil {
		t.Fatalf("Bob's socket got %v: the lost ack arrived after all", m)
	}
	if waited > ttl {
		t.Fatalf("Bob's relayed socket was released %.0f ms after b reconnected: want within the lease TTL (%v)", ms(waited), ttl)
	}
	// Bob reconnects and resends: his move is applied once.
	bs = bob.dial(tb.ID, fmt.Sprintf("since=%v", turn["v"]))
	bs.next(outSync)
	bs.send(map[string]any{"t": "move", "v": turn["v"], "id": "bob-1", "i": 0})
	if ack := bs.next(outAck); num(ack, "v") != turn["v"].(int)+1 {
		t.Fatalf("resent move acknowledged at %d, want %d", num(ack, "v"), turn["v"].(int)+1)
	}
	t.Logf("Bob's relayed socket released %.0f ms after b's NATS connection was back (%v)", ms(waited), err)
}
