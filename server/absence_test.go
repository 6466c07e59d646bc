package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
)

// failingCommits is a real store whose next commits fail without storing
// anything (a write the database refused), while everything else, reading
// the table back included, works.
type failingCommits struct {
	store.Store
	fail atomic.Int64
}

func (f *failingCommits) Commit(ctx context.Context, ws []store.Write) []error {
	if f.fail.Load() > 0 && f.fail.Add(-1) >= 0 {
		errs := make([]error, len(ws))
		for i := range errs {
			errs[i] = errInjected
		}
		return errs
	}
	return f.Store.Commit(ctx, ws)
}

func startFailing(t *testing.T, cfg Config) (*testServer, *failingCommits) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "jardin.db")
	db, err := sqlite.Open(path, sqlite.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	fc := &failingCommits{Store: db}
	cfg.Log, cfg.Rate, cfg.Burst = quietLog(), 10000, 10000
	srv, hs := startLoopback(t, cfg, fc)
	ts := &testServer{Server: srv, URL: hs.URL, http: hs, db: db, path: path}
	t.Cleanup(ts.stop)
	return ts, fc
}

// threeSeats is a live untimed table of Ann, Bob and Cid.
func threeSeats(t *testing.T, ts *testServer) ([]*client, createdJSON) {
	t.Helper()
	cs := []*client{newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob"), newClient(t, ts.URL, "Cid")}
	tb := cs[0].create(createReq{Game: "english-gardens", Seats: []string{"me", "open", "open"}})
	for i, c := range cs[1:] {
		if s := c.join(tb.ID, tb.Invite); s != i+1 {
			t.Fatalf("%s seated at %d", c.name, s)
		}
	}
	return cs, tb
}

func tableOf(t *testing.T, c *client, id string) tableJSON {
	t.Helper()
	var got tableJSON
	if code := c.call("GET", "/api/tables/"+id, nil, &got); code != 200 {
		t.Fatalf("GET table: %d", code)
	}
	return got
}

// callErr is c's call and the error it answered ("" for none).
func callErr(c *client, method, path string, body any) (int, string) {
	c.t.Helper()
	var raw string
	code := c.call(method, path, body, &raw)
	var e struct {
		Error string `json:"error"`
	}
	json.Unmarshal([]byte(raw), &e)
	return code, e.Error
}

// A seat whose player is away is handed to a bot by another seated player
// only after the grace: refused while its player is there, before the
// grace (saying how long is left), for another seat than the one to move,
// for one's own seat, to a spectator and to a stranger; then allowed, and
// the reason is stored, sent and kept in the record.
func TestHandOverAfterTheGrace(t *testing.T) {
	const grace = 1500 * time.Millisecond
	ts, fc := startFailing(t, Config{Grace: grace})
	cs, tb := threeSeats(t, ts)
	socks := make([]*sock, 3)
	for i, c := range cs {
		socks[i] = c.dial(tb.ID, "")
		socks[i].next(outSync)
	}
	p := tableOf(t, cs[0], tb.ID).ToMove
	if p < 0 || p > 2 {
		t.Fatalf("seat %d to move", p)
	}
	other, third := cs[(p+1)%3], (p+2)%3
	hand := func(c *client, seat int) (int, string) {
		return callErr(c, "POST", "/api/tables/"+tb.ID+"/handover", map[string]int{"seat": seat})
	}
	if code, msg := hand(other, p); code != 409 || !strings.Contains(msg, "is at the table") {
		t.Fatalf("hand-over of a player who is there: %d %q", code, msg)
	}
	socks[p].close()
	var left time.Time
	for try := 0; ; try++ {
		if got := tableOf(t, other, tb.ID); !got.Seats[p].Online {
			left = time.Now()
			if got.Seats[p].HandOver == 0 || got.Seats[third].HandOver != 0 {
				t.Fatalf("handOver times %d (away seat) and %d (a seat not to move)", got.Seats[p].HandOver, got.Seats[third].HandOver)
			}
			break
		}
		if try > 100 {
			t.Fatal("the closed socket's seat stays online")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code, msg := hand(other, p); code != 409 || !strings.Contains(msg, "has been away") || !strings.Contains(msg, "after 1 second") {
		t.Fatalf("hand-over before the grace: %d %q", code, msg)
	}
	if code, msg := hand(other, third); code != 409 || !strings.Contains(msg, "whose turn it is") {
		t.Fatalf("hand-over of a seat not to move: %d %q", code, msg)
	}
	if code, msg := hand(cs[p], p); code != 409 || !strings.Contains(msg, "your own seat") {
		t.Fatalf("hand-over of one's own seat: %d %q", code, msg)
	}
	eve := newClient(t, ts.URL, "Eve") // a stranger; her socket makes her a spectator
	eve.dial(tb.ID, "").next(outSync)
	if code, msg := hand(eve, p); code != 403 || !strings.Contains(msg, "seated at this table") {
		t.Fatalf("hand-over by a spectator: %d %q", code, msg)
	}
	anon := &client{t: t, base: ts.URL}
	if code, _ := hand(anon, p); code != 401 {
		t.Fatalf("hand-over without an identity: %d", code)
	}
	if code, _ := hand(other, -1); code != 409 {
		t.Fatalf("hand-over of seat -1: %d", code)
	}
	if code, msg := callErr(other, "POST", "/api/tables/"+tb.ID+"/handover", map[string]string{}); code != 400 || !strings.Contains(msg, "seat") {
		t.Fatalf("hand-over without a seat: %d %q", code, msg)
	}
	if got := tableOf(t, other, tb.ID); got.Seats[p].Zombie || got.Version != 0 {
		t.Fatalf("refused hand-overs changed the table: %+v", got)
	}
	time.Sleep(time.Until(left.Add(grace + 100*time.Millisecond)))
	// A failed write hands nothing over.
	fc.fail.Store(1)
	if code, msg := hand(other, p); code != 503 {
		t.Fatalf("hand-over whose write fails: %d %q", code, msg)
	}
	if got := tableOf(t, other, tb.ID); got.Seats[p].Zombie || got.Version != 0 {
		t.Fatalf("a failed hand-over changed the table: %+v", got.Seats[p])
	}
	if code, msg := hand(other, p); code != 200 {
		t.Fatalf("hand-over after the grace: %d %q", code, msg)
	}
	// Everyone still there is told why, in words and for programs.
	m := socks[third].next(outUpdate)
	var evs []eventOut
	json.Unmarshal(m["events"], &evs)
	if len(evs) == 0 || evs[0].Key != "server.zombie" || evs[0].Why != whyAway || evs[0].Actor != p ||
		!strings.Contains(evs[0].Text, "was away") || !strings.Contains(evs[0].Text, "a bot plays for them") {
		t.Fatalf("hand-over events %+v", evs)
	}
	entries, err := ts.db.Entries(context.Background(), tb.ID, 0)
	if err != nil || len(entries) == 0 || entries[0].Kind != store.KindZombie || !strings.HasPrefix(entries[0].Move, "away:") {
		t.Fatalf("stored log %+v (%v)", entries, err)
	}
	if why, secs := zombieWhy(entries[0].Move); why != whyAway || secs < 1 {
		t.Fatalf("stored reason %q: %q, %d seconds", entries[0].Move, why, secs)
	}
	// A second hand-over of the same seat is refused: a bot holds it.
	if code, _ := hand(other, p); code != 409 {
		t.Fatalf("second hand-over: %d", code)
	}
}

// The reasons a seat changed hands are kept in the record and shown in the
// replay; a reason the log did not keep (an older table) stays out of
// both, and such a record still reads.
func TestReplacementReasonsInTheRecord(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	bs := bob.dial(tb.ID, "")
	bs.next(outSync)
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/resign", nil, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/resign", nil, nil); code != 409 {
		t.Fatalf("resign twice: %d", code)
	}
	m := bs.next(outUpdate)
	var evs []eventOut
	json.Unmarshal(m["events"], &evs)
	if len(evs) == 0 || evs[0].Why != whyResign || evs[0].Text != "Ann resigned: a bot plays for them to the end" {
		t.Fatalf("resign events %+v", evs)
	}
	if _, err := bs.play(1, rand.New(rand.NewPCG(3, 3)), nil); err != nil {
		t.Fatal(err)
	}
	var raw json.RawMessage
	if code := bob.call("GET", "/api/tables/"+tb.ID+"/record", nil, &raw); code != 200 {
		t.Fatalf("record: %d", code)
	}
	rec, err := record.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if r := rec.Players[0].Replaced; r == nil || r.Why != whyResign || r.By != "greedy" {
		t.Fatalf("record's replaced: %+v", r)
	}
	var rp replayJSON
	if code := bob.call("GET", "/api/tables/"+tb.ID+"/replay?lang=fr", nil, &rp); code != 200 {
		t.Fatalf("replay: %d", code)
	}
	found := false
	for _, st := range rp.Steps {
		for _, e := range st.Events {
			if e.Key == "server.zombie" {
				found = e.Why == whyResign && e.Text == "Ann a abandonné\u00a0: un robot joue à sa place jusqu'à la fin"
			}
		}
	}
	if !found {
		t.Fatalf("the replay does not say Ann resigned: %+v", rp.Steps[:2])
	}
	// A record without a reason (written before reasons were kept) reads.
	old := strings.Replace(string(raw), `,
        "why": "resign"`, "", 1)
	old = strings.Replace(old, `, "why": "resign"`, "", 1)
	if strings.Contains(old, `"why"`) {
		t.Fatalf("could not remove the reason from %s", raw[:300])
	}
	if r, err := record.Parse([]byte(old)); err != nil || r.Players[0].Replaced == nil || r.Players[0].Replaced.Why != "" {
		t.Fatalf("a record without a reason: %v", err)
	}
	for _, c := range []struct{ in, why string }{{"", ""}, {"left", "left"}, {"time", "time"}, {"away:300", "away"}, {"away", "away"}, {"later", "later"}} {
		if why, _ := zombieWhy(c.in); why != c.why {
			t.Errorf("zombieWhy(%q) = %q, want %q", c.in, why, c.why)
		}
	}
}

// A realtime seat whose player stays away past the grace is replaced as
// away, not as out of time (its clock had time left).
func TestRealtimeAwayIsAway(t *testing.T) {
	ts := startServer(t, "", Config{Grace: 300 * time.Millisecond})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"},
		Clock: clockSpec{Mode: clockRealtime, Minutes: 10, Increment: 5}})
	bob.join(tb.ID, tb.Invite)
	socks := []*sock{ann.dial(tb.ID, ""), bob.dial(tb.ID, "")}
	p := num(socks[0].next(outSync), "toMove")
	socks[1].next(outSync)
	socks[p].close()
	m := socks[1-p].next(outUpdate)
	var evs []eventOut
	json.Unmarshal(m["events"], &evs)
	if len(evs) == 0 || evs[0].Why != whyAway || len(evs[0].Args) != 1 {
		t.Fatalf("events after the grace %+v", evs)
	}
}

