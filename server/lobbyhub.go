package server

// The live lobby (issue 23). A table whose public face changes — created,
// a seat taken or given up, started, finished — publishes one small event
// (its lobby row) to the hub; the hub coalesces the events of a period
// (the latest row of each table wins) and sends each lobby watcher one
// message per period with the rows that match its filter. The table's
// goroutine never waits for the hub: publish is a send that gives up when
// the hub's inbox is full, and the hub never waits for a watcher: a
// watcher whose queue is full is dropped (its page reconnects and gets a
// fresh snapshot), as slow sockets are. In a cluster the hub forwards its
// own tables' events to the other nodes over NATS and fans theirs out to
// its watchers (cluster.Node.Broadcast).
//
// The watchers read GET /api/lobby, a stream of server-sent events
// (docs/server.md, "Live lobby").

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jardin-games/jardin/internal/metrics"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

const (
	// lobbyPeriod is the coalescing period: a watcher gets at most one
	// message per period, whatever the number of tables that changed.
	lobbyPeriod = 250 * time.Millisecond
	// lobbyQueue is the messages a watcher may have waiting; one more and
	// it is dropped.
	lobbyQueue = 8
	// lobbyInbox is the events the hub may have waiting; beyond, events
	// are lost (counted) and the hub tells every watcher to start again.
	lobbyInbox = 4096
	// lobbyPerAddr is the lobby streams one address may hold open, by
	// default (Config.LobbyPerAddr).
	lobbyPerAddr = 16
	// lobbyPing keeps idle streams open through proxies.
	lobbyPing = 25 * time.Second
	// lobbySubject is the NATS topic of the lobby events between nodes.
	lobbySubject = "lobby"
)

// lobbySeat is a seat in a lobby row: Player is the identity of the
// person holding it (their page: /p/{player}), "" for an open or bot seat.
type lobbySeat struct {
	Name   string         `json:"name"`
	Kind   store.SeatKind `json:"kind"`
	Bot    string         `json:"bot,omitempty"`
	Zombie bool           `json:"zombie,omitempty"`
	Player string         `json:"player,omitempty"`
	// Program and Invited: as seatInfo's (a bot identity's seat, a seat
	// kept for one).
	Program bool `json:"program,omitempty"`
	Invited bool `json:"invited,omitempty"`
}

// lobbyJSON is a table as the lobby lists it (GET /api/tables, the live
// lobby's rows, the player pages).
type lobbyJSON struct {
	ID      string       `json:"id"`
	Game    string       `json:"game"`
	Title   string       `json:"title"`
	Players int          `json:"players"`
	Status  store.Status `json:"status"`
	Clock   clockSpec    `json:"clock"`
	Seats   []lobbySeat  `json:"seats"`
	Created int64        `json:"created"` // ms since 1970: an open table has waited since then
	Updated int64        `json:"updated"` // ms: the last change (for a finished table, its end)
	// Only in the caller's own tables (?mine=1):
	You      *int  `json:"you,omitempty"`      // the caller's seat
	ToMove   *int  `json:"toMove,omitempty"`   // the seat to decide now (live tables)
	Deadline int64 `json:"deadline,omitempty"` // ms: when the seat to decide runs out of time (clocks)
	// Only in the caller's finished tables and on the player pages: the
	// player's place (1: won, shared or not; 0: no result, given up).
	Rank int `json:"rank,omitempty"`
}

// lobbyMsg is one message of the live lobby's stream. The first is a
// "snapshot" (every row that matches the filter); then "changes": rows to
// add or replace, and ids to take off (finished, given up, or no longer
// matching). Now is the server's time in ms, to count waiting times from.
type lobbyMsg struct {
	T    string      `json:"t" ts:"\"snapshot\" | \"changes\""`
	Now  int64       `json:"now"`
	Rows []lobbyJSON `json:"rows"`
	Gone []string    `json:"gone,omitempty"`
	// Mine: to a stream whose request carried an identity, its own tables
	// (public or private) whose stage, turn or clock changed.
	Mine []lobbyTurn `json:"mine,omitempty"`
}

