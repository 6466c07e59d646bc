package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
)

// A table of bots only plays each game to the end through the server
// (bot pool, determinized copies, group commit), watched by a spectator;
// its record replays to the same result.
func TestBotTablesPlayEveryGame(t *testing.T) {
	// Bots alone play as fast as the pool answers: the watcher's queue is
	// deep so that a busy test machine does not make it a slow reader
	// (dropping those is tested elsewhere; one was dropped here in CI).
	ts := startServer(t, "", Config{QuickBots: 2, Queue: 1 << 14})
	owner := newClient(t, ts.URL, "Owner")
	var wg sync.WaitGroup
	for _, g := range games.Registry().All() {
		lo, _ := g.Players()
		n := max(lo, 2)
		seats := []string{"random", "greedy"}
		for len(seats) < n {
			seats = append(seats, "random")
		}
		tb := owner.create(createReq{Game: g.ID(), Seats: seats[:n]})
		wg.Add(1)
		go func() {
			defer wg.Done()
			watcher := (&client{t: t, base: ts.URL}).dial(tb.ID, "")
			defer watcher.close()
			for {
				m, err := watcher.tryNext(30e9, outSync, outUpdate)
				if err != nil {
					t.Errorf("%s: %v", g.ID(), err)
					return
				}
				if str(m, "status") == "over" {
					if len(m["result"]) == 0 || str(m, "record") == "" {
						t.Errorf("%s: the end carries no result or record address", g.ID())
					}
					break
				}
			}
			var rec string
			if code := owner.call("GET", "/api/tables/"+tb.ID+"/record", nil, &rec); code != 200 {
				t.Errorf("%s: record: %d %s", g.ID(), code, rec)
				return
			}
			r, err := record.Parse([]byte(rec))
			if err != nil {
				t.Errorf("%s: %v", g.ID(), err)
				return
			}
			if r.Players[0].Kind != "random" || r.Players[1].Kind != "greedy" {
				t.Errorf("%s: record seats %+v", g.ID(), r.Players)
			}
			if _, err := record.Replay(games.Registry(), r, nil); err != nil {
				t.Errorf("%s: the record does not replay: %v", g.ID(), err)
			}
		}()
	}
	wg.Wait()
	if m := ts.metric(t, "jardin_bot_think_seconds_count"); m == "" {
		t.Error("no bot think time measured")
	}
}

// received is one message as a seat got it.
type received struct {
	raw []byte
	m   map[string]json.RawMessage
}

// A person's seat and a spectator record everything they receive during
// whole games of every game; afterwards, with the record, the test checks
// that each message held exactly what the engine lets that seat see at
// that version (its View, its visible events, its own legal moves) and
// nothing of the seed or of other seats' moves' notation.
func TestSeatsReceiveOnlyWhatTheyMaySee(t *testing.T) {
	// The recorders must see every message; a reader that falls 64 behind
	// (a busy CI machine, five games at once) would be dropped as slow,
	// which other tests cover.
	ts := startServer(t, "", Config{Queue: 1 << 14})
	var wg sync.WaitGroup
	for gi, g := range games.Registry().All() {
		lo, hi := g.Players()
		n := min(max(lo, 3), hi)
		wg.Add(1)
		go func() {
			defer wg.Done()
			me := newClient(t, ts.URL, "Me"+g.ID())
			seats := []string{"me"}
			for len(seats) < n {
				seats = append(seats, "random")
			}
			no := false
			tb := me.create(createReq{Game: g.ID(), Seats: seats, Undo: &no})
			spec := (&client{t: t, base: ts.URL}).dial(tb.ID, "lang=fr")
			mine := me.dial(tb.ID, "")
			var specGot []received
			specDone := make(chan error, 1)
			go func() {
				for {
					m, err := spec.tryNext(60e9, outSync, outUpdate)
					if err != nil {
						specDone <- err
						return
					}
					specGot = append(specGot, received{spec.all[len(spec.all)-1], m})
					if str(m, "status") == "over" {
						specDone <- nil
						return
					}
				}
			}()
			var got []received
			if _, err := mine.play(0, rand.New(rand.NewPCG(uint64(gi), 3)), func(m map[string]json.RawMessage) {
				got = append(got, received{mine.all[len(mine.all)-1], m})
			}); err != nil {
				t.Errorf("%s: %v", g.ID(), err)
				return
			}
			if err := <-specDone; err != nil {
				t.Errorf("%s spectator: %v", g.ID(), err)
				return
			}
			var rec string
			if code := me.call("GET", "/api/tables/"+tb.ID+"/record", nil, &rec); code != 200 {
				t.Errorf("%s: record %d", g.ID(), code)
				return
			}
			r, err := record.Parse([]byte(rec))
			if err != nil {
				t.Error(err)
				return
			}
			checkSeen(t, g.ID(), r, 0, got, mine.all)
			checkSeen(t, g.ID()+" spectator", r, -1, specGot, spec.all)
		}()
	}
	wg.Wait()
}

