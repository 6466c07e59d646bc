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
