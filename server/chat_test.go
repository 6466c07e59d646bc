package server

import (
	"encoding/json"
	"testing"
	"time"
)

// A spectator's chat line is refused and reaches nobody: only the players
// chat at a table.
func TestOnlyPlayersChat(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, _, tb := twoSeats(t, ts, "happy-garden")
	a := ann.dial(tb.ID, "")
	a.next(outSync)
	stranger := newClient(t, ts.URL, "Eve")
	for _, c := range []*client{stranger, {t: t, base: ts.URL}} {
		s := c.dial(tb.ID, "")
		s.next(outSync)
		s.send(map[string]any{"t": "chat", "text": "hello players"})
		m := s.next(outRefused)
		var reason string
		json.Unmarshal(m["reason"], &reason)
		if reason != string(refSeat) {
			t.Errorf("a spectator's chat: refused for %q, want %q", reason, refSeat)
		}
	}
	if m, err := a.tryNext(300*time.Millisecond, outChat); err == nil {
		t.Fatalf("a spectator's line reached a player: %s", m["line"])
	}
	a.send(map[string]any{"t": "chat", "text": "hi"})
	a.next(outChat)
}

// TestChatLineIDs: the page keeps a line that failed in its input, so it
// must know which line a refusal is about and that its own line got
// through: a refusal names the line's id, and only the sender's copy of the
// line carries it; every line carries the time the server took it.
func TestChatLineIDs(t *testing.T) {
	ts := startServer(t, "", Config{ChatLines: 1, ChatWindow: time.Minute})
	ann, bob, tb := twoSeats(t, ts, "happy-garden")
	a := ann.dial(tb.ID, "")
	a.next(outSync)
	a2 := ann.dial(tb.ID, "") // Ann's other tab: her seat, not the sender
	a2.next(outSync)
	b := bob.dial(tb.ID, "")
	b.next(outSync)
	before := time.Now().UnixMilli()
	a.send(map[string]any{"t": "chat", "id": "line-1", "text": "hello"})
	var got chatMsg
	if err := json.Unmarshal(mustJSON(a.next(outChat)), &got); err != nil {
		t.Fatal(err)
	}
	if got.ID != "line-1" || got.Line.Text != "hello" {
		t.Errorf("the sender's copy: id %q text %q, want line-1 and hello", got.ID, got.Line.Text)
	}
	if now := time.Now().UnixMilli(); got.Line.At < before-1000 || got.Line.At > now+1000 {
		t.Errorf("the line's time %d is not the time it was sent (%d…%d)", got.Line.At, before, now)
	}
	for name, s := range map[string]*sock{"Ann's other socket": a2, "Bob": b} {
		m := s.next(outChat)
		if _, ok := m["id"]; ok {
			t.Errorf("%s got the sender's id: %s", name, m["id"])
		}
	}
	// The second line within the minute is refused, naming it.
	a.send(map[string]any{"t": "chat", "id": "line-2", "text": "again"})
	m := a.next(outRefused)
	var id, reason string
	json.Unmarshal(m["id"], &id)
	json.Unmarshal(m["reason"], &reason)
	if id != "line-2" || reason != string(refRate) {
		t.Errorf("refused line: id %q reason %q, want line-2 and %q", id, reason, refRate)
	}
	if m, err := b.tryNext(300*time.Millisecond, outChat); err == nil {
		t.Fatalf("a refused line reached Bob: %s", m["line"])
	}
	// The sync's history carries the times too.
	a3 := ann.dial(tb.ID, "")
	var sync syncMsg
	if err := json.Unmarshal(mustJSON(a3.next(outSync)), &sync); err != nil {
		t.Fatal(err)
	}
	if len(sync.Chat) != 1 || sync.Chat[0].At != got.Line.At {
		t.Errorf("the sync's chat: %+v, want the one line at %d", sync.Chat, got.Line.At)
	}
}
