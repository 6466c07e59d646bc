package server

import (
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// The daily garden (docs/server.md, "The daily garden"): each UTC day, one
// deal per game, the same for everyone, played once per identity.
//
// The cheating surface, and what closes it:
//   - The day's seed is HMAC-SHA256(secret, day and game): one-way, so a
//     published seed tells nothing of another day's. The secret is made once
//     and kept in the store (every node and every restart derive the same
//     seeds); it never leaves the server.
//   - A day's seed is published only once the day is over (GET /api/daily,
//     yesterday's deals; a daily table's record): before that, no response
//     holds it, not even to the person who finished the deal.
//   - One identity plays a deal once: the store's (day, game, identity) key.
//     A second start resumes the table dealt, whatever its state.
//   - A daily table is its player's alone until the day is over: nobody else
//     may watch it, read its log, replay or review it (dailyGuard). Hints and
//     undo are off at every daily table, so that scores compare.

// dailySpec is how a game's daily deal is played: solo where the game has a
// solo mode, else against fixed bots, the same for everyone.
type dailySpec struct {
	game string
	// bots are the bot seats after the person's (seat 0); none: solo.
	// Greedy: quick, and it plays the same position the same way, so that
	// every player of the day meets the same opponent.
	bots []string
}

// dailySpecs are the daily deals, in the lobby's order of the games.
var dailySpecs = []dailySpec{
	{game: "english-gardens"},
	{game: "alices-garden"},
	{game: "hanging-gardens"}, // solo: against its Automa (HG-SO1)
	{game: "happy-garden", bots: []string{"greedy"}},
	{game: "schlossgarten", bots: []string{"greedy"}},
}

const (
	dayLayout = "2006-01-02"
	// streakDays is how far back a streak is counted.
	streakDays = 400
	// histBins is the most bars of a day's score distribution.
	histBins = 10
)

// dayOf is the UTC day of t.
func dayOf(t time.Time) string { return t.UTC().Format(dayLayout) }

// dayEnd is when day is over (the next UTC midnight).
func dayEnd(day string) time.Time {
	d, err := time.Parse(dayLayout, day)
	if err != nil {
		return time.Time{} // not a day: over long ago
	}
	return d.AddDate(0, 0, 1)
}

// dailyState is the server's memory of the seeds' secret, read from the
// store once.
type dailyState struct {
	mu     sync.Mutex
	secret []byte
}

// dailySecret is the stored secret, storing a fresh one the first time.
func (s *Server) dailySecret(ctx context.Context) ([]byte, error) {
	s.daily.mu.Lock()
	defer s.daily.mu.Unlock()
	if s.daily.secret != nil {
		return s.daily.secret, nil
	}
	sec, err := s.st.DailySecret(ctx, randBytes(32))
	if err != nil {
		return nil, fmt.Errorf("daily secret: %w", err)
	}
	s.daily.secret = sec
	return sec, nil
}

// dailySeed is day's seed of game: derived one way from the secret.
func dailySeed(secret []byte, day, game string) uint64 {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("jardin daily\x00" + day + "\x00" + game))
	return binary.BigEndian.Uint64(m.Sum(nil))
}

func specOfDaily(game string) (dailySpec, bool) {
	for _, d := range dailySpecs {
		if d.game == game {
			return d, true
		}
	}
	return dailySpec{}, false
}

// ----- GET /api/daily -----

// dailyJSON is GET /api/daily: today's deals with the caller's state of
// each, and yesterday's, whose seeds and records are published.
type dailyJSON struct {
	Day string `json:"day"` // today, UTC (2006-01-02)
	// Ends is when today's deals end (the next UTC midnight), Unix ms.
	Ends  int64           `json:"ends"`
	Games []dailyGameJSON `json:"games"`
	// Streak is the days in a row, up to today or yesterday, on which the
	// caller finished a daily deal (0 without an identity).
	Streak int `json:"streak"`
	// PlayedToday: the caller finished a deal today (the streak counts it).
	PlayedToday bool         `json:"playedToday"`
	Yesterday   dailyDayJSON `json:"yesterday"`
}

