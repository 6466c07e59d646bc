package server

import (
	"encoding/json"
	"sync"
	"testing"
	"time"
)

// A realtime move charges its mover's clock with the time it took, then
// adds the increment to it; the next player's clock starts untouched.
// (The clock was charged after the move was applied: the next player paid
// the mover's time and the mover never got the increment.)
func TestRealtimeMoveChargesTheMover(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	ts := startServer(t, "", Config{Now: clock})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "realtime", Minutes: 10, Increment: 5}})
	bob.join(tb.ID, tb.Invite)
	sa := ann.dial(tb.ID, "")
	m := sa.next(outSync)
	var v int
	json.Unmarshal(m["v"], &v)
	// Ann plays her turn's decisions, 30 s each, until the turn is Bob's.
	var ck clockInfo
	decisions := 0
	for toMove := 0; toMove == 0; decisions++ {
		mu.Lock()
		now = now.Add(30 * time.Second)
		mu.Unlock()
		sa.send(map[string]any{"t": "move", "v": v, "id": "m" + string(rune('a'+decisions)), "i": 0})
		u := sa.next(outUpdate)
		json.Unmarshal(u["v"], &v)
		json.Unmarshal(u["toMove"], &toMove)
		json.Unmarshal(u["clocks"], &ck)
		if decisions > 20 {
			t.Fatal("Ann's turn never ended")
		}
	}
	if len(ck.Remaining) != 2 || ck.Running != 1 {
		t.Fatalf("clocks once Bob is to move: %+v", ck)
	}
	if ck.Remaining[1] != 10*60_000 {
		t.Errorf("Bob, who has not moved yet, has %d ms, want the whole 10 minutes (he paid for Ann's time)", ck.Remaining[1])
	}
	if want := int64(10*60_000 - decisions*30_000 + 5_000); ck.Remaining[0] != want {
		t.Errorf("Ann, who played %d decisions of 30 s with a 5 s increment a turn, has %d ms, want %d", decisions, ck.Remaining[0], want)
	}
}
