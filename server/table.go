package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// recentItems is how many log entries a table keeps with their events, for
// the recent events of a sync and for resuming a reconnecting client.
const recentItems = 64

// msgReconnectStore is the close reason of the sockets of a table whose
// log could not be read back (for programs; the page reconnects).
const msgReconnectStore = "the table could not be read back from the database; reconnect in a moment"

// errStoreFailed is what a join, leave or rematch whose write failed
// answers (the store's own error is logged): nothing changed, try again.
var errStoreFailed = shelltext.Errorf("err.storeFailed")

// errUnloaded tells a caller that the table's goroutine has stopped (the
// table went idle and was unloaded): look it up again.
var errUnloaded = errors.New("table unloaded")

// table is one live table. Its goroutine (run) owns everything below inbox;
// other goroutines only send it functions to run (do).
type table struct {
	// watchers counts the spectators' sockets; watchPending, that a
	// presence message with the new count is due (spectators coming and
	// going are told at most once a second, never one message per socket).
	watchers     int
	watchPending bool

	srv   *Server
	id    string
	inbox chan func()
	done  chan struct{} // closed when run returns
	timer *time.Timer
	// reminder fires when the person to move at an async table is due a
	// reminder (remind.go).
	reminder *time.Timer

	meta    store.Table
	game    engine.Game
	fork    *forkStart // where a forked table's game starts (fork.go); nil: from the setup
	state   engine.State
	moves   []engine.Move // the moves in force (undone ones removed)
	movers  []int
	taken   map[int]int    // seat → moves in force when a bot took it over (the record's "replaced")
	why     map[int]string // seat → why a bot took it over: its zombie entry's Move (zombieWhy)
	quiet   []bool         // quiet[i]: moves[i] revealed nothing (undo policy), for human movers
	version int
	recent  []logItem
	clients map[string]int // "seat/client id" → the version its move made
	conns   map[*conn]struct{}
	online  []int       // connections per seat
	away    []time.Time // when a seat's last connection closed (zero: connected or never)
	// loaded is when this goroutine loaded the table: a seat that has not
	// connected since has been away at least since then (handOver).
	loaded time.Time
	// started is when this goroutine saw the game start (zero: it was live
	// when loaded): nobody is away from a game before it starts (handOver).
	started time.Time
	bots    []bots.Bot // per seat, for bot and zombie seats
	botGen  int        // bumps when a bot's answer would no longer apply
	botBusy bool
	remain  []int64 // realtime clocks in ms at turnStart
	turnAt  time.Time
	chatSeq int
	chatAt  map[int][]time.Time // recent chat times per seat, for the rate limit
	cache   map[cacheKey][]byte // per-seat payload parts for the current version
	// views: per seat with a connection (spectators: -1), its view as JSON
	// at the latest version encoded, the base of the next update's patch
	// (table_payload.go). Dropped when the seat's last socket closes.
	views map[int]seatView
	// shared: the large view members the kept views share at one version
	// (keptview.go).
	shared keptShare
	// chatLog is the chat's last lines, for a sync (the store has them
	// all): the table's goroutine reads no chat from the database.
	chatLog []chatOut
	idle    time.Time // since when nothing needs the goroutine
	commit  chan error
	lease   *cluster.Lease // this node's ownership of the table (nil: single node)
	// broken: a write failed and the table could not be read back from
	// the store, so memory may differ from the stored log; run unloads the
	// table as soon as the function that set it returns.
	broken bool
	// allItems keeps every entry in recent: a table replayed for its
	// whole log (apiLog), never a live one.
	allItems bool
	// lobby is what the lobby last heard of the table (lobbyhub.go).
	lobby lobbyState
	// botSent is what the table last told its bot identities (botapi.go).
	botSent *botSent
	// deeping: the table's work runs on a deep-work goroutine (deep.go).
	deeping bool
}

// memo is what a write changes in the table's memory before the write is
// durable (the position after a move gives the stored deadline, the clocks
// are charged): restored when the store refuses the write, so that memory
// always equals the stored log. Writers replace these fields rather than
// change them in place (the state is cloned before a move is applied to
// it, clocks and takeovers are copied on write), so keeping them costs no
// copy.
type memo struct {
	state  engine.State
	meta   store.Table
	moves  []engine.Move
	movers []int
	quiet  []bool
	taken  map[int]int
	why    map[int]string
	remain []int64
	turnAt time.Time
}

func (t *table) keep() memo {
	return memo{state: t.state, meta: t.meta, moves: t.moves, movers: t.movers, quiet: t.quiet, taken: t.taken,
		why: t.why, remain: t.remain, turnAt: t.turnAt}
}

