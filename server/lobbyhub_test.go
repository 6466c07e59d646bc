package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/store"
)

// lobbyStream is a reader of GET /api/lobby.
type lobbyStream struct {
	t    *testing.T
	msgs chan lobbyMsg
	stop context.CancelFunc
}

func openLobby(t *testing.T, base, query string) *lobbyStream {
	t.Helper()
	return openLobbyAs(t, base, query, "")
}

// openLobbyAs opens the stream with an identity's token.
func openLobbyAs(t *testing.T, base, query, token string) *lobbyStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/lobby"+query, nil)
	if token != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: token})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		cancel()
		t.Fatalf("GET /api/lobby%s: %d %s", query, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ls := &lobbyStream{t: t, msgs: make(chan lobbyMsg, 100), stop: cancel}
	go func() {
		defer resp.Body.Close()
		defer close(ls.msgs)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if b, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var m lobbyMsg
				if err := json.Unmarshal([]byte(b), &m); err != nil {
					t.Errorf("lobby message %q: %v", b, err)
					return
				}
				ls.msgs <- m
			}
		}
	}()
	t.Cleanup(cancel)
	return ls
}

// until reads messages until ok says the lobby is as wanted; it fails
// after 5 s.
func (ls *lobbyStream) until(what string, ok func(rows map[string]lobbyJSON, m lobbyMsg) bool) {
	ls.t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case m, open := <-ls.msgs:
			if !open {
				ls.t.Fatalf("lobby stream ended waiting for %s", what)
			}
			rows := map[string]lobbyJSON{}
			for _, r := range m.Rows {
				rows[r.ID] = r
			}
			if ok(rows, m) {
				return
			}
		case <-deadline:
			ls.t.Fatalf("no lobby message with %s", what)
		}
	}
}

