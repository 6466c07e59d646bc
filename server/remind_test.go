package server

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestNoticesFollowThePagesLanguage: a person who named herself on an
// English page and then switched the page to French (the switch writes a
// cookie and reloads; nothing else) gets her "your turn" e-mail in French:
// the identity's language follows the page she plays in. Before, it was
// fixed when the name was saved, so anyone who chose a language with the
// switch after naming themselves (most people: naming is the first step)
// got English notices.
func TestNoticesFollowThePagesLanguage(t *testing.T) {
	mail := newSMTP(t)
	ts := startServer(t, "", Config{SMTPAddr: mail.l.Addr().String()})
	for _, tc := range []struct{ lang, want string }{{"fr", "À vous de jouer à"}, {"de", "Du bist am Zug bei"}} {
		ann := newClient(t, ts.URL, "Ann") // named on an English page
		if code := ann.call("POST", "/api/me", map[string]string{"name": "Ann", "email": "ann-" + tc.lang + "@example.org"}, nil); code != 200 {
			t.Fatalf("e-mail: %d", code)
		}
		bob := newClient(t, ts.URL, "Bob")
		tb := bob.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
			Clock: clockSpec{Mode: "async", Hours: 24}})
		seat := ann.join(tb.ID, tb.Invite)
		// Ann opens the table in her language, as the page does, then
		// closes it.
		sa := ann.dial(tb.ID, "lang="+tc.lang)
		sa.next(outSync)
		sa.close()
		waitOffline(t, ts, tb.ID, seat)
		sb := bob.dial(tb.ID, "")
		m := sb.next(outSync)
		for num(m, "toMove") == 0 {
			sb.send(map[string]any{"t": "move", "v": num(m, "v"), "id": fmt.Sprint("b", num(m, "v")), "i": 0})
			m = sb.next(outUpdate)
		}
		sb.close()
		msg := waitMail(t, mail, "To: ann-"+tc.lang+"@")
		if !strings.Contains(msg, tc.want) {
			t.Errorf("%s: the e-mail is not in the page's language: %q", tc.lang, msg)
		}
	}
}

// waitMail waits for an e-mail holding s.
func waitMail(t *testing.T, mail *smtpReceiver, s string) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range mail.all() {
			if strings.Contains(m, s) {
				return m
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no e-mail with %q: %q", s, mail.all())
	return ""
}

// waitOffline waits until seat has no socket on table.
func waitOffline(t *testing.T, ts *testServer, id string, seat int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		off := false
		if err := ts.withTable(t.Context(), id, func(tb *table) { off = tb.online[seat] == 0 }); err != nil {
			t.Fatal(err)
		}
		if off {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("seat %d of %s stays online", seat, id)
}
