package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// twoSeats makes a 2-person table of a game and returns Ann (seat 0), Bob
// (seat 1) and the table.
func twoSeats(t *testing.T, ts *testServer, game string) (*client, *client, createdJSON) {
	t.Helper()
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: game, Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"}})
	if s := bob.join(tb.ID, tb.Invite); s != 1 {
		t.Fatalf("Bob seated at %d", s)
	}
	return ann, bob, tb
}

func TestSeatsAndTokensAreChecked(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	anon := &client{t: t, base: ts.URL}
	forged := &client{t: t, base: ts.URL, token: newToken()}

	// HTTP: no token, a forged one.
	for _, c := range []*client{anon, forged} {
		if code := c.call("POST", "/api/tables", createReq{Game: "english-gardens", Seats: []string{"me"}}, nil); code != 401 {
			t.Errorf("create without a valid token: %d, want 401", code)
		}
		if code := c.call("POST", "/api/tables/"+tb.ID+"/leave", nil, nil); code != 401 {
			t.Errorf("leave without a valid token: %d, want 401", code)
		}
	}
	// /api/me: no token at all is a visitor without an identity yet (200,
	// no id); a token sent and unknown is refused.
	var me meJSON
	if code := anon.call("GET", "/api/me", nil, &me); code != 200 || me.ID != "" || me.Name != "" {
		t.Errorf("/api/me without a token: %d %+v, want 200 with no identity", code, me)
	}
	if code := forged.call("GET", "/api/me", nil, nil); code != 401 {
		t.Errorf("/api/me with a forged token: %d, want 401", code)
	}
	// A private table cannot be joined without its invite, even by a
	// valid identity, and a full one not at all.
	cid := newClient(t, ts.URL, "Cid")
	if code := cid.call("POST", "/api/tables/"+tb.ID+"/join", joinReq{Invite: "wrong"}, nil); code != 403 {
		t.Errorf("join with a wrong invite: %d, want 403", code)
	}
	if code := cid.call("POST", "/api/tables/"+tb.ID+"/join", joinReq{Invite: tb.Invite}, nil); code != 409 {
		t.Errorf("join a full table: %d, want 409", code)
	}
	// Sockets: asking for a seat one does not hold is refused before the
	// upgrade.
	for _, tc := range []struct {
		c    *client
		seat string
	}{{bob, "0"}, {anon, "0"}, {forged, "1"}, {cid, "1"}} {
		if _, err := tc.c.tryDial(tb.ID, "seat="+tc.seat); err == nil || !strings.Contains(err.Error(), "403") {
			t.Errorf("dial seat %s as %s: %v, want 403", tc.seat, tc.c.name, err)
		}
	}
	// Without a seat one watches, and a move from there is refused.
	for _, c := range []*client{anon, forged, cid} {
		s := c.dial(tb.ID, "")
		sync := s.next(outSync)
		if num(sync, "you") != -1 || count(sync, "legal") != 0 {
			t.Errorf("spectator sync: you=%d, %d legal moves", num(sync, "you"), count(sync, "legal"))
		}
		s.send(map[string]any{"t": "move", "v": num(sync, "v"), "id": "x", "i": 0})
		if r := s.next(outRefused); refusalReason(str(r, "reason")) != refSeat {
			t.Errorf("spectator move: refused for %q, want %q", str(r, "reason"), refSeat)
		}
		s.send(map[string]any{"t": "undo", "v": num(sync, "v"), "id": "u"})
		if r := s.next(outRefused); refusalReason(str(r, "reason")) != refSeat {
			t.Errorf("spectator undo: refused for %q", str(r, "reason"))
		}
		s.close()
	}
	// Bob moving on Ann's turn is refused and changes nothing.
	sa, sb := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
	syncA, syncB := sa.next(outSync), sb.next(outSync)
	if num(syncA, "toMove") != 0 || count(syncA, "legal") == 0 || count(syncB, "legal") != 0 {
		t.Fatalf("Ann to move with %d legal moves; Bob sees %d", count(syncA, "legal"), count(syncB, "legal"))
	}
	sb.send(map[string]any{"t": "move", "v": num(syncB, "v"), "id": "b1", "i": 0})
	if r := sb.next(outRefused); refusalReason(str(r, "reason")) != refTurn {
		t.Errorf("Bob on Ann's turn: %q, want %q", str(r, "reason"), refTurn)
	}
	// An illegal move (notation that parses to nothing legal) names a rule
	// or says why, and changes nothing.
	sa.send(map[string]any{"t": "move", "v": 0, "id": "a0", "n": "this is not a move"})
	if r := sa.next(outRefused); refusalReason(str(r, "reason")) != refIllegal || str(r, "message") == "" {
		t.Errorf("illegal move: %s", sa.all[len(sa.all)-1])
	} else if rule := str(r, "rule"); rule != "" && strings.Contains(str(r, "message"), rule) {
		// the player reads the reason; the rule's id is for programs
		t.Errorf("illegal move: the message names rule %s: %q", rule, str(r, "message"))
	}
	sa.send(map[string]any{"t": "move", "v": 0, "id": "a0", "i": 10000})
	if r := sa.next(outRefused); refusalReason(str(r, "reason")) != refIllegal {
		t.Errorf("index out of range: %q", str(r, "reason"))
	}
	if es, _ := ts.db.Entries(context.Background(), tb.ID, 0); len(es) != 0 {
		t.Errorf("%d entries stored after refused moves", len(es))
	}
	// A stale version is refused and followed by a sync.
	sa.send(map[string]any{"t": "move", "v": 0, "id": "a1", "i": 0})
	sa.next(outAck)
	sa.send(map[string]any{"t": "move", "v": 0, "id": "a2", "i": 0})
	if r := sa.next(outRefused); refusalReason(str(r, "reason")) != refStale {
		t.Errorf("stale move: %q", str(r, "reason"))
	}
	if s := sa.next(outSync); num(s, "v") != 1 {
		t.Errorf("sync after a stale move at version %d, want 1", num(s, "v"))
	}
}

