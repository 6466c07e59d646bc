package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/textproto"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/store"
)

// Undo takes back a seat's own quiet moves before anyone else acts, and
// nothing else.
func TestUndo(t *testing.T) {
	ts := startServer(t, "", Config{})
	undone := 0
	for _, g := range ts.reg.All() {
		ann, bob, tb := twoSeats(t, ts, g.ID())
		sa, sb := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
		first := sa.next(outSync)
		sb.next(outSync)
		sa.send(map[string]any{"t": "move", "v": 0, "id": "a1", "i": 0})
		sa.next(outAck)
		up := sa.next(outUpdate)
		if num(up, "undo") == 0 {
			sa.send(map[string]any{"t": "undo", "v": 1, "id": "u1"})
			if r := sa.next(outRefused); refusalReason(str(r, "reason")) != refUndo {
				t.Errorf("%s: undo of a move that revealed something: %q", g.ID(), str(r, "reason"))
			}
			continue
		}
		sa.send(map[string]any{"t": "undo", "v": 1, "id": "u1"})
		back := sa.next(outUpdate)
		v0 := heldView(t, nil, first)
		v2 := heldView(t, heldView(t, v0, up), back)
		if num(back, "v") != 2 || !jsonEqual(v2, v0) || count(back, "legal") != count(first, "legal") {
			t.Errorf("%s: after undo at version %d the view is not the first one", g.ID(), num(back, "v"))
		}
		var evs []eventOut
		json.Unmarshal(back["events"], &evs)
		if len(evs) != 1 || evs[0].Key != "server.undo" || !strings.Contains(evs[0].Text, "took back") {
			t.Errorf("%s: undo events %+v", g.ID(), evs)
		}
		if u := sb.next(outUpdate); num(sb.next(outUpdate), "v") != 2 || num(u, "v") != 1 {
			t.Errorf("%s: Bob did not see the move and its undo", g.ID())
		}
		undone++
		// Once Bob has acted, Ann's earlier moves are final.
		for num(back, "toMove") == 0 {
			sa.send(map[string]any{"t": "move", "v": num(back, "v"), "id": fmt.Sprint("again", num(back, "v")), "i": 0})
			back = sa.next(outUpdate)
		}
		sb.send(map[string]any{"t": "move", "v": num(back, "v"), "id": "b1", "i": 0})
		sb.next(outAck)
		after := sa.next(outUpdate)
		sa.send(map[string]any{"t": "undo", "v": num(after, "v"), "id": "u2"})
		if r := sa.next(outRefused); refusalReason(str(r, "reason")) != refUndo && refusalReason(str(r, "reason")) != refStale {
			t.Errorf("%s: undo after Bob acted: %q", g.ID(), str(r, "reason"))
		}
		if es, _ := ts.db.Entries(context.Background(), tb.ID, 0); es[1].Kind != store.KindUndo {
			t.Errorf("%s: second entry is %q, want an undo", g.ID(), es[1].Kind)
		}
	}
	if undone == 0 {
		t.Error("no game allowed undoing its first move: the undo path was not tested")
	}
}

// A person who reconnects with their last version gets exactly the events
// they missed.
func TestResumeSinceVersion(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	sa, sb := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
	m := sa.next(outSync)
	sb.next(outSync)
	sb.close()
	for i := 0; num(m, "toMove") == 0 && num(m, "v") < 3; i++ {
		sa.send(map[string]any{"t": "move", "v": num(m, "v"), "id": "m" + str(m, "v") + string(rune('a'+i)), "i": 0})
		m = sa.next(outUpdate)
	}
	v := num(m, "v")
	sb = bob.dial(tb.ID, "since=0")
	s := sb.next(outSync)
	if num(s, "from") != 0 || num(s, "v") != v {
		t.Fatalf("resume: from %d v %d, want 0 and %d", num(s, "from"), num(s, "v"), v)
	}
	var evs []eventOut
	json.Unmarshal(s["events"], &evs)
	if len(evs) == 0 || evs[0].V != 1 || evs[len(evs)-1].V != v {
		t.Errorf("resumed events span %+v, want versions 1 to %d", evs, v)
	}
	// Without since (or too old), a full sync without "from".
	sc := bob.dial(tb.ID, "")
	if s := sc.next(outSync); s["from"] != nil {
		t.Errorf("plain connect has from=%s", s["from"])
	}
}

