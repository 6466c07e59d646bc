package server

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

// A hint knows what the seat knows and nothing more: two positions that
// differ only in cards hidden from the seat (the second redrawn from the
// seat's view) get the same hint, the same move and the same points.
func TestHintDependsOnlyOnTheSeatsInformation(t *testing.T) {
	for _, id := range []string{"english-gardens", "schlossgarten"} {
		g, err := games.Registry().Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.New(2, 7, nil)
		if err != nil {
			t.Fatal(err)
		}
		// A few moves in, so that cards were drawn and hands hold some.
		for i := 0; i < 6 && !s.Over(); i++ {
			if err := s.Apply(s.LegalMoves(nil)[0], nil); err != nil {
				t.Fatal(err)
			}
		}
		p := s.ToMove()
		other := s.Determinize(p, 12345) // the same for p, other hidden cards
		if reflect.DeepEqual(other.View(1-p), s.View(1-p)) && reflect.DeepEqual(other.View(engine.Spectator), s.View(engine.Spectator)) {
			t.Logf("%s: the redrawn position shows the other seat the same (nothing hidden differs yet)", id)
		}
		hint := func(st engine.State) ([]engine.Move, engine.Move, hintJSON) {
			ask, job := newHint(st, p, 99, g.Texts())
			m, err := job.bot.Choose(context.Background(), job.state)
			if err != nil {
				t.Fatal(err)
			}
			ask.answer(m, job.kind, nil)
			res := <-ask.out
			if res.err != nil {
				t.Fatalf("%s: %v", id, res.err)
			}
			return ask.legal, m, ask.json(res, "en")
		}
		// What the bot and the look-ahead search is the same position
		// (every seat's view of it), whatever the hidden cards were.
		_, j1 := newHint(s, p, 99, g.Texts())
		_, j2 := newHint(other, p, 99, g.Texts())
		for q := range 2 {
			if !reflect.DeepEqual(j1.state.View(q), j2.state.View(q)) {
				t.Errorf("%s: seat %d's view of the hint's position depends on cards seat %d does not see", id, q, p)
			}
		}
		l1, m1, h1 := hint(s)
		l2, m2, h2 := hint(other)
		if !reflect.DeepEqual(l1, l2) || m1 != m2 || !reflect.DeepEqual(h1, h2) {
			t.Errorf("%s: the hint depends on cards the seat does not see: %v %+v, then %v %+v", id, m1, h1, m2, h2)
		}
		if h1.Says == "" || strings.Contains(h1.Says, s.FormatMove(m1)) && len(s.FormatMove(m1)) > 3 {
			t.Errorf("%s: the hint says %q (notation %q)", id, h1.Says, s.FormatMove(m1))
		}
	}
}

