package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/store"
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

// hookReceiver keeps the webhook calls it receives.
type hookReceiver struct {
	*httptest.Server
	mu   sync.Mutex
	got  []Webhook
	when []time.Time
}

func newHooks(t *testing.T) *hookReceiver {
	h := &hookReceiver{}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var wh Webhook
		if err := json.NewDecoder(r.Body).Decode(&wh); err != nil {
			t.Errorf("webhook body: %v", err)
		}
		h.mu.Lock()
		h.got, h.when = append(h.got, wh), append(h.when, time.Now())
		h.mu.Unlock()
	}))
	t.Cleanup(h.Close)
	return h
}

// of lists the calls of one type for one table, and when they came.
func (h *hookReceiver) of(kind, table string) ([]Webhook, []time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []Webhook
	var at []time.Time
	for i, wh := range h.got {
		if wh.Type == kind && wh.Table == table {
			out, at = append(out, wh), append(at, h.when[i])
		}
	}
	return out, at
}

func (h *hookReceiver) wait(t *testing.T, kind, table string, n int) []Webhook {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if got, _ := h.of(kind, table); len(got) >= n {
			return got
		}
		time.Sleep(10 * time.Millisecond)
	}
	got, _ := h.of(kind, table)
	t.Fatalf("%d %s webhook calls for %s, want %d", len(got), kind, table, n)
	return nil
}

// asyncTurn makes an async table of Bob's with hours per decision where
// Ann (a client of the same server) is to move, nobody watching; it
// returns the table and when Ann's turn began (Bob's last move).
func asyncTurn(t *testing.T, ann, bob *client, hours float64) (string, time.Time) {
	t.Helper()
	tb := bob.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "async", Hours: hours}})
	ann.join(tb.ID, tb.Invite)
	sb := bob.dial(tb.ID, "")
	m := sb.next(outSync)
	began := time.Now()
	for num(m, "toMove") == 0 {
		began = time.Now()
		sb.send(map[string]any{"t": "move", "v": num(m, "v"), "id": fmt.Sprint("b", num(m, "v")), "i": 0})
		m = sb.next(outUpdate)
	}
	sb.close()
	return tb.ID, began
}

// TestReminderAtAQuarterLeft: at an async table, the person to move gets
// one reminder (webhook and e-mail, in her language: German here) when a
// quarter of the decision's time is left, not before and never again for
// that decision; then her time runs out as before. A realtime table gets
// none.
func TestReminderAtAQuarterLeft(t *testing.T) {
	hooks, mail := newHooks(t), newSMTP(t)
	ts := startServer(t, "", Config{WebhookPrivate: true, SMTPAddr: mail.l.Addr().String()})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	if code := ann.call("POST", "/api/me?lang=de", map[string]string{"name": "Ann", "webhook": hooks.URL, "email": "ann@example.org"}, nil); code != 200 {
		t.Fatalf("settings: %d", code)
	}
	const perMove = 2 * time.Second
	id, began := asyncTurn(t, ann, bob, perMove.Hours())
	row, err := ts.db.Table(t.Context(), id)
	if err != nil || row.Deadline.IsZero() || !row.Remind.Equal(row.Deadline.Add(-perMove/4)) {
		t.Fatalf("stored deadline %v and reminder %v, want the reminder a quarter before (%v)", row.Deadline, row.Remind, err)
	}
	got := hooks.wait(t, "reminder", id, 1)
	_, at := hooks.of("reminder", id)
	if after := at[0].Sub(began); after < perMove*3/4-50*time.Millisecond || after > perMove {
		t.Errorf("reminder %v after the turn began, want at %v (a quarter of %v left)", after, perMove*3/4, perMove)
	}
	if got[0].Deadline != row.Deadline.UnixMilli() || !strings.Contains(got[0].Text, "Du hast noch") ||
		!strings.HasSuffix(got[0].URL, "/t/"+id) || got[0].Version != row.Version {
		t.Errorf("reminder webhook %+v (stored deadline %d)", got[0], row.Deadline.UnixMilli())
	}
	msg := waitMail(t, mail, "Du hast noch")
	if !strings.Contains(msg, "To: ann@example.org") || !strings.Contains(msg, "Du hast noch weniger als eine Minute für deinen Zug bei") {
		t.Errorf("reminder e-mail: %q", msg)
	}
	// Her time runs out: the seat goes to greedy; still one reminder.
	waitEntries(t, ts.db, id, store.KindZombie, 1)
	time.Sleep(300 * time.Millisecond)
	if got, _ := hooks.of("reminder", id); len(got) != 1 {
		t.Errorf("%d reminders for one decision", len(got))
	}
	if n := strings.Count(strings.Join(mail.all(), "\n"), "Du hast noch"); n != 1 {
		t.Errorf("%d reminder e-mails for one decision", n)
	}
	// Realtime: no reminder stored, none sent.
	rt := bob.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "realtime", Minutes: 0.05}})
	ann.join(rt.ID, rt.Invite)
	waitEntries(t, ts.db, rt.ID, store.KindZombie, 1)
	if row, _ := ts.db.Table(t.Context(), rt.ID); !row.Remind.IsZero() {
		t.Errorf("a realtime table stores a reminder: %v", row.Remind)
	}
	if got, _ := hooks.of("reminder", rt.ID); len(got) != 0 {
		t.Errorf("a realtime table sent %d reminders", len(got))
	}
}