// The same move sent twice at once (two tabs, a resend after a reconnect)
// is applied once; two different moves on the same version: one wins, the
// other is refused as stale.
func TestConcurrentSubmissionsApplyOnce(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, _, tb := twoSeats(t, ts, "english-gardens")
	s1, s2 := ann.dial(tb.ID, ""), ann.dial(tb.ID, "")
	s1.next(outSync)
	s2.next(outSync)
	var wg sync.WaitGroup
	for _, s := range []*sock{s1, s2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.send(map[string]any{"t": "move", "v": 0, "id": "same", "i": 0})
		}()
	}
	wg.Wait()
	a1, a2 := s1.next(outAck), s2.next(outAck)
	if num(a1, "v") != 1 || num(a2, "v") != 1 {
		t.Errorf("acks at versions %d and %d, want 1 and 1", num(a1, "v"), num(a2, "v"))
	}
	// Ann's next decision (english-gardens: take, then place) on version 1,
	// from both sockets with different ids.
	for _, s := range []*sock{s1, s2} {
		wg.Add(1)
		go func(id string) {
			defer wg.Done()
			s.send(map[string]any{"t": "move", "v": 1, "id": id, "i": 0})
		}(map[*sock]string{s1: "x1", s2: "x2"}[s])
	}
	wg.Wait()
	got := map[string]int{}
	for _, s := range []*sock{s1, s2} {
		m := s.next(outAck, outRefused)
		got[str(m, "t")]++
	}
	if got[outAck] != 1 || got[outRefused] != 1 {
		t.Errorf("two moves on one version: %v, want one ack and one refusal", got)
	}
	es, err := ts.db.Entries(context.Background(), tb.ID, 0)
	if err != nil || len(es) != 2 {
		t.Fatalf("%d entries stored, want 2 (%v)", len(es), err)
	}
	if es[0].Client != "same" {
		t.Errorf("first entry's client %q", es[0].Client)
	}
}