// lobbyTurn is what the lobby of a person seated at a table hears of it:
// its stage, the seat to decide (-1: none) and when that seat's time runs
// out (ms; 0: no clock).
type lobbyTurn struct {
	ID       string       `json:"id"`
	Status   store.Status `json:"status"`
	ToMove   int          `json:"toMove"`
	Deadline int64        `json:"deadline,omitempty"`
}

// lobbyFilter selects rows by game, number of players and speed (the
// clock's mode); the zero value selects all.
type lobbyFilter struct {
	Game    string
	Players int
	Speed   store.ClockMode
}

func (f lobbyFilter) match(r *lobbyJSON) bool {
	return (f.Game == "" || f.Game == r.Game) && (f.Players == 0 || f.Players == r.Players) &&
		(f.Speed == "" || f.Speed == r.Clock.Mode)
}

// lobbyListed reports whether a row belongs in the lobby: open tables to
// join and live ones to watch (public ones only: the hub never gets the
// others).
func lobbyListed(r *lobbyJSON) bool {
	return r.Status == store.StatusOpen || r.Status == store.StatusLive
}

// lobbyFilterOf reads a filter from a request's ?game=&players=&speed=;
// bad values are an error, never ignored.
func (s *Server) lobbyFilterOf(r *http.Request) (lobbyFilter, error) {
	q := r.URL.Query()
	f := lobbyFilter{Game: q.Get("game"), Speed: store.ClockMode(q.Get("speed"))}
	if f.Game != "" {
		if _, err := s.reg.Lookup(f.Game); err != nil {
			return f, withStatus(http.StatusBadRequest, shelltext.Errorf("err.lobbyGame"))
		}
	}
	switch f.Speed {
	case "", clockNone, clockRealtime, clockAsync:
	default:
		return f, withStatus(http.StatusBadRequest, shelltext.Errorf("err.lobbySpeed"))
	}
	if p := q.Get("players"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > maxPlayers {
			return f, withStatus(http.StatusBadRequest, shelltext.Errorf("err.lobbyPlayers"))
		}
		f.Players = n
	}
	return f, nil
}

// lobbyEvent is one table's new lobby row (Row.ID set), or its turn for the
// people seated at it (Turn.ID set); Node is the node it comes from.
type lobbyEvent struct {
	Node string    `json:"node"`
	Row  lobbyJSON `json:"row"`
	// People are the identities seated (a slice the table shares and never
	// changes in place); turn events are not sent to other nodes.
	Turn   lobbyTurn `json:"-"`
	People []string  `json:"-"`
}

// lobbyWatcher is one stream of the live lobby.
type lobbyWatcher struct {
	filter lobbyFilter
	addr   string
	ident  string        // the identity the stream's request carried, or ""
	out    chan []byte   // messages to write; the hub never waits on it
	gone   chan struct{} // closed when the hub drops the watcher
}

type lobbyHub struct {
	in       chan lobbyEvent
	now      func() time.Time
	every    time.Duration
	forward  func(lobbyEvent) // sends this node's events to the others (cluster), or nil
	perAddr0 int              // streams an address may hold
	ending   chan struct{}    // closed by EndStreams
	endOnce  sync.Once

	mu       sync.Mutex
	watchers map[*lobbyWatcher]struct{}
	perAddr  map[string]int
	byIdent  map[string]map[*lobbyWatcher]struct{} // the watchers of each identity

	lost, dropped, sent atomic.Uint64 // events lost, watchers dropped, messages sent
}

func newLobbyHub(now func() time.Time, every time.Duration, perAddr int) *lobbyHub {
	return &lobbyHub{in: make(chan lobbyEvent, lobbyInbox), now: now, every: every, perAddr0: perAddr, ending: make(chan struct{}),
		watchers: map[*lobbyWatcher]struct{}{}, perAddr: map[string]int{}, byIdent: map[string]map[*lobbyWatcher]struct{}{}}
}

// publish hands an event to the hub without ever waiting: a table's
// goroutine calls it.
func (h *lobbyHub) publish(ev lobbyEvent) {
	select {
	case h.in <- ev:
	default:
		h.lost.Add(1)
	}
}

var errLobbyBusy = errors.New("too many lobby streams from this address")