// The live lobby follows a public table from its creation to its end, and
// a filtered stream and the private tables stay out of it.
func TestLobbyStreamFollowsATable(t *testing.T) {
	ts := startServer(t, "", Config{LobbyPeriod: 20 * time.Millisecond})
	all := openLobby(t, ts.URL, "")
	all.until("the snapshot", func(_ map[string]lobbyJSON, m lobbyMsg) bool { return m.T == "snapshot" && len(m.Rows) == 0 })
	other := openLobby(t, ts.URL, "?game=happy-garden&speed=none")
	other.until("the snapshot", func(_ map[string]lobbyJSON, m lobbyMsg) bool { return m.T == "snapshot" })

	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	priv := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Public: true})
	all.until("the new table, open", func(rows map[string]lobbyJSON, m lobbyMsg) bool {
		if _, ok := rows[priv.ID]; ok {
			t.Fatalf("a private table is in the lobby: %+v", m)
		}
		r, ok := rows[tb.ID]
		return m.T == "changes" && ok && r.Status == store.StatusOpen && r.Seats[0].Name == "Ann" && r.Seats[0].Player == ann.id &&
			r.Seats[1].Kind == store.SeatOpen && r.Created > 0
	})
	if seat := bob.join(tb.ID, ""); seat != 1 {
		t.Fatalf("Bob got seat %d", seat)
	}
	all.until("the table started", func(rows map[string]lobbyJSON, _ lobbyMsg) bool {
		r, ok := rows[tb.ID]
		return ok && r.Status == store.StatusLive && r.Seats[1].Name == "Bob"
	})
	sa, sb := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
	var wg sync.WaitGroup
	for i, s := range []*sock{sa, sb} {
		wg.Go(func() {
			if _, err := s.play(i, rand.New(rand.NewPCG(uint64(i), 3)), nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	all.until("the table gone when over", func(_ map[string]lobbyJSON, m lobbyMsg) bool { return slices.Contains(m.Gone, tb.ID) })
	// The happy-garden stream heard nothing of it: a new stream's first
	// message would be its snapshot, and this one had no message at all.
	select {
	case m := <-other.msgs:
		t.Errorf("a stream filtered on another game got %+v", m)
	default:
	}
	// The hub's figures are in /metrics.
	var metrics string
	(&client{t: t, base: ts.URL}).call("GET", "/metrics", nil, &metrics)
	for _, m := range []string{"jardin_lobby_watchers 2", "jardin_lobby_messages_total", "jardin_lobby_dropped_total 0", "jardin_lobby_lost_total 0"} {
		if !strings.Contains(metrics, m) {
			t.Errorf("/metrics lacks %q", m)
		}
	}
	// A new watcher's snapshot holds what is open now: nothing.
	late := openLobby(t, ts.URL, "")
	late.until("an empty snapshot", func(_ map[string]lobbyJSON, m lobbyMsg) bool { return m.T == "snapshot" && len(m.Rows) == 0 })
	// A shutting-down HTTP server ends the streams rather than wait for them.
	ts.EndStreams()
	for _, s := range []*lobbyStream{all, other, late} {
		select {
		case <-waitClosed(s.msgs):
		case <-time.After(2 * time.Second):
			t.Fatal("a lobby stream outlived EndStreams")
		}
	}
}

// waitClosed is closed once msgs is drained and closed.
func waitClosed(msgs chan lobbyMsg) chan struct{} {
	done := make(chan struct{})
	go func() {
		for range msgs {
		}
		close(done)
	}()
	return done
}

// A person's own lobby stream hears of their tables, private ones too:
// the start, each turn, the end; nobody else's stream does.
func TestLobbyStreamTellsMyTurn(t *testing.T) {
	ts := startServer(t, "", Config{LobbyPeriod: 10 * time.Millisecond})
	ann, bob, eve := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob"), newClient(t, ts.URL, "Eve")
	mine := openLobbyAs(t, ts.URL, "", ann.token)
	mine.until("the snapshot", func(_ map[string]lobbyJSON, m lobbyMsg) bool { return m.T == "snapshot" })
	theirs := openLobbyAs(t, ts.URL, "", eve.token)
	theirs.until("the snapshot", func(_ map[string]lobbyJSON, m lobbyMsg) bool { return m.T == "snapshot" })
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Clock: clockSpec{Mode: clockAsync, Hours: 1}})
	turnOf := func(m lobbyMsg) *lobbyTurn {
		for i := range m.Mine {
			if m.Mine[i].ID == tb.ID {
				return &m.Mine[i]
			}
		}
		return nil
	}
	mine.until("the new table", func(_ map[string]lobbyJSON, m lobbyMsg) bool {
		tn := turnOf(m)
		return tn != nil && tn.Status == store.StatusOpen
	})
	if seat := bob.join(tb.ID, tb.Invite); seat != 1 {
		t.Fatalf("Bob got seat %d", seat)
	}
	var first int
	mine.until("the start", func(_ map[string]lobbyJSON, m lobbyMsg) bool {
		if len(m.Rows) > 0 {
			t.Fatalf("a private table's row went to the lobby: %+v", m.Rows)
		}
		tn := turnOf(m)
		if tn == nil || tn.Status != store.StatusLive {
			return false
		}
		if tn.ToMove < 0 || tn.Deadline < time.Now().Add(59*time.Minute).UnixMilli() {
			t.Errorf("turn at the start %+v: want a seat to move and an hour on the clock", *tn)
		}
		first = tn.ToMove
		return true
	})
	// They play the game out; Ann's stream hears each seat's turn, then
	// the end.
	sa, sb := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
	var wg sync.WaitGroup
	for i, s := range []*sock{sa, sb} {
		wg.Go(func() {
			if _, err := s.play(i, rand.New(rand.NewPCG(uint64(i), 4)), nil); err != nil {
				t.Error(err)
			}
		})
	}
	seen := map[int]bool{first: true}
	mine.until("both seats' turns, then the end", func(_ map[string]lobbyJSON, m lobbyMsg) bool {
		tn := turnOf(m)
		if tn == nil {
			return false
		}
		seen[tn.ToMove] = true
		return tn.Status == store.StatusOver && tn.ToMove == -1
	})
	wg.Wait()
	if !seen[0] || !seen[1] {
		t.Errorf("turns heard: %v, want both seats", seen)
	}
	select {
	case m := <-theirs.msgs:
		if turnOf(m) != nil || len(m.Rows) > 0 {
			t.Errorf("another person's stream heard of the table: %+v", m)
		}
	case <-time.After(100 * time.Millisecond):
	}
}

// Bad filters are refused with a reason, not ignored.
func TestLobbyFilters(t *testing.T) {
	ts := startServer(t, "", Config{LobbyPeriod: 20 * time.Millisecond})
	c := &client{t: t, base: ts.URL}
	for _, q := range []string{"?game=chess", "?speed=blitz", "?players=0", "?players=9", "?players=two"} {
		var body string
		if code := c.call("GET", "/api/lobby"+q, nil, &body); code != 400 || !strings.Contains(body, `"error"`) {
			t.Errorf("GET /api/lobby%s: %d %s, want 400 with a reason", q, code, body)
		}
	}
	row := lobbyJSON{Game: "happy-garden", Players: 3, Clock: clockSpec{Mode: clockAsync}}
	for f, want := range map[lobbyFilter]bool{
		{}:                      true,
		{Game: "happy-garden"}:  true,
		{Game: "alices-garden"}: false,
		{Players: 3}:            true,
		{Players: 2}:            false,
		{Speed: clockAsync}:     true,
		{Speed: clockRealtime}:  false,
		{Game: "happy-garden", Players: 3, Speed: clockAsync}: true,
	} {
		if f.match(&row) != want {
			t.Errorf("%+v matches %v, want %v", f, !want, want)
		}
	}
	// Filtered snapshots: a 3-player async happy-garden table shows only
	// to the streams it matches.
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "open", "open"}, Public: true,
		Clock: clockSpec{Mode: clockAsync, Hours: 24}})
	for q, want := range map[string]bool{"": true, "?game=happy-garden&players=3&speed=async": true,
		"?players=2": false, "?speed=realtime": false, "?game=english-gardens": false} {
		s := openLobby(t, ts.URL, q)
		s.until("the snapshot", func(rows map[string]lobbyJSON, m lobbyMsg) bool {
			if _, ok := rows[tb.ID]; ok != want {
				t.Errorf("snapshot of %q holds the table: %v, want %v", q, ok, want)
			}
			return m.T == "snapshot"
		})
		s.stop()
	}
}

