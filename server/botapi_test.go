package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/store"
)

// botStreamT is a bot's stream as a test reads it: every line, raw and
// decoded.
type botStreamT struct {
	t     *testing.T
	resp  *http.Response
	lines chan []byte
	all   [][]byte
}

func openBotStream(t *testing.T, c *client) (*botStreamT, int) {
	t.Helper()
	req, _ := http.NewRequest("GET", c.base+"/api/bot/stream", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		resp.Body.Close()
		return nil, resp.StatusCode
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("stream Content-Type %q", ct)
	}
	s := &botStreamT{t: t, resp: resp, lines: make(chan []byte, 4096)}
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<16), 1<<24)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) > 0 {
				s.lines <- bytes.Clone(sc.Bytes())
			}
		}
	}()
	t.Cleanup(func() { resp.Body.Close() })
	return s, 200
}

// next is the next event of one of the types (others are skipped).
func (s *botStreamT) next(types ...string) botEvent {
	s.t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("stream ended waiting for %v", types)
			}
			s.all = append(s.all, l)
			var ev botEvent
			if err := json.Unmarshal(l, &ev); err != nil {
				s.t.Fatalf("stream line %q: %v", l, err)
			}
			for _, ty := range types {
				if ev.Type == ty {
					return ev
				}
			}
		case <-deadline:
			s.t.Fatalf("no %v event within 60 s", types)
		}
	}
}

// newBot makes a new identity a bot identity.
func newBot(t *testing.T, base, name string) *client {
	t.Helper()
	b := newClient(t, base, name)
	if code := b.call("POST", "/api/bot/account/upgrade", map[string]string{"confirm": botConfirm}, nil); code != 200 {
		t.Fatalf("upgrade: %d", code)
	}
	return b
}

// TestBotIdentityIsConfirmedAndForGood: becoming a bot needs the sentence,
// is refused to someone seated at a table in play, happens once, and a bot
// then sits only where it is invited; only bots get a stream.
func TestBotIdentityIsConfirmedAndForGood(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	var bots []botJSON
	for _, body := range []any{map[string]string{}, map[string]string{"confirm": "yes"}} {
		if code := ann.call("POST", "/api/bot/account/upgrade", body, nil); code != http.StatusBadRequest {
			t.Errorf("upgrade with %v: %d, want 400", body, code)
		}
	}
	if ann.call("GET", "/api/bots", nil, &bots); len(bots) != 0 {
		t.Fatalf("a refused upgrade made a bot: %+v", bots)
	}
	if _, code := openBotStream(t, ann); code != http.StatusForbidden {
		t.Errorf("a person's stream: %d, want 403", code)
	}
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Public: true})
	if code := ann.call("POST", "/api/bot/account/upgrade", map[string]string{"confirm": botConfirm}, nil); code != http.StatusConflict {
		t.Errorf("upgrade while seated at an open table: %d, want 409", code)
	}
	robin := newBot(t, ts.URL, "Robin")
	if code := robin.call("POST", "/api/bot/account/upgrade", map[string]string{"confirm": botConfirm}, nil); code != http.StatusConflict {
		t.Errorf("a second upgrade: %d, want 409", code)
	}
	if ann.call("GET", "/api/bots", nil, &bots); len(bots) != 1 || bots[0].ID != robin.id || bots[0].Name != "Robin" {
		t.Fatalf("GET /api/bots = %+v", bots)
	}
	if code := robin.call("POST", "/api/tables/"+tb.ID+"/join", joinReq{}, nil); code != http.StatusForbidden {
		t.Errorf("a bot joining a public table uninvited: %d, want 403", code)
	}
	if code := robin.call("POST", "/api/tables", createReq{Game: "english-gardens", Seats: []string{"bot:nosuch", "me"}}, nil); code != http.StatusBadRequest {
		t.Errorf("inviting no bot: %d, want 400", code)
	}
	if code := ann.call("POST", "/api/tables", createReq{Game: "english-gardens", Seats: []string{"me", "bot:" + ann.id}}, nil); code != http.StatusBadRequest {
		t.Errorf("inviting a person as a bot: %d, want 400", code)
	}
}