// dailyGameJSON is one game's deal of the day.
type dailyGameJSON struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	// Opponents are the bots' names in the request's language (none: solo).
	Opponents []string `json:"opponents"`
	// State is the caller's: "new" (not started), "playing", "over"
	// (finished, ranked), "gaveup" (left or resigned: not ranked).
	State string `json:"state"`
	// Table is the caller's table of this deal (none before they start).
	Table string `json:"table,omitempty"`
	// Players is how many people started it today; Finished how many
	// finished it (the ranking's size).
	Players  int `json:"players"`
	Finished int `json:"finished"`
	// Mine is the caller's result, once they finished.
	Mine *dailyMineJSON `json:"mine,omitempty"`
	// Best is the day's best garden so far (once the caller finished; its
	// replay only once the day is over).
	Best *dailyBestJSON `json:"best,omitempty"`
	// Histogram is the day's scores (once the caller finished).
	Histogram []dailyBinJSON `json:"histogram,omitempty"`
}

// dailyMineJSON is the caller's place among the day's finished players.
type dailyMineJSON struct {
	Score int `json:"score"`
	Rank  int `json:"rank"` // 1: the best; tied scores share a rank
	// Percentile: the share of the other finished players the caller did
	// better than (ties count half), 0–100; 100 when alone.
	Percentile int `json:"percentile"`
	// Review is the caller's game with the coach's review (the replay page).
	Review string `json:"review"`
}

// dailyBestJSON is a day's best garden.
type dailyBestJSON struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
	// Replay is its replay page, Record its record (which holds the seed):
	// only once the day is over.
	Replay string `json:"replay,omitempty"`
	Record string `json:"record,omitempty"`
}

// dailyBinJSON is one bar of the score distribution: From ≤ score ≤ To.
type dailyBinJSON struct {
	From  int  `json:"from"`
	To    int  `json:"to"`
	Count int  `json:"count"`
	Mine  bool `json:"mine"` // the caller's score is in it
}

// dailyDayJSON is a past day's deals with their seeds and records.
type dailyDayJSON struct {
	Day   string          `json:"day"`
	Games []dailyPastJSON `json:"games"`
}

// dailyPastJSON is one game's deal of a past day.
type dailyPastJSON struct {
	Game     string `json:"game"`
	Title    string `json:"title"`
	Seed     string `json:"seed"` // decimal (a JSON number would lose bits)
	Finished int    `json:"finished"`
	// Best is the day's best garden with its replay (none if nobody
	// finished).
	Best *dailyBestJSON `json:"best,omitempty"`
	// Mine is the caller's score that day (nil if they did not finish).
	Mine *int `json:"mine,omitempty"`
}

// dailyStartJSON is POST /api/daily/{game}/start.
type dailyStartJSON struct {
	Table   string `json:"table"`
	URL     string `json:"url"`
	Resumed bool   `json:"resumed"` // the deal was started before: its table
}

// dailyWire is the daily garden's bodies, for wiregen (WireAPI).
func dailyWire() []any { return []any{dailyJSON{}, dailyStartJSON{}} }

// rankedPlay is a finished, ranked play: its score.
type rankedPlay struct {
	store.DailyPlay
	score int
}

// dayStats is one game's day: who started, who finished and with what.
type dayStats struct {
	started int
	ranked  []rankedPlay // best first
	byID    map[string]store.DailyPlay
}

// statsOf reads one game's plays of day.
func (s *Server) statsOf(ctx context.Context, day, game string) (dayStats, error) {
	plays, err := s.st.DailyPlays(ctx, day, game)
	if err != nil {
		return dayStats{}, err
	}
	st := dayStats{started: len(plays), byID: make(map[string]store.DailyPlay, len(plays))}
	for _, p := range plays {
		st.byID[p.Identity] = p
		if sc, ok := playScore(p); ok {
			st.ranked = append(st.ranked, rankedPlay{p, sc})
		}
	}
	// Best first; equal scores: the first to finish first.
	slices.SortStableFunc(st.ranked, func(a, b rankedPlay) int {
		return cmp.Or(cmp.Compare(b.score, a.score), a.Updated.Compare(b.Updated))
	})
	return st, nil
}

// playScore is a play's score, if it is ranked: finished by its person
// before its day was over (after it, the day's seed is published: a game
// finished then could have been played knowing the whole deal).
func playScore(p store.DailyPlay) (int, bool) {
	if p.Status != store.StatusOver || p.Zombie || !p.Updated.Before(dayEnd(p.Day)) {
		return 0, false
	}
	var res engine.Result
	if json.Unmarshal(p.Result, &res) != nil || p.Seat < 0 || p.Seat >= len(res.Players) {
		return 0, false
	}
	return res.Players[p.Seat].Total, true
}