// watch adds a watcher (ident: the identity it hears its own tables for,
// or ""); the caller must unwatch it.
func (h *lobbyHub) watch(f lobbyFilter, addr, ident string) (*lobbyWatcher, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.perAddr[addr] >= h.perAddr0 {
		return nil, errLobbyBusy
	}
	h.perAddr[addr]++
	w := &lobbyWatcher{filter: f, addr: addr, ident: ident, out: make(chan []byte, lobbyQueue), gone: make(chan struct{})}
	h.watchers[w] = struct{}{}
	if ident != "" {
		if h.byIdent[ident] == nil {
			h.byIdent[ident] = map[*lobbyWatcher]struct{}{}
		}
		h.byIdent[ident][w] = struct{}{}
	}
	return w, nil
}

func (h *lobbyHub) unwatch(w *lobbyWatcher) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.drop(w)
}

// drop removes w (h.mu held); dropping twice is harmless.
func (h *lobbyHub) drop(w *lobbyWatcher) {
	if _, ok := h.watchers[w]; !ok {
		return
	}
	delete(h.watchers, w)
	if h.perAddr[w.addr]--; h.perAddr[w.addr] <= 0 {
		delete(h.perAddr, w.addr)
	}
	if ws := h.byIdent[w.ident]; ws != nil {
		if delete(ws, w); len(ws) == 0 {
			delete(h.byIdent, w.ident)
		}
	}
	close(w.gone)
}

// run collects events and sends them every period until quit.
func (h *lobbyHub) run(quit <-chan struct{}) {
	tick := time.NewTicker(h.every)
	defer tick.Stop()
	pending, turns := map[string]lobbyEvent{}, map[string]lobbyEvent{}
	for {
		select {
		case <-quit:
			return
		case ev := <-h.in:
			if ev.Turn.ID != "" {
				turns[ev.Turn.ID] = ev
			} else {
				pending[ev.Row.ID] = ev
			}
		case <-tick.C:
			if len(pending) == 0 && len(turns) == 0 {
				continue
			}
			h.flush(pending, turns)
			clear(pending)
			clear(turns)
		}
	}
}