// Rematch: same seats, a new seed, once.
func TestRematch(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}})
	s := ann.dial(tb.ID, "")
	if _, err := s.play(0, rand.New(rand.NewPCG(1, 1)), nil); err != nil {
		t.Fatal(err)
	}
	var r1, r2 map[string]string
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/rematch", nil, &r1); code != 200 {
		t.Fatalf("rematch: %d", code)
	}
	ann.call("POST", "/api/tables/"+tb.ID+"/rematch", nil, &r2)
	if r1["id"] == "" || r1["id"] != r2["id"] {
		t.Errorf("rematch ids %q and %q", r1["id"], r2["id"])
	}
	if m := s.next(outRematch); str(m, "rematch") != r1["id"] {
		t.Errorf("rematch message names %q", str(m, "rematch"))
	}
	var nt tableJSON
	ann.call("GET", "/api/tables/"+r1["id"], nil, &nt)
	if nt.Status != "live" || nt.Seats[0].Name != "Ann" || nt.Seats[1].Bot != "random" || nt.You == nil || *nt.You != 0 {
		t.Errorf("rematch table %+v", nt)
	}
	old, _ := ts.db.Table(context.Background(), tb.ID)
	nw, _ := ts.db.Table(context.Background(), r1["id"])
	if old.Seed == nw.Seed {
		t.Error("the rematch has the same seed")
	}
	if code := newClient(t, ts.URL, "Eve").call("POST", "/api/tables/"+tb.ID+"/rematch", nil, nil); code != 409 {
		t.Errorf("rematch by a stranger: %d, want 409", code)
	}
	// The record of a live table is not available.
	var body string
	if code := ann.call("GET", "/api/tables/"+r1["id"]+"/record", nil, &body); code != 403 {
		t.Errorf("record of a live table: %d, want 403", code)
	}
}

// A person out of realtime clock is replaced by greedy; so is one away
// past the grace period; the others see it and the record says so.
func TestRealtimeZombies(t *testing.T) {
	ts := startServer(t, "", Config{Grace: 300 * time.Millisecond})
	// Out of time: 0.01 minute is 600 ms.
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "realtime", Minutes: 0.01}})
	sa := ann.dial(tb.ID, "") // Ann is here, but does not move
	bob.join(tb.ID, tb.Invite)
	sb := bob.dial(tb.ID, "")
	m := sb.next(outSync)
	var ck clockInfo
	json.Unmarshal(m["clocks"], &ck)
	if ck.Mode != "realtime" || ck.Running != 0 || ck.Remaining[0] > 600 || ck.Deadline == 0 {
		t.Errorf("clocks at the start: %+v", ck)
	}
	zombie := waitZombie(t, sb, 0)
	if !zombie {
		t.Fatal("Ann was not replaced")
	}
	// She was there: out of time, not away.
	es, err := ts.db.Entries(context.Background(), tb.ID, 0)
	if i := slices.IndexFunc(es, func(e store.Entry) bool { return e.Kind == store.KindZombie }); err != nil || i < 0 || es[i].Move != whyTime {
		t.Errorf("Ann's replacement stored as %+v (%v), want why %q", es, err, whyTime)
	}
	sa.close()
	// Away past the grace period on one's turn (10 minutes on the clock).
	cid, dan := newClient(t, ts.URL, "Cid"), newClient(t, ts.URL, "Dan")
	tb2 := cid.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "realtime", Minutes: 10}})
	sc := cid.dial(tb2.ID, "")
	sc.next(outSync)
	dan.join(tb2.ID, tb2.Invite)
	sd := dan.dial(tb2.ID, "")
	sd.next(outSync)
	time.Sleep(100 * time.Millisecond)
	sc.close() // Cid leaves on his turn
	if !waitZombie(t, sd, 0) {
		t.Fatal("Cid was not replaced after the grace period")
	}
	// Dan plays on to the end; the record names the replaced seat.
	if _, err := sd.play(1, rand.New(rand.NewPCG(2, 2)), nil); err != nil {
		t.Fatal(err)
	}
	var rec string
	dan.call("GET", "/api/tables/"+tb2.ID+"/record", nil, &rec)
	r, err := record.Parse([]byte(rec))
	if err != nil {
		t.Fatal(err)
	}
	// Cid was first to move and never did: the bot made all his moves; he
	// was away past the grace (his clock had time left).
	if p := r.Players[0]; p.Name != "Cid" || p.Kind != "human" || p.Replaced == nil || *p.Replaced != (record.Replacement{By: "greedy", After: 0, Why: whyAway}) {
		t.Errorf("record does not say Cid was replaced from the start: %+v %+v", p, p.Replaced)
	}
	if r.Players[1].Replaced != nil {
		t.Errorf("Dan is said replaced: %+v", r.Players[1].Replaced)
	}
}