// TestBotInvitations: an invited seat is the bot's only; the bot hears of
// it on its stream (pending when it connects, or as it comes), declines
// (the seat opens to anyone) or accepts (it sits, marked as a program
// everywhere, and the table starts); a bot at its limit of tables cannot be
// invited.
func TestBotInvitations(t *testing.T) {
	ts := startServer(t, "", Config{BotTables: 2})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	robin := newBot(t, ts.URL, "Robin")
	t1 := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "bot:" + robin.id}, Public: true})
	var row []lobbyJSON
	ann.call("GET", "/api/tables", nil, &row)
	if len(row) != 1 || !row[0].Seats[1].Invited || row[0].Seats[1].Name != "Robin" || row[0].Seats[1].Kind != store.SeatOpen {
		t.Fatalf("lobby row of the invited seat: %+v", row)
	}
	if code := bob.call("POST", "/api/tables/"+t1.ID+"/join", joinReq{Invite: t1.Invite}, nil); code != http.StatusConflict {
		t.Fatalf("Bob took the seat kept for the bot: %d", code)
	}
	if code := bob.call("POST", "/api/tables/"+t1.ID+"/accept", struct{}{}, nil); code != http.StatusForbidden {
		t.Errorf("a person accepting: %d, want 403", code)
	}
	st, _ := openBotStream(t, robin)
	inv := st.next(botInvitation)
	if inv.Table != t1.ID || inv.Seat != 1 || inv.By != "Ann" || inv.Game != "english-gardens" || inv.Players != 2 {
		t.Fatalf("pending invitation %+v", inv)
	}
	if code := robin.call("POST", "/api/tables/"+t1.ID+"/decline", struct{}{}, nil); code != 200 {
		t.Fatalf("decline: %d", code)
	}
	if code := robin.call("POST", "/api/tables/"+t1.ID+"/accept", struct{}{}, nil); code != http.StatusConflict {
		t.Errorf("accepting a declined invitation: %d, want 409", code)
	}
	if s := bob.join(t1.ID, t1.Invite); s != 1 {
		t.Fatalf("Bob took seat %d after the decline, want 1", s)
	}
	if invs, err := ts.db.Invitations(t.Context(), robin.id); err != nil || len(invs) != 0 {
		t.Errorf("invitations left after the decline: %+v, %v", invs, err)
	}

	// Invited as the stream runs; accepted: the table starts.
	t2 := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "bot:" + robin.id}, Options: map[string]string{"first": "1"}})
	if inv := st.next(botInvitation); inv.Table != t2.ID || inv.Seat != 1 {
		t.Fatalf("live invitation %+v", inv)
	}
	var acc map[string]int
	if code := robin.call("POST", "/api/tables/"+t2.ID+"/accept", struct{}{}, &acc); code != 200 || acc["seat"] != 1 {
		t.Fatalf("accept: %d %v", code, acc)
	}
	if ev := st.next(botStart); ev.Table != t2.ID || ev.Seat != 1 {
		t.Errorf("start %+v", ev)
	}
	var tj tableJSON
	ann.call("GET", "/api/tables/"+t2.ID, nil, &tj)
	if tj.Status != store.StatusLive || !tj.Seats[1].Program || tj.Seats[1].Name != "Robin" || tj.Seats[0].Program {
		t.Errorf("table after accepting: %s %+v", tj.Status, tj.Seats)
	}
	if code := robin.call("POST", "/api/tables/"+t2.ID+"/accept", struct{}{}, nil); code != http.StatusConflict {
		t.Errorf("accepting twice: %d, want 409", code)
	}
	// Its limit: 2 tables; one live, one more invitation open, a third refused.
	ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "bot:" + robin.id}})
	robin.call("POST", "/api/tables/"+st.next(botInvitation).Table+"/accept", struct{}{}, nil)
	if code := ann.call("POST", "/api/tables", createReq{Game: "english-gardens", Seats: []string{"me", "bot:" + robin.id}}, nil); code != http.StatusTooManyRequests {
		t.Errorf("inviting a bot at its limit: %d, want 429", code)
	}
}