// Garbage, binary and oversized frames close that socket with a reason;
// the table and its other sockets go on.
func TestBadFramesCloseOnlyThatSocket(t *testing.T) {
	ts := startServer(t, "", Config{MaxFrame: 1024})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	sb := bob.dial(tb.ID, "")
	sb.next(outSync)
	for _, tc := range []struct {
		name  string
		typ   websocket.MessageType
		frame []byte
		code  websocket.StatusCode
		why   string
	}{
		{"garbage", websocket.MessageText, []byte("\x00garbage{"), websocket.StatusUnsupportedData, "ws.badJSON"},
		{"unknown type", websocket.MessageText, []byte(`{"t":"hack"}`), websocket.StatusUnsupportedData, "ws.unknownType"},
		{"binary", websocket.MessageBinary, []byte(`{"t":"sync"}`), websocket.StatusUnsupportedData, "ws.binary"},
		{"oversized", websocket.MessageText, bytes.Repeat([]byte("x"), 5000), websocket.StatusMessageTooBig, "ws.tooBig"},
	} {
		s := ann.dial(tb.ID, "")
		s.next(outSync)
		s.ws.Write(context.Background(), tc.typ, tc.frame)
		if tc.why != "" {
			m := s.next(outError)
			if str(m, "code") != tc.why || str(m, "message") == "" {
				t.Errorf("%s: error %q (%s), want code %s", tc.name, str(m, "message"), str(m, "code"), tc.why)
			}
		}
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: socket not closed", tc.name)
		}
		if code := websocket.CloseStatus(s.err); code != tc.code {
			t.Errorf("%s: closed with %v (%v), want %v", tc.name, code, s.err, tc.code)
		}
	}
	// Bob's socket and the table are unaffected.
	sb.send(map[string]any{"t": "sync"})
	if m := sb.next(outSync); str(m, "status") != "live" {
		t.Errorf("after the bad frames the table is %q", str(m, "status"))
	}
	sa := ann.dial(tb.ID, "")
	m := sa.next(outSync)
	sa.send(map[string]any{"t": "move", "v": num(m, "v"), "id": "ok", "i": 0})
	sa.next(outAck)
}

// WebSockets and form posts from another origin are refused.
func TestCrossOrigin(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, _, tb := twoSeats(t, ts, "english-gardens")
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws/tables/" + tb.ID
	h := http.Header{"Origin": {"http://evil.example"}, "Cookie": {cookieName + "=" + ann.token}}
	_, resp, err := websocket.Dial(context.Background(), u, &websocket.DialOptions{HTTPHeader: h})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("websocket from a foreign origin: %v, want 403", err)
	}
	req, _ := http.NewRequest("POST", ts.URL+"/api/tables", strings.NewReader(`{"game":"english-gardens","seats":["me"]}`))
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.AddCookie(&http.Cookie{Name: cookieName, Value: ann.token})
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site POST: %d, want 403", resp.StatusCode)
	}
}

// A panic in a handler is a 500 with the request id, and the id is logged.
func TestPanicIsA500WithRequestID(t *testing.T) {
	var logged bytes.Buffer
	ts := startServer(t, "", Config{Log: slog.New(slog.NewTextHandler(&syncWriter{w: &logged}, nil))})
	h := ts.recoverer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/x", nil))
	var body map[string]string
	json.Unmarshal(rec.Body.Bytes(), &body)
	id := rec.Header().Get("X-Request-Id")
	if rec.Code != 500 || body["request"] != id || id == "" || strings.Contains(rec.Body.String(), "boom") {
		t.Errorf("panic answered %d %s (id %q)", rec.Code, rec.Body, id)
	}
	if !strings.Contains(logged.String(), id) || !strings.Contains(logged.String(), "boom") {
		t.Errorf("log does not name the request and the panic: %s", logged.String())
	}
}

