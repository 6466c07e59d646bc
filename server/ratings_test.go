package server

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
)

var ratedClock = clockSpec{Mode: store.ClockRealtime, Minutes: 30, Increment: 5}

// A rated table is public, without undo and hints, on a clock, with a
// person and calibrated bots: a creation that breaks a rule is refused by
// a message naming it, and stores nothing.
func TestRatedCreationRules(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	yes, no := true, false
	for _, c := range []struct {
		name string
		req  createReq
		want string // in the English message
	}{
		{"private", createReq{Seats: []string{"me", "greedy"}, Clock: ratedClock}, "public"},
		{"undo", createReq{Seats: []string{"me", "greedy"}, Clock: ratedClock, Public: true, Undo: &yes}, "take-backs"},
		{"hints", createReq{Seats: []string{"me", "greedy"}, Clock: ratedClock, Public: true, Hints: &yes}, "hints"},
		{"no clock", createReq{Seats: []string{"me", "greedy"}, Public: true}, "clock"},
		{"solo", createReq{Seats: []string{"me"}, Clock: ratedClock, Public: true}, "two players"},
		{"bots only", createReq{Seats: []string{"greedy", "random"}, Clock: ratedClock, Public: true}, "one person"},
		{"uncalibrated bot", createReq{Seats: []string{"me", "ismcts:hard"}, Clock: ratedClock, Public: true}, "measured"},
	} {
		c.req.Game, c.req.Rated = "english-gardens", true
		var msg string
		if code := ann.call("POST", "/api/tables", c.req, &msg); code != http.StatusBadRequest || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %s; want 400 naming %q", c.name, code, msg, c.want)
		}
	}
	if mine, err := ts.db.Tables(t.Context(), store.Query{Identity: ann.id}); err != nil || len(mine) != 0 {
		t.Fatalf("refused creations stored %d tables (%v)", len(mine), err)
	}
	// Within the rules: undo and hints off without being asked.
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "greedy"}, Clock: ratedClock, Public: true, Rated: true})
	st, err := ts.db.Table(t.Context(), tb.ID)
	if err != nil || !st.Rated || st.Undo || !st.NoHints || !st.Public {
		t.Fatalf("rated table stored as rated %v undo %v nohints %v public %v (%v)", st.Rated, st.Undo, st.NoHints, st.Public, err)
	}
	// Saying it explicitly is accepted too; a casual table stays as it was.
	ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}, Clock: ratedClock, Public: true, Rated: true, Undo: &no, Hints: &no})
	casual := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "greedy"}})
	if st, _ := ts.db.Table(t.Context(), casual.ID); st.Rated || !st.Undo || st.NoHints {
		t.Errorf("a casual table: rated %v undo %v nohints %v", st.Rated, st.Undo, st.NoHints)
	}
}

// playRated plays a rated table between Ann and Bob to the end with
// random moves; resignAt ≥ 0: Bob resigns once the table reaches that
// version (0: before any move).
func playRated(t *testing.T, ts *testServer, ann, bob *client, resignAt int) string {
	t.Helper()
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Clock: ratedClock, Public: true, Rated: true})
	if seat := bob.join(tb.ID, tb.Invite); seat != 1 {
		t.Fatalf("Bob got seat %d", seat)
	}
	sa, sb := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
	defer sa.close()
	defer sb.close()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() {
		defer wg.Done()
		_, errs[0] = sa.play(0, rand.New(rand.NewPCG(1, 9)), nil)
	}()
	go func() {
		defer wg.Done()
		if resignAt < 0 {
			_, errs[1] = sb.play(1, rand.New(rand.NewPCG(2, 9)), nil)
			return
		}
		if resignAt > 0 {
			if _, errs[1] = sb.playN(resignAt, 1, rand.New(rand.NewPCG(2, 9)), nil); errs[1] != nil {
				return
			}
		}
		if code := bob.call("POST", "/api/tables/"+tb.ID+"/resign", nil, nil); code != 200 {
			errs[1] = errors.New("Bob's resignation refused")
		}
	}()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return tb.ID
}