// A rematch is offered, declined, offered again and accepted: the new
// table exists only once every person agreed; everyone sees each step; a
// failed write changes nothing; the offer is in the stored seats.
func TestRematchOfferDeclineAccept(t *testing.T) {
	ts, fc := startFailing(t, Config{})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	socks := []*sock{ann.dial(tb.ID, ""), bob.dial(tb.ID, "")}
	var wg sync.WaitGroup
	for i, s := range socks {
		wg.Go(func() {
			if _, err := s.play(i, rand.New(rand.NewPCG(uint64(i), 7)), nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	path := "/api/tables/" + tb.ID + "/rematch"
	if code, msg := callErr(bob, "POST", path+"/decline", nil); code != 409 || !strings.Contains(msg, "no rematch is on offer") {
		t.Fatalf("decline with no offer: %d %q", code, msg)
	}
	fc.fail.Store(1)
	if code := ann.call("POST", path, nil, nil); code != 503 {
		t.Fatalf("offer whose write fails: %d", code)
	}
	if st, _ := ts.db.Table(context.Background(), tb.ID); st.Seats[0].Rematch != "" {
		t.Fatalf("a failed offer is stored: %+v", st.Seats)
	}
	if m := ann.dial(tb.ID, "").next(outSync); m["offer"] != nil {
		t.Fatalf("a failed offer is shown: %s", m["offer"])
	}
	var got struct {
		Offer offerInfo `json:"offer"`
		ID    string    `json:"id"`
	}
	if code := ann.call("POST", path, nil, &got); code != 202 || got.ID != "" || got.Offer.By != 0 ||
		len(got.Offer.Waiting) != 1 || got.Offer.Waiting[0] != 1 {
		t.Fatalf("offer: %d %+v", code, got)
	}
	offerMsgOf := func(s *sock) offerInfo {
		var o offerInfo
		json.Unmarshal(s.next(outOffer)["offer"], &o)
		return o
	}
	if o := offerMsgOf(socks[1]); o.By != 0 || len(o.Agreed) != 1 || o.Declined != nil {
		t.Fatalf("Bob sees the offer %+v", o)
	}
	offerMsgOf(socks[0]) // Ann's own offer
	if st, _ := ts.db.Table(context.Background(), tb.ID); st.Seats[0].Rematch != store.RematchOffered {
		t.Fatalf("the offer is not stored: %+v", st.Seats)
	}
	if m := bob.dial(tb.ID, "").next(outSync); !strings.Contains(string(m["offer"]), `"by":0`) {
		t.Fatalf("a new socket does not see the offer: %s", m["offer"])
	}
	if code := newClient(t, ts.URL, "Eve").call("POST", path+"/decline", nil, nil); code != 409 {
		t.Fatalf("decline by a stranger: %d", code)
	}
	fc.fail.Store(1)
	if code := bob.call("POST", path+"/decline", nil, nil); code != 503 {
		t.Fatalf("decline whose write fails: %d", code)
	}
	if code := bob.call("POST", path+"/decline", nil, &got); code != 200 || got.Offer.Declined == nil || *got.Offer.Declined != 1 {
		t.Fatalf("decline: %d %+v", code, got)
	}
	if o := offerMsgOf(socks[0]); o.Declined == nil || *o.Declined != 1 || len(o.Waiting) != 0 {
		t.Fatalf("Ann sees %+v after Bob declined", o)
	}
	if st, _ := ts.db.Table(context.Background(), tb.ID); st.Rematch != "" {
		t.Fatalf("a declined offer made a table %s", st.Rematch)
	}
	// Offered again, by Bob this time, and accepted.
	got.Offer = offerInfo{}
	if code := bob.call("POST", path, nil, &got); code != 202 || got.Offer.By != 1 || got.Offer.Declined != nil {
		t.Fatalf("second offer: %d %+v", code, got)
	}
	offerMsgOf(socks[1]) // Bob's own decline
	if o := offerMsgOf(socks[0]); o.By != 1 || len(o.Waiting) != 1 || o.Waiting[0] != 0 {
		t.Fatalf("Ann sees the second offer as %+v", o)
	}
	offerMsgOf(socks[1]) // Bob's own offer
	if code := ann.call("POST", path, nil, &got); code != 200 || got.ID == "" {
		t.Fatalf("accept: %d %+v", code, got)
	}
	for _, s := range socks {
		if id := str(s.next(outRematch), "rematch"); id != got.ID {
			t.Fatalf("moved to %q, want %q", id, got.ID)
		}
	}
	nt := tableOf(t, bob, got.ID)
	if nt.Status != store.StatusLive || nt.Seats[0].Name != "Ann" || nt.Seats[1].Name != "Bob" || nt.Seats[1].Kind != store.SeatHuman {
		t.Fatalf("the rematch %+v", nt)
	}
	if code, msg := callErr(bob, "POST", path+"/decline", nil); code != 409 || !strings.Contains(msg, "started already") {
		t.Fatalf("decline after the start: %d %q", code, msg)
	}
}

// A person replaced by a bot need not agree: the rematch starts with the
// others' yes, and a bot takes the seat of the one who left.
func TestRematchWithoutTheLeaver(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	bs := bob.dial(tb.ID, "")
	bs.next(outSync)
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/leave", nil, nil); code != 200 {
		t.Fatalf("leave: %d", code)
	}
	if _, err := bs.play(1, rand.New(rand.NewPCG(5, 5)), nil); err != nil {
		t.Fatal(err)
	}
	var got struct{ ID string }
	if code := bob.call("POST", "/api/tables/"+tb.ID+"/rematch", nil, &got); code != 200 || got.ID == "" {
		t.Fatalf("rematch: %d %+v", code, got)
	}
	nt := tableOf(t, bob, got.ID)
	if nt.Seats[0].Kind != store.SeatBot || nt.Seats[0].Bot != "greedy" || nt.Seats[1].Name != "Bob" {
		t.Fatalf("the rematch's seats %+v", nt.Seats)
	}
}

// At an async table the threshold is the deadline: before it, a hand-over
// is refused, saying the player still has time.
func TestHandOverAsyncWaitsForTheDeadline(t *testing.T) {
	ts := startServer(t, "", Config{Grace: time.Millisecond})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Clock: clockSpec{Mode: clockAsync, Hours: 1}})
	bob.join(tb.ID, tb.Invite)
	p := tableOf(t, ann, tb.ID).ToMove
	other := []*client{ann, bob}[1-p]
	time.Sleep(10 * time.Millisecond) // past the grace, far from the deadline
	if code, msg := callErr(other, "POST", "/api/tables/"+tb.ID+"/handover", map[string]int{"seat": p}); code != 409 || !strings.Contains(msg, "still has time") {
		t.Fatalf("hand-over before an async deadline: %d %q", code, msg)
	}
}

// An offer survives a restart: the seats keep it, and the table loaded
// again shows it and takes the answer.
func TestRematchOfferSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jardin.db")
	ts := startServer(t, path, Config{})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	socks := []*sock{ann.dial(tb.ID, ""), bob.dial(tb.ID, "")}
	var wg sync.WaitGroup
	for i, s := range socks {
		wg.Go(func() {
			if _, err := s.play(i, rand.New(rand.NewPCG(uint64(i), 9)), nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/rematch", nil, nil); code != 202 {
		t.Fatalf("offer: %d", code)
	}
	ts.stop()
	ts = startServer(t, path, Config{})
	ann.base, bob.base = ts.URL, ts.URL
	m := bob.dial(tb.ID, "").next(outSync)
	var o offerInfo
	if err := json.Unmarshal(m["offer"], &o); err != nil || o.By != 0 || len(o.Waiting) != 1 || o.Waiting[0] != 1 {
		t.Fatalf("offer after a restart: %s (%v)", m["offer"], err)
	}
	var got struct{ ID string }
	if code := bob.call("POST", "/api/tables/"+tb.ID+"/rematch", nil, &got); code != 200 || got.ID == "" {
		t.Fatalf("accept after a restart: %d %+v", code, got)
	}
}

// The creator who opened her table and went back to the lobby to wait for
// the others has no socket at the table: she is not away from a game that has not started. The away clock
// starts when the game starts, so nobody may hand her seat over until the
// grace has passed after the start, however long the table waited.
func TestAwayClockStartsAtTheStart(t *testing.T) {
	const grace = 1 * time.Second
	ts, _ := startFailing(t, Config{Grace: grace})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	// Ann opens her table (its invite link), then goes back to the lobby.
	ws := ann.dial(tb.ID, "")
	ws.next(outSync)
	ws.close()
	time.Sleep(grace + 300*time.Millisecond) // the table waits past the grace
	start := time.Now()
	if s := bob.join(tb.ID, tb.Invite); s != 1 {
		t.Fatalf("Bob seated at %d", s)
	}
	got := tableOf(t, bob, tb.ID)
	p := got.ToMove
	if p < 0 || p > 1 {
		t.Fatalf("seat %d to move", p)
	}
	if at := time.UnixMilli(got.Seats[p].HandOver); at.Before(start.Add(grace - 50*time.Millisecond)) {
		t.Fatalf("hand-over offered at %v, %v after the start (grace %v)", at, at.Sub(start), grace)
	}
	other := []*client{ann, bob}[1-p]
	if code, msg := callErr(other, "POST", "/api/tables/"+tb.ID+"/handover", map[string]int{"seat": p}); code != 409 || !strings.Contains(msg, "has been away") {
		t.Fatalf("hand-over right after the start: %d %q", code, msg)
	}
	time.Sleep(time.Until(start.Add(grace + 200*time.Millisecond)))
	if code, msg := callErr(other, "POST", "/api/tables/"+tb.ID+"/handover", map[string]int{"seat": p}); code != 200 {
		t.Fatalf("hand-over after the grace since the start: %d %q", code, msg)
	}
}

// A player who resigned watches the rest of the game, is told the seat
// they held (sync's was), and may offer the rematch, by the socket as by
// the API (as on lichess or BGA).
func TestResignedPlayerOffersTheRematch(t *testing.T) {
	ts, _ := startFailing(t, Config{})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "greedy"}})
	if code, msg := callErr(ann, "POST", "/api/tables/"+tb.ID+"/resign", nil); code != 200 {
		t.Fatalf("resign: %d %q", code, msg)
	}
	// Bots play both seats to the end.
	for try := 0; tableOf(t, ann, tb.ID).Status != "over"; try++ {
		if try > 600 {
			t.Fatal("the game did not end in 60 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	ws := ann.dial(tb.ID, "")
	m := ws.next(outSync)
	if num(m, "you") != -1 || string(m["was"]) != "0" {
		t.Fatalf("the resigned player's sync: you %s, was %s", m["you"], m["was"])
	}
	ws.send(map[string]any{"t": "rematch"})
	r := ws.next(outRematch)
	if next := str(r, "rematch"); next == "" || next == tb.ID {
		t.Fatalf("rematch %q", next)
	}
}
