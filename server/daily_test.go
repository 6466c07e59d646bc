package server

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/store"
)

// testClock is an injected clock (Config.Now) a test moves by hand.
type testClock struct{ ms atomic.Int64 }

func (c *testClock) set(t time.Time) { c.ms.Store(t.UnixMilli()) }
func (c *testClock) now() time.Time  { return time.UnixMilli(c.ms.Load()) }

// TestDailyGarden is the daily garden's cheating surface, end to end on an
// injected clock: two identities starting today's English Gardens get the
// same deal (byte-identical first views, each exactly View(0) of the day's
// seed: nothing hidden); a second start resumes; nobody but its player
// sees a daily table before the day is over; no response holds the seed
// before the day ends, and GET /api/daily and the record publish it after;
// the day rolls over at UTC midnight to a new deal.
func TestDailyGarden(t *testing.T) {
	var clock testClock
	clock.set(time.Date(2026, 11, 29, 22, 0, 0, 0, time.UTC))
	ts := startServer(t, "", Config{Now: clock.now})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	anon := &client{t: t, base: ts.URL}
	const game = "english-gardens"

	var day dailyJSON
	if code := anon.call("GET", "/api/daily", nil, &day); code != 200 {
		t.Fatalf("GET /api/daily as a visitor: %d", code)
	}
	if day.Day != "2026-11-29" || len(day.Games) != len(dailySpecs) || day.Streak != 0 {
		t.Fatalf("today: %+v", day)
	}
	for _, g := range day.Games {
		if g.State != "new" || g.Table != "" || g.Mine != nil {
			t.Errorf("a visitor's %s: %+v", g.Game, g)
		}
	}
	if end := time.UnixMilli(day.Ends).UTC(); !end.Equal(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("today ends at %v, want the next UTC midnight", end)
	}
	secret, err := ts.db.DailySecret(context.Background(), []byte("not used: one is stored"))
	if err != nil {
		t.Fatal(err)
	}
	seed := dailySeed(secret, "2026-11-29", game)
	seedText := []byte(strconv.FormatUint(seed, 10))
	// every response body before midnight is checked for the seed
	var seen [][]byte
	get := func(c *client, path string) (int, []byte) {
		t.Helper()
		var raw string
		code := c.call("GET", path, nil, &raw)
		seen = append(seen, []byte(raw))
		return code, []byte(raw)
	}
	start := func(c *client, g string) (dailyStartJSON, int) {
		t.Helper()
		var raw string
		code := c.call("POST", "/api/daily/"+g+"/start", nil, &raw)
		seen = append(seen, []byte(raw))
		var out dailyStartJSON
		json.Unmarshal([]byte(raw), &out)
		return out, code
	}

	// Bad input: an unknown game, no identity; no table is made.
	if _, code := start(ann, "chess"); code != 404 {
		t.Errorf("start an unknown game: %d, want 404", code)
	}
	if _, code := start(anon, game); code != 401 {
		t.Errorf("start without an identity: %d, want 401", code)
	}
	if all, _ := ts.db.Tables(context.Background(), store.Query{}); len(all) != 0 {
		t.Fatalf("%d tables after refused starts", len(all))
	}

	a, code := start(ann, game)
	if code != 201 || a.Table == "" || a.Resumed {
		t.Fatalf("Ann's start: %d %+v", code, a)
	}
	b, code := start(bob, game)
	if code != 201 || b.Table == "" || b.Table == a.Table {
		t.Fatalf("Bob's start: %d %+v (Ann's table %s)", code, b, a.Table)
	}
	// A second start resumes the table dealt, it does not deal again.
	if again, code := start(ann, game); code != 200 || !again.Resumed || again.Table != a.Table {
		t.Fatalf("Ann's second start: %d %+v, want her table %s resumed", code, again, a.Table)
	}
	tb, err := ts.db.Table(context.Background(), a.Table)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Seed != seed || tb.Public || tb.Undo || !tb.NoHints || len(tb.Seats) != 1 {
		t.Fatalf("Ann's daily table: %+v, want the day's seed, private, no undo, no hints, solo", tb)
	}

	// The first views: byte for byte the same deal, and exactly what the
	// engine lets seat 0 see of it.
	sa, sb := ann.dial(a.Table, ""), bob.dial(b.Table, "")
	syncA, syncB := sa.next(outSync), sb.next(outSync)
	if !bytes.Equal(syncA["view"], syncB["view"]) || !bytes.Equal(syncA["legal"], syncB["legal"]) {
		t.Errorf("Ann and Bob got different first views:\n%.300s\n%.300s", syncA["view"], syncB["view"])
	}
	g, _ := games.Registry().Lookup(game)
	st0, err := g.New(1, seed, tb.Options)
	if err != nil {
		t.Fatal(err)
	}
	if want := mustJSON(st0.View(0)); !bytes.Equal(syncA["view"], want) {
		t.Errorf("the first view is not View(0) of the day's deal:\n got %.300s\nwant %.300s", syncA["view"], want)
	}
	if full := mustJSON(st0.View(engine.Spectator)); bytes.Equal(full, []byte("null")) {
		t.Error("no spectator view to compare") // guards the check above against an empty view
	}
	seen = append(seen, sa.all...)
	seen = append(seen, sb.all...)
	sb.close()

	// Private: nobody but Ann sees her table before the day is over.
	for _, c := range []*client{bob, anon} {
		for _, path := range []string{"", "/log", "/replay", "/analysis", "/record"} {
			if code, _ := get(c, "/api/tables/"+a.Table+path); code != 403 {
				t.Errorf("GET %s of Ann's daily table as %q: %d, want 403", path, c.name, code)
			}
		}
		for _, page := range []string{"/t/", "/replay/"} {
			if code, body := get(c, page+a.Table); code != 403 || !bytes.Contains(body, []byte("only its player")) {
				t.Errorf("the page %s of Ann's daily table as %q: %d, want 403 saying why: %.200s", page, c.name, code, body)
			}
		}
		if _, err := c.tryDial(a.Table, ""); err == nil || !strings.Contains(err.Error(), "403") {
			t.Errorf("%q watching Ann's daily table: %v, want 403", c.name, err)
		}
	}
	if code, _ := get(ann, "/api/tables/"+a.Table); code != 200 {
		t.Errorf("Ann reading her own daily table: %d", code)
	}

	// Ann plays to the end (her first move from the sync read above).
	sa.send(map[string]any{"t": "move", "v": num(syncA, "v"), "id": "first", "i": 0})
	var log [][]byte
	if _, err := sa.play(0, rand.New(rand.NewPCG(7, 7)), func(map[string]json.RawMessage) { log = append(log, sa.all[len(sa.all)-1]) }); err != nil {
		t.Fatal(err)
	}
	seen = append(seen, log...)
	sa.close()
	// Her record holds the seed: not even to her before midnight; her
	// replay (no seed) is hers.
	if code, _ := get(ann, "/api/tables/"+a.Table+"/record"); code != 403 {
		t.Errorf("Ann's record before midnight: %d, want 403", code)
	}
	if code, _ := get(ann, "/api/tables/"+a.Table+"/replay"); code != 200 {
		t.Errorf("Ann's replay of her finished daily: %d, want 200", code)
	}
	if code, _ := get(bob, "/api/tables/"+a.Table+"/replay"); code != 403 {
		t.Errorf("Bob's look at Ann's finished daily before midnight: %d, want 403", code)
	}
	_, raw := get(ann, "/api/daily")
	json.Unmarshal(raw, &day)
	eg := day.Games[0]
	if eg.Game != game || eg.State != "over" || eg.Mine == nil || eg.Mine.Rank != 1 || eg.Mine.Percentile != 100 ||
		eg.Finished != 1 || eg.Players != 2 || eg.Best == nil || eg.Best.Replay != "" || len(eg.Histogram) == 0 ||
		eg.Mine.Review != "/replay/"+a.Table {
		t.Errorf("Ann's finished daily: %+v (mine %+v, best %+v)", eg, eg.Mine, eg.Best)
	}
	if !day.PlayedToday || day.Streak != 1 {
		t.Errorf("Ann's streak %d, played today %v; want 1, true", day.Streak, day.PlayedToday)
	}
	var bobDay dailyJSON
	_, raw = get(bob, "/api/daily")
	json.Unmarshal(raw, &bobDay)
	if g := bobDay.Games[0]; g.State != "playing" || g.Table != b.Table || g.Mine != nil || g.Best != nil {
		t.Errorf("Bob's daily while he plays: %+v", g)
	}
	for i, body := range seen {
		if bytes.Contains(body, seedText) {
			t.Fatalf("response %d before midnight holds the seed: %.300s", i, body)
		}
	}

	// The last millisecond of the day is still the day.
	clock.set(time.Date(2026, 11, 29, 23, 59, 59, 999e6, time.UTC))
	if code, _ := get(bob, "/api/tables/"+a.Table+"/replay"); code != 403 {
		t.Errorf("Bob's look at Ann's daily a millisecond before midnight: %d, want 403", code)
	}
	// Midnight UTC: a new day, new deals; yesterday's seeds and records
	// are published.
	clock.set(time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC))
	day = dailyJSON{}
	if code := ann.call("GET", "/api/daily", nil, &day); code != 200 {
		t.Fatal(code)
	}
	if day.Day != "2026-11-30" || day.Games[0].State != "new" || day.Games[0].Table != "" || day.PlayedToday || day.Streak != 1 {
		t.Errorf("the next day: %s, %+v, streak %d", day.Day, day.Games[0], day.Streak)
	}
	y := day.Yesterday
	if y.Day != "2026-11-29" || y.Games[0].Seed != string(seedText) || y.Games[0].Best == nil ||
		y.Games[0].Best.Replay != "/replay/"+a.Table || y.Games[0].Mine == nil || *y.Games[0].Mine != eg.Mine.Score {
		t.Errorf("yesterday: %+v (best %+v)", y, y.Games[0].Best)
	}
	var rec string
	if code := bob.call("GET", "/api/tables/"+a.Table+"/record", nil, &rec); code != 200 {
		t.Fatalf("Ann's record after midnight: %d %s", code, rec)
	}
	if r, err := record.Parse([]byte(rec)); err != nil || r.Seed != seed {
		t.Errorf("the published record: seed %v, %v; want %d", r, err, seed)
	}
	if code := bob.call("GET", "/api/tables/"+a.Table+"/replay", nil, nil); code != 200 {
		t.Errorf("Bob's look at yesterday's best garden: %d, want 200", code)
	}
	next, code := start(ann, game)
	if code != 201 || next.Table == a.Table {
		t.Fatalf("Ann's start the next day: %d %+v", code, next)
	}
	if tb, _ := ts.db.Table(context.Background(), next.Table); tb.Seed != dailySeed(secret, "2026-11-30", game) || tb.Seed == seed {
		t.Errorf("the next day's deal has seed %d", tb.Seed)
	}
	// Bob's unfinished deal of yesterday is still his to finish, but, its
	// seed being published, it no longer ranks; today's deal is a new one.
	if again, code := start(bob, game); code != 201 || again.Table == b.Table {
		t.Errorf("Bob's start the next day: %d %+v", code, again)
	}
	sb = bob.dial(b.Table, "")
	if _, err := sb.play(0, rand.New(rand.NewPCG(8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	sb.close()
	day = dailyJSON{}
	bob.call("GET", "/api/daily", nil, &day)
	if y := day.Yesterday.Games[0]; y.Finished != 1 || y.Mine != nil || y.Best.Replay != "/replay/"+a.Table {
		t.Errorf("yesterday after Bob finished his deal past midnight: %+v, want only Ann's ranked", y)
	}

}

// TestDailySecretIsKept: a restarted server deals the same seeds (the
// secret is the store's, not the process's).
func TestDailySecretIsKept(t *testing.T) {
	var clock testClock
	clock.set(time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
	path := t.TempDir() + "/jardin.db"
	ts := startServer(t, path, Config{Now: clock.now})
	first, err := ts.dailySecret(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ts.stop()
	ts = startServer(t, path, Config{Now: clock.now})
	again, err := ts.dailySecret(context.Background())
	if err != nil || !bytes.Equal(first, again) || len(first) != 32 {
		t.Fatalf("secret after a restart: %x, %v; want %x", again, err, first)
	}
	if dailySeed(first, "2026-11-29", "a") == dailySeed(first, "2026-11-30", "a") ||
		dailySeed(first, "2026-11-29", "a") == dailySeed(first, "2026-11-29", "b") ||
		dailySeed(first, "d", "g") == dailySeed([]byte("another"), "d", "g") {
		t.Error("seeds of other days, games or secrets are equal")
	}
}

// TestDailyRanking: ranks share ties, percentiles count the others tied
// half, the histogram holds every score once, streaks stop at a gap.
func TestDailyRanking(t *testing.T) {
	var st dayStats
	for _, sc := range []int{90, 70, 70, 50, 10} {
		st.ranked = append(st.ranked, rankedPlay{score: sc})
	}
	for _, c := range []struct{ score, rank, pct int }{{90, 1, 100}, {70, 2, 62}, {50, 4, 25}, {10, 5, 0}} {
		if m := st.mineOf(c.score); m.Rank != c.rank || m.Percentile != c.pct {
			t.Errorf("score %d: rank %d, %d%%; want %d, %d%%", c.score, m.Rank, m.Percentile, c.rank, c.pct)
		}
	}
	h := st.histogram(70)
	n, mine := 0, 0
	for i, b := range h {
		n += b.Count
		if b.Mine {
			mine++
			if 70 < b.From || 70 > b.To {
				t.Errorf("bin %d %+v marked mine", i, b)
			}
		}
		if i > 0 && b.From != h[i-1].To+1 {
			t.Errorf("bins %d and %d do not meet: %+v", i-1, i, h)
		}
	}
	if n != 5 || mine != 1 || len(h) > histBins || h[0].From != 10 || h[len(h)-1].To < 90 {
		t.Errorf("histogram %+v", h)
	}
	one := dayStats{ranked: []rankedPlay{{score: 3}}}
	if h := one.histogram(3); len(h) != 1 || h[0].Count != 1 || !h[0].Mine {
		t.Errorf("one score's histogram: %+v", h)
	}
	now := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		days []string
		want int
	}{
		{nil, 0},
		{[]string{"2026-11-29", "2026-11-28", "2026-11-27", "2026-11-25"}, 3},
		{[]string{"2026-11-28", "2026-11-27"}, 2}, // today not played yet: not lost
		{[]string{"2026-11-27"}, 0},
	} {
		if got := streak(c.days, now); got != c.want {
			t.Errorf("streak(%v) = %d, want %d", c.days, got, c.want)
		}
	}
	if !reflect.DeepEqual(dayEnd("2026-12-31"), time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("end of the year's last day: %v", dayEnd("2026-12-31"))
	}
}