func (t *table) restore(m memo) {
	t.state, t.meta, t.moves, t.movers, t.quiet = m.state, m.meta, m.moves, m.movers, m.quiet
	t.taken, t.why, t.remain, t.turnAt = m.taken, m.why, m.remain, m.turnAt
}

// logItem is one log entry with the events it produced.
type logItem struct {
	v      int
	kind   store.EntryKind
	seat   int
	n      int    // undo: moves taken back; zombie: seconds the seat was away (zombieWhy)
	why    string // zombie: why a bot took the seat over (zombieWhy)
	events []engine.Event
}

type cacheKey struct {
	seat int
	lang string
	part string
}

// do runs f on the table's goroutine and waits for it. It fails with
// errUnloaded if the goroutine has stopped.
func (t *table) do(f func()) error {
	ch := make(chan struct{})
	select {
	case t.inbox <- func() { defer close(ch); f() }:
	case <-t.done:
		return errUnloaded
	}
	select {
	case <-ch:
		return nil
	case <-t.done:
		return errUnloaded
	}
}

// post runs f on the table's goroutine without waiting.
func (t *table) post(f func()) bool {
	select {
	case t.inbox <- f:
		return true
	case <-t.done:
		return false
	}
}

// loadTable rebuilds a table from the store and starts its goroutine.
// downSince, when not zero, is when the table last had a running owner (the
// server's last heartbeat before a restart, or the dead owner's last
// renewal after a takeover): realtime clocks get the time since back.
func (s *Server) loadTable(ctx context.Context, id string, downSince time.Time) (*table, error) {
	meta, err := s.st.Table(ctx, id)
	if err != nil {
		return nil, err
	}
	t, err := s.replayStored(ctx, meta)
	if err != nil {
		return nil, err
	}
	t.srv, t.inbox, t.done = s, make(chan func(), 256), make(chan struct{})
	t.conns, t.chatAt, t.commit = map[*conn]struct{}{}, map[int][]time.Time{}, make(chan error, 1)
	t.online, t.away = make([]int, len(meta.Seats)), make([]time.Time, len(meta.Seats))
	t.bots, t.cache, t.views = make([]bots.Bot, len(meta.Seats)), map[cacheKey][]byte{}, map[int]seatView{}
	t.giveBack(downSince, s.now())
	t.loaded = s.now()
	return t, nil
}

// LogError is a table whose stored log cannot be replayed: the table is
// never served (half-loaded or not at all) and the error names the table
// and the entry, for the operator (jardin check lists them all).
type LogError struct {
	Table string
	Seq   int // the entry that fails; 0: the table's row itself (game, setup)
	Err   error
}

func (e *LogError) Error() string {
	if e.Seq == 0 {
		return fmt.Sprintf("table %s: %v", e.Table, e.Err)
	}
	return fmt.Sprintf("table %s: entry %d: %v", e.Table, e.Seq, e.Err)
}

func (e *LogError) Unwrap() error { return e.Err }

// replayStored reads table meta's log and chat from the store and replays
// them into a fresh table value (not started, no server fields): the
// caller swaps it in only if everything succeeded, so that a failure
// leaves nothing half-loaded.
func (s *Server) replayStored(ctx context.Context, meta store.Table) (*table, error) {
	entries, err := s.st.Entries(ctx, meta.ID, 0)
	if err != nil {
		return nil, fmt.Errorf("table %s: read its log: %w", meta.ID, err)
	}
	chat, err := s.st.ChatLines(ctx, meta.ID, chatKept)
	if err != nil {
		return nil, fmt.Errorf("table %s: read its chat: %w", meta.ID, err)
	}
	fork, err := forkOf(ctx, s.st, meta.ID)
	if err != nil {
		return nil, err
	}
	t, err := replayLog(s.reg, meta, fork, entries)
	if err != nil {
		return nil, err
	}
	if len(chat) > 0 {
		t.chatSeq = chat[len(chat)-1].Seq
	}
	for _, l := range chat {
		t.chatLog = append(t.chatLog, chatOut{Seat: l.Seat, Name: l.Name, Text: l.Text, At: l.At.UnixMilli()})
	}
	return t, nil
}

// replayLog is the table meta after its log: the state by replay from the
// seed (or from fork's start, for a forked table), the moves in force, the
// recent events, the clients' ids, the realtime clocks. A failure is a
// *LogError.
func replayLog(reg *engine.Registry, meta store.Table, fork *store.Fork, entries []store.Entry) (*table, error) {
	return replayEntries(reg, meta, fork, entries, false)
}