// A watcher that never reads is dropped; publishing never waits for it,
// and the other watchers go on receiving.
func TestLobbySlowWatcherNeverBlocks(t *testing.T) {
	h := newLobbyHub(time.Now, time.Millisecond, lobbyPerAddr)
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() { defer close(done); h.run(quit) }()
	defer func() { close(quit); <-done }()
	slow, err := h.watch(lobbyFilter{}, "a", "")
	if err != nil {
		t.Fatal(err)
	}
	fast, _ := h.watch(lobbyFilter{}, "b", "")
	got := 0
	stopReading := make(chan struct{})
	read := make(chan struct{})
	go func() {
		defer close(read)
		for {
			select {
			case <-fast.out:
				got++
			case <-stopReading:
				return
			}
		}
	}()
	start := time.Now()
	var worst time.Duration
	for i := range 5000 {
		t0 := time.Now()
		h.publish(lobbyEvent{Row: lobbyJSON{ID: "t" + string(rune('a'+i%26)), Status: store.StatusOpen}})
		worst = max(worst, time.Since(t0))
		if i%50 == 0 {
			time.Sleep(2 * time.Millisecond) // a few periods go by
		}
	}
	select {
	case <-slow.gone:
	case <-time.After(5 * time.Second):
		t.Fatal("the watcher that never reads was not dropped")
	}
	close(stopReading)
	<-read
	if worst > 50*time.Millisecond {
		t.Errorf("a publish waited %v", worst)
	}
	if got < lobbyQueue+1 {
		t.Errorf("the reading watcher got %d messages in %v", got, time.Since(start))
	}
	h.mu.Lock()
	_, ok := h.watchers[fast]
	h.mu.Unlock()
	if !ok {
		t.Error("the reading watcher was dropped too")
	}
	if h.dropped.Load() < 1 {
		t.Error("no drop counted")
	}
	// Each address may hold lobbyPerAddr streams at most.
	for range lobbyPerAddr {
		if _, err := h.watch(lobbyFilter{}, "c", ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.watch(lobbyFilter{}, "c", ""); err == nil {
		t.Error("one stream too many from one address was taken")
	}
}

// A table's goroutine goes on at full speed while a lobby watcher sits
// on its stream without reading: moves are never held by the lobby.
func TestLobbyStalledWatcherDoesNotSlowATable(t *testing.T) {
	ts := startServer(t, "", Config{LobbyPeriod: time.Millisecond})
	// A stalled reader: opened, never read.
	req, _ := http.NewRequest("GET", ts.URL+"/api/lobby", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	ann := newClient(t, ts.URL, "Ann")
	// Many public tables changing: events for every creation and start.
	for range 20 {
		ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}, Public: true})
	}
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}, Public: true})
	s := ann.dial(tb.ID, "")
	done := make(chan error, 1)
	go func() { _, err := s.play(0, rand.New(rand.NewPCG(7, 7)), nil); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the game did not finish with a stalled lobby watcher")
	}
}

