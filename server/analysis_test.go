package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/coach"
	"github.com/jardin-games/jardin/record"
)

// The coach's analysis of a table: refused before the game ends (409, in
// the language asked, nothing of the game in the answer) and for no table
// (404); once over, the first request starts it (202 and Retry-After), and
// then it answers every decision of the record, losses at least 0, the
// moves in words of the language asked, the costliest explained.
func TestAnalysisAPI(t *testing.T) {
	ts := startServer(t, "", Config{QuickBots: 2})
	ann := newClient(t, ts.URL, "Ann")
	stranger := &client{t: t, base: ts.URL}

	live := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "greedy"}})
	var body string
	if code := stranger.call("GET", "/api/tables/"+live.ID+"/analysis?lang=fr", nil, &body); code != http.StatusConflict ||
		!strings.Contains(body, "jamais avant sa fin") || strings.Contains(body, "decisions") {
		t.Fatalf("analysis of a live table: %d %s, want 409 in French", code, body)
	}
	if code := stranger.call("GET", "/api/tables/nosuchtable/analysis", nil, nil); code != http.StatusNotFound {
		t.Errorf("analysis of no table: %d, want 404", code)
	}

	done := ann.create(createReq{Game: "english-gardens", Seats: []string{"random", "greedy"}})
	waitOver(t, ann, done.ID)
	var raw string
	if code := stranger.call("GET", "/api/tables/"+done.ID+"/record", nil, &raw); code != 200 {
		t.Fatalf("record: %d %s", code, raw)
	}
	rec, err := record.Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	var a coach.Review
	pending := 0
	deadline := time.Now().Add(120 * time.Second)
	for {
		code := stranger.call("GET", "/api/tables/"+done.ID+"/analysis?lang=de", nil, &a)
		if code == http.StatusOK {
			break
		}
		if code != http.StatusAccepted || time.Now().After(deadline) {
			t.Fatalf("analysis: %d after %d pending answers", code, pending)
		}
		pending++
		time.Sleep(200 * time.Millisecond)
	}
	if pending == 0 {
		t.Error("the first request answered at once: the analysis did not run in the pool")
	}
	if len(a.Seats) != 2 || len(a.Decisions) < 20 || a.Seats[0].Decisions+a.Seats[1].Decisions != len(a.Decisions) {
		t.Fatalf("seats %+v, %d decisions", a.Seats, len(a.Decisions))
	}
	for _, d := range a.Decisions {
		if d.Loss < 0 || d.Played != rec.Moves[d.Step-1].Move || d.PlayedWords == "" || d.BestWords == "" ||
			d.PlayedWords == d.Played {
			t.Errorf("decision %+v", d)
		}
	}
	flagged := 0
	for _, s := range a.Seats {
		for _, c := range s.Costliest {
			flagged++
			if !strings.HasPrefix(c.Explanation, "Zug ") || c.Loss <= 0 {
				t.Errorf("costliest %+v", c)
			}
		}
	}
	if flagged == 0 {
		t.Error("random lost nothing anywhere")
	}
	// Kept: the second language is answered at once, from the same search.
	var b coach.Review
	if code := stranger.call("GET", "/api/tables/"+done.ID+"/analysis?lang=en", nil, &b); code != http.StatusOK {
		t.Fatalf("second request: %d", code)
	}
	for i := range a.Decisions {
		if a.Decisions[i].Loss != b.Decisions[i].Loss || a.Decisions[i].Best != b.Decisions[i].Best {
			t.Fatalf("decision %d analysed again differently", a.Decisions[i].Step)
		}
	}
}
