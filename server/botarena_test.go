package server

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
)

// An arena table is rated: when it ends, its programs' ratings move once,
// through the same store fence as people's (a second rating is refused and
// a second settle does nothing), the anchors' do not; the programs are on
// the arena's board, marked as bots, and not on the people's; the table's
// page reads each seat's change.
func TestArenaRated(t *testing.T) {
	ts := startServer(t, "", Config{ArenaTables: 1, ArenaEvery: 50 * time.Millisecond, BotMoves: 1000})
	robin, rosa := newBot(t, ts.URL, "Robin"), newBot(t, ts.URL, "Rosa")
	for _, b := range []*client{robin, rosa} {
		if code := b.call("POST", "/api/bot/account/arena", map[string]bool{"arena": true}, nil); code != 200 {
			t.Fatalf("opt in: %d", code)
		}
		runBot(t, b, uint64(len(b.name)))
	}
	// The first arena table to be settled.
	var tb store.Table
	var chs []store.RatingChange
	deadline := time.Now().Add(90 * time.Second)
	for tb.ID == "" {
		if time.Now().After(deadline) {
			t.Fatal("no arena table rated within 90 s")
		}
		time.Sleep(100 * time.Millisecond)
		ats, err := ts.db.ArenaTables(t.Context(), time.Time{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range ats {
			settled, c, err := ts.db.TableRating(t.Context(), a.Table)
			if err != nil {
				t.Fatal(err)
			}
			if settled {
				if tb, err = ts.db.Table(t.Context(), a.Table); err != nil {
					t.Fatal(err)
				}
				chs = c
				break
			}
		}
	}
	if !tb.Rated {
		t.Fatalf("arena table %s not rated", tb.ID)
	}
	programs := map[int]bool{}
	for i, st := range tb.Seats {
		if st.Program {
			programs[i] = true
		}
	}
	if len(chs) != len(programs) || len(chs) == 0 {
		t.Fatalf("changes %+v for seats %+v; want one per program, none for the anchors", chs, tb.Seats)
	}
	for _, ch := range chs {
		if !programs[ch.Seat] || ch.Player != tb.Seats[ch.Seat].Identity {
			t.Errorf("change %+v is not a program's", ch)
		}
	}
	// Once: the rater finds nothing to do, the store refuses a second one.
	if err := ts.settle(t.Context(), tb.ID); err != nil {
		t.Fatal(err)
	}
	if err := ts.db.RateTable(t.Context(), tb.ID, time.Now(), []store.RatingChange{{Table: tb.ID, Game: tb.Game,
		Player: chs[0].Player, Seat: chs[0].Seat, Place: 1, Mu: 99, Sigma: 1, Games: chs[0].Games + 1}}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second rating of the arena table: %v, want ErrConflict", err)
	}
	// Each program's history has this table once, and its games count
	// without a gap (later tables may have been rated meanwhile).
	for _, id := range []string{robin.id, rosa.id} {
		hist, err := ts.db.RatingHistory(t.Context(), id, 1000)
		if err != nil {
			t.Fatal(err)
		}
		seen, games := 0, map[string]int{}
		for _, h := range hist {
			if h.Table == tb.ID {
				seen++
			}
			games[h.Game]++
			if h.Games != games[h.Game] {
				t.Errorf("%s's history at %s: game %d counted as %d", id, h.Game, games[h.Game], h.Games)
			}
		}
		if want := 0; programs[seatOf(tb, id)] {
			want = 1
			if seen != want {
				t.Errorf("%s's history has table %s %d times", id, tb.ID, seen)
			}
		}
	}
	// The boards: programs on the arena's, marked; the anchors at their
	// fixed ratings on both; no program on the people's.
	var arena, people boardJSON
	if code := robin.call("GET", "/api/ratings/"+tb.Game+"/bots", nil, &arena); code != 200 || !arena.Bots {
		t.Fatalf("arena board: %d %+v", code, arena)
	}
	if code := robin.call("GET", "/api/ratings/"+tb.Game, nil, &people); code != 200 || people.Bots {
		t.Fatalf("people's board: %d %+v", code, people)
	}
	found := 0
	for _, r := range arena.Rows {
		if r.Player != "" {
			if !r.Program || !strings.HasSuffix(r.Name, "(bot)") {
				t.Errorf("arena row %+v not marked as a bot", r)
			}
			found++
		}
		if r.Bot != "" {
			if a, ok := anchorOf(tb.Game, r.Bot); !ok || a.Mu != r.Mu || a.Sigma != r.Sigma {
				t.Errorf("anchor %s moved: %+v, calibrated %+v", r.Bot, r, a)
			}
		}
	}
	if found == 0 {
		t.Errorf("arena board without programs: %+v", arena.Rows)
	}
	for _, r := range people.Rows {
		if r.Player != "" {
			t.Errorf("a program on the people's board: %+v", r)
		}
	}
	// The table page's reading: the programs' change, the anchors' fixed rating.
	var tr tableRatingJSON
	if code := robin.call("GET", "/api/tables/"+tb.ID+"/rating", nil, &tr); code != 200 || !tr.Rated || !tr.Settled {
		t.Fatalf("table rating: %d %+v", code, tr)
	}
	for _, s := range tr.Seats {
		switch {
		case s.Anchor:
			if tb.Seats[s.Seat].Kind != store.SeatBot || s.Before != s.After {
				t.Errorf("anchor row %+v", s)
			}
		case !programs[s.Seat] || s.Games < 1:
			t.Errorf("row %+v is no program's", s)
		case s.Games == 1 && s.Before != 0:
			t.Errorf("a first rated game starts from %d, want 0", s.Before)
		}
	}
	if len(tr.Seats) != len(tb.Seats) {
		t.Errorf("table rating rows %+v for %d seats", tr.Seats, len(tb.Seats))
	}
}

func seatOf(tb store.Table, identity string) int {
	for i, st := range tb.Seats {
		if st.Identity == identity {
			return i
		}
	}
	return -1
}

// The leaderboards and the table ratings are read at most boardBurst times
// in a row by one address; then 429 with Retry-After.
func TestBoardReadLimit(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	limited := 0
	for i := range boardBurst + 10 {
		var out string
		code := ann.call("GET", "/api/ratings/english-gardens", nil, &out)
		switch {
		case code == http.StatusTooManyRequests:
			limited++
		case code != 200:
			t.Fatalf("read %d: %d %s", i, code, out)
		case i >= boardBurst+5:
			t.Fatalf("read %d allowed: the burst is %d", i, boardBurst)
		}
	}
	if limited == 0 {
		t.Fatal("never limited")
	}
	resp, err := http.Get(ts.URL + "/ratings/english-gardens/bots")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("the page over the limit: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}