// POST …/hint: the seat to move gets a move of its legal list, in words,
// with its points; the table does not change (a hint plays nothing). The
// player not to move, a spectator, a table with hints off and a person
// asking too often are refused, each saying why.
func TestHintCall(t *testing.T) {
	ts := startServer(t, "", Config{HintEvery: time.Hour, HintBurst: 2, BotBudget: 2 * time.Second})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	if s := bob.join(tb.ID, tb.Invite); s != 1 {
		t.Fatalf("Bob seated at %d", s)
	}
	before := tableOf(t, ann, tb.ID)
	p := before.ToMove
	mover, waiter := []*client{ann, bob}[p], []*client{ann, bob}[1-p]
	hint := func(c *client) (int, string) { return callErr(c, "POST", "/api/tables/"+tb.ID+"/hint?lang=en", nil) }
	if code, msg := hint(waiter); code != http.StatusConflict || !strings.Contains(msg, "only when it is your turn") {
		t.Fatalf("hint for the player not to move: %d %q", code, msg)
	}
	eve := newClient(t, ts.URL, "Eve")
	if code, msg := hint(eve); code != http.StatusForbidden || !strings.Contains(msg, "seated") {
		t.Fatalf("hint for a spectator: %d %q", code, msg)
	}
	var h hintJSON
	if code := mover.call("POST", "/api/tables/"+tb.ID+"/hint?lang=en", nil, &h); code != 200 {
		t.Fatalf("hint: %d", code)
	}
	sock := mover.dial(tb.ID, "")
	sync := sock.next(outSync)
	var legal []engine.MoveDesc
	decode(t, sync["legal"], &legal)
	if h.V != before.Version || h.I < 0 || h.I >= len(legal) || !strings.Contains(h.Says, "suggests: ") ||
		h.Bot == "" || h.Points < h.Now-50 {
		t.Fatalf("hint %+v (legal %d)", h, len(legal))
	}
	for _, p := range legal[h.I].Parts {
		if strings.Contains(h.Says, p.ID) && strings.ContainsAny(p.ID, ":0123456789") {
			t.Errorf("the hint names %q by its id: %q", p.ID, h.Says)
		}
	}
	if got := tableOf(t, ann, tb.ID); got.Version != before.Version || got.ToMove != p {
		t.Fatalf("asking for a hint played: version %d → %d", before.Version, got.Version)
	}
	// The same person again: the second of the burst, then refused.
	if code, _ := hint(mover); code != 200 {
		t.Fatalf("second hint: %d", code)
	}
	if code, msg := hint(mover); code != http.StatusTooManyRequests || !strings.Contains(msg, "too often") {
		t.Fatalf("third hint within the hour: %d %q", code, msg)
	}
	// A table with hints off says so, on the page's table info too.
	cid := newClient(t, ts.URL, "Cid")
	off := cid.create(createReq{Game: "english-gardens", Seats: []string{"me", "greedy"}, Hints: new(bool)})
	if code, msg := callErr(cid, "POST", "/api/tables/"+off.ID+"/hint?lang=en", nil); code != http.StatusConflict || !strings.Contains(msg, "hints are off") {
		t.Fatalf("hint at a table with hints off: %d %q", code, msg)
	}
	s2 := cid.dial(off.ID, "")
	var info tableInfo
	decode(t, s2.next(outSync)["table"], &info)
	if info.Hints {
		t.Fatal("the table with hints off tells the page they are on")
	}
	var on tableInfo
	decode(t, sync["table"], &on)
	if !on.Hints {
		t.Fatal("a casual table tells the page hints are off")
	}
}

func decode(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
}

// A hint is a job of the bot pool owned by the asker: behind another
// owner's 30 queued expert decisions it still comes back within its own
// budget (the workers go round the owners), not after the other's queue.
func TestHintWaitsOnlyItsTurnInThePool(t *testing.T) {
	ts := startServer(t, "", Config{SearchBots: 2, BotBudget: 200 * time.Millisecond})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "greedy"}})
	for try := 0; tableOf(t, ann, tb.ID).ToMove != 0; try++ {
		if try > 100 {
			t.Fatal("Ann's turn never came")
		}
		time.Sleep(50 * time.Millisecond)
	}
	g, _ := games.Registry().Lookup("happy-garden")
	s, _ := g.New(2, 1, nil)
	dummy := &table{inbox: make(chan func(), 1000), done: make(chan struct{})}
	go func() {
		for range dummy.inbox { // the hog's answers are not played
		}
	}()
	for range 30 {
		ts.pool.submit(&botJob{table: dummy, kind: "ismcts:expert", owner: "hog", state: s.Clone(), queued: time.Now(), bot: slowBot{}})
	}
	t0 := time.Now()
	var h hintJSON
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/hint?lang=en", nil, &h); code != 200 {
		t.Fatalf("hint behind another's queue: %d", code)
	}
	// Its search's budget, greedy's look-ahead, and room for a loaded machine;
	// the hog's queue alone is 30 × 1.6 s over 2 workers.
	if took, most := time.Since(t0), ts.pool.budget(hintBot)+5*time.Second; took > most {
		t.Fatalf("the hint took %v behind another owner's queue (at most %v)", took, most)
	}
}