// waitZombie reads s until seat is shown replaced (with the event).
func waitZombie(t *testing.T, s *sock, seat int) bool {
	t.Helper()
	for {
		m, err := s.tryNext(10*time.Second, outUpdate)
		if err != nil {
			t.Error(err)
			return false
		}
		var seats []seatInfo
		json.Unmarshal(m["seats"], &seats)
		var evs []eventOut
		json.Unmarshal(m["events"], &evs)
		if seats[seat].Zombie {
			if len(evs) == 0 || evs[0].Key != "server.zombie" || seats[seat].Bot != "greedy" {
				t.Errorf("replacement shown as %s", m["events"])
			}
			return true
		}
	}
}

// Async tables wait in the database: unloaded when idle, loaded again when
// their deadline comes (once), and a deadline that passed while the server
// was down fires at the restart. Realtime clocks get back the time the
// server was down.
func TestAsyncDeadlinesAndRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jardin.db")
	cfg := Config{Idle: 100 * time.Millisecond, IdleCheck: 50 * time.Millisecond, DueCheck: 50 * time.Millisecond,
		Heartbeat: 50 * time.Millisecond}
	ts := startServer(t, path, cfg)
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	mk := func(hours float64) string {
		tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
			Clock: clockSpec{Mode: "async", Hours: hours}})
		bob.join(tb.ID, tb.Invite)
		return tb.ID
	}
	soon := mk(1.5 / 3600)  // 1.5 s
	later := mk(2.5 / 3600) // 2.5 s: passes while the server is down
	rt := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "realtime", Minutes: 1}})
	bob.join(rt.ID, rt.Invite)
	stored, _ := ts.db.Table(context.Background(), soon)
	if stored.Deadline.IsZero() {
		t.Fatal("the async deadline is not stored")
	}
	// Nobody watches: the async tables are unloaded.
	deadline := time.Now().Add(time.Second)
	for {
		ts.mu.Lock()
		_, loaded := ts.tables[soon]
		ts.mu.Unlock()
		if !loaded {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("an idle async table stays loaded")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The first deadline fires with the table unloaded.
	waitEntries(t, ts.db, soon, store.KindZombie, 1)
	time.Sleep(300 * time.Millisecond)
	ts.stop()
	downAt := time.Now()
	time.Sleep(1500 * time.Millisecond)
	ts2 := startServer(t, path, cfg)
	waitEntries(t, ts2.db, later, store.KindZombie, 1)
	time.Sleep(300 * time.Millisecond)
	for _, id := range []string{soon, later} {
		es, _ := ts2.db.Entries(context.Background(), id, 0)
		z := map[int]int{}
		for _, e := range es {
			if e.Kind == store.KindZombie {
				z[e.Seat]++
			}
		}
		if z[0] != 1 || z[1] > 1 {
			t.Errorf("table %s: replacements by seat %v, want one of Ann and at most one of Bob", id, z)
		}
	}
	// The realtime clock ran until the stop, not while the server was down.
	ann.base = ts2.URL
	s := ann.dial(rt.ID, "")
	m := s.next(outSync)
	var ck clockInfo
	json.Unmarshal(m["clocks"], &ck)
	ranBefore := downAt.Sub(stored.Updated)
	if spent := 60000 - ck.Remaining[0]; spent > ranBefore.Milliseconds()+700 || ck.Running != 0 {
		t.Errorf("clock spent %d ms; it ran about %d ms before the stop (and the server was down 1500 ms)",
			spent, ranBefore.Milliseconds())
	}
}

func waitEntries(t *testing.T, st store.Store, table string, kind store.EntryKind, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		es, _ := st.Entries(context.Background(), table, 0)
		got := 0
		for _, e := range es {
			if e.Kind == kind {
				got++
			}
		}
		if got >= n {
			return
		}
		time.Sleep(30 * time.Millisecond)
	}
	t.Fatalf("table %s: no %d %s entries within 10 s", table, n, kind)
}

