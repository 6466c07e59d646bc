package server

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jardin-games/jardin/coach"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
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
	// Stored before it is served.
	if _, err := ts.db.Analysis(t.Context(), done.ID); err != nil {
		t.Errorf("the analysis served is not stored: %v", err)
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

// pollAnalysis asks for table id's analysis until it is done and returns
// the body and how many 202 answers came before.
func pollAnalysis(t *testing.T, c *client, id, lang string) (body string, pending int) {
	t.Helper()
	deadline := time.Now().Add(120 * time.Second)
	for {
		code := c.call("GET", "/api/tables/"+id+"/analysis?lang="+lang, nil, &body)
		if code == http.StatusOK {
			return body, pending
		}
		if code != http.StatusAccepted || time.Now().After(deadline) {
			t.Fatalf("analysis of %s: %d after %d pending answers: %s", id, code, pending, body)
		}
		pending++
		time.Sleep(200 * time.Millisecond)
	}
}

// A table is analysed as it ends, with nobody asking, and the analysis is
// stored: the replay's first request is answered at once (200), and after
// a restart on the same database too, with the same body, in each
// language.
func TestAnalysisStoredAsTablesEnd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jardin.db")
	cfg := Config{QuickBots: 2, Analyses: 1}
	ts := startServer(t, path, cfg)
	ann := newClient(t, ts.URL, "Ann")
	stranger := &client{t: t, base: ts.URL}
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"random", "greedy"}})
	waitOver(t, ann, tb.ID)
	deadline := time.Now().Add(120 * time.Second)
	for {
		_, err := ts.db.Analysis(t.Context(), tb.ID)
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrNotFound) || time.Now().After(deadline) {
			t.Fatalf("the finished table's analysis is not stored: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	bodies := map[string]string{}
	for _, lang := range []string{"fr", "de"} {
		var body string
		if code := stranger.call("GET", "/api/tables/"+tb.ID+"/analysis?lang="+lang, nil, &body); code != http.StatusOK {
			t.Fatalf("first request in %s after the table ended: %d %s, want 200 at once", lang, code, body)
		}
		bodies[lang] = body
	}
	if bodies["fr"] == bodies["de"] || !strings.Contains(bodies["de"], "Zug ") {
		t.Errorf("the words do not follow the language asked: %.300s", bodies["de"])
	}
	ts.stop()

	ts = startServer(t, path, cfg)
	stranger = &client{t: t, base: ts.URL}
	for _, lang := range []string{"de", "fr"} {
		var body string
		t0 := time.Now()
		if code := stranger.call("GET", "/api/tables/"+tb.ID+"/analysis?lang="+lang, nil, &body); code != http.StatusOK {
			t.Fatalf("after a restart, in %s: %d %s, want 200 at once", lang, code, body)
		}
		t.Logf("after a restart, in %s: answered in %v", lang, time.Since(t0))
		if body != bodies[lang] {
			t.Errorf("after a restart, in %s, the analysis reads otherwise:\n%s\nwas\n%s", lang, body, bodies[lang])
		}
	}
}

// failingAnalyses is a real store whose analysis writes fail while down.
type failingAnalyses struct {
	store.Store
	down atomic.Bool
}

func (f *failingAnalyses) PutAnalysis(ctx context.Context, table string, data []byte) error {
	if f.down.Load() {
		return errInjected
	}
	return f.Store.PutAnalysis(ctx, table, data)
}

// An analysis whose store write fails is logged and leaves nothing in
// memory: it is neither served nor kept, and the next request analyses
// the table again, stored this time.
func TestAnalysisStoreWriteFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jardin.db")
	db, err := sqlite.Open(path, sqlite.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	st := &failingAnalyses{Store: db}
	var logged bytes.Buffer
	lw := &syncWriter{w: &logged}
	srv, hs := startLoopback(t, Config{QuickBots: 2, Rate: 10000, Burst: 10000, Log: slog.New(slog.NewTextHandler(lw, nil))}, st)
	ts := &testServer{Server: srv, URL: hs.URL, http: hs, db: db, path: path}
	t.Cleanup(ts.stop)
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"random", "greedy"}})
	waitOver(t, ann, tb.ID)

	st.down.Store(true)
	if code := ann.call("GET", "/api/tables/"+tb.ID+"/analysis?lang=en", nil, nil); code != http.StatusAccepted {
		t.Fatalf("first request: %d, want 202", code)
	}
	deadline := time.Now().Add(120 * time.Second)
	for ts.analyses.lookup(tb.ID) != nil {
		if time.Now().After(deadline) {
			t.Fatal("the analysis whose write fails is still in memory")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !strings.Contains(lw.String(), "injected store fault") || !strings.Contains(lw.String(), tb.ID) {
		t.Errorf("the failed write is not logged: %s", lw.String())
	}
	if _, err := db.Analysis(t.Context(), tb.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("stored after a failed write: %v", err)
	}

	st.down.Store(false)
	body, pending := pollAnalysis(t, ann, tb.ID, "en")
	if pending == 0 || !strings.Contains(body, `"decisions"`) {
		t.Errorf("after the store is back: %d pending answers, then %.200s; want analysed again", pending, body)
	}
	if _, err := db.Analysis(t.Context(), tb.ID); err != nil {
		t.Errorf("not stored once the store is back: %v", err)
	}
}