// TestReminderOnceAcrossRestart, on the server's clock (Config.Now) moved
// forward: an unloaded table's reminder loads it and is sent once; a
// restart sends it again neither before nor after the deadline, and a
// reminder that came due while the server was down is sent at the
// restart, once. The e-mails are in French for a French identity.
func TestReminderOnceAcrossRestart(t *testing.T) {
	hooks, mail := newHooks(t), newSMTP(t)
	var skew atomic.Int64
	path := filepath.Join(t.TempDir(), "jardin.db")
	cfg := Config{WebhookPrivate: true, SMTPAddr: mail.l.Addr().String(), Idle: 100 * time.Millisecond,
		IdleCheck: 50 * time.Millisecond, DueCheck: 50 * time.Millisecond, Heartbeat: 50 * time.Millisecond,
		Now: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }}
	ts := startServer(t, path, cfg)
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	if code := ann.call("POST", "/api/me?lang=fr", map[string]string{"name": "Ann", "webhook": hooks.URL, "email": "ann@example.org"}, nil); code != 200 {
		t.Fatalf("settings: %d", code)
	}
	// a: reminded 3 h in, due at 4 h; b: reminded 3 h 45 in, due at 5 h.
	a, _ := asyncTurn(t, ann, bob, 4)
	b, _ := asyncTurn(t, ann, bob, 5)
	waitUnloaded(t, ts, a)
	waitUnloaded(t, ts, b)
	skew.Store(int64(2*time.Hour + 55*time.Minute)) // not yet
	time.Sleep(300 * time.Millisecond)
	if got, _ := hooks.of("reminder", a); len(got) != 0 {
		t.Fatalf("reminded %d times with more than a quarter left", len(got))
	}
	skew.Store(int64(3*time.Hour + 5*time.Minute))
	hooks.wait(t, "reminder", a, 1)
	msg := waitMail(t, mail, "Il vous reste")
	// 55 minutes less the moments the test took, rounded down.
	if !strings.Contains(msg, "Il vous reste 54 minutes pour jouer votre tour à Jardins Anglais") || !strings.Contains(msg, "/t/"+a) {
		t.Errorf("French reminder e-mail: %q", msg)
	}
	time.Sleep(300 * time.Millisecond) // unloaded again, its row no longer due
	ts.stop()
	// Down while b's reminder comes due; back before a's deadline.
	skew.Store(int64(3*time.Hour + 50*time.Minute))
	ts2 := startServer(t, path, cfg)
	hooks.wait(t, "reminder", b, 1)
	time.Sleep(500 * time.Millisecond)
	for _, id := range []string{a, b} {
		if got, _ := hooks.of("reminder", id); len(got) != 1 {
			t.Errorf("table %s: %d reminders, want 1", id, len(got))
		}
		row, _ := ts2.db.Table(context.Background(), id)
		if !row.Remind.IsZero() || row.Status != store.StatusLive {
			t.Errorf("table %s: reminder %v still due, status %s", id, row.Remind, row.Status)
		}
	}
	if n := strings.Count(strings.Join(mail.all(), "\n"), "Il vous reste"); n != 2 {
		t.Errorf("%d reminder e-mails, want 2", n)
	}
}

