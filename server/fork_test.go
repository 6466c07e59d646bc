package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/coach"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/store"
)

// tableState is a copy of table id's position on ts.
func tableState(t *testing.T, ts *testServer, id string) engine.State {
	t.Helper()
	var st engine.State
	if err := ts.withTable(context.Background(), id, func(tb *table) { st = tb.state.Clone() }); err != nil {
		t.Fatal(err)
	}
	return st
}

// viewJSON is s's view for seat as the server encodes it.
func viewJSON(t *testing.T, s engine.State, seat int) string {
	t.Helper()
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return compactJSON(t, b)
}

// playOut plays s to its end with a greedy bot of a fixed seed and returns
// the final scores: two states that play out alike hold the same hidden
// parts (deck and bag orders, hands, the generator).
func playOut(t *testing.T, s engine.State) string {
	t.Helper()
	s = s.Clone()
	b, _ := bots.New("greedy", 99)
	for !s.Over() {
		m, err := b.Choose(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m, nil); err != nil {
			t.Fatal(err)
		}
	}
	out, _ := json.Marshal(s.Result())
	return string(out)
}

// countTables is how many tables the store holds.
func countTables(t *testing.T, ts *testServer) int {
	t.Helper()
	all, err := ts.db.Tables(context.Background(), store.Query{})
	if err != nil {
		t.Fatal(err)
	}
	return len(all)
}