// waitSettled waits until table id's outcome is stored.
func waitSettled(t *testing.T, ts *testServer, id string) []store.RatingChange {
	t.Helper()
	for range 200 {
		settled, chs, err := ts.db.TableRating(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if settled {
			return chs
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("table %s not rated", id)
	return nil
}

// A finished rated table rates both people once: from their places, each
// on the leaderboard after one game, provisional; rating it again changes
// nothing, and a casual table never changes a rating.
func TestRatedGameRatesOnce(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	casual := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Public: true})
	bob.join(casual.ID, casual.Invite)
	id := playRated(t, ts, ann, bob, -1)
	chs := waitSettled(t, ts, id)
	if len(chs) != 2 || chs[0].Player != ann.id || chs[1].Player != bob.id || chs[0].Games != 1 || chs[1].Games != 1 {
		t.Fatalf("changes %+v; want Ann's and Bob's first rated game", chs)
	}
	var board boardJSON
	if code := ann.call("GET", "/api/ratings/english-gardens", nil, &board); code != 200 {
		t.Fatalf("leaderboard: %d", code)
	}
	people := 0
	for _, r := range board.Rows {
		if r.Player != "" {
			people++
			if r.Games != 1 || !r.Provisional || r.Rating == 0 {
				t.Errorf("leaderboard row %+v: want one game, provisional, a rating moved from 0", r)
			}
		}
		if r.Bot != "" && r.Provisional {
			t.Errorf("bot %s provisional", r.Bot)
		}
	}
	if people != 2 {
		t.Fatalf("leaderboard %+v: want Ann and Bob", board.Rows)
	}
	// The winner is above the loser (or they tied).
	if chs[0].Place != chs[1].Place {
		w, l := chs[0], chs[1]
		if w.Place > l.Place {
			w, l = l, w
		}
		if !(w.Mu > l.Mu) {
			t.Errorf("winner %+v not above loser %+v", w, l)
		}
	}
	// Re-submitted: by the rater (nothing to do) and to the store (refused).
	if err := ts.settle(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	if err := ts.db.RateTable(t.Context(), id, time.Now(), []store.RatingChange{{Table: id, Game: "english-gardens", Player: ann.id, Place: 1, Mu: 99, Sigma: 1, Games: 2}}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second rating of the table: %v, want ErrConflict", err)
	}
	// The casual table finishes: no rating moves.
	ann.call("POST", "/api/tables/"+casual.ID+"/resign", nil, nil)
	bob.call("POST", "/api/tables/"+casual.ID+"/resign", nil, nil)
	deadline := time.Now().Add(20 * time.Second)
	for {
		st, _ := ts.db.Table(t.Context(), casual.ID)
		if st.Status == store.StatusOver || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	ts.sweepRatings()
	rs, err := ts.db.PlayerRatings(t.Context(), "english-gardens", []string{ann.id, bob.id})
	if err != nil || rs[ann.id].Games != 1 || rs[bob.id].Games != 1 || rs[ann.id].Mu != chs[0].Mu {
		t.Errorf("after a second rating and a casual game: %+v, %v; want one game each, unchanged", rs, err)
	}
	if err := ts.db.RateTable(t.Context(), casual.ID, time.Now(), nil); !errors.Is(err, store.ErrNotRated) {
		t.Error("a casual table was settled")
	}
}

// A leaver takes the last place whatever the score; a person who resigns
// before making a move of their own leaves the table unrated (a second
// identity resigning at once cannot hand points to the first).
func TestRatedLeaverAndFarming(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	farm := playRated(t, ts, ann, bob, 0)
	if chs := waitSettled(t, ts, farm); len(chs) != 0 {
		t.Fatalf("a table Bob resigned before moving rated %+v", chs)
	}
	left := playRated(t, ts, ann, bob, 6)
	chs := waitSettled(t, ts, left)
	if len(chs) != 2 || chs[0].Place != 1 || chs[1].Place != 2 {
		t.Fatalf("Bob left after some moves: changes %+v; want Ann 1st, Bob last", chs)
	}
	if chs[1].Mu >= 25 || chs[0].Mu <= 25 {
		t.Errorf("after leaving Bob's mu %v, Ann's %v: want Bob down, Ann up", chs[1].Mu, chs[0].Mu)
	}
}

// A crash between a table's end and its rating: the next start settles
// it, once; a later start changes nothing.
func TestRatedAcrossRestart(t *testing.T) {
	ts := startServer(t, "", Config{})
	ts.rater.hold.Store(true)
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	id := playRated(t, ts, ann, bob, -1)
	if settled, _, _ := ts.db.TableRating(t.Context(), id); settled {
		t.Fatal("rated while held")
	}
	path := ts.path
	ts.stop()
	ts2 := startServer(t, path, Config{})
	chs := waitSettled(t, ts2, id)
	if len(chs) != 2 {
		t.Fatalf("after a restart: %+v", chs)
	}
	ts2.stop()
	ts3 := startServer(t, path, Config{})
	time.Sleep(100 * time.Millisecond)
	rs, err := ts3.db.PlayerRatings(t.Context(), "english-gardens", []string{ann.id, bob.id})
	if err != nil || rs[ann.id].Games != 1 || rs[bob.id].Games != 1 {
		t.Errorf("after a second restart: %+v, %v; want one game each", rs, err)
	}
}

// A person against a bot: the person's rating moves, the bot's anchor
// does not.
func TestRatedAgainstBot(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}, Clock: ratedClock, Public: true, Rated: true})
	sa := ann.dial(tb.ID, "")
	defer sa.close()
	if _, err := sa.play(0, rand.New(rand.NewPCG(3, 9)), nil); err != nil {
		t.Fatal(err)
	}
	chs := waitSettled(t, ts, tb.ID)
	if len(chs) != 1 || chs[0].Player != ann.id {
		t.Fatalf("changes %+v; want Ann's alone", chs)
	}
	// Her page: the rating, its history of one game, its chart.
	var p playerJSON
	if code := ann.call("GET", "/api/players/"+ann.id, nil, &p); code != 200 || len(p.Ratings) != 1 ||
		len(p.Ratings[0].History) != 1 || !p.Ratings[0].Provisional || p.Ratings[0].History[0].Table != tb.ID {
		t.Fatalf("player JSON %d: %+v", code, p.Ratings)
	}
	if len(p.Games) != 1 || p.Games[0].Scored != 1 || len(p.Games[0].Means) == 0 {
		t.Errorf("mean points: %+v", p.Games)
	}
	var page string
	if code := ann.call("GET", "/p/"+ann.id, nil, &page); code != 200 || !strings.Contains(page, `class="rating-chart"`) || !strings.Contains(page, "provisional: 4 more rated games") {
		t.Errorf("player page %d without the chart or the provisional label:\n%s", code, page)
	}
	var board boardJSON
	ann.call("GET", "/api/ratings/english-gardens", nil, &board)
	a, _ := anchorOf("english-gardens", "random")
	for _, r := range board.Rows {
		if r.Bot == "random" && (r.Mu != a.Mu || r.Sigma != a.Sigma) {
			t.Errorf("the random bot moved: %+v, anchor %+v", r, a)
		}
	}
}