func waitUnloaded(t *testing.T, ts *testServer, id string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		ts.mu.Lock()
		_, loaded := ts.tables[id]
		ts.mu.Unlock()
		if !loaded {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("table %s stays loaded", id)
}

// TestReminderAtATableStartedLive: a correspondence table that starts at
// its creation (a bot in the other seat) stores its first deadline and
// reminder when it is loaded, so that once unloaded it is loaded again
// for them. Before, its row had no deadline until the first move: the
// reminder never came, nor did the deadline.
func TestReminderAtATableStartedLive(t *testing.T) {
	hooks := newHooks(t)
	var skew atomic.Int64
	ts := startServer(t, "", Config{WebhookPrivate: true, Idle: 100 * time.Millisecond, IdleCheck: 50 * time.Millisecond,
		DueCheck: 50 * time.Millisecond, Now: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }})
	ann := newClient(t, ts.URL, "Ann")
	if code := ann.call("POST", "/api/me", map[string]string{"name": "Ann", "webhook": hooks.URL}, nil); code != 200 {
		t.Fatalf("settings: %d", code)
	}
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "greedy"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "async", Hours: 8}})
	waitUnloaded(t, ts, tb.ID)
	row, _ := ts.db.Table(t.Context(), tb.ID)
	if row.Deadline.IsZero() || !row.Remind.Equal(row.Deadline.Add(-2*time.Hour)) {
		t.Fatalf("stored deadline %v, reminder %v", row.Deadline, row.Remind)
	}
	skew.Store(int64(6*time.Hour + time.Minute))
	got := hooks.wait(t, "reminder", tb.ID, 1)
	if got[0].Deadline != row.Deadline.UnixMilli() {
		t.Errorf("reminder for deadline %d, stored %d", got[0].Deadline, row.Deadline.UnixMilli())
	}
	skew.Store(int64(8*time.Hour + time.Minute))
	waitEntries(t, ts.db, tb.ID, store.KindZombie, 1)
}

// TestFollowingTheLanguageIsLimited: sockets opened in alternating
// languages write the identity's language only within its write limit.
func TestFollowingTheLanguageIsLimited(t *testing.T) {
	ts := startServer(t, "", Config{WriteEvery: time.Hour, WriteBurst: 5})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := bob.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "async", Hours: 24}})
	ann.join(tb.ID, tb.Invite) // Ann's first write
	changes, last := 0, "en"
	for i := range 10 {
		lang := []string{"fr", "de"}[i%2]
		s := ann.dial(tb.ID, "lang="+lang)
		s.next(outSync)
		s.close()
		id, err := ts.st.Identity(t.Context(), ann.id)
		if err != nil {
			t.Fatal(err)
		}
		if id.Lang != last {
			changes, last = changes+1, id.Lang
		}
	}
	if changes != 4 {
		t.Errorf("the language was written %d times; the limit leaves 4 writes", changes)
	}
}

// TestTimeLeftInWords: the reminder's time left, rounded down to its two
// largest units, with each language's plurals; in the pseudo-locale every
// word comes from the catalogue.
func TestTimeLeftInWords(t *testing.T) {
	for _, tc := range []struct {
		lang string
		d    time.Duration
		want string
	}{
		{"en", 49*time.Hour + 59*time.Minute + 59*time.Second, "2 days 1 hour"},
		{"en", 24 * time.Hour, "1 day"},
		{"en", 61 * time.Minute, "1 hour 1 minute"},
		{"en", 2 * time.Hour, "2 hours"},
		{"en", 59 * time.Second, "less than a minute"},
		{"en", -time.Minute, "less than a minute"},
		{"fr", 75 * time.Hour, "3 jours 3 heures"},
		{"fr", 90 * time.Second, "1 minute"},
		{"de", 25 * time.Hour, "1 Tag 1 Stunde"},
		{"de", 5*time.Hour + 20*time.Minute, "5 Stunden 20 Minuten"},
	} {
		if got := timeLeft(tc.lang, tc.d); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.lang, tc.d, got, tc.want)
		}
	}
	g, _ := games.Registry().Lookup("english-gardens")
	allowed := pseudoAllowed("http://example.org/t/x1")
	subject, _, text := reminderText(i18n.Pseudo, g, "http://example.org/t/x1", 26*time.Hour)
	for _, s := range []string{subject, text} {
		if bad := plainText(s, allowed); len(bad) > 0 || !strings.Contains(s, "⟦") {
			t.Errorf("%q: text outside the catalogue: %q", s, bad)
		}
	}
}