// flush sends each watcher the pending rows its filter matches, encoded
// once per distinct filter, and its own tables' turns.
func (h *lobbyHub) flush(pending, turns map[string]lobbyEvent) {
	if h.forward != nil {
		for _, ev := range pending {
			if ev.Node == "" {
				h.forward(ev)
			}
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.watchers) == 0 {
		return
	}
	now := h.now().UnixMilli()
	var mine map[*lobbyWatcher][]lobbyTurn
	for _, ev := range turns {
		for _, p := range ev.People {
			for w := range h.byIdent[p] {
				if mine == nil {
					mine = map[*lobbyWatcher][]lobbyTurn{}
				}
				mine[w] = append(mine[w], ev.Turn)
			}
		}
	}
	type shared struct {
		m lobbyMsg
		b []byte
	}
	msgs := map[lobbyFilter]*shared{}
	for w := range h.watchers {
		sh, ok := msgs[w.filter]
		if !ok {
			m := lobbyMsg{T: "changes", Now: now, Rows: []lobbyJSON{}}
			for _, ev := range pending {
				switch {
				case !w.filter.match(&ev.Row):
					// A row's game, players and clock never change: a row
					// that does not match never did.
				case lobbyListed(&ev.Row):
					m.Rows = append(m.Rows, ev.Row)
				default:
					m.Gone = append(m.Gone, ev.Row.ID)
				}
			}
			sh = &shared{m: m}
			if len(m.Rows) > 0 || len(m.Gone) > 0 {
				sh.b = mustJSON(m)
			}
			msgs[w.filter] = sh
		}
		b := sh.b
		if t := mine[w]; len(t) > 0 {
			m := sh.m
			m.Mine = t
			b = mustJSON(m)
		}
		if b == nil {
			continue
		}
		select {
		case w.out <- b:
			h.sent.Add(1)
		default:
			// Too slow to read: dropped, like a slow socket. Its page
			// reconnects and starts again from a snapshot.
			h.drop(w)
			h.dropped.Add(1)
		}
	}
}

// ----- the server's side -----

// lobbyRow is a stored table's lobby row (no caller-specific fields).
func (s *Server) lobbyRow(t store.Table) lobbyJSON {
	title := t.Game
	if g, err := s.reg.Lookup(t.Game); err == nil {
		title = g.Title("en")
	}
	l := lobbyJSON{ID: t.ID, Game: t.Game, Title: title, Players: t.Players, Status: t.Status, Clock: specOf(t.Clock),
		Created: t.Created.UnixMilli(), Updated: t.Updated.UnixMilli(), Seats: make([]lobbySeat, 0, len(t.Seats))}
	for _, st := range t.Seats {
		l.Seats = append(l.Seats, lobbySeat{Name: st.Name, Kind: st.Kind, Bot: st.Bot, Zombie: st.Zombie, Player: st.Identity,
			Program: st.Program, Invited: st.Invited != ""})
	}
	return l
}

// lobbyChanged publishes a public table's new row to the hub.
func (s *Server) lobbyChanged(t store.Table) {
	if !t.Public || s.lobby == nil {
		return
	}
	s.lobby.publish(lobbyEvent{Row: s.lobbyRow(t)})
}

// lobbySig is what the lobby shows of a live table that may change while
// it is loaded: its stage and its seats' holders (the public row), the
// seat to decide and its deadline (the seated people's own lobby).
type lobbySig struct {
	status        store.Status
	open, zombies int
	toMove        int
	deadline      int64
}

// lobbyState is what a table remembers of what it told the lobby.
type lobbyState struct {
	seen   lobbySig
	people []string // the identities seated, for the turn events (rebuilt when the seats change)
}

func (t *table) lobbySig() lobbySig {
	m := &t.meta
	g := lobbySig{status: m.Status, toMove: -1}
	for i := range m.Seats {
		if m.Seats[i].Kind == store.SeatOpen {
			g.open++
		}
		if m.Seats[i].Zombie {
			g.zombies++
		}
	}
	if m.Status == store.StatusLive {
		g.toMove = t.state.ToMove()
		if d := t.deadline(); !d.IsZero() {
			g.deadline = d.UnixMilli()
		}
	}
	return g
}

// lobbyInit notes what the lobby knows of a table just loaded (its stored
// row): nothing is published for loading it.
func (t *table) lobbyInit() {
	t.lobby.seen = t.lobbySig()
	t.lobby.people = t.seatedPeople()
}

func (t *table) seatedPeople() []string {
	var p []string
	for _, st := range t.meta.Seats {
		if st.Identity != "" {
			p = append(p, st.Identity)
		}
	}
	return p
}

// lobbyCheck runs on the table's goroutine after each thing it does. When
// the public row changed (a seat taken or given up, the start, the end) it
// publishes the row; when that or the turn or its deadline changed, it
// tells the seated people's own lobby streams. Nothing allocates unless a
// seat changed; publishing never waits.
func (t *table) lobbyCheck() {
	g := t.lobbySig()
	old := t.lobby.seen
	if g == old {
		return
	}
	t.lobby.seen = g
	if g.status != old.status || g.open != old.open || g.zombies != old.zombies {
		t.lobby.people = t.seatedPeople()
		t.srv.lobbyChanged(t.meta)
	}
	if len(t.lobby.people) > 0 && t.srv.lobby != nil {
		t.srv.lobby.publish(lobbyEvent{Turn: lobbyTurn{ID: t.id, Status: g.status, ToMove: g.toMove, Deadline: g.deadline},
			People: t.lobby.people})
	}
}

// lobbyMetrics registers the hub's figures (docs/server.md, "Metrics").
func (s *Server) lobbyMetrics() {
	h := s.lobby
	count := func(c *atomic.Uint64) func() float64 { return func() float64 { return float64(c.Load()) } }
	s.met.reg.Register(
		metrics.NewGaugeFunc("jardin_lobby_watchers",
			"Open live lobby streams (GET /api/lobby) on this node.", func() float64 {
				h.mu.Lock()
				defer h.mu.Unlock()
				return float64(len(h.watchers))
			}),
		metrics.NewCounterFunc("jardin_lobby_messages_total",
			"Live lobby messages queued to watchers.", count(&h.sent)),
		metrics.NewCounterFunc("jardin_lobby_dropped_total",
			"Live lobby watchers dropped for reading too slowly (their page reconnects).", count(&h.dropped)),
		metrics.NewCounterFunc("jardin_lobby_lost_total",
			"Lobby events lost because the hub's inbox was full (a table never waits for it).", count(&h.lost)),
	)
}

// startLobby starts the hub (and, in a cluster, its link to the other
// nodes' hubs).
func (s *Server) startLobby() {
	if s.node != nil {
		s.lobby.forward = func(ev lobbyEvent) {
			ev.Node = s.nodeID
			if err := s.node.Broadcast(lobbySubject, lobbyWire(ev)); err != nil {
				s.log.Warn("lobby event not sent to the other nodes", "table", ev.Row.ID, "err", err)
			}
		}
		err := s.node.OnBroadcast(lobbySubject, func(b []byte) {
			var ev lobbyEvent
			if json.Unmarshal(b, &ev) != nil || ev.Node == "" || ev.Node == s.nodeID {
				return // garbage, or this node's own event coming back
			}
			s.lobby.publish(ev)
		})
		if err != nil {
			s.log.Error("lobby: other nodes' tables will not show", "err", err)
		}
	}
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		s.lobby.run(s.quit)
	}()
}