// stateOf is the caller's state of a play.
func stateOf(p store.DailyPlay) string {
	switch {
	case p.Status == store.StatusLive || p.Status == store.StatusOpen:
		return "playing"
	case p.Status == store.StatusOver && !p.Zombie && p.Updated.Before(dayEnd(p.Day)):
		return "over"
	}
	return "gaveup"
}

// mineOf is score's place among the ranked plays.
func (st dayStats) mineOf(score int) dailyMineJSON {
	above, equal := 0, 0
	for _, r := range st.ranked {
		switch {
		case r.score > score:
			above++
		case r.score == score:
			equal++
		}
	}
	m := dailyMineJSON{Score: score, Rank: above + 1, Percentile: 100}
	if n := len(st.ranked); n > 1 {
		below := n - above - equal
		// The others tied with the caller count half.
		m.Percentile = (200*below + 100*(equal-1)) / (2 * (n - 1))
	}
	return m
}

// histogram is the ranked scores in at most histBins bars of equal width.
func (st dayStats) histogram(mine int) []dailyBinJSON {
	if len(st.ranked) == 0 {
		return nil
	}
	hi, lo := st.ranked[0].score, st.ranked[len(st.ranked)-1].score
	width := (hi - lo + histBins) / histBins // ceil((hi-lo+1)/histBins)
	var bins []dailyBinJSON
	for from := lo; from <= hi; from += width {
		bins = append(bins, dailyBinJSON{From: from, To: from + width - 1, Mine: mine >= from && mine <= from+width-1})
	}
	for _, r := range st.ranked {
		bins[(r.score-lo)/width].Count++
	}
	return bins
}

func (st dayStats) best(over bool) *dailyBestJSON {
	if len(st.ranked) == 0 {
		return nil
	}
	b := st.ranked[0]
	out := &dailyBestJSON{Name: b.Name, Score: b.score}
	if over {
		out.Replay, out.Record = "/replay/"+b.Table, "/api/tables/"+b.Table+"/record"
	}
	return out
}