// TestFork: "play from here" on a finished game. A live table is refused
// with the catalogue's reason; a bad step, seat or bot is refused; none of
// the refusals creates a table. The fork seats the caller where asked with
// bots elsewhere; its first view for that seat is the original's view at
// that step, byte for byte, while the hidden parts were dealt again; its
// seed reaches no client; the caller plays a move; after a restart the
// table replays to the same position, hidden parts included; once over,
// its record (format 2) replays, and the fork itself can be forked again.
func TestFork(t *testing.T) {
	path := t.TempDir() + "/jardin.db"
	cfg := Config{QuickBots: 2}
	ts := startServer(t, path, cfg)
	ann := newClient(t, ts.URL, "Ann")
	const game = "english-gardens"

	live := ann.create(createReq{Game: game, Seats: []string{"me", "greedy"}})
	done := ann.create(createReq{Game: game, Seats: []string{"random", "greedy"}})
	waitOver(t, ann, done.ID)
	var raw string
	if code := ann.call("GET", "/api/tables/"+done.ID+"/record", nil, &raw); code != 200 {
		t.Fatalf("record: %d %s", code, raw)
	}
	rec, err := record.Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	// A middle step where seat 1 is to move, so that no bot moves at the
	// fork before its first view is read.
	step := len(rec.Moves) / 2
	for rec.Moves[step].Player != 1 {
		step++
	}
	reg := games.Registry()
	prefix := *rec
	prefix.Moves, prefix.Result = rec.Moves[:step], nil
	orig, err := record.Replay(reg, &prefix, nil)
	if err != nil {
		t.Fatal(err)
	}

	before := countTables(t, ts)
	for _, c := range []struct {
		name, table string
		body        any
		code        int
		says        string
	}{
		{"live table", live.ID, map[string]any{"step": 0}, http.StatusConflict, "only a finished game"},
		{"no such table", "nosuchtable", map[string]any{"step": 0}, http.StatusNotFound, ""},
		{"no step", done.ID, map[string]any{"seat": 0}, http.StatusBadRequest, "which move"},
		{"step before the setup", done.ID, map[string]any{"step": -1}, http.StatusBadRequest, "no move -1"},
		{"step past the end", done.ID, map[string]any{"step": len(rec.Moves) + 1}, http.StatusBadRequest, "from 0 to " + strconv.Itoa(len(rec.Moves))},
		{"the last step", done.ID, map[string]any{"step": len(rec.Moves)}, http.StatusBadRequest, "game is over at that move"},
		{"seat out of range", done.ID, map[string]any{"step": step, "seat": 2}, http.StatusBadRequest, "no seat 3: the game has 2 seats"},
		{"negative seat", done.ID, map[string]any{"step": step, "seat": -1}, http.StatusBadRequest, "no seat 0"},
		{"not a bot", done.ID, map[string]any{"step": step, "bot": "alphazero"}, http.StatusBadRequest, "not a bot"},
		{"unknown field", done.ID, map[string]any{"step": step, "seed": "1"}, http.StatusBadRequest, ""},
	} {
		code, msg := callErr(ann, "POST", "/api/tables/"+c.table+"/fork", c.body)
		if code != c.code || !strings.Contains(msg, c.says) {
			t.Errorf("%s: %d %q, want %d saying %q", c.name, code, msg, c.code, c.says)
		}
	}
	if code, msg := callErr(&client{t: t, base: ts.URL}, "POST", "/api/tables/"+done.ID+"/fork", map[string]any{"step": step}); code != http.StatusUnauthorized {
		t.Errorf("without an identity: %d %q, want 401", code, msg)
	}
	if code, msg := callErr(ann, "POST", "/api/tables/"+live.ID+"/fork?lang=fr", map[string]any{"step": 0}); code != http.StatusConflict || !strings.Contains(msg, "partie terminée") {
		t.Errorf("refusal in French: %d %q", code, msg)
	}
	if n := countTables(t, ts); n != before {
		t.Fatalf("refused forks created %d tables", n-before)
	}

	var fk createdJSON
	if code := ann.call("POST", "/api/tables/"+done.ID+"/fork", map[string]any{"step": step, "seat": 1, "bot": "greedy"}, &fk); code != http.StatusCreated {
		t.Fatalf("fork: %d", code)
	}
	if fk.Seat != 1 || !strings.HasSuffix(fk.URL, "/t/"+fk.ID) {
		t.Errorf("fork answered %+v", fk)
	}
	var tj tableJSON
	if code := ann.call("GET", "/api/tables/"+fk.ID, nil, &tj); code != 200 {
		t.Fatalf("GET fork: %d", code)
	}
	if tj.Status != store.StatusLive || tj.Public || tj.Clock.Mode != "none" || tj.Seats[1].Name != "Ann" || tj.Seats[0].Kind != store.SeatBot || tj.Seats[0].Bot != "greedy" {
		t.Errorf("forked table: %+v", tj)
	}
	if tj.Fork == nil || tj.Fork.From != done.ID || tj.Fork.Step != step {
		t.Errorf("forked table's info says it is forked from %+v, want %s at %d", tj.Fork, done.ID, step)
	}

	sock := ann.dial(fk.ID, "")
	sync := sock.next(outSync)
	if got, want := compactJSON(t, sync["view"]), viewJSON(t, orig, 1); got != want {
		t.Fatalf("the fork's first view for seat 1 differs from the original's at step %d:\n%s\nwant\n%s", step, got, want)
	}
	forked := tableState(t, ts, fk.ID)
	if playOut(t, forked) == playOut(t, orig) && viewJSON(t, forked, 0) == viewJSON(t, orig, 0) {
		t.Error("the fork's hidden parts are the original's: nothing was dealt again")
	}
	meta, err := ts.db.Table(context.Background(), fk.ID)
	if err != nil {
		t.Fatal(err)
	}
	seed := strconv.FormatUint(meta.Seed, 10)
	for what, b := range map[string][]byte{"sync": mustMarshal(sync), "created": mustMarshal(fk), "table": mustMarshal(tj)} {
		if bytes.Contains(b, []byte(seed)) {
			t.Errorf("the %s message carries the fork's seed", what)
		}
	}

	// Ann plays her first legal move.
	sock.send(map[string]any{"t": "move", "v": num(sync, "v"), "id": "fork-1", "i": 0})
	sock.next(outAck)
	sock.close()
	// The bot in seat 0 answers on the table's goroutine: wait until it is
	// Ann's turn again (or the game is over) before taking the position.
	after := tableState(t, ts, fk.ID)
	for deadline := time.Now().Add(10 * time.Second); after.ToMove() == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		after = tableState(t, ts, fk.ID)
	}
	if after.ToMove() == 0 {
		t.Fatal("the bot in seat 0 did not move within 10 s")
	}
	if viewJSON(t, after, 1) == viewJSON(t, forked, 1) {
		t.Fatal("Ann's move changed nothing")
	}
	wantViews := []string{viewJSON(t, after, 0), viewJSON(t, after, 1)}
	wantEnd := playOut(t, after)

	// A restart replays the forked table to the same position.
	ts.stop()
	ts = startServer(t, path, cfg)
	ann.base = ts.URL
	back := tableState(t, ts, fk.ID)
	for p, want := range wantViews {
		if got := viewJSON(t, back, p); got != want {
			t.Errorf("after a restart, seat %d's view differs", p)
		}
	}
	if got := playOut(t, back); got != wantEnd {
		t.Errorf("after a restart the hidden parts differ: the game plays out to %s, before to %s", got, wantEnd)
	}

	// Ann resigns; the bot plays her seat to the end. The record holds the
	// original's moves, the re-deal and the fork's moves, and replays.
	if code, msg := callErr(ann, "POST", "/api/tables/"+fk.ID+"/resign", nil); code != 200 {
		t.Fatalf("resign: %d %s", code, msg)
	}
	waitOver(t, ann, fk.ID)
	if code := ann.call("GET", "/api/tables/"+fk.ID+"/record", nil, &raw); code != 200 {
		t.Fatalf("fork's record: %d %s", code, raw)
	}
	frec, err := record.Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if frec.Format != record.VersionFork || len(frec.Forks) != 1 || frec.Forks[0] != (record.Fork{After: step, Seat: 1, Seed: meta.Seed}) {
		t.Fatalf("fork's record: format %d, forks %+v", frec.Format, frec.Forks)
	}
	if frec.Seed != rec.Seed || len(frec.Moves) <= step || !equalSteps(frec.Moves[:step], rec.Moves[:step]) {
		t.Errorf("fork's record does not start with the original's %d moves", step)
	}
	// Counted in the record's moves: the original's, Ann's, maybe bots'.
	if r := frec.Players[1].Replaced; r == nil || r.After < step+1 || r.After > len(frec.Moves) {
		t.Errorf("fork's record: Ann replaced %+v, want after move %d or later", r, step+1)
	}
	if _, err := record.Replay(reg, frec, nil); err != nil {
		t.Fatalf("fork's record does not replay: %v", err)
	}
	// The coach reviews the forked game's own decisions only.
	_, all, err := coach.Positions(reg, frec, nil)
	if err != nil {
		t.Fatal(err)
	}
	own := ownPositions(frec, all)
	if len(own) == 0 || len(own) == len(all) {
		t.Errorf("the coach reviews %d of the fork's %d decisions", len(own), len(all))
	}
	for _, p := range own {
		if p.Step <= step {
			t.Errorf("the coach reviews step %d, the original's (the fork starts after %d)", p.Step, step)
		}
	}
	var rp replayJSON
	if code := ann.call("GET", "/api/tables/"+fk.ID+"/replay", nil, &rp); code != 200 || len(rp.Steps) != len(frec.Moves)+1 {
		t.Fatalf("fork's replay: %d, %d steps for %d moves", code, len(rp.Steps), len(frec.Moves))
	}

	// A fork of the fork, after its own re-deal: two re-deals in its record.
	step2 := step + 1
	for frec.Moves[step2].Player != 0 {
		step2++
	}
	var fk2 createdJSON
	if code := ann.call("POST", "/api/tables/"+fk.ID+"/fork", map[string]any{"step": step2, "seat": 0}, &fk2); code != http.StatusCreated {
		t.Fatalf("fork of a fork: %d", code)
	}
	prefix2 := *frec
	prefix2.Moves, prefix2.Result = frec.Moves[:step2], nil
	orig2, err := record.Replay(reg, &prefix2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := viewJSON(t, tableState(t, ts, fk2.ID), 0), viewJSON(t, orig2, 0); got != want {
		t.Errorf("fork of a fork: seat 0's first view differs from the forked game's at step %d", step2)
	}
	f2, err := ts.db.Fork(context.Background(), fk2.ID)
	if err != nil || len(f2.Earlier) != 1 || f2.Earlier[0].After != step || f2.Step != step2 {
		t.Errorf("fork of a fork stored as %+v, %v", f2, err)
	}
	// jardin check replays forked tables as the server loads them.
	n, err := CheckTables(context.Background(), ts.db, reg, func(id string, err error) { t.Errorf("check: %s: %v", id, err) })
	if err != nil || n != countTables(t, ts) {
		t.Errorf("CheckTables: %d, %v", n, err)
	}
}

// TestForkLimits: a fork is a table creation: the creation limits apply.
func TestForkLimits(t *testing.T) {
	ts := startServer(t, "", Config{QuickBots: 2, MaxTables: 1})
	ann := newClient(t, ts.URL, "Ann")
	done := ann.create(createReq{Game: "happy-garden", Seats: []string{"random", "greedy"}})
	waitOver(t, ann, done.ID)
	ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "greedy"}})
	before := countTables(t, ts)
	if code, msg := callErr(ann, "POST", "/api/tables/"+done.ID+"/fork", map[string]any{"step": 1}); code != http.StatusTooManyRequests || !strings.Contains(msg, "already sit at 1") {
		t.Errorf("fork over the tables limit: %d %q, want 429", code, msg)
	}
	if n := countTables(t, ts); n != before {
		t.Errorf("a refused fork created %d tables", n-before)
	}
}

func equalSteps(a, b []record.Step) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func mustMarshal(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