// My tables: in play with the caller's seat, whose turn and the clock's
// deadline; finished ones apart (the archive).
func TestMyTablesRows(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	async := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}, Clock: clockSpec{Mode: clockAsync, Hours: 24}})
	done := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}})
	s := ann.dial(done.ID, "")
	if _, err := s.play(0, rand.New(rand.NewPCG(2, 2)), nil); err != nil {
		t.Fatal(err)
	}
	var mine, old []lobbyJSON
	ann.call("GET", "/api/tables?mine=1", nil, &mine)
	if len(mine) != 1 || mine[0].ID != async.ID {
		t.Fatalf("tables in play: %+v, want only %s", mine, async.ID)
	}
	r := mine[0]
	if r.You == nil || *r.You != 0 || r.ToMove == nil || *r.ToMove != 0 {
		t.Errorf("row %+v: want you 0, to move 0", r)
	}
	if left := time.Until(time.UnixMilli(r.Deadline)); left < 23*time.Hour || left > 24*time.Hour+time.Minute {
		t.Errorf("time left %v, want about 24 h", left)
	}
	ann.call("GET", "/api/tables?mine=1&finished=1", nil, &old)
	if len(old) != 1 || old[0].ID != done.ID || old[0].Status != store.StatusOver || old[0].Updated < old[0].Created || old[0].Rank < 1 {
		t.Errorf("finished tables: %+v, want %s over", old, done.ID)
	}
	var page string
	ann.call("GET", "/plain", nil, &page)
	if !strings.Contains(page, `/replay/`+done.ID) || !strings.Contains(page, `/p/`+ann.id) {
		t.Error("the plain lobby lacks the archive's replay or the player page")
	}
}

// A player's page counts their games and lists the finished public ones
// with their replays, and shows nothing private.
func TestPlayerPage(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	if code := ann.call("POST", "/api/me", map[string]any{"name": "Ann", "email": "ann@example.org",
		"webhook": "https://hooks.example.org/ann"}, nil); code != 200 {
		t.Fatalf("set e-mail: %d", code)
	}
	pub := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}, Public: true})
	priv := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}})
	for i, id := range []string{pub.ID, priv.ID} {
		if _, err := ann.dial(id, "").play(0, rand.New(rand.NewPCG(uint64(i), 5)), nil); err != nil {
			t.Fatal(err)
		}
	}
	ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "open"}})
	var p playerJSON
	if code := (&client{t: t, base: ts.URL}).call("GET", "/api/players/"+ann.id, nil, &p); code != 200 {
		t.Fatalf("GET /api/players: %d", code)
	}
	if p.Name != "Ann" || len(p.Games) != 2 {
		t.Fatalf("player %+v", p)
	}
	for _, g := range p.Games {
		switch g.Game {
		case "english-gardens":
			if g.Played != 2 || g.Playing != 0 || g.Won > 2 {
				t.Errorf("english-gardens counts %+v", g)
			}
		case "happy-garden":
			if g.Played != 0 || g.Playing != 1 {
				t.Errorf("happy-garden counts %+v", g)
			}
		}
	}
	if len(p.Finished) != 1 || p.Finished[0].ID != pub.ID || p.Finished[0].Seat != 0 || p.Finished[0].Rank < 1 {
		t.Errorf("finished %+v, want only the public %s", p.Finished, pub.ID)
	}
	var raw, page string
	(&client{t: t, base: ts.URL}).call("GET", "/api/players/"+ann.id, nil, &raw)
	(&client{t: t, base: ts.URL}).call("GET", "/p/"+ann.id, nil, &page)
	for _, secret := range []string{"ann@example.org", "hooks.example.org", ann.token, priv.ID} {
		if strings.Contains(raw, secret) || strings.Contains(page, secret) {
			t.Errorf("the player's page shows %q", secret)
		}
	}
	if !strings.Contains(page, "/replay/"+pub.ID) || !strings.Contains(page, "Ann") {
		t.Errorf("the page lacks the replay or the name:\n%s", page)
	}
	// Dates in words of the page's language; the ISO form only in datetime.
	var fr string
	(&client{t: t, base: ts.URL}).call("GET", "/p/"+ann.id+"?lang=fr", nil, &fr)
	now := time.Now().UTC()
	if want := fmt.Sprintf(">%d %s %d<", now.Day(), say("fr", "plain.month."+strconv.Itoa(int(now.Month()))), now.Year()); !strings.Contains(fr, want) {
		t.Errorf("the French page lacks the date %q:\n%s", want, fr)
	}
	if iso := now.Format("2006-01-02"); strings.Contains(strings.ReplaceAll(fr, `datetime="`+iso, ""), iso) {
		t.Errorf("the French page shows the date as %s", iso)
	}
	for _, id := range []string{"nobody", strings.Repeat("x", 80)} {
		var body string
		if code := (&client{t: t, base: ts.URL}).call("GET", "/api/players/"+id, nil, &body); code != 404 || !strings.Contains(body, "player") {
			t.Errorf("unknown player: %d %s", code, body)
		}
		if code := (&client{t: t, base: ts.URL}).call("GET", "/p/"+id, nil, &body); code != 404 {
			t.Errorf("unknown player's page: %d", code)
		}
	}
}