// replayEntries is replayLog; with all, the table keeps every entry's
// events, not only the recent ones (the whole log, apiLog).
func replayEntries(reg *engine.Registry, meta store.Table, fork *store.Fork, entries []store.Entry, all bool) (*table, error) {
	g, err := reg.Lookup(meta.Game)
	if err != nil {
		return nil, &LogError{Table: meta.ID, Err: err}
	}
	t := &table{id: meta.ID, meta: meta, game: g, taken: map[int]int{}, why: map[int]string{}, clients: map[string]int{}, turnAt: meta.Updated, allItems: all}
	if fork != nil {
		if t.fork, err = newForkStart(g, meta.Players, meta.Options, *fork, meta.Seed); err != nil {
			return nil, &LogError{Table: meta.ID, Err: err}
		}
	}
	if t.state, err = t.setup(); err != nil {
		return nil, &LogError{Table: meta.ID, Err: fmt.Errorf("setup: %w", err)}
	}
	if meta.Clock.Mode == clockRealtime {
		t.remain = make([]int64, len(meta.Seats))
		for i := range t.remain {
			t.remain[i] = meta.Clock.Base.Milliseconds()
		}
	}
	for i, e := range entries {
		if e.Seq != i+1 {
			return nil, &LogError{Table: meta.ID, Seq: e.Seq, Err: fmt.Errorf("found where entry %d belongs", i+1)}
		}
		if err := t.replay(e); err != nil {
			return nil, &LogError{Table: meta.ID, Seq: e.Seq, Err: err}
		}
	}
	return t, nil
}

// adopt takes the replayed table r's position in place of t's (a reload);
// what belongs to the running goroutine (connections, timers, chat rate)
// stays, and what the old position started (bots, cached payloads) is
// dropped.
func (t *table) adopt(r *table) {
	t.meta, t.game, t.state, t.fork = r.meta, r.game, r.state, r.fork
	t.moves, t.movers, t.quiet, t.taken, t.why = r.moves, r.movers, r.quiet, r.taken, r.why
	t.recent, t.version, t.clients, t.chatSeq, t.chatLog = r.recent, r.version, r.clients, r.chatSeq, r.chatLog
	t.remain, t.turnAt = r.remain, r.turnAt
	n := len(t.meta.Seats)
	t.online, t.away = make([]int, n), make([]time.Time, n)
	t.bots = make([]bots.Bot, n)
	t.cache = map[cacheKey][]byte{}
	t.views, t.shared = map[int]seatView{}, keptShare{}
	t.botGen++
	t.botBusy = false
}

// replay applies one stored log entry.
func (t *table) replay(e store.Entry) error {
	switch e.Kind {
	case store.KindMove:
		if t.state.ToMove() != e.Seat {
			return fmt.Errorf("move %q by seat %d, but seat %d is to move", e.Move, e.Seat, t.state.ToMove())
		}
		m, err := t.state.ParseMove(e.Move)
		if err != nil {
			return err
		}
		var log engine.Log
		var before engine.State
		if t.undoTracked(e.Seat) {
			before = t.state.Clone()
		}
		if err := t.state.Apply(m, &log); err != nil {
			return err
		}
		t.pushMove(m, e.Seat, before)
		t.addItem(logItem{v: e.Seq, kind: e.Kind, seat: e.Seat, events: log.Events})
	case store.KindUndo:
		k, err := strconv.Atoi(e.Move)
		if err != nil || k < 1 || k > len(t.moves) {
			return fmt.Errorf("undo of %q moves", e.Move)
		}
		if err := t.takeBack(k); err != nil {
			return err
		}
		t.addItem(logItem{v: e.Seq, kind: e.Kind, seat: e.Seat, n: k})
	case store.KindZombie:
		t.taken[e.Seat] = len(t.moves)
		t.why[e.Seat] = e.Move
		why, secs := zombieWhy(e.Move)
		t.addItem(logItem{v: e.Seq, kind: e.Kind, seat: e.Seat, why: why, n: secs})
	default:
		return fmt.Errorf("unknown entry kind %q", e.Kind)
	}
	t.version = e.Seq
	if e.Client != "" {
		t.clients[clientKey(e.Seat, e.Client)] = e.Seq
	}
	if e.Clocks != nil && t.remain != nil {
		copy(t.remain, e.Clocks)
	}
	t.turnAt = e.At
	return nil
}

func clientKey(seat int, id string) string { return strconv.Itoa(seat) + "/" + id }