// apiLobby is the live lobby: a stream of server-sent events, each a
// lobbyMsg, the first a snapshot of the public open and live tables that
// match ?game=&players=&speed=.
func (s *Server) apiLobby(w http.ResponseWriter, r *http.Request) {
	f, err := s.lobbyFilterOf(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	// A stream with an identity hears of its own tables too; without one,
	// or with one the store cannot find, only of the public ones.
	me, _ := s.maybeIdentify(r)
	lw, err := s.lobby.watch(f, s.clientAddr(r), me.ID)
	if err != nil {
		s.apiError(w, r, http.StatusTooManyRequests, shelltext.Errorf("err.lobbyStreams"))
		return
	}
	defer s.lobby.unwatch(lw)
	// Watching first, then the snapshot: a change made meanwhile comes
	// after it (a row sent twice is the same row twice).
	snap, err := s.lobbySnapshot(r, f)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no") // nginx: do not hold the stream back
	w.WriteHeader(http.StatusOK)
	write := func(b []byte) bool {
		rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !write(mustJSON(snap)) {
		return
	}
	ping := time.NewTicker(lobbyPing)
	defer ping.Stop()
	for {
		select {
		case b := <-lw.out:
			if !write(b) {
				return
			}
		case <-ping.C:
			rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if _, err := w.Write([]byte(": ping\n\n")); err != nil || rc.Flush() != nil {
				return
			}
		case <-lw.gone:
			return
		case <-r.Context().Done():
			return
		case <-s.quit:
			return
		case <-s.lobby.ending:
			return
		}
	}
}

// EndStreams ends every live lobby stream (their browsers reconnect):
// call it when the HTTP server begins to shut down
// (http.Server.RegisterOnShutdown), which otherwise waits for them.
func (s *Server) EndStreams() { s.lobby.endOnce.Do(func() { close(s.lobby.ending) }) }

// lobbySnapshot is the public open tables and the public live ones to
// watch, newest first, that match f.
func (s *Server) lobbySnapshot(r *http.Request, f lobbyFilter) (lobbyMsg, error) {
	m := lobbyMsg{T: "snapshot", Now: s.now().UnixMilli(), Rows: []lobbyJSON{}}
	for _, st := range []store.Status{store.StatusOpen, store.StatusLive} {
		// The filter is applied after the query: a few more rows read
		// rather than a query per filter in both stores.
		ts, err := s.st.Tables(r.Context(), store.Query{Status: []store.Status{st}, Public: true, Limit: 4 * lobbyTables})
		if err != nil {
			return m, err
		}
		n := 0
		for _, t := range ts {
			row := s.lobbyRow(t)
			if f.match(&row) && n < lobbyTables {
				m.Rows = append(m.Rows, row)
				n++
			}
		}
	}
	return m, nil
}

// lobbyWire is the live lobby's event as it crosses NATS.
func lobbyWire(ev lobbyEvent) []byte { b, _ := json.Marshal(ev); return b }

// WireLobby is the live lobby's and the lobby API's types, for the
// TypeScript generator (internal/cmd/wiregen): the stream's message, a
// table's row (GET /api/tables), a player's page (GET /api/players/{id}).
func WireLobby() []any { return []any{lobbyMsg{}, lobbyJSON{}, playerJSON{}} }
