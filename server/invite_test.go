package server

import (
	"strings"
	"testing"
	"time"
)

// TestInvitePageSaysWhatTheLinkCanDo: the invite page (/join/{id}, no
// script needed) offers a seat only to someone who can take one. A person
// already seated is told so and sent to the table; a full table, a finished
// one and a private table without its code offer no seat but say why and
// what to do instead. Before issue 23 every case showed "Take a seat".
func TestInvitePageSaysWhatTheLinkCanDo(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob, cid := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob"), newClient(t, ts.URL, "Cid")
	anon := &client{t: t, base: ts.URL}
	tb := ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "open"}})
	invite := "/join/" + tb.ID + "?invite=" + tb.Invite
	page := func(c *client, path string) string {
		t.Helper()
		var body string
		if code := c.call("GET", path, nil, &body); code != 200 {
			t.Fatalf("GET %s: %d", path, code)
		}
		return body
	}
	seatForm := `<button>Take a seat</button>`
	check := func(who, body string, want []string, not ...string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: the invite page lacks %q:\n%s", who, w, body)
			}
		}
		for _, n := range not {
			if strings.Contains(body, n) {
				t.Errorf("%s: the invite page shows %q:\n%s", who, n, body)
			}
		}
	}
	check("Ann, seated", page(ann, invite), []string{"You already have a seat at this table, as Ann.", `href="/t/` + tb.ID + `"`, "Ann (you)"}, seatForm)
	check("Bob, with the code", page(bob, invite), []string{"Waiting for 1 player", seatForm, "You will play as Bob."}, "(you)")
	check("a visitor, with the code", page(anon, invite), []string{seatForm, `name="name"`})
	check("Bob, without the code", page(bob, "/join/"+tb.ID), []string{"lacks its invite code"}, seatForm)
	if s := bob.join(tb.ID, tb.Invite); s != 1 {
		t.Fatalf("Bob seated at %d", s)
	}
	check("Cid, on a full table", page(cid, invite), []string{"This table is full: its game has started.", `href="/t/` + tb.ID + `?watch=1"`}, seatForm, "<form")
	check("Cid, in French", page(cid, invite+"&lang=fr"), []string{"Cette table est complète"}, "<form")
	check("Bob, seated since", page(bob, invite+"&lang=en"), []string{"You already have a seat at this table, as Bob.", "Bob (you)"}, seatForm)

	// A finished game: a link to see it again.
	bots := ann.create(createReq{Game: "happy-garden", Seats: []string{"greedy", "greedy"}})
	deadline := time.Now().Add(30 * time.Second)
	for {
		var tj tableJSON
		ann.call("GET", "/api/tables/"+bots.ID, nil, &tj)
		if tj.Status == "over" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots' game is not over after 30 s: %s", tj.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	check("Cid, on a finished table", page(cid, "/join/"+bots.ID+"?invite="+bots.Invite), []string{"This game is over.", `href="/replay/` + bots.ID + `"`}, seatForm)
}