// TestBotSeesExactlyItsSeat plays a table of every game with a bot
// identity at seat 0 and random bots elsewhere, through the stream and
// HTTP moves. Every turn event's view is byte for byte the engine's
// View(0) of the recorded game at that version, with exactly seat 0's
// legal moves: a bot sees what its seat sees and nothing more (as
// TestSeatsReceiveOnlyWhatTheyMaySee checks a socket's). The seed appears
// nowhere in the stream.
func TestBotSeesExactlyItsSeat(t *testing.T) {
	ts := startServer(t, "", Config{BotTables: 10, BotMoves: 1000})
	ann := newClient(t, ts.URL, "Ann")
	robin := newBot(t, ts.URL, "Robin")
	st, _ := openBotStream(t, robin)
	rnd := rand.New(rand.NewPCG(7, 7))
	for _, g := range games.Registry().All() {
		lo, hi := g.Players()
		n := min(max(lo, 3), hi)
		seats := []string{"bot:" + robin.id}
		for len(seats) < n {
			seats = append(seats, "random")
		}
		tb := ann.create(createReq{Game: g.ID(), Seats: seats})
		if inv := st.next(botInvitation); inv.Table != tb.ID {
			t.Fatalf("invitation to %s, want %s", inv.Table, tb.ID)
		}
		robin.call("POST", "/api/tables/"+tb.ID+"/accept", struct{}{}, nil)
		var turns []botEvent
		for {
			ev := st.next(botTurn, botEnd)
			if ev.Table != tb.ID {
				t.Fatalf("event of another table: %+v", ev)
			}
			if ev.Type == botEnd {
				if ev.Status != store.StatusOver || len(ev.Result) == 0 {
					t.Errorf("%s: end %+v", g.ID(), ev)
				}
				break
			}
			turns = append(turns, ev)
			var out map[string]any
			if code := robin.call("POST", "/api/tables/"+tb.ID+"/move",
				map[string]any{"v": ev.V, "i": rnd.IntN(len(ev.Legal)), "id": fmt.Sprint("m", ev.V)}, &out); code != 200 {
				t.Fatalf("%s: move at %d: %d", g.ID(), ev.V, code)
			}
		}
		var rec string
		if code := ann.call("GET", "/api/tables/"+tb.ID+"/record", nil, &rec); code != 200 {
			t.Fatalf("record: %d", code)
		}
		r, err := record.Parse([]byte(rec))
		if err != nil {
			t.Fatal(err)
		}
		views := map[int][]byte{}
		legal := map[int]int{}
		st0, _ := g.New(len(r.Players), r.Seed, r.Options)
		views[0], legal[0] = mustJSON(st0.View(0)), legalFor(st0, 0)
		if _, err := record.Replay(games.Registry(), r, func(v int, s engine.State, _ []engine.Event) {
			views[v], legal[v] = mustJSON(s.View(0)), legalFor(s, 0)
		}); err != nil {
			t.Fatal(err)
		}
		if len(turns) == 0 {
			t.Fatalf("%s: the bot never had a turn", g.ID())
		}
		for _, ev := range turns {
			if !bytes.Equal(ev.View, views[ev.V]) {
				t.Errorf("%s: version %d: the view sent is not View(0)", g.ID(), ev.V)
			}
			if len(ev.Legal) != legal[ev.V] || legal[ev.V] == 0 {
				t.Errorf("%s: version %d: %d legal moves sent, the seat has %d", g.ID(), ev.V, len(ev.Legal), legal[ev.V])
			}
		}
		seed := fmt.Sprint(r.Seed)
		for _, l := range st.all {
			if strings.Contains(string(l), seed) || strings.Contains(string(l), `"seed"`) {
				t.Fatalf("%s: the stream carries the seed: %.200s", g.ID(), l)
			}
		}
		t.Logf("%s (%d players): %d turns checked", g.ID(), n, len(turns))
	}
}

// TestBotLimits: a bot's moves by HTTP are limited per second (429 with
// Retry-After past the burst), and a move body must name its move.
func TestBotLimits(t *testing.T) {
	ts := startServer(t, "", Config{BotMoves: 1})
	ann := newClient(t, ts.URL, "Ann")
	robin := newBot(t, ts.URL, "Robin")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "bot:" + robin.id}})
	robin.call("POST", "/api/tables/"+tb.ID+"/accept", struct{}{}, nil)
	if code := robin.call("POST", "/api/tables/"+tb.ID+"/move", map[string]any{"v": 0, "id": "x"}, nil); code != http.StatusBadRequest {
		t.Errorf("a move with neither i nor n: %d, want 400", code)
	}
	codes := []int{}
	for range 4 {
		codes = append(codes, robin.call("POST", "/api/tables/"+tb.ID+"/move", map[string]any{"v": 99, "i": 0, "id": "x"}, nil))
	}
	// A burst of 2: two answered by the table (stale: 409), then 429.
	if codes[0] != http.StatusConflict || codes[1] != http.StatusConflict || codes[2] != http.StatusTooManyRequests || codes[3] != http.StatusTooManyRequests {
		t.Errorf("moves in a burst: %v, want 409 409 429 429", codes)
	}
	// A person's moves by HTTP are not the bots' limit.
	for range 4 {
		if code := ann.call("POST", "/api/tables/"+tb.ID+"/move", map[string]any{"v": 99, "i": 0, "id": "y"}, nil); code != http.StatusConflict {
			t.Errorf("a person's stale move: %d, want 409", code)
		}
	}
}