// Two nodes: a table created and started through node A shows in the live
// lobby of node B (NATS carries A's events), and once only.
func TestClusterLobby(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	fast := func(c *Config) { c.LobbyPeriod = 20 * time.Millisecond }
	a, b := startNode(t, dsn, url, "a", fast), startNode(t, dsn, url, "b", fast)
	onB := openLobby(t, b.URL, "")
	onB.until("the snapshot", func(_ map[string]lobbyJSON, m lobbyMsg) bool { return m.T == "snapshot" })
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, a.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Public: true})
	onB.until("A's new table", func(rows map[string]lobbyJSON, _ lobbyMsg) bool {
		r, ok := rows[tb.ID]
		return ok && r.Status == store.StatusOpen
	})
	if seat := bob.join(tb.ID, ""); seat != 1 {
		t.Fatalf("Bob got seat %d", seat)
	}
	onB.until("A's table started", func(rows map[string]lobbyJSON, _ lobbyMsg) bool {
		r, ok := rows[tb.ID]
		return ok && r.Status == store.StatusLive
	})
	// A's own watchers got them from A's hub, not back from NATS as well.
	onA := openLobby(t, a.URL, "")
	onA.until("the snapshot with the table", func(rows map[string]lobbyJSON, m lobbyMsg) bool {
		_, ok := rows[tb.ID]
		return m.T == "snapshot" && ok
	})
}

// What the table path pays for the live lobby: a step that changes nothing
// the lobby shows (none in practice: every move changes the turn), a move
// (the turn event for the seated people's streams) and a seat change (the
// public row too), with 100 watchers reading.
func BenchmarkLobbyTablePath(b *testing.B) {
	ts := startServer(b, "", Config{LobbyPerAddr: 1000})
	ann := newClient(b, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "schlossgarten", Seats: []string{"me", "open", "open", "open"}, Public: true})
	for i := range 3 {
		newClient(b, ts.URL, fmt.Sprint("P", i)).join(tb.ID, "")
	}
	t, err := ts.table(context.Background(), tb.ID, false)
	if err != nil {
		b.Fatal(err)
	}
	for i := range 100 {
		ident := ""
		if i < 4 {
			ident = ann.id // a few of them Ann's: the turn events have someone to reach
		}
		w, err := ts.lobby.watch(lobbyFilter{}, "bench", ident)
		if err != nil {
			b.Fatal(err)
		}
		go func() {
			for {
				select {
				case <-w.out:
				case <-w.gone:
					return
				}
			}
		}()
	}
	for _, bc := range []struct {
		name   string
		change func(*lobbySig)
	}{
		{"unchanged", func(*lobbySig) {}},
		{"move", func(g *lobbySig) { g.toMove++ }},
		{"seat", func(g *lobbySig) { g.open++ }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			t.do(func() {
				for b.Loop() {
					bc.change(&t.lobby.seen) // as if the table had just changed
					t.lobbyCheck()
				}
			})
		})
	}
}