// smtpReceiver is a minimal SMTP server on loopback that keeps the
// messages it receives.
type smtpReceiver struct {
	l    net.Listener
	mu   sync.Mutex
	msgs []string
}

func newSMTP(t *testing.T) *smtpReceiver {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &smtpReceiver{l: l}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go r.serve(c)
		}
	}()
	return r
}

func (r *smtpReceiver) serve(c net.Conn) {
	defer c.Close()
	tp := textproto.NewConn(c)
	tp.PrintfLine("220 test ready")
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		switch cmd := strings.ToUpper(strings.Fields(line + " x")[0]); cmd {
		case "EHLO", "HELO":
			tp.PrintfLine("250 test")
		case "DATA":
			tp.PrintfLine("354 go on")
			b, _ := io.ReadAll(tp.DotReader())
			r.mu.Lock()
			r.msgs = append(r.msgs, string(b))
			r.mu.Unlock()
			tp.PrintfLine("250 kept")
		case "QUIT":
			tp.PrintfLine("221 bye")
			return
		default:
			tp.PrintfLine("250 ok")
		}
	}
}

func (r *smtpReceiver) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.msgs...)
}

// "Your turn" at an async table reaches the person's webhook and mailbox
// (local receivers).
func TestNotifications(t *testing.T) {
	hooks := make(chan Webhook, 4)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var wh Webhook
		json.NewDecoder(bufio.NewReader(r.Body)).Decode(&wh)
		hooks <- wh
	}))
	defer hook.Close()
	mail := newSMTP(t)
	ts := startServer(t, "", Config{WebhookPrivate: true, SMTPAddr: mail.l.Addr().String()})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	if code := ann.call("POST", "/api/me", map[string]string{"name": "Ann", "webhook": hook.URL, "email": "ann@example.org"}, nil); code != 200 {
		t.Fatalf("set webhook: %d", code)
	}
	tb := bob.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "async", Hours: 24}})
	ann.join(tb.ID, tb.Invite)
	sb := bob.dial(tb.ID, "")
	m := sb.next(outSync)
	for num(m, "toMove") == 0 {
		sb.send(map[string]any{"t": "move", "v": num(m, "v"), "id": "b" + str(m, "v") + time.Now().String(), "i": 0})
		m = sb.next(outUpdate)
	}
	select {
	case wh := <-hooks:
		if wh.Type != "your-turn" || wh.Table != tb.ID || !strings.HasSuffix(wh.URL, "/t/"+tb.ID) {
			t.Errorf("webhook %+v", wh)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no webhook call")
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(mail.all()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if msgs := mail.all(); len(msgs) != 1 || !strings.Contains(msgs[0], "To: ann@example.org") || !strings.Contains(msgs[0], tb.ID) {
		t.Errorf("mails: %q", msgs)
	}
	// Without WebhookPrivate a webhook may not reach a loopback address.
	ts2 := startServer(t, "", Config{})
	if err := ts2.notify.webhook(hook.URL, Webhook{}); err == nil || !strings.Contains(err.Error(), "not public") {
		t.Errorf("webhook to loopback: %v, want a refusal", err)
	}
}

// "Continue on another device" moves the identity once.
func TestContinueOnAnotherDevice(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	var link map[string]any
	if code := ann.call("POST", "/api/me/link", nil, &link); code != 200 {
		t.Fatalf("link: %d", code)
	}
	path := link["path"].(string)
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.Post(ts.URL+path, "application/x-www-form-urlencoded", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var tok string
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			tok = c.Value
			if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
				t.Errorf("cookie %+v is not HttpOnly and SameSite", c)
			}
		}
	}
	phone := &client{t: t, base: ts.URL, token: tok}
	var me meJSON
	if code := phone.call("GET", "/api/me", nil, &me); code != 200 || me.ID != ann.id || tok == ann.token {
		t.Errorf("on the other device: %d %+v", code, me)
	}
	resp, _ = noRedirect.Post(ts.URL+path, "application/x-www-form-urlencoded", nil)
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); !strings.Contains(loc, "error=") {
		t.Errorf("a link used twice redirects to %q", loc)
	}
	// Tokens are stored hashed: the raw token is not in the database.
	if _, err := ts.db.IdentityByToken(context.Background(), []byte(ann.token)); err == nil {
		t.Error("the raw token authenticates in the store")
	}
}

