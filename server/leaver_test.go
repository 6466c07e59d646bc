package server

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// A leaver no longer sees her old seat: her socket is closed, and a new one
// asking for the seat is refused while one asking for nothing is a
// spectator's (the probe read the hand a bot was playing for her, and could
// feed it to a remaining player).
func TestLeaverSeesHerSeatNoMore(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, _, tb := twoSeats(t, ts, "english-gardens")
	before := ann.dial(tb.ID, "seat=0")
	before.next(outSync)
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/leave", nil, nil); code != 200 {
		t.Fatalf("leave: %d", code)
	}
	// the socket she had is closed
	deadline := time.After(10 * time.Second)
	for closed := false; !closed; {
		select {
		case _, ok := <-before.raw:
			closed = !ok
		case <-deadline:
			t.Fatal("the leaver's socket stays open on her old seat")
		}
	}
	if _, err := ann.tryDial(tb.ID, "seat=0"); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("dial seat 0 after leaving: %v, want 403", err)
	}
	// what she sees is what anyone watching sees (at the same version: the
	// bot playing her seat may move in between)
	for try := 0; ; try++ {
		m := ann.dial(tb.ID, "").next(outSync)
		var you int
		json.Unmarshal(m["you"], &you)
		if you != -1 {
			t.Fatalf("after leaving she is seat %d, want a spectator", you)
		}
		w := (&client{t: t, base: ts.URL}).dial(tb.ID, "").next(outSync)
		if string(m["v"]) != string(w["v"]) && try < 5 {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		if string(w["view"]) != string(m["view"]) {
			t.Fatalf("the leaver sees more than a spectator:\n%s\n%s", m["view"], w["view"])
		}
		break
	}
	var log string
	if code := ann.call("GET", "/api/tables/"+tb.ID+"/log?seat=0", nil, &log); code != 403 {
		t.Fatalf("log of her old seat: %d, want 403", code)
	}
}