// checkSeen compares what seat received with what the engine says it may
// see, version by version.
func checkSeen(t *testing.T, name string, r *record.Record, seat int, got []received, all [][]byte) {
	t.Helper()
	type seen struct {
		view   []byte
		events []engine.Event
		legal  int
	}
	byVersion := map[int]seen{}
	g, _ := games.Registry().Lookup(r.Game)
	st0, _ := g.New(len(r.Players), r.Seed, r.Options)
	byVersion[0] = seen{view: mustJSON(st0.View(seat)), legal: legalFor(st0, seat)}
	if _, err := record.Replay(games.Registry(), r, func(n int, s engine.State, evs []engine.Event) {
		byVersion[n] = seen{view: mustJSON(s.View(seat)), events: engine.Visible(evs, seat), legal: legalFor(s, seat)}
	}); err != nil {
		t.Fatalf("%s: replay: %v", name, err)
	}
	checked, patches := 0, 0
	var view any // the seat's view as a client holds it: from a sync, then patched
	held := -1   // its version
	for _, rc := range got {
		if typ := str(rc.m, "t"); typ != outSync && typ != outUpdate {
			continue
		}
		v := num(rc.m, "v")
		want, ok := byVersion[v]
		if !ok {
			t.Errorf("%s: message at version %d, which the record does not reach", name, v)
			continue
		}
		if p, ok := rc.m["patch"]; ok {
			// A patch turns the view of version from, which the seat holds,
			// into exactly the seat's own view: every value a merge patch
			// carries ends up in the view it makes, so a patch that gives
			// View(seat) told the seat nothing View(seat) does not.
			patches++
			if _, both := rc.m["view"]; both {
				t.Errorf("%s: version %d: an update with a view and a patch", name, v)
			}
			if from := num(rc.m, "from"); from != held {
				t.Fatalf("%s: version %d: a patch from version %d, the seat holds %d", name, v, from, held)
			}
			view = ApplyMergePatch(view, decodeJSON(t, p))
			if got, want := mustJSON(view), mustJSON(decodeJSON(t, want.view)); !bytes.Equal(got, want) {
				t.Errorf("%s: version %d: the patched view is not View(%d):\n got %.300s\nwant %.300s", name, v, seat, got, want)
			}
		} else {
			if !bytes.Equal(rc.m["view"], want.view) {
				t.Errorf("%s: version %d: the view sent is not View(%d)", name, v, seat)
			}
			view = decodeJSON(t, rc.m["view"])
		}
		held = v
		if n := count(rc.m, "legal"); n != want.legal {
			t.Errorf("%s: version %d: %d legal moves sent, the seat has %d", name, v, n, want.legal)
		}
		if str(rc.m, "t") == outUpdate && num(rc.m, "from") == v-1 {
			var evs []eventOut
			json.Unmarshal(rc.m["events"], &evs)
			if len(evs) != len(want.events) {
				t.Errorf("%s: version %d: %d events sent, %d visible", name, v, len(evs), len(want.events))
			} else {
				for i, e := range evs {
					w := want.events[i]
					if e.Key != w.Key || e.Actor != w.Actor || !reflect.DeepEqual(normArgs(e.Args), normArgs(w.Args)) || e.Reveal != w.Reveal {
						t.Errorf("%s: version %d: event %d is %+v, want %+v", name, v, i, e, w)
					}
				}
			}
		}
		checked++
	}
	if checked < 2 {
		t.Errorf("%s: only %d state messages checked", name, checked)
	}
	if patches == 0 {
		t.Errorf("%s: no update carried a patch", name)
	}
	// Nothing of the seed in anything received while the game was live;
	// the notation of others' moves in nothing beside what was just checked
	// to be the engine's own view, events and descriptions (which name
	// things by ids that may read like a notation: "stop").
	seed := strconv.FormatUint(r.Seed, 10)
	var others [][]byte
	for _, m := range r.Moves {
		if m.Player != seat {
			others = append(others, []byte(`"`+m.Move+`"`))
		}
	}
	for _, raw := range all {
		var m map[string]json.RawMessage
		json.Unmarshal(raw, &m)
		if str(m, "status") == "over" {
			continue
		}
		if bytes.Contains(raw, []byte(seed)) || bytes.Contains(raw, []byte(`"seed"`)) {
			t.Fatalf("%s: a message holds the seed: %.300s", name, raw)
		}
		if _, ok := m["record"]; ok {
			t.Fatalf("%s: a live message holds the record", name)
		}
		delete(m, "view")
		delete(m, "patch") // checked above to make exactly the seat's view
		delete(m, "events")
		delete(m, "legal")
		// texts is the game's catalogue, the same for every table and
		// seat (TestSyncTexts checks it is exactly that): a component
		// named like a move ("bag T") is no leak.
		delete(m, "texts")
		rest := mustJSON(m)
		for _, o := range others {
			if bytes.Contains(rest, o) {
				t.Fatalf("%s: a message holds another seat's move %s: %.300s", name, o, raw)
			}
		}
	}
}

func legalFor(s engine.State, seat int) int {
	if s.Over() || s.ToMove() != seat || seat < 0 {
		return 0
	}
	return len(s.LegalMoves(nil))
}

func normArgs(a []engine.Arg) string { return fmt.Sprint(mustJSON(a)) }

// Search bots play in their own lane within their time budget: past it,
// greedy answers for them and the game goes on.
func TestSearchBotsAndBudgets(t *testing.T) {
	ts := startServer(t, "", Config{BotBudget: 5 * time.Millisecond})
	owner := newClient(t, ts.URL, "Owner")
	tb := owner.create(createReq{Game: "english-gardens", Seats: []string{"ismcts:expert", "ismcts:easy"}})
	w := (&client{t: t, base: ts.URL}).dial(tb.ID, "")
	for {
		m, err := w.tryNext(60*time.Second, outSync, outUpdate)
		if err != nil {
			t.Fatal(err)
		}
		if str(m, "status") == "over" {
			break
		}
	}
	if m := ts.metric(t, "jardin_bot_timeouts_total"); strings.HasSuffix(m, " 0") || m == "" {
		t.Errorf("no search past its budget: %q", m)
	}
	if m := ts.metric(t, `jardin_bot_think_seconds_count{kind="ismcts:expert"}`); m == "" {
		t.Error("ismcts:expert think time not measured")
	}
}