// undoTracked reports whether moves of seat are checked for undo: only a
// person's, at tables that allow undo (the check replays the move in
// several hidden worlds, which bots never need).
func (t *table) undoTracked(seat int) bool {
	return t.meta.Undo && seat >= 0 && seat < len(t.meta.Seats) && t.meta.Seats[seat].Kind == store.SeatHuman
}

func (t *table) pushMove(m engine.Move, seat int, before engine.State) {
	t.moves = append(t.moves, m)
	t.movers = append(t.movers, seat)
	t.quiet = append(t.quiet, before != nil && engine.RevealsNothing(before, m))
}

// takeBack replays the game without its last k moves.
func (t *table) takeBack(k int) error {
	s, err := t.setup()
	if err != nil {
		return err
	}
	keep := len(t.moves) - k
	for _, m := range t.moves[:keep] {
		if err := s.Apply(m, nil); err != nil {
			return fmt.Errorf("replay for undo: %w", err)
		}
	}
	taken := make(map[int]int, len(t.taken)) // a new map: a memo may hold the old one
	for seat, n := range t.taken {
		taken[seat] = min(n, keep) // a move undone after the takeover was made before it
	}
	t.state, t.taken = s, taken
	t.moves, t.movers, t.quiet = t.moves[:keep], t.movers[:keep], t.quiet[:keep]
	return nil
}

// undoable is how many moves seat may take back now (engine.Undoable's
// rule, from the per-move checks made as the moves were played).
func (t *table) undoable(seat int) int {
	if !t.undoTracked(seat) || t.meta.Status != store.StatusLive || t.meta.Seats[seat].Zombie {
		return 0
	}
	n := 0
	for i := len(t.moves) - 1; i >= 0 && t.movers[i] == seat && t.quiet[i]; i-- {
		n++
	}
	return n
}

func (t *table) addItem(it logItem) {
	t.recent = append(t.recent, it)
	if len(t.recent) > recentItems && !t.allItems {
		t.recent = append(t.recent[:0], t.recent[len(t.recent)-recentItems:]...)
	}
}

// run is the table's goroutine.
func (t *table) run() {
	defer close(t.done)
	t.timer = time.NewTimer(time.Hour)
	t.timer.Stop()
	t.reminder = time.NewTimer(time.Hour)
	t.reminder.Stop()
	t.idle = t.srv.now()
	if t.safely(t.catchUpDeadline); t.broken {
		t.unloadBroken()
		return
	}
	t.lobbyInit()
	t.afterChange()
	t.botCheck()
	tick := time.NewTicker(t.srv.cfg.IdleCheck)
	defer tick.Stop()
	var lost <-chan struct{} // nil (never ready) on a single node
	if t.lease != nil {
		lost = t.lease.Lost()
	}
	for {
		select {
		case f := <-t.inbox:
			t.safely(f)
			t.lobbyCheck()
			t.botCheck()
		case <-t.timer.C:
			t.safely(t.onTimer)
			t.botCheck()
		case <-t.reminder.C:
			t.safely(t.onRemind)
			t.lobbyCheck()
		case <-tick.C:
			if t.unloadable() && t.srv.unload(t) {
				t.closeAll(wsClose("unloading"))
				t.release()
				return
			}
		case <-lost:
			// Another node owns the table now (or may at any moment): stop
			// acting for it; the sockets reconnect and find the new owner.
			t.srv.forget(t)
			t.closeAll(wsClose("moved"))
			return
		case <-t.srv.quit:
			t.closeAll(wsClose("shutdown"))
			t.release()
			return
		}
		if t.broken {
			t.unloadBroken()
			return
		}
	}
}

// unloadBroken stops a table whose memory can no longer be trusted to equal
// the stored log (a write failed and the store could not be read back):
// it leaves memory before its sockets are told to reconnect, so that their
// next request loads it again from the store, which tells them to retry
// while it is down.
func (t *table) unloadBroken() {
	t.srv.met.broken.Inc()
	t.srv.forget(t)
	t.closeAll(msgReconnectStore)
	t.release()
}

// safely runs f, turning a panic (an engine bug) into a log line and a
// table rebuilt from the store, so that nothing of it reaches a client and
// the server goes on.
func (t *table) safely(f func()) {
	defer func() {
		if r := recover(); r != nil {
			t.srv.met.panics.Inc()
			t.srv.log.Error("table panic", "table", t.id, "panic", r, "stack", string(debug.Stack()))
			t.recoverTable()
		}
	}()
	f()
}

