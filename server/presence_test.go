package server

import (
	"encoding/json"
	"testing"
	"time"
)

// Spectators coming and going do not flood the players: a player's socket
// gets the spectators' count at most once a second, and a presence message
// only when a seat's presence changes (the probe's 2,000 spectators made
// 444,407 messages in 5 s and slow-reader drops of players' sockets).
func TestSpectatorsDoNotFloodPresence(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob, tb := twoSeats(t, ts, "happy-garden")
	a := ann.dial(tb.ID, "")
	a.next(outSync)
	b := bob.dial(tb.ID, "")
	b.next(outSync)
	start := len(a.all)
	const n = 60
	for range n {
		(&client{t: t, base: ts.URL}).dial(tb.ID, "").next(outSync)
	}
	// the count arrives, in few messages
	var watching int
	deadline := time.Now().Add(5 * time.Second)
	for watching != n && time.Now().Before(deadline) {
		m, err := a.tryNext(2*time.Second, outPresence)
		if err != nil {
			break
		}
		json.Unmarshal(m["watching"], &watching)
	}
	if watching != n {
		t.Fatalf("the players were told %d watch, want %d", watching, n)
	}
	presences := 0
	for _, raw := range a.all[start:] {
		var m struct{ T string }
		json.Unmarshal(raw, &m)
		if m.T == outPresence {
			presences++
		}
	}
	if presences > 3 {
		t.Errorf("%d spectators made %d presence messages to a player, want at most a few (one a second)", n, presences)
	}
	// a second socket of a seat already online is no news either (once the
	// last batch of the spectators' count has gone)
	time.Sleep(1200 * time.Millisecond)
	for len(b.raw) > 0 {
		<-b.raw
	}
	ann.dial(tb.ID, "").next(outSync)
	if m, err := b.tryNext(300*time.Millisecond, outPresence); err == nil {
		t.Errorf("Ann's second tab made a presence message: %s", m["seats"])
	}
}
