package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/jardin-games/jardin/coach"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// The coach's analyses of finished tables (docs/coach.md), for the replay
// viewer: GET /api/tables/{id}/analysis. A finished game never changes, so
// each table is analysed once, by a bounded pool (one analysis at a time, a
// short queue: an analysis takes seconds of processor time), and the result
// kept in a bounded cache in memory, the oldest dropped first. It is not
// written to the database: after a restart, or once dropped, a table is
// analysed again when someone asks. Never before the game ends: the moves
// and what each seat knew must not leave a live table.

const (
	// analysisCache is how many tables' analyses are kept.
	analysisCache = 128
	// analysisQueue is how many analyses may wait for the worker.
	analysisQueue = 16
	// analysisRetry is the Retry-After of an analysis under way, seconds.
	analysisRetry = 2
)

// analysisSeed is the coach's search seed on the server: a constant, so
// that the same game is always reviewed alike (docs/coach.md: not the
// game's seed, which would change with every hidden card).
const analysisSeed = 1

// analysisPool analyses finished tables one at a time. Its zero value is
// ready: the worker starts with the first job.
type analysisPool struct {
	mu      sync.Mutex
	entries map[string]*analysisEntry
	order   []string // ids, oldest first, for eviction
	queue   chan string
	start   sync.Once
}

// analysisEntry is one table's analysis: under way (done open), or done
// with its report or its error.
type analysisEntry struct {
	rec    *record.Record
	names  []string
	done   chan struct{}
	report *coach.Report
	err    error
}

var errAnalysisBusy = errors.New("analysis queue full")

// get returns the entry of table id, queueing its analysis of rec if there
// is none. It fails when the queue is full.
func (p *analysisPool) get(s *Server, id string, rec *record.Record, names []string) (*analysisEntry, error) {
	p.start.Do(func() {
		p.entries = map[string]*analysisEntry{}
		p.queue = make(chan string, analysisQueue)
		go p.work(s)
	})
	p.mu.Lock()
	defer p.mu.Unlock()
	if e, ok := p.entries[id]; ok {
		return e, nil
	}
	e := &analysisEntry{rec: rec, names: names, done: make(chan struct{})}
	select {
	case p.queue <- id:
	default:
		return nil, errAnalysisBusy
	}
	p.entries[id] = e
	p.order = append(p.order, id)
	for len(p.order) > analysisCache {
		// The oldest is dropped, unless it is still waiting or running
		// (the queue is far shorter than the cache: it never is).
		old := p.entries[p.order[0]]
		select {
		case <-old.done:
			delete(p.entries, p.order[0])
			p.order = p.order[1:]
			continue
		default:
		}
		break
	}
	return e, nil
}

// work analyses the queued tables, one at a time, until the server
// closes (Close closes s.quit: the analysis under way stops too).
func (p *analysisPool) work(s *Server) {
	for {
		var id string
		select {
		case id = <-p.queue:
		case <-s.quit:
			return
		}
		p.mu.Lock()
		e := p.entries[id]
		p.mu.Unlock()
		e.report, e.err = s.analyse(e.rec, e.names)
		if e.err != nil {
			s.log.Error("analysis", "table", id, "err", e.err)
			// A failure is not kept: a later request tries again.
			p.mu.Lock()
			delete(p.entries, id)
			p.mu.Unlock()
		}
		close(e.done)
	}
}

// analyse reviews a finished table's record at the coach's default budget,
// one decision at a time (the other tables need the processors more).
func (s *Server) analyse(rec *record.Record, names []string) (*coach.Report, error) {
	b, err := coach.ParseBudget(coach.DefaultBudget)
	if err != nil {
		return nil, err
	}
	g, pos, err := coach.Positions(s.reg, rec, nil)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// The server closing stops the analysis under way.
	go func() {
		select {
		case <-s.quit:
			cancel()
		case <-ctx.Done():
		}
	}()
	return coach.Analyze(ctx, g, names, pos, coach.Options{Budget: b, Seed: analysisSeed, Jobs: 1})
}

// apiAnalysis is GET /api/tables/{id}/analysis: 200 and the analysis when
// it is done; 202 and Retry-After while it is under way (the first request
// of a table starts it); 409 before the game ends; 404 for no such table;
// 503 when the queue is full; 429 when an address starts analyses faster
// than its write rate.
func (s *Server) apiAnalysis(w http.ResponseWriter, r *http.Request) {
	lang := requestLang(r)
	id := r.PathValue("id")
	var data []byte
	var names []string
	var status store.Status
	var rerr error
	err := s.withTable(r.Context(), id, func(t *table) {
		if status = t.meta.Status; status != store.StatusOver {
			return
		}
		names = t.namesIn("en")
		data, rerr = t.recordOf()
	})
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if status != store.StatusOver {
		s.apiError(w, r, http.StatusConflict, shelltext.Errorf("err.analysisOver"))
		return
	}
	var rec *record.Record
	if rerr == nil {
		rec, rerr = record.Parse(data)
	}
	if rerr != nil {
		s.log.Error("analysis: record", "request", requestID(r), "table", id, "err", rerr)
		s.apiError(w, r, http.StatusInternalServerError, shelltext.Errorf("err.internal"))
		return
	}
	s.analyses.mu.Lock()
	_, known := s.analyses.entries[id]
	s.analyses.mu.Unlock()
	if !known {
		// Starting an analysis costs seconds of processor time: an
		// address may start them only at its write rate.
		if ok, d := s.writes.allow("addr " + s.clientAddr(r)); !ok {
			s.answerErr(w, r, &rateError{err: shelltext.Errorf("err.analysisRate"), retry: d})
			return
		}
	}
	e, err := s.analyses.get(s, id, rec, names)
	if err != nil {
		w.Header().Set("Retry-After", strconv.Itoa(analysisRetry*5))
		s.apiError(w, r, http.StatusServiceUnavailable, shelltext.Errorf("err.analysisBusy"))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	select {
	case <-e.done:
	default:
		w.Header().Set("Retry-After", strconv.Itoa(analysisRetry))
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusAccepted)
		w.Write([]byte(`{"pending":true}` + "\n"))
		return
	}
	if e.err != nil {
		s.apiError(w, r, http.StatusInternalServerError, shelltext.Errorf("err.internal"))
		return
	}
	// The names of bot seats in the request's language, as the replay's.
	var namesLang []string
	_ = s.withTable(r.Context(), id, func(t *table) { namesLang = t.namesIn(lang) })
	rep := *e.report
	if len(namesLang) == len(rep.Names) {
		rep.Names = namesLang
	}
	b, err := json.Marshal(rep.Review(e.rec, lang))
	if err != nil {
		s.apiError(w, r, http.StatusInternalServerError, shelltext.Errorf("err.internal"))
		return
	}
	w.Header().Set("Cache-Control", "private, max-age=86400")
	writeCompressed(w, r, append(b, '\n'))
}

// WireAPI is the bodies of the other JSON calls the page reads (the replay,
// the coach's review, a hint, the rules and tutorial pages), for wiregen as
// well.
func WireAPI() []any { return append([]any{replayJSON{}, coach.Review{}, hintJSON{}}, learnWire()...) }
