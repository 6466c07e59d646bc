package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
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
// each table is analysed once, by a bounded pool (Config.Analyses workers,
// one decision at a time each, short queues: an analysis takes seconds of
// processor time), queued when the game ends, or by the first request of
// its replay when it was not (analyses off, the queue full, a restart
// before its turn).
//
// The analysis is stored (store.Analyses) before it is served, so that a
// replay shows it at once, after a restart too; the most recent are also
// kept in memory, ready to speak (a bounded cache, the oldest dropped
// first). What is stored is the coach's verdicts without words
// (coach.KeptDecision): the words are made in the language of each request
// from the record, as the replay's are, so a table is stored once for every
// language and its words follow the catalogues as they are fixed. Never
// before the game ends: the moves and what each seat knew must not leave a
// live table.

const (
	// analysisCache is how many tables' analyses are kept in memory.
	analysisCache = 128
	// analysisQueue is how many analyses may wait in each queue: those a
	// replay asked for, served first, and those of tables that just ended.
	analysisQueue = 16
	// analysisRetry is the Retry-After of an analysis under way, seconds.
	analysisRetry = 2
	// analysisPut bounds the store write of a finished analysis.
	analysisPut = 10 * time.Second
)

// analysisSeed is the coach's search seed on the server: a constant, so
// that the same game is always reviewed alike (docs/coach.md: not the
// game's seed, which would change with every hidden card).
const analysisSeed = 1

// analysisData is an analysis as the store keeps it: the coach's verdicts
// and the budget and seed that made them. One made with another budget or
// seed (the server's were changed since) is not served: the table is
// analysed again, and the new one replaces it.
type analysisData struct {
	Budget    string               `json:"budget"`
	Seed      uint64               `json:"seed"`
	Decisions []coach.KeptDecision `json:"decisions"`
}

// analysisPool analyses finished tables. Its zero value is ready: the
// workers start with the first job.
type analysisPool struct {
	mu      sync.Mutex
	entries map[string]*analysisEntry
	order   []string    // ids, oldest first, for eviction
	asked   chan string // queued by a replay's request: served first
	ended   chan string // queued as the tables end
	start   sync.Once
}

// analysisEntry is one table's analysis: under way (done open), or done
// with its report or its error.
type analysisEntry struct {
	// data is the record (JSON) of a table queued as it ended, parsed by
	// the worker into rec (given by a request otherwise).
	data   []byte
	rec    *record.Record
	names  []string
	done   chan struct{}
	report *coach.Report
	err    error
}

var errAnalysisBusy = errors.New("analysis queue full")

// init makes the queues and starts the workers: Config.Analyses of them,
// one at least (a replay's request needs one even when tables are not
// analysed as they end).
func (p *analysisPool) init(s *Server) {
	p.start.Do(func() {
		p.entries = map[string]*analysisEntry{}
		p.asked = make(chan string, analysisQueue)
		p.ended = make(chan string, analysisQueue)
		for range max(s.cfg.Analyses, 1) {
			go p.work(s)
		}
	})
}

// lookup returns table id's entry, or nil.
func (p *analysisPool) lookup(id string) *analysisEntry {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.entries[id]
}

// get returns the entry of table id, queueing the analysis of e (asked: in
// the queue of requests) if there is none. It fails when the queue is full.
func (p *analysisPool) get(s *Server, id string, e *analysisEntry, asked bool) (*analysisEntry, error) {
	p.init(s)
	p.mu.Lock()
	defer p.mu.Unlock()
	if old, ok := p.entries[id]; ok {
		return old, nil
	}
	q := p.ended
	if asked {
		q = p.asked
	}
	select {
	case q <- id:
	default:
		return nil, errAnalysisBusy
	}
	p.add(id, e)
	return e, nil
}

// keep puts e, done, as table id's entry, unless there is one already,
// and returns the entry.
func (p *analysisPool) keep(s *Server, id string, e *analysisEntry) *analysisEntry {
	p.init(s)
	p.mu.Lock()
	defer p.mu.Unlock()
	if old, ok := p.entries[id]; ok {
		return old
	}
	p.add(id, e)
	return e
}

// add makes e table id's entry and drops the oldest done entries past the
// cache's size (those waiting or running are never dropped: the queues are
// far shorter than the cache). p.mu is held.
func (p *analysisPool) add(id string, e *analysisEntry) {
	p.entries[id] = e
	p.order = append(p.order, id)
	for len(p.order) > analysisCache {
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
}

// drop forgets table id's entry (its analysis failed: a later request
// tries again).
func (p *analysisPool) drop(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.entries, id)
	if i := slices.Index(p.order, id); i >= 0 {
		p.order = slices.Delete(p.order, i, i+1)
	}
}

// work analyses the queued tables, those a replay asked for first, one at
// a time, until the server closes (Close closes s.quit: the analysis under
// way stops too).
func (p *analysisPool) work(s *Server) {
	for {
		var id string
		select {
		case id = <-p.asked:
		default:
			select {
			case id = <-p.asked:
			case id = <-p.ended:
			case <-s.quit:
				return
			}
		}
		e := p.lookup(id)
		if err := s.analyseAndStore(id, e); err != nil {
			select {
			case <-s.quit: // stopped by Close: not a fault
			default:
				s.log.Error("analysis", "table", id, "err", err)
			}
			// A failure leaves nothing in memory: a later request
			// tries again.
			p.drop(id)
			e.err = err
		}
		close(e.done)
	}
}