// recoverTable rebuilds the table after a panic; if that fails or panics
// too (the game itself is broken), the table leaves memory and its sockets
// are closed; the server goes on.
func (t *table) recoverTable() {
	defer func() {
		if r := recover(); r != nil {
			t.srv.log.Error("table unusable", "table", t.id, "panic", r)
			t.broken = true
		}
	}()
	if err := t.reload(); err != nil {
		t.srv.log.Error("table reload after panic", "table", t.id, "err", err)
		t.broken = true
	}
}

// reload rebuilds the table from the store (after a failed write or a
// panic) and sends everyone a fresh sync. It changes nothing unless the
// whole table could be read and replayed.
func (t *table) reload() error {
	if err := t.readBack(); err != nil {
		return err
	}
	t.resync()
	return nil
}

// readBack replaces the table's position by the stored one, or leaves it
// untouched if the store cannot be read or its log replayed.
func (t *table) readBack() error {
	ctx := context.Background()
	meta, err := t.srv.st.Table(ctx, t.id)
	if err != nil {
		return fmt.Errorf("table %s: read back: %w", t.id, err)
	}
	r, err := t.srv.replayStored(ctx, meta)
	if err != nil {
		return err
	}
	t.adopt(r)
	t.recount()
	return nil
}

// resync sends every connection a fresh sync and starts what the position
// needs (after readBack).
func (t *table) resync() {
	for c := range t.conns {
		t.sendSync(c, -1)
	}
	t.afterChange()
}

func (t *table) recount() {
	clear(t.online)
	for c := range t.conns {
		if c.seat >= 0 {
			t.online[c.seat]++
		}
	}
}

// unloadable: nothing needs the goroutine (no connection, no bot or clock
// running) for a while. Realtime tables stay while live: their clocks run.
func (t *table) unloadable() bool {
	if len(t.conns) > 0 || t.botBusy {
		t.idle = t.srv.now()
		return false
	}
	if t.meta.Status == store.StatusLive && (t.meta.Clock.Mode == clockRealtime || t.botToMove() >= 0) {
		return false
	}
	return t.srv.now().Sub(t.idle) >= t.srv.cfg.Idle
}

func (t *table) closeAll(why string) {
	for c := range t.conns {
		c.fail(why)
	}
}

// seatHolder reports whether a person controls seat (not open, not a bot,
// not replaced by one).
func (t *table) seatHolder(seat int) bool {
	return seat >= 0 && seat < len(t.meta.Seats) && t.meta.Seats[seat].Kind == store.SeatHuman && !t.meta.Seats[seat].Zombie
}

// botToMove returns the seat to move if a bot plays it, else -1.
func (t *table) botToMove() int {
	if t.meta.Status != store.StatusLive {
		return -1
	}
	p := t.state.ToMove()
	if p < 0 || p >= len(t.meta.Seats) {
		return -1
	}
	if st := t.meta.Seats[p]; st.Kind == store.SeatBot || st.Zombie {
		return p
	}
	return -1
}

// recordOf is the game's record (docs/records.md): only once it is over.
func (t *table) recordOf() ([]byte, error) {
	if t.meta.Status != store.StatusOver {
		return nil, shelltext.Errorf("err.recordOver")
	}
	setup, moves, redeals, err := t.history()
	if err != nil {
		return nil, err
	}
	before := len(moves) - len(t.moves) // a fork's moves, before the table's own
	r := record.Record{Game: t.meta.Game, Options: t.meta.Options, Seed: setup}
	for i, s := range t.meta.Seats {
		seat := record.Seat{Name: s.Name, Kind: "human"}
		switch {
		case s.Kind == store.SeatBot:
			seat.Kind = s.Bot
		case s.Zombie:
			why, _ := zombieWhy(t.why[i])
			seat.Replaced = &record.Replacement{By: s.Bot, After: before + t.taken[i], Why: why}
		}
		r.Players = append(r.Players, seat)
	}
	for _, m := range moves {
		r.Moves = append(r.Moves, record.Step{Player: m.Seat, Move: m.Move})
	}
	for _, rd := range redeals {
		r.Forks = append(r.Forks, record.Fork{After: rd.After, Seat: rd.Seat, Seed: rd.Seed})
	}
	r.Format = record.FormatOf(r.Forks)
	res := t.state.Result()
	r.Result = &res
	return r.Marshal()
}

// snapshot is what the HTTP API may tell anyone about the table.
func (t *table) snapshot() tableJSON {
	return tableJSON{tableInfo: *t.info(), Seats: t.seatInfos(), Version: t.version, ToMove: t.state.ToMove(),
		Result: json.RawMessage(t.meta.Result)}
}
