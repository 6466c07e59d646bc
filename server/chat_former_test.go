package server

import (
	"encoding/json"
	"testing"
	"time"
)

// A person who resigned still chats at the table she played, under her
// seat's name and within her seat's rate (a newcomer's report: she was told
// "only the players chat"); a stranger is still refused.
func TestFormerPlayerChats(t *testing.T) {
	ts := startServer(t, "", Config{ChatLines: 1, ChatWindow: time.Minute})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	b := bob.dial(tb.ID, "")
	b.next(outSync)
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/resign", nil, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	b.next(outUpdate)
	a := ann.dial(tb.ID, "")
	var sync syncMsg
	if err := json.Unmarshal(mustJSON(a.next(outSync)), &sync); err != nil {
		t.Fatal(err)
	}
	if sync.You != -1 || sync.Was == nil || *sync.Was != 0 {
		t.Fatalf("Ann after resigning: you %d was %v, want a spectator who held seat 0", sync.You, sync.Was)
	}
	a.send(map[string]any{"t": "chat", "id": "l1", "text": "good game"})
	var got chatMsg
	if err := json.Unmarshal(mustJSON(a.next(outChat)), &got); err != nil {
		t.Fatal(err)
	}
	if got.Line.Seat != 0 || got.Line.Name != "Ann" || got.Line.Text != "good game" {
		t.Errorf("Ann's line: %+v, want seat 0 named Ann", got.Line)
	}
	if m := b.next(outChat); m == nil {
		t.Fatal("Bob did not get Ann's line")
	}
	// Her seat's rate still applies.
	a.send(map[string]any{"t": "chat", "id": "l2", "text": "again"})
	m := a.next(outRefused)
	var reason string
	json.Unmarshal(m["reason"], &reason)
	if reason != string(refRate) {
		t.Errorf("Ann's second line in the minute: refused for %q, want %q", reason, refRate)
	}
	// A stranger watching is refused still.
	eve := newClient(t, ts.URL, "Eve").dial(tb.ID, "")
	eve.next(outSync)
	eve.send(map[string]any{"t": "chat", "text": "hi"})
	m = eve.next(outRefused)
	json.Unmarshal(m["reason"], &reason)
	if reason != string(refSeat) {
		t.Errorf("a stranger's line: refused for %q, want %q", reason, refSeat)
	}
}