// TestBotOutOfTimeIsReplaced: a bot identity that does not play within its
// realtime clock is handled as any player: a greedy bot takes its seat and
// the game goes on to its end.
func TestBotOutOfTimeIsReplaced(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	robin := newBot(t, ts.URL, "Robin")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"bot:" + robin.id, "greedy"},
		Options: map[string]string{"first": "1"}, Clock: clockSpec{Mode: clockRealtime, Minutes: 0.02}})
	if code := robin.call("POST", "/api/tables/"+tb.ID+"/accept", struct{}{}, nil); code != 200 {
		t.Fatalf("accept: %d", code)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var tj tableJSON
		ann.call("GET", "/api/tables/"+tb.ID, nil, &tj)
		if tj.Seats[0].Zombie && tj.Status == store.StatusOver {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 30 s: %s, seat %+v", tj.Status, tj.Seats[0])
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// runBot plays c's bot identity in the background until the test ends:
// it accepts invitations and plays a random legal move on each turn, by
// HTTP. (Errors are for the test's checks to find: a bot that stops
// playing leaves its tables to the clock.)
func runBot(t *testing.T, c *client, seed uint64) {
	st, code := openBotStream(t, c)
	if code != 200 {
		t.Fatalf("stream: %d", code)
	}
	rnd := rand.New(rand.NewPCG(seed, 1))
	post := func(path string, body any) {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", c.base+path, bytes.NewReader(b))
		req.Header.Set("Authorization", "Bearer "+c.token)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}
	go func() {
		for l := range st.lines {
			var ev botEvent
			if json.Unmarshal(l, &ev) != nil {
				continue
			}
			switch ev.Type {
			case botInvitation:
				post("/api/tables/"+ev.Table+"/accept", struct{}{})
			case botTurn:
				if len(ev.Legal) > 0 {
					post("/api/tables/"+ev.Table+"/move", map[string]any{"v": ev.V, "i": rnd.IntN(len(ev.Legal)), "id": fmt.Sprint(ev.Table, ev.V)})
				}
			}
		}
	}()
}

// TestBotArena: with --arena 2, two bot identities that opted in (and not
// a third that did not) are seated at arena tables with built-in anchors,
// one game and player count after another; each table is indexed with its
// game, and plays to its end, its result stored for ratings.
func TestBotArena(t *testing.T) {
	ts := startServer(t, "", Config{ArenaTables: 2, ArenaEvery: 50 * time.Millisecond, BotMoves: 1000})
	robin, rosa, shy := newBot(t, ts.URL, "Robin"), newBot(t, ts.URL, "Rosa"), newBot(t, ts.URL, "Shy")
	if code := ann(t, ts).call("POST", "/api/bot/account/arena", map[string]bool{"arena": true}, nil); code != http.StatusForbidden {
		t.Errorf("a person opting in: %d, want 403", code)
	}
	if code := robin.call("POST", "/api/bot/account/arena", map[string]string{}, nil); code != http.StatusBadRequest {
		t.Errorf("opting in without the field: %d, want 400", code)
	}
	for _, b := range []*client{robin, rosa} {
		if code := b.call("POST", "/api/bot/account/arena", map[string]bool{"arena": true}, nil); code != 200 {
			t.Fatalf("opt in: %d", code)
		}
		runBot(t, b, uint64(len(b.name)))
	}
	runBot(t, shy, 3)
	deadline := time.Now().Add(90 * time.Second)
	for {
		ats, err := ts.db.ArenaTables(t.Context(), time.Time{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		over := 0
		for _, a := range ats {
			tb, err := ts.db.Table(t.Context(), a.Table)
			if err != nil {
				t.Fatal(err)
			}
			programs, anchors := 0, 0
			for _, st := range tb.Seats {
				if st.Identity == shy.id {
					t.Fatalf("a bot that did not opt in sits at arena table %s", a.Table)
				}
				if st.Program {
					programs++
				}
				if st.Kind == store.SeatBot {
					anchors++
				}
			}
			if programs == 0 || anchors == 0 || a.Game != tb.Game || a.Players != tb.Players || len(tb.Seats) != tb.Players {
				t.Fatalf("arena table %+v: %d programs, %d anchors, seats %+v", a, programs, anchors, tb.Seats)
			}
			if tb.Status == store.StatusOver {
				if len(tb.Result) == 0 {
					t.Fatalf("arena table %s over without a result", a.Table)
				}
				over++
			}
		}
		// The arena cycles player counts within a game: two tables of one
		// game with n and n+1 players (tables started in the same
		// millisecond may be listed in either order).
		cycles := false
		for i := range ats {
			for j := range ats {
				cycles = cycles || ats[i].Game == ats[j].Game && ats[j].Players == ats[i].Players+1
			}
		}
		if over >= 3 && len(ats) >= 4 && cycles {
			t.Logf("%d arena tables, %d over", len(ats), over)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 90 s: %d arena tables, %d over: %+v", len(ats), over, ats)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func ann(t *testing.T, ts *testServer) *client { return newClient(t, ts.URL, "Ann") }

// TestBotInvitedByName: a person seated at an open table invites a bot by
// its name (or, when several bots share it, by its id) to an open seat; the
// bot hears of it and accepts. Strangers may not invite, nor may a bot be
// invited twice.
func TestBotInvitedByName(t *testing.T) {
	ts := startServer(t, "", Config{})
	a, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	robin := newBot(t, ts.URL, "Robin")
	twin1, _ := newBot(t, ts.URL, "Twin"), newBot(t, ts.URL, "Twin")
	st, _ := openBotStream(t, robin)
	tb := a.create(createReq{Game: "happy-garden", Seats: []string{"me", "open", "open"}})
	path := "/api/tables/" + tb.ID + "/invite"
	if code := bob.call("POST", path, map[string]string{"bot": "Robin"}, nil); code != http.StatusForbidden {
		t.Errorf("a stranger inviting: %d, want 403", code)
	}
	var out map[string]int
	if code := a.call("POST", path, map[string]string{"bot": "Robin"}, &out); code != 200 || out["seat"] != 1 {
		t.Fatalf("invite Robin: %d %v", code, out)
	}
	if inv := st.next(botInvitation); inv.Table != tb.ID || inv.Seat != 1 || inv.By != "Ann" {
		t.Errorf("invitation %+v", inv)
	}
	for _, c := range []struct {
		bot  string
		want int
	}{{"Robin", http.StatusConflict}, {"Nobody", http.StatusBadRequest}, {"Twin", http.StatusConflict}} {
		if code := a.call("POST", path, map[string]string{"bot": c.bot}, nil); code != c.want {
			t.Errorf("invite %s: %d, want %d", c.bot, code, c.want)
		}
	}
	if code := a.call("POST", path, map[string]string{"bot": twin1.id}, &out); code != 200 || out["seat"] != 2 {
		t.Fatalf("invite a twin by id: %d %v", code, out)
	}
	if code := robin.call("POST", "/api/tables/"+tb.ID+"/accept", struct{}{}, nil); code != 200 {
		t.Fatalf("accept: %d", code)
	}
	var tj tableJSON
	a.call("GET", "/api/tables/"+tb.ID, nil, &tj)
	if !tj.Seats[1].Program || tj.Seats[1].Name != "Robin" || !tj.Seats[2].Invited || tj.Status != store.StatusOpen {
		t.Errorf("seats %+v, %s", tj.Seats, tj.Status)
	}
}

// TestBotStreamIsPresence: a bot seat counts as online while its bot's
// stream is open (a program playing by HTTP is there while it listens),
// and away once the stream closes, as a person whose sockets closed.
func TestBotStreamIsPresence(t *testing.T) {
	ts := startServer(t, "", Config{})
	a := newClient(t, ts.URL, "Ann")
	robin := newBot(t, ts.URL, "Robin")
	tb := a.create(createReq{Game: "english-gardens", Seats: []string{"me", "bot:" + robin.id}, Options: map[string]string{"first": "2"}})
	robin.call("POST", "/api/tables/"+tb.ID+"/accept", struct{}{}, nil)
	online := func() bool {
		var tj tableJSON
		a.call("GET", "/api/tables/"+tb.ID, nil, &tj)
		return tj.Seats[1].Online
	}
	waitFor := func(want bool, what string) {
		t.Helper()
		for end := time.Now().Add(10 * time.Second); online() != want; {
			if time.Now().After(end) {
				t.Fatalf("%s: online %v after 10 s", what, !want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitFor(false, "no stream yet")
	st, _ := openBotStream(t, robin)
	st.next(botTurn) // its turn: the stream is open and read
	waitFor(true, "stream open")
	st.resp.Body.Close()
	waitFor(false, "stream closed")
	var tj tableJSON
	a.call("GET", "/api/tables/"+tb.ID, nil, &tj)
	if tj.Seats[1].HandOver == 0 {
		t.Errorf("the bot away on its turn: no hand-over time, seat %+v", tj.Seats[1])
	}
}
