package server

import (
	"regexp"
	"strings"
	"testing"
)

// The leaderboard marks the viewer's own row "you" (a newcomer could not
// find herself), and tells a person who is not on it how to get there; a
// player page links to the leaderboards.
func TestBoardMarksYou(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	waitSettled(t, ts, playRated(t, ts, ann, bob, 6))
	eve := newClient(t, ts.URL, "Eve")
	eve.call("GET", "/api/me", nil, nil)
	me := regexp.MustCompile(`(?s)<tr class="me">.*?</tr>`)
	for _, c := range []struct {
		who  *client
		want string // the marked row's name; "" none
	}{{ann, "Ann"}, {bob, "Bob"}, {eve, ""}, {&client{t: t, base: ts.URL}, ""}} {
		var page string
		if code := c.who.call("GET", "/ratings/english-gardens?lang=en", nil, &page); code != 200 {
			t.Fatalf("board: %d", code)
		}
		rows := me.FindAllString(page, -1)
		switch {
		case c.want == "" && len(rows) != 0:
			t.Errorf("a person not on the board sees a row marked: %q", rows)
		case c.want != "" && (len(rows) != 1 || !strings.Contains(rows[0], ">"+c.want+"</a>") || !strings.Contains(rows[0], "(you)")):
			t.Errorf("%s's board: marked rows %q, want hers marked (you)", c.want, rows)
		}
		notListed := strings.Contains(page, `class="board-not-listed"`)
		if notListed != (c.who == eve) {
			t.Errorf("%q: the line for a person not on the board shown %v", c.want, notListed)
		}
	}
	var page string
	ann.call("GET", "/p/"+bob.id+"?lang=en", nil, &page)
	if !strings.Contains(page, `<p class="boards-link"><a href="/ratings">`) {
		t.Errorf("a player page has no link to the leaderboards")
	}
}