// tableEnded queues the analysis of table t, whose game has just ended, if
// the server analyses tables as they end (Config.Analyses). It runs in the
// table's goroutine and never waits: when the queue is full, the table is
// analysed when its replay first asks.
func (s *Server) tableEnded(t *table) {
	if s.cfg.Analyses <= 0 || t.meta.Status != store.StatusOver {
		return
	}
	data, err := t.recordOf()
	if err != nil {
		s.log.Error("analysis: record", "table", t.id, "err", err)
		return
	}
	e := &analysisEntry{data: data, names: t.namesIn("en"), done: make(chan struct{})}
	if _, err := s.analyses.get(s, t.id, e, false); err != nil {
		s.log.Info("analysis queue full: the table is analysed when its replay asks", "table", t.id)
	}
}

// analyseAndStore analyses e and stores the analysis; e.report is set
// only once it is stored.
func (s *Server) analyseAndStore(id string, e *analysisEntry) error {
	if e.rec == nil {
		rec, err := record.Parse(e.data)
		if err != nil {
			return fmt.Errorf("record: %w", err)
		}
		e.rec = rec
	}
	rep, err := s.analyse(e.rec, e.names)
	if err != nil {
		return err
	}
	data, err := json.Marshal(analysisData{Budget: coach.DefaultBudget, Seed: analysisSeed, Decisions: rep.Kept()})
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), analysisPut)
	defer cancel()
	if err := s.st.PutAnalysis(ctx, id, data); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	e.report = rep
	return nil
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
	pos = ownPositions(rec, pos)
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

// storedAnalysis is table id's analysis from the store, ready to speak, or
// nil when none is stored or the stored one cannot serve (made with
// another budget or seed, or not fitting the record: logged, and the table
// is analysed again). It fails when the store does.
func (s *Server) storedAnalysis(ctx context.Context, id string, rec *record.Record, names []string) (*analysisEntry, error) {
	data, err := s.st.Analysis(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var a analysisData
	if err := json.Unmarshal(data, &a); err != nil {
		s.log.Warn("stored analysis unreadable: analysed again", "table", id, "err", err)
		return nil, nil
	}
	if a.Budget != coach.DefaultBudget || a.Seed != analysisSeed {
		return nil, nil
	}
	g, pos, err := coach.Positions(s.reg, rec, nil)
	pos = ownPositions(rec, pos)
	var rep *coach.Report
	if err == nil {
		rep, err = coach.Restore(g, names, pos, a.Decisions, a.Seed)
	}
	if err != nil {
		s.log.Warn("stored analysis does not fit the record: analysed again", "table", id, "err", err)
		return nil, nil
	}
	done := make(chan struct{})
	close(done)
	return &analysisEntry{rec: rec, names: names, done: done, report: rep}, nil
}

// apiAnalysis is GET /api/tables/{id}/analysis: 200 and the analysis when
// it is done (stored, or in memory); 202 and Retry-After while it is under
// way (the first request of a table not analysed yet starts it); 409
// before the game ends; 404 for no such table; 503 when the queue is full;
// 429 when an address starts analyses faster than its write rate.
func (s *Server) apiAnalysis(w http.ResponseWriter, r *http.Request) {
	lang := requestLang(r)
	id := r.PathValue("id")
	if me, err := s.maybeIdentify(r); err != nil {
		s.answerErr(w, r, err)
		return
	} else if !s.dailyGuard(w, r, id, me.ID, false) {
		return // a daily deal is its player's until the day is over
	}
	var data []byte
	var names, namesLang []string
	var status store.Status
	var rerr error
	err := s.withTable(r.Context(), id, func(t *table) {
		if status = t.meta.Status; status != store.StatusOver {
			return
		}
		// The analysis speaks English names (bot seats' names are
		// translated: replaced by the request's below).
		names, namesLang = t.namesIn("en"), t.namesIn(lang)
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
	e := s.analyses.lookup(id)
	if e == nil {
		// Stored: at once.
		stored, err := s.storedAnalysis(r.Context(), id, rec, names)
		if err != nil {
			s.answerErr(w, r, err)
			return
		}
		if stored != nil {
			e = s.analyses.keep(s, id, stored)
		}
	}
	if e == nil {
		// Starting an analysis costs seconds of processor time: an
		// address may start them only at its write rate.
		if ok, d := s.writes.allow("addr " + s.clientAddr(r)); !ok {
			s.answerErr(w, r, &rateError{err: shelltext.Errorf("err.analysisRate"), retry: d})
			return
		}
		e, err = s.analyses.get(s, id, &analysisEntry{rec: rec, names: names, done: make(chan struct{})}, true)
		if err != nil {
			w.Header().Set("Retry-After", strconv.Itoa(analysisRetry*5))
			s.apiError(w, r, http.StatusServiceUnavailable, shelltext.Errorf("err.analysisBusy"))
			return
		}
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

// The store's analyses, their faults marked as the other calls' are
// (errors.go): a failed read answers 503.

func (g guardedStore) PutAnalysis(ctx context.Context, table string, data []byte) error {
	return unavailable(dbName, g.Store.PutAnalysis(ctx, table, data))
}

func (g guardedStore) Analysis(ctx context.Context, table string) ([]byte, error) {
	data, err := g.Store.Analysis(ctx, table)
	return data, unavailable(dbName, err)
}

// WireAPI is the bodies of the other JSON calls the page reads (the replay,
// the coach's review, a hint, the rules and tutorial pages), for wiregen as
// well.
func WireAPI() []any {
	return append(append(append(append([]any{replayJSON{}, coach.Review{}, hintJSON{}}, learnWire()...), forkWire()...),
		duplicatesJSON{}, passkeysJSON{}), append(dailyWire(), ratingWire()...)...) // fork.go, duplicate.go, passkey.go, daily.go, ratings_table.go
}