func (s *Server) apiDaily(w http.ResponseWriter, r *http.Request) {
	me, err := s.maybeIdentify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	out, err := s.dailyOf(r.Context(), me, requestLang(r))
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

// dailyOf is GET /api/daily for me (none: a visitor).
func (s *Server) dailyOf(ctx context.Context, me store.Identity, lang string) (dailyJSON, error) {
	now := s.now()
	today := dayOf(now)
	yesterday := dayOf(now.AddDate(0, 0, -1))
	out := dailyJSON{Day: today, Ends: dayEnd(today).UnixMilli(), Games: []dailyGameJSON{},
		Yesterday: dailyDayJSON{Day: yesterday, Games: []dailyPastJSON{}}}
	secret, err := s.dailySecret(ctx)
	if err != nil {
		return dailyJSON{}, err
	}
	for _, d := range dailySpecs {
		g, err := s.reg.Lookup(d.game)
		if err != nil {
			continue // a registry without this game (tests)
		}
		st, err := s.statsOf(ctx, today, d.game)
		if err != nil {
			return dailyJSON{}, err
		}
		gj := dailyGameJSON{Game: d.game, Title: g.Title(lang), Opponents: []string{}, State: "new",
			Players: st.started, Finished: len(st.ranked)}
		for _, b := range d.bots {
			gj.Opponents = append(gj.Opponents, botSeatName(lang, b))
		}
		if p, ok := st.byID[me.ID]; ok && me.ID != "" {
			gj.State, gj.Table = stateOf(p), p.Table
			if sc, ok := playScore(p); ok {
				m := st.mineOf(sc)
				m.Review = "/replay/" + p.Table
				gj.Mine, gj.Best, gj.Histogram = &m, st.best(false), st.histogram(sc)
				out.PlayedToday = true
			}
		}
		out.Games = append(out.Games, gj)

		past, err := s.statsOf(ctx, yesterday, d.game)
		if err != nil {
			return dailyJSON{}, err
		}
		pj := dailyPastJSON{Game: d.game, Title: g.Title(lang), Seed: strconv.FormatUint(dailySeed(secret, yesterday, d.game), 10),
			Finished: len(past.ranked), Best: past.best(true)}
		if p, ok := past.byID[me.ID]; ok && me.ID != "" {
			if sc, ok := playScore(p); ok {
				pj.Mine = &sc
			}
		}
		out.Yesterday.Games = append(out.Yesterday.Games, pj)
	}
	if me.ID != "" {
		days, err := s.st.DailyDays(ctx, me.ID, streakDays)
		if err != nil {
			return dailyJSON{}, err
		}
		out.Streak = streak(days, now)
	}
	return out, nil
}

// streak counts the days in a row in days (latest first) that end today,
// or yesterday when today is not played yet: a streak is not lost before
// the day is over.
func streak(days []string, now time.Time) int {
	want := now.UTC()
	if len(days) > 0 && days[0] != dayOf(want) {
		want = want.AddDate(0, 0, -1)
	}
	n := 0
	for _, d := range days {
		if d != dayOf(want) {
			break
		}
		n++
		want = want.AddDate(0, 0, -1)
	}
	return n
}

// ----- POST /api/daily/{game}/start -----

func (s *Server) apiDailyStart(w http.ResponseWriter, r *http.Request) {
	me, err := s.identify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	out, code, err := s.startDaily(r.Context(), me, r.PathValue("game"))
	if err != nil {
		s.answerErr(w, r, withCode(code, err))
		return
	}
	writeJSON(w, code, out)
}

// startDaily deals today's deal of game to me, or finds the one dealt
// before: code is 201 for a new table, 200 for one resumed, or the HTTP
// status of err (0: statusOf's).
func (s *Server) startDaily(ctx context.Context, me store.Identity, game string) (dailyStartJSON, int, error) {
	d, ok := specOfDaily(game)
	g, err := s.reg.Lookup(game)
	if !ok || err != nil {
		return dailyStartJSON{}, http.StatusNotFound, shelltext.Errorf("err.dailyGame")
	}
	now := s.now()
	day := dayOf(now)
	resumed := func(p store.Daily) (dailyStartJSON, int, error) {
		return dailyStartJSON{Table: p.Table, URL: s.cfg.BaseURL + "/t/" + p.Table, Resumed: true}, http.StatusOK, nil
	}
	if p, err := s.st.DailyOf(ctx, day, game, me.ID); err == nil {
		return resumed(p)
	} else if !errors.Is(err, store.ErrNotFound) {
		return dailyStartJSON{}, 0, err
	}
	secret, err := s.dailySecret(ctx)
	if err != nil {
		return dailyStartJSON{}, 0, err
	}
	players := 1 + len(d.bots)
	opts, err := engine.ResolveOptions(g.Options(), nil)
	if err != nil {
		return dailyStartJSON{}, 0, fmt.Errorf("daily %s: options: %w", game, err)
	}
	seed := dailySeed(secret, day, game)
	if _, err := g.New(players, seed, opts); err != nil {
		return dailyStartJSON{}, 0, fmt.Errorf("daily %s: %w", game, err)
	}
	t := store.Table{ID: s.newID(), Game: game, Players: players, Options: opts, Seed: seed,
		Clock: store.Clock{Mode: clockNone}, Undo: false, NoHints: true, Invite: s.newCode(), Owner: me.ID,
		Status: store.StatusLive, Created: now, Updated: now,
		Seats: []store.Seat{{Kind: store.SeatHuman, Identity: me.ID, Name: me.Name}}}
	for _, b := range d.bots {
		t.Seats = append(t.Seats, store.Seat{Kind: store.SeatBot, Bot: b, Name: b + " bot"})
	}
	p := store.Daily{Day: day, Game: game, Identity: me.ID, Table: t.ID, Seat: 0, Started: now}
	if err := s.st.CreateDaily(ctx, p, t); err != nil {
		if errors.Is(err, store.ErrConflict) {
			// Another start of the same person won the race: theirs.
			if p, err := s.st.DailyOf(ctx, day, game, me.ID); err == nil {
				return resumed(p)
			}
		}
		return dailyStartJSON{}, 0, err
	}
	s.lobby.publish(lobbyEvent{Turn: lobbyTurn{ID: t.ID, Status: t.Status, ToMove: -1}, People: []string{me.ID}})
	if _, err := s.table(ctx, t.ID, false); err != nil {
		return dailyStartJSON{}, 0, err
	}
	return dailyStartJSON{Table: t.ID, URL: s.cfg.BaseURL + "/t/" + t.ID}, http.StatusCreated, nil
}

// ----- who may see a daily table -----

// dailyGuard answers 403 and reports false when table is a daily deal's
// whose day is not over and the caller may not see it: anyone but its
// player, and with seed (the record, which holds the seed) its player too.
func (s *Server) dailyGuard(w http.ResponseWriter, r *http.Request, table, identity string, seed bool) bool {
	if err := s.dailyRefusal(r.Context(), table, identity, seed); err != nil {
		s.answerErr(w, r, err)
		return false
	}
	return true
}

// dailyRefusal is why the caller may not see table (a 403, or the store's
// fault), or nil; see dailyGuard.
func (s *Server) dailyRefusal(ctx context.Context, table, identity string, seed bool) error {
	if len(table) > 64 {
		return nil // no such table: the handler answers 404
	}
	p, err := s.st.DailyByTable(ctx, table)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !s.now().Before(dayEnd(p.Day)) {
		return nil
	}
	if seed {
		return withStatus(http.StatusForbidden, shelltext.Errorf("err.dailySeed"))
	}
	if identity == "" || identity != p.Identity {
		return withStatus(http.StatusForbidden, shelltext.Errorf("err.dailyPrivate"))
	}
	return nil
}

// dailyPageGuard is dailyGuard for the pages of a table (/t/{id},
// /replay/{id}): a refusal is the error page, saying why.
func (s *Server) dailyPageGuard(w http.ResponseWriter, r *http.Request) bool {
	me, err := s.maybeIdentify(r)
	if err == nil {
		err = s.dailyRefusal(r.Context(), r.PathValue("id"), me.ID, false)
	}
	var se *statusError
	switch {
	case err == nil:
		return true
	case errors.As(err, &se) && se.code == http.StatusForbidden:
		s.renderStatus(w, r, http.StatusForbidden, "error", pageData{ErrKey: "dailyPrivate"})
	default:
		s.pageError(w, r, err)
	}
	return false
}

// The store's daily calls, their faults marked as the other calls' are
// (errors.go): a failed read answers 503.

func (g guardedStore) CreateDaily(ctx context.Context, d store.Daily, t store.Table) error {
	return unavailable(dbName, g.Store.CreateDaily(ctx, d, t))
}

func (g guardedStore) DailyOf(ctx context.Context, day, game, identity string) (store.Daily, error) {
	d, err := g.Store.DailyOf(ctx, day, game, identity)
	return d, unavailable(dbName, err)
}

func (g guardedStore) DailyByTable(ctx context.Context, table string) (store.Daily, error) {
	d, err := g.Store.DailyByTable(ctx, table)
	return d, unavailable(dbName, err)
}

func (g guardedStore) DailyPlays(ctx context.Context, day, game string) ([]store.DailyPlay, error) {
	p, err := g.Store.DailyPlays(ctx, day, game)
	return p, unavailable(dbName, err)
}

func (g guardedStore) DailyDays(ctx context.Context, identity string, limit int) ([]string, error) {
	d, err := g.Store.DailyDays(ctx, identity, limit)
	return d, unavailable(dbName, err)
}

func (g guardedStore) DailySecret(ctx context.Context, fresh []byte) ([]byte, error) {
	sec, err := g.Store.DailySecret(ctx, fresh)
	return sec, unavailable(dbName, err)
}

// ----- the page -----

func (s *Server) dailyRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /daily", s.pageDaily)
	mux.HandleFunc("GET /api/daily", s.apiDaily)
	mux.HandleFunc("POST /api/daily/{game}/start", s.apiDailyStart)
}

var _ = template.Must(pages.New("dailypage").Parse(`
{{define "daily"}}{{template "head" .}}
{{.Texts}}<main id="daily"><h1>{{.Title}}</h1></main>
<script src="{{.JS}}"></script></body></html>{{end}}
`))

// pageDaily is the daily garden's shell: the script reads GET /api/daily.
func (s *Server) pageDaily(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "daily", pageData{Shell: true})
}