// The lobby lists public open tables; pages and health answer.
func TestLobbyAndPages(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	pub := ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "open"}, Public: true})
	priv := ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "open"}})
	var open []lobbyJSON
	(&client{t: t, base: ts.URL}).call("GET", "/api/tables", nil, &open)
	if len(open) != 1 || open[0].ID != pub.ID {
		t.Errorf("lobby lists %+v, want only %s", open, pub.ID)
	}
	var mine []lobbyJSON
	ann.call("GET", "/api/tables?mine=1", nil, &mine)
	if len(mine) != 2 {
		t.Errorf("my tables: %d, want 2", len(mine))
	}
	for path, want := range map[string]string{
		"/plain":                 pub.ID,
		"/":                      `data-page="lobby"`,
		"/replay/" + priv.ID:     `id="replay"`,
		"/t/" + priv.ID:          `data-table="` + priv.ID + `"`,
		"/join/" + pub.ID:        "You already have a seat", // Ann sits there
		"/healthz":               "ok",
		"/static/table.js":       "",
		"/metrics":               "jardin_live_tables",
		"/api/games":             "english-gardens",
		"/api/tables/" + priv.ID: `"status":"open"`,
	} {
		var body string
		if code := ann.call("GET", path, nil, &body); code != 200 || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d, want 200 with %q", path, code, want)
		}
		if strings.Contains(body, `"seed"`) {
			t.Errorf("GET %s shows a seed", path)
		}
	}
	if code := ann.call("GET", "/t/nosuchtable", nil, nil); code != 404 {
		t.Errorf("missing table page: %d", code)
	}
}

// A slow reader's queue fills: the connection is dropped, the table never
// waits.
func TestSlowReaderIsDropped(t *testing.T) {
	ts := startServer(t, "", Config{})
	tb := &table{srv: ts.Server}
	c := &conn{srv: tb.srv, t: tb, out: make(chan []byte, 2), closedCh: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		for i := 0; i < 5; i++ {
			c.send([]byte("x"))
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("send blocked on a full queue")
	}
	select {
	case <-c.closedCh:
	default:
		t.Fatal("a full queue did not close the connection")
	}
	if !c.slow || c.why != wsClose("slowReader") {
		t.Errorf("closed as %q", c.why)
	}
}

// The lobby's forms: a name, then a table, then a friend joining by the
// invite page.
func TestLobbyForms(t *testing.T) {
	ts := startServer(t, "", Config{})
	jar := func() *http.Client {
		j, _ := cookiejar.New(nil)
		return &http.Client{Jar: j}
	}
	ann, bob := jar(), jar()
	if resp, err := ann.PostForm(ts.URL+"/lobby/name", url.Values{"name": {"Ann"}}); err != nil || resp.StatusCode != 200 {
		t.Fatalf("name form: %v %v", resp, err)
	}
	resp, err := ann.PostForm(ts.URL+"/lobby/create", url.Values{"game": {"happy-garden"}, "seat": {"me", "open", "", ""},
		"clock": {"async"}, "hours": {"48"}, "options": {"first=2"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	id, ok := strings.CutPrefix(resp.Request.URL.Path, "/t/")
	if !ok {
		t.Fatalf("create form ended at %s", resp.Request.URL)
	}
	stored, err := ts.db.Table(context.Background(), id)
	if err != nil || stored.Players != 2 || stored.Clock.PerMove != 48*time.Hour || stored.Options["first"] != "2" {
		t.Fatalf("table from the form: %+v %v", stored, err)
	}
	resp, err = bob.PostForm(ts.URL+"/join/"+id, url.Values{"name": {"Bob"}, "invite": {stored.Invite}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Request.URL.Path != "/t/"+id {
		t.Errorf("join form ended at %s", resp.Request.URL)
	}
	if st, _ := ts.db.Table(context.Background(), id); st.Status != "live" || st.Seats[1].Name != "Bob" {
		t.Errorf("after Bob joined: %s, %+v", st.Status, st.Seats)
	}
	// A bad form comes back to the lobby with the reason.
	resp, _ = ann.PostForm(ts.URL+"/lobby/create", url.Values{"game": {"happy-garden"}, "seat": {"me"}})
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), "happy-garden is for 2 to") {
		t.Errorf("a refused form does not say why")
	}
}