func TestLimits(t *testing.T) {
	ts := startServer(t, "", Config{MaxTables: 2, CreateRate: 3, ChatLines: 2, ChatWindow: time.Minute})
	ann := newClient(t, ts.URL, "Ann")
	for i := 0; i < 2; i++ {
		ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	}
	if code := ann.call("POST", "/api/tables", createReq{Game: "english-gardens", Seats: []string{"me", "open"}}, nil); code != 429 {
		t.Errorf("third table while at two: %d, want 429", code)
	}
	bob := newClient(t, ts.URL, "Bob")
	for i := 0; i < 3; i++ {
		bob.create(createReq{Game: "english-gardens", Seats: []string{"random", "open"}}) // not seated: counts for the rate only
	}
	if code := bob.call("POST", "/api/tables", createReq{Game: "english-gardens", Seats: []string{"random", "open"}}, nil); code != 429 {
		t.Errorf("fourth table in an hour: %d, want 429", code)
	}
	for _, bad := range []createReq{
		{Game: "nope", Seats: []string{"me"}},
		{Game: "english-gardens", Seats: []string{"me", "me"}},
		{Game: "english-gardens", Seats: []string{"me", "wizard"}},
		{Game: "english-gardens", Seats: []string{"me"}, Options: map[string]string{"colour": "red"}},
		{Game: "english-gardens", Seats: []string{"me"}, Clock: clockSpec{Mode: "realtime", Minutes: -1}},
		{Game: "happy-garden", Seats: []string{"me"}},
	} {
		if code := newClient(t, ts.URL, "X").call("POST", "/api/tables", bad, nil); code != 400 {
			t.Errorf("create %+v: %d, want 400", bad, code)
		}
	}
	// Names and bodies.
	if code := (&client{t: t, base: ts.URL}).call("POST", "/api/me", map[string]string{"name": strings.Repeat("n", 41)}, nil); code != 400 {
		t.Errorf("a 41-character name: %d, want 400", code)
	}
	if code := (&client{t: t, base: ts.URL}).call("POST", "/api/me", map[string]string{"name": strings.Repeat("n", 70000)}, nil); code != 400 {
		t.Errorf("a 70 kB body: %d, want 400", code)
	}
	// Chat: escaped by nobody but the page, length- and rate-limited here.
	tb := newClient(t, ts.URL, "Cid")
	tt := tb.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}})
	s := tb.dial(tt.ID, "")
	s.next(outSync)
	for i := 0; i < 2; i++ {
		s.send(map[string]any{"t": "chat", "text": "<script>alert(1)</script>"})
		if m := s.next(outChat); !strings.Contains(string(m["line"]), `\u003cscript\u003e`) {
			t.Errorf("chat line not escaped in JSON: %s", m["line"])
		}
	}
	s.send(map[string]any{"t": "chat", "text": "third"})
	if r := s.next(outRefused); refusalReason(str(r, "reason")) != refRate {
		t.Errorf("third chat line in a minute: %q", str(r, "reason"))
	}
	// The lobby page escapes names.
	evil := newClient(t, ts.URL, `<img src=x onerror=alert(1)>`)
	evil.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Public: true})
	var page string
	evil.call("GET", "/plain", nil, &page)
	if strings.Contains(page, "<img src=x") || !strings.Contains(page, "&lt;img src=x") {
		t.Error("the lobby does not escape names")
	}
}

type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}

// A panic inside a table (an engine bug) is logged and the table rebuilt
// from the store: its sockets get a fresh sync and play on. If the rebuild
// panics too, that table's sockets are closed; the server and its other
// tables go on.
func TestPanicInATable(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, _, tb := twoSeats(t, ts, "english-gardens")
	other := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}})
	s := ann.dial(tb.ID, "")
	s.next(outSync)
	tt, err := ts.tableFor(context.Background(), tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	tt.post(func() {
		tt.state = nil // the position is lost
		panic("engine bug")
	})
	m := s.next(outSync)
	s.send(map[string]any{"t": "move", "v": num(m, "v"), "id": "after-panic", "i": 0})
	s.next(outAck)
	tt.post(func() {
		// A connection whose send panics: the rebuild's syncs panic too.
		tt.conns[&conn{srv: tt.srv, t: tt, seat: -1}] = struct{}{}
		panic("engine bug again")
	})
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the broken table's socket stays open")
	}
	s2 := ann.dial(other.ID, "")
	if m := s2.next(outSync); str(m, "status") != "live" {
		t.Errorf("another table after the panics: %s", str(m, "status"))
	}
	if m := ts.metric(t, "jardin_panics_total"); !strings.Contains(m, "jardin_panics_total 2") {
		t.Errorf("panics counted: %q", m)
	}
}
