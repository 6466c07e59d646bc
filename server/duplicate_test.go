package server

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
)

// dupWaitOver waits until table id's game is over (its seats all bots).
func dupWaitOver(t *testing.T, c *client, id string) tableJSON {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var tb tableJSON
		if code := c.call("GET", "/api/tables/"+id, nil, &tb); code != 200 {
			t.Fatalf("GET table %s: %d", id, code)
		}
		if tb.Status == store.StatusOver {
			return tb
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s not over: %s", id, tb.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A duplicate deals the same game (seed, options, seat order, bots) at a
// table of its own; a duplicate of a duplicate joins the same group; nobody
// plays the deal twice; and nothing of another table of the deal reaches a
// person seated at one before their own game is over: not its state, log,
// record, replay, analysis, WebSocket, pages or scores. Then the comparison
// shows both score pads with their replays.
func TestDuplicateTables(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob, cid := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob"), newClient(t, ts.URL, "Cid")
	a := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "random"}, Options: map[string]string{}})

	var b createdJSON
	if code := bob.call("POST", "/api/tables/"+a.ID+"/duplicate", nil, &b); code != http.StatusCreated {
		t.Fatalf("duplicate: %d", code)
	}
	if b.Seat != 0 {
		t.Errorf("Bob sits at %d, want 0 (Ann's seat at the original)", b.Seat)
	}
	sa, _ := ts.db.Table(t.Context(), a.ID)
	sb, _ := ts.db.Table(t.Context(), b.ID)
	if sa.Seed != sb.Seed || sa.Game != sb.Game || sa.Players != sb.Players || sb.Public ||
		sb.Seats[1].Kind != store.SeatBot || sb.Seats[1].Bot != "random" || sb.Seats[0].Identity != bob.id || sb.Status != store.StatusLive {
		t.Fatalf("duplicate row %+v of %+v", sb, sa)
	}

	// Ann plays this deal: no second seat at it, under any form.
	if code := ann.call("POST", "/api/tables/"+a.ID+"/duplicate", nil, nil); code != http.StatusConflict {
		t.Errorf("Ann duplicates her own table: %d, want 409", code)
	}
	if code := ann.call("POST", "/api/tables", createReq{Duplicate: b.ID}, nil); code != http.StatusConflict {
		t.Errorf("Ann creates a duplicate of Bob's: %d, want 409", code)
	}
	// Bob may not even look at Ann's table any more, nor Ann at Bob's.
	if code := bob.call("POST", "/api/tables/"+a.ID+"/duplicate", duplicateReq{Seat: intp(-1)}, nil); code != http.StatusForbidden {
		t.Errorf("Bob duplicates Ann's table: %d, want 403", code)
	}
	if code := ann.call("POST", "/api/tables/"+b.ID+"/duplicate", duplicateReq{Seat: intp(-1)}, nil); code != http.StatusForbidden {
		t.Errorf("Ann duplicates Bob's table: %d, want 403", code)
	}
	// …but she may invite friends to her deal without a seat.
	var c createdJSON
	if code := ann.call("POST", "/api/tables/"+a.ID+"/duplicate", duplicateReq{Seat: intp(-1)}, &c); code != http.StatusCreated || c.Seat != -1 {
		t.Fatalf("invite-only duplicate: %d %+v", code, c)
	}
	if code := ann.call("POST", "/api/tables/"+a.ID+"/duplicate", duplicateReq{Seat: intp(1)}, nil); code != http.StatusConflict {
		t.Errorf("Ann at a seat the original's bot plays: %d, want 409 (she plays the deal)", code)
	}
	if code := bob.call("POST", "/api/tables/"+c.ID+"/join", joinReq{Invite: c.Invite}, nil); code != http.StatusForbidden {
		t.Errorf("Bob joins a third table of his deal: %d, want 403", code)
	}
	if seat := cid.join(c.ID, c.Invite); seat != 0 {
		t.Errorf("Cid sits at %d", seat)
	}
	// A duplicate of a duplicate joins the same group.
	eve := newClient(t, ts.URL, "Eve")
	e := eve.create(createReq{Duplicate: b.ID})
	if e.Seat != 0 {
		t.Errorf("Eve sits at %d", e.Seat)
	}
	if group, _ := ts.db.Duplicates(t.Context(), c.ID); strings.Join(group, ",") != a.ID+","+b.ID+","+c.ID+","+e.ID {
		t.Fatalf("group %v", group)
	}
	if code := cid.call("POST", "/api/tables", createReq{Duplicate: "nosuch"}, nil); code != http.StatusNotFound {
		t.Errorf("duplicate of no table: %d", code)
	}

	// Ann's game ends (a bot plays her seat); Bob's and Cid's do not.
	if code := ann.call("POST", "/api/tables/"+a.ID+"/resign", nil, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	dupWaitOver(t, ann, a.ID)
	seed := strconv.FormatUint(sa.Seed, 10)
	for _, who := range []*client{bob, cid} {
		for _, p := range []string{"", "/record", "/replay", "/analysis", "/log", "/duplicates"} {
			var body string
			if code := who.call("GET", "/api/tables/"+a.ID+p, nil, &body); code != http.StatusForbidden {
				t.Errorf("%s GET table A%s before their end: %d %.200s", who.name, p, code, body)
			} else if strings.Contains(body, seed) {
				t.Errorf("%s: the seed in a refusal", who.name)
			}
		}
		for _, p := range []string{"/t/" + a.ID, "/replay/" + a.ID, "/t/" + a.ID + "?watch=1"} {
			if code := who.call("GET", p, nil, nil); code != http.StatusForbidden {
				t.Errorf("%s GET %s before their end: %d", who.name, p, code)
			}
		}
		if _, err := who.tryDial(a.ID, "watch=1"); err == nil {
			t.Errorf("%s watches table A before their end", who.name)
		}
		// Not even how far the others are, from their own table.
		var body string
		if code := who.call("GET", "/api/tables/"+b.ID+"/duplicates", nil, &body); code != http.StatusForbidden {
			t.Errorf("%s compares before their end: %d %s", who.name, code, body)
		}
	}
	// Ann's player page tells Bob nothing of A: not even that she played.
	var page playerJSON
	if code := bob.call("GET", "/api/players/"+ann.id, nil, &page); code != 200 || len(page.Games) != 0 || len(page.Finished) != 0 {
		t.Errorf("Ann's page to Bob: %d %+v", code, page)
	}
	if code := ann.call("GET", "/api/players/"+ann.id, nil, &page); code != 200 || len(page.Games) != 1 || page.Games[0].Played != 1 {
		t.Errorf("Ann's page to Ann: %d %+v", code, page)
	}
	// Their own tables they see, and never the seed.
	var own string
	if code := bob.call("GET", "/api/tables/"+b.ID, nil, &own); code != 200 || strings.Contains(own, seed) {
		t.Errorf("Bob's own table: %d (seed shown: %v)", code, strings.Contains(own, seed))
	}
	s := bob.dial(b.ID, "")
	sync := s.next(outSync)
	s.close()
	for k, v := range sync {
		if strings.Contains(string(v), seed) {
			t.Errorf("the seed in Bob's sync (%s)", k)
		}
	}
	// Someone at no table of the deal sees Ann's finished table.
	dan := newClient(t, ts.URL, "Dan")
	if code := dan.call("GET", "/api/tables/"+a.ID+"/record", nil, nil); code != 200 {
		t.Errorf("a stranger reads the finished record: %d", code)
	}
	var cmp duplicatesJSON
	if code := ann.call("GET", "/api/tables/"+a.ID+"/duplicates", nil, &cmp); code != 200 || len(cmp.Tables) != 4 {
		t.Fatalf("Ann's comparison: %d %+v", code, cmp)
	}
	if cmp.Tables[0].Result == nil || cmp.Tables[0].You == nil || *cmp.Tables[0].You != 0 || cmp.Tables[0].Replay != "/replay/"+a.ID ||
		cmp.Tables[1].Result != nil || cmp.Tables[1].Replay != "" || cmp.Tables[1].Names[0] != "Bob" || cmp.Tables[1].Bots[1] != "random" {
		t.Errorf("Ann's comparison while Bob plays: %+v", cmp)
	}

	// Bob's game ends: now he sees Ann's table and both scores.
	if code := bob.call("POST", "/api/tables/"+b.ID+"/resign", nil, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	dupWaitOver(t, bob, b.ID)
	if code := bob.call("GET", "/api/tables/"+a.ID+"/record", nil, nil); code != 200 {
		t.Errorf("Bob reads A's record after his end: %d", code)
	}
	if code := bob.call("GET", "/api/tables/"+b.ID+"/duplicates", nil, &cmp); code != 200 || len(cmp.Tables) != 4 {
		t.Fatalf("Bob's comparison: %d %+v", code, cmp)
	}
	if cmp.Tables[0].Result == nil || cmp.Tables[1].Result == nil || cmp.Tables[1].You == nil || cmp.Tables[2].Result != nil {
		t.Errorf("Bob's comparison: %+v", cmp)
	}
	// Over or not, who played the deal does not play it again.
	var f createdJSON
	if code := ann.call("POST", "/api/tables/"+a.ID+"/duplicate", duplicateReq{Seat: intp(-1)}, &f); code != http.StatusCreated {
		t.Fatalf("second invite-only duplicate: %d", code)
	}
	if code := bob.call("POST", "/api/tables/"+f.ID+"/join", joinReq{Invite: f.Invite}, nil); code != http.StatusConflict {
		t.Errorf("Bob joins another table of his deal after his end: %d, want 409", code)
	}
	if code := bob.call("POST", "/api/tables/"+a.ID+"/duplicate", nil, nil); code != http.StatusConflict {
		t.Errorf("Bob duplicates the deal for himself after his end: %d, want 409", code)
	}
	// Cid still plays: still nothing.
	if code := cid.call("GET", "/api/tables/"+b.ID+"/replay", nil, nil); code != http.StatusForbidden {
		t.Errorf("Cid reads B's replay while he plays: %d", code)
	}
}

// A duplicate counts against the creator's limits as a table does.
func TestDuplicateLimits(t *testing.T) {
	ts := startServer(t, "", Config{CreateRate: 2})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	a := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	for i := range 2 {
		if code := bob.call("POST", "/api/tables/"+a.ID+"/duplicate", duplicateReq{Seat: intp(-1)}, nil); code != http.StatusCreated {
			t.Fatalf("duplicate %d: %d", i, code)
		}
	}
	var body string
	if code := bob.call("POST", "/api/tables/"+a.ID+"/duplicate", duplicateReq{Seat: intp(-1)}, &body); code != http.StatusTooManyRequests {
		t.Fatalf("third duplicate in the hour: %d %s", code, body)
	}
	if group, _ := ts.db.Duplicates(t.Context(), a.ID); len(group) != 3 {
		t.Errorf("group after a refused duplicate: %v", group)
	}
	for _, req := range []duplicateReq{{Seat: intp(7)}, {Seat: intp(-3)}} {
		if code := ann.call("POST", "/api/tables/"+a.ID+"/duplicate", req, nil); code != http.StatusBadRequest && code != http.StatusConflict {
			t.Errorf("seat %d: %d", *req.Seat, code)
		}
	}
}
