package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strconv"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/sim"
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
	loaded  time.Time
	bots    []bots.Bot // per seat, for bot and zombie seats
	botGen  int        // bumps when a bot's answer would no longer apply
	botBusy bool
	remain  []int64 // realtime clocks in ms at turnStart
	turnAt  time.Time
	chatSeq int
	chatAt  map[int][]time.Time // recent chat times per seat, for the rate limit
	cache   map[cacheKey][]byte // per-seat payload parts for the current version
	idle    time.Time           // since when nothing needs the goroutine
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
	t.bots, t.cache = make([]bots.Bot, len(meta.Seats)), map[cacheKey][]byte{}
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
	chat, err := s.st.ChatLines(ctx, meta.ID, 1)
	if err != nil {
		return nil, fmt.Errorf("table %s: read its chat: %w", meta.ID, err)
	}
	t, err := replayLog(s.reg, meta, entries)
	if err != nil {
		return nil, err
	}
	if len(chat) > 0 {
		t.chatSeq = chat[len(chat)-1].Seq
	}
	return t, nil
}

// replayLog is the table meta after its log: the state by replay from the
// seed, the moves in force, the recent events, the clients' ids, the
// realtime clocks. A failure is a *LogError.
func replayLog(reg *engine.Registry, meta store.Table, entries []store.Entry) (*table, error) {
	return replayEntries(reg, meta, entries, false)
}

// replayEntries is replayLog; with all, the table keeps every entry's
// events, not only the recent ones (the whole log, apiLog).
func replayEntries(reg *engine.Registry, meta store.Table, entries []store.Entry, all bool) (*table, error) {
	g, err := reg.Lookup(meta.Game)
	if err != nil {
		return nil, &LogError{Table: meta.ID, Err: err}
	}
	t := &table{id: meta.ID, meta: meta, game: g, taken: map[int]int{}, why: map[int]string{}, clients: map[string]int{}, turnAt: meta.Updated, allItems: all}
	if t.state, err = g.New(meta.Players, meta.Seed, meta.Options); err != nil {
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

// giveBack: the clock of the seat to move ran from turnAt until the table
// last had an owner (downSince: the server's last heartbeat, or the dead
// owner's last renewal); the time the table had no owner is given back.
func (t *table) giveBack(downSince, now time.Time) {
	if t.remain == nil || downSince.IsZero() || t.meta.Status != store.StatusLive {
		return
	}
	spent := int64(0)
	if downSince.After(t.turnAt) {
		spent = downSince.Sub(t.turnAt).Milliseconds()
	}
	if p := t.clockSeat(); p >= 0 {
		t.remain[p] -= spent
	}
	t.turnAt = now
}

// adopt takes the replayed table r's position in place of t's (a reload);
// what belongs to the running goroutine (connections, timers, chat rate)
// stays, and what the old position started (bots, cached payloads) is
// dropped.
func (t *table) adopt(r *table) {
	t.meta, t.game, t.state = r.meta, r.game, r.state
	t.moves, t.movers, t.quiet, t.taken, t.why = r.moves, r.movers, r.quiet, r.taken, r.why
	t.recent, t.version, t.clients, t.chatSeq = r.recent, r.version, r.clients, r.chatSeq
	t.remain, t.turnAt = r.remain, r.turnAt
	n := len(t.meta.Seats)
	t.online, t.away = make([]int, n), make([]time.Time, n)
	t.bots = make([]bots.Bot, n)
	t.cache = map[cacheKey][]byte{}
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
	s, err := t.game.New(t.meta.Players, t.meta.Seed, t.meta.Options)
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
		case <-t.timer.C:
			t.safely(t.onTimer)
		case <-t.reminder.C:
			t.safely(t.onRemind)
			t.lobbyCheck()
		case <-tick.C:
			if t.unloadable() && t.srv.unload(t) {
				t.closeAll("the server is unloading this table; reconnect")
				t.release()
				return
			}
		case <-lost:
			// Another node owns the table now (or may at any moment): stop
			// acting for it; the sockets reconnect and find the new owner.
			t.srv.forget(t)
			t.closeAll("the table moved to another node; reconnect")
			return
		case <-t.srv.quit:
			t.closeAll("the server is shutting down; reconnect in a moment")
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

// commitWrite stores w and waits until it is durable. The table's
// goroutine waits here: a table has one write in flight at a time, and the
// batcher commits many tables' writes in one transaction.
func (t *table) commitWrite(w store.Write) error {
	if t.lease != nil && !t.lease.Valid() {
		// The store's (table, seq) key would refuse a write that races a
		// new owner anyway; this saves the round trip and the reload.
		return fmt.Errorf("table %s: %w", t.id, errNotOwner)
	}
	if w.Table != nil {
		t.stampRemind(w.Table)
	}
	if f := t.srv.faults.beforeCommit.Load(); f != nil {
		(*f)(w)
	}
	t.srv.batch.Submit(w, func(err error) { t.commit <- err })
	err := <-t.commit
	if err == nil && t.lease != nil && !t.lease.Valid() {
		// Stored, but perhaps after the lease expired: a new owner may
		// have loaded the table before this write and would sync its
		// clients one version behind it until its own first write is
		// refused. Nothing of it is acknowledged here: the sockets go to
		// the new owner, which shows it once it reloads (docs/scaling.md).
		return fmt.Errorf("table %s: %w", t.id, errStoredLate)
	}
	return err
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

// clockSeat is the seat whose clock runs: a person to move at a live table.
func (t *table) clockSeat() int {
	if t.meta.Status != store.StatusLive {
		return -1
	}
	if p := t.state.ToMove(); t.seatHolder(p) {
		return p
	}
	return -1
}

// deadline is when the seat to move runs out of time (zero: never).
func (t *table) deadline() time.Time {
	p := t.clockSeat()
	if p < 0 {
		return time.Time{}
	}
	switch t.meta.Clock.Mode {
	case clockRealtime:
		d := t.turnAt.Add(time.Duration(t.remain[p]) * time.Millisecond)
		if t.online[p] == 0 && !t.away[p].IsZero() {
			if g := t.away[p].Add(t.srv.cfg.Grace); g.Before(d) {
				d = g
			}
		}
		return d
	case clockAsync:
		return t.turnAt.Add(t.meta.Clock.PerMove)
	}
	return time.Time{}
}

// afterChange starts what the new position needs: the bot to move, the
// clock's timer.
func (t *table) afterChange() {
	if p := t.botToMove(); p >= 0 && !t.botBusy {
		t.startBot(p)
	}
	t.timer.Stop()
	if d := t.deadline(); !d.IsZero() {
		t.timer.Reset(max(d.Sub(t.srv.now()), 0))
	}
	t.armReminder()
}

// onTimer replaces a person out of time (or gone past the grace period of
// a realtime table) by a greedy bot: Board Game Arena's zombie.
func (t *table) onTimer() {
	d := t.deadline()
	if d.IsZero() {
		return
	}
	if wait := d.Sub(t.srv.now()); wait > 0 {
		t.timer.Reset(wait)
		return
	}
	// A failed write is read back; the timer fires again from the stored
	// position.
	t.zombify(t.clockSeat(), t.timerWhy())
}

// zombify hands seat to a greedy bot for the rest of the game. An error
// is the store's: nothing changed (storeFailed has read the table back).
func (t *table) zombify(seat int, why string) error {
	if !t.seatHolder(seat) || t.meta.Status != store.StatusLive {
		return nil
	}
	old := t.keep()
	meta := t.meta
	meta.Seats = append([]store.Seat(nil), meta.Seats...)
	meta.Seats[seat].Zombie, meta.Seats[seat].Bot, meta.Seats[seat].ZombieAt = true, "greedy", t.version+1
	meta.Updated = t.srv.now()
	e := store.Entry{Table: t.id, Seq: t.version + 1, Kind: store.KindZombie, Seat: seat, Move: why, At: meta.Updated,
		Clocks: t.clocksAfter(-1, meta.Updated, false)}
	t.meta.Seats = meta.Seats // deadline() of the new position
	meta.Deadline = t.deadlineFor(meta)
	if err := t.commitWrite(store.Write{Entries: []store.Entry{e}, Table: &meta}); err != nil {
		t.restore(old)
		if t.storeFailed(nil, &e, err) {
			return nil // stored after all: the read back table shows it
		}
		return errStoreFailed
	}
	t.srv.log.Info("seat replaced by greedy", "table", t.id, "seat", seat, "why", why)
	t.meta = meta
	t.taken[seat] = len(t.moves)
	whys := maps.Clone(t.why) // a new map: a memo may hold the old one
	whys[seat] = why
	t.why = whys
	t.applied(e, nil, nil, "")
	// Its holder's sockets see the seat's hand no more: they are closed and
	// come back as a spectator's (seatFor).
	for c := range t.conns {
		if c.seat == seat {
			c.fail("seat handed to a bot; reconnect")
		}
	}
	return nil
}

// deadlineFor is the deadline to store in the row of an async table (other
// tables find theirs again from their clocks after a restart).
func (t *table) deadlineFor(meta store.Table) time.Time {
	if meta.Clock.Mode != clockAsync {
		return time.Time{}
	}
	return t.deadline()
}

// clocksAfter charges the realtime clock of the seat to move in the current
// position for the time since turnAt, plus the increment when it is mover
// and its turn ends with this decision (mover >= 0), and returns every
// seat's clock; it also restarts the turn at now. A move calls it before
// the position changes: the seat that thought pays for it. The clocks are a
// new slice (a memo may hold the old one), which the entry shares: a live
// table's clocks are never changed in place.
func (t *table) clocksAfter(mover int, now time.Time, turnEnds bool) []int64 {
	if t.remain == nil {
		t.turnAt = now
		return nil
	}
	remain := slices.Clone(t.remain)
	if p := t.clockSeat(); p >= 0 {
		remain[p] -= now.Sub(t.turnAt).Milliseconds()
		if p == mover && turnEnds {
			remain[p] += t.meta.Clock.Increment.Milliseconds()
		}
	}
	t.remain, t.turnAt = remain, now
	return remain
}

// request is a move or an undo from a connection (or a bot: from nil).
type request struct {
	seat   int
	v      int
	client string
	index  *int
	nota   *string
	undo   bool
}

// submit plays a person's request for seat, made from c.
func (t *table) submit(c *conn, r request) {
	lang := i18n.Source
	if c != nil {
		lang = c.lang
	}
	refuse := func(reason refusalReason, rule, msg string) {
		if c != nil {
			c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: r.client, Reason: reason, Rule: rule, Message: msg}))
		}
	}
	if r.client != "" {
		if v, ok := t.clients[clientKey(r.seat, r.client)]; ok {
			// Resent: it was applied; acknowledge again, apply nothing.
			if c != nil {
				c.send(mustJSON(ackMsg{T: outAck, V: v, ID: r.client}))
			}
			return
		}
	}
	if !t.seatHolder(r.seat) {
		refuse(refSeat, "", say(lang, "refuse.seat"))
		return
	}
	if t.meta.Status != store.StatusLive {
		refuse(refOver, "", say(lang, "err.tableIs", i18n.S("status", string(t.meta.Status))))
		return
	}
	if r.v != t.version {
		refuse(refStale, "", say(lang, "refuse.stale", i18n.N("made", r.v), i18n.N("now", t.version)))
		if c != nil {
			t.sendSync(c, -1)
		}
		return
	}
	if r.undo {
		k := t.undoable(r.seat)
		if k == 0 {
			refuse(refUndo, "", say(lang, "refuse.undo"))
			return
		}
		t.doUndo(c, r, k)
		return
	}
	if t.state.ToMove() != r.seat {
		refuse(refTurn, "", say(lang, "refuse.turn"))
		return
	}
	var m engine.Move
	if r.index != nil {
		legal := t.state.LegalMoves(nil)
		if *r.index >= len(legal) {
			refuse(refIllegal, "", say(lang, "refuse.index", i18n.N("index", *r.index), i18n.N("n", len(legal))))
			return
		}
		m = legal[*r.index]
	} else {
		var err error
		if m, err = t.state.ParseMove(*r.nota); err != nil {
			refuse(refIllegal, engine.RuleOf(err), reasonIn(err, lang)) // the game's words
			return
		}
	}
	t.play(c, r.seat, m, r.client)
}

// reasonIn is why a move was refused, in words for a player reading lang:
// a rule's reason without the rule's id (the refusal's rule field carries
// it, for programs), any other error in lang.
func reasonIn(err error, lang string) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Message(lang)
	}
	return errorIn(err, lang)
}

// play applies m for seat on a copy of the state, stores it, and only then
// makes the copy the table's state and tells everyone.
func (t *table) play(c *conn, seat int, m engine.Move, client string) {
	nota := t.state.FormatMove(m)
	next := t.state.Clone()
	var log engine.Log
	if err := next.Apply(m, &log); err != nil {
		if c != nil {
			c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: client, Reason: refIllegal, Rule: engine.RuleOf(err), Message: reasonIn(err, c.lang)}))
		}
		return
	}
	var before engine.State
	if t.undoTracked(seat) {
		before = t.state // unchanged: the move went to next
	}
	old := t.keep()
	now := t.srv.now()
	e := store.Entry{Table: t.id, Seq: t.version + 1, Kind: store.KindMove, Seat: seat, Move: nota, Client: client,
		At: now}
	// The mover's clock pays for the decision (the increment once its turn
	// ends); the deadline below is that of the position after the move.
	e.Clocks = t.clocksAfter(seat, now, next.ToMove() != seat)
	t.state = next
	w := store.Write{Entries: []store.Entry{e}}
	if t.state.Over() {
		meta := t.meta
		meta.Status, meta.Updated, meta.Deadline = store.StatusOver, now, time.Time{}
		meta.Result = mustJSON(t.state.Result())
		w.Table = &meta
	} else if t.meta.Clock.Mode == clockAsync {
		meta := t.meta
		meta.Updated = now
		meta.Deadline = t.deadline() // of the position after the move, already in t.state
		w.Table = &meta
	}
	t0 := time.Now()
	if err := t.commitWrite(w); err != nil {
		t.restore(old)
		t.storeFailed(c, &e, err)
		return
	}
	t.srv.met.commitWait.Observe(time.Since(t0).Seconds())
	if w.Table != nil {
		t.meta = *w.Table
	}
	t.pushMove(m, seat, before)
	t.applied(e, log.Events, c, client)
}

// storeFailed: the store refused or failed write e (nil: a write of the
// table's row or chat only). The caller has put the table's memory back as
// it was before the write, but the write may have been stored all the same
// (a connection lost during COMMIT), or another writer may have stored
// that entry: the table is read back from the store, the mover is
// acknowledged if its entry turns out stored and told so otherwise, and
// everyone gets a sync. A table that cannot be read back leaves memory
// (broken): nothing stale is served, and the next request loads it again.
//
// It reports whether e turned out stored (read back at its seq, with its
// client id if it has one).
func (t *table) storeFailed(c *conn, e *store.Entry, err error) (stored bool) {
	if errors.Is(err, errStoredLate) {
		t.srv.log.Warn("write stored as the lease ended: not acknowledged", "table", t.id)
		t.closeAll("the table moved to another node; reconnect")
		return false
	}
	t.srv.met.failedWrite.Inc()
	t.srv.log.Error("store write failed", "table", t.id, "err", err)
	rerr := t.readBack()
	stored = rerr == nil && e != nil && t.storedAs(*e)
	if c != nil && e != nil && e.Client != "" {
		if stored {
			c.send(mustJSON(ackMsg{T: outAck, V: e.Seq, ID: e.Client}))
		} else {
			c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: e.Client, Reason: refStore, Message: say(c.lang, "refuse.store")}))
		}
	}
	if rerr != nil {
		t.srv.log.Error("table not read back after a failed write: unloaded", "table", t.id, "err", rerr)
		t.broken = true
		return false
	}
	t.resync()
	return stored
}

// storedAs reports whether the table (just read back) holds entry e at
// its seq: by its client id, or else by its kind and seat.
func (t *table) storedAs(e store.Entry) bool {
	if e.Client != "" {
		v, ok := t.clients[clientKey(e.Seat, e.Client)]
		return ok && v == e.Seq
	}
	for _, it := range t.recent {
		if it.v == e.Seq {
			return it.kind == e.Kind && it.seat == e.Seat
		}
	}
	return false
}

func (t *table) doUndo(c *conn, r request, k int) {
	now := t.srv.now()
	e := store.Entry{Table: t.id, Seq: t.version + 1, Kind: store.KindUndo, Seat: r.seat, Move: strconv.Itoa(k),
		Client: r.client, At: now}
	old := t.keep()
	if err := t.takeBack(k); err != nil { // changes nothing when it fails
		t.storeFailed(c, &e, err)
		return
	}
	e.Clocks = t.clocksAfter(-1, now, false)
	w := store.Write{Entries: []store.Entry{e}}
	if t.meta.Clock.Mode == clockAsync {
		meta := t.meta
		meta.Updated, meta.Deadline = now, t.deadline()
		w.Table = &meta
	}
	if err := t.commitWrite(w); err != nil {
		t.restore(old)
		t.storeFailed(c, &e, err)
		return
	}
	if w.Table != nil {
		t.meta = *w.Table
	}
	t.applied(e, nil, c, r.client)
}

// applied: entry e is stored. Acknowledge it, tell every connection what
// its seat may see, and start what comes next.
func (t *table) applied(e store.Entry, events []engine.Event, c *conn, client string) {
	t.version = e.Seq
	if client != "" {
		t.clients[clientKey(e.Seat, client)] = e.Seq
	}
	it := logItem{v: e.Seq, kind: e.Kind, seat: e.Seat, events: events}
	switch e.Kind {
	case store.KindUndo:
		it.n, _ = strconv.Atoi(e.Move)
	case store.KindZombie:
		it.why, it.n = zombieWhy(e.Move)
	}
	t.addItem(it)
	clear(t.cache)
	t.botGen++
	if c != nil && client != "" {
		c.send(mustJSON(ackMsg{T: outAck, V: e.Seq, ID: client}))
	}
	for cc := range t.conns {
		cc.send(t.update(cc.seat, cc.lang, e.Seq-1))
	}
	if e.Kind == store.KindMove {
		t.srv.met.moves.Inc()
	}
	if t.meta.Status == store.StatusOver {
		t.srv.log.Info("table over", "table", t.id, "game", t.meta.Game)
	}
	t.afterChange()
	t.notifyTurn()
}

// notifyTurn tells the person to move at an async table that it is their
// turn (webhook, e-mail), unless they are watching the table.
func (t *table) notifyTurn() {
	p := t.clockSeat()
	if p < 0 || t.meta.Clock.Mode != clockAsync || t.online[p] > 0 {
		return
	}
	t.srv.notify.yourTurn(t.meta.Seats[p].Identity, t.id, t.game, t.version)
}

// startBot hands the decision of bot seat p to the pool, on a copy
// determinized for p: the bot never sees what its seat may not.
func (t *table) startBot(p int) {
	if t.bots[p] == nil {
		kind := t.meta.Seats[p].Bot
		b, err := bots.New(kind, sim.BotSeed(t.meta.Seed, p))
		if err != nil {
			t.srv.log.Error("bot", "table", t.id, "seat", p, "kind", kind, "err", err)
			b, _ = bots.New("greedy", sim.BotSeed(t.meta.Seed, p))
		}
		t.bots[p] = b
	}
	t.botBusy = true
	gen := t.botGen
	job := &botJob{
		table: t, seat: p, gen: gen, bot: t.bots[p], kind: t.meta.Seats[p].Bot,
		state:  t.state.Determinize(p, sim.CopySeed(t.meta.Seed, t.version, p)),
		queued: time.Now(), owner: t.meta.Owner,
		fallbackSeed: engine.DeriveSeed(t.meta.Seed, "timeout", uint64(t.version), uint64(p)),
	}
	t.srv.pool.submit(job)
}

// botMoved is a bot's answer, on the table's goroutine.
func (t *table) botMoved(j *botJob, m engine.Move, err error) {
	t.botBusy = false
	if j.gen != t.botGen || t.botToMove() != j.seat {
		t.afterChange() // the position changed meanwhile (an undo, a reload)
		return
	}
	v, gen := t.version, t.botGen
	if err == nil {
		t.play(nil, j.seat, m, "")
	}
	if t.version != v || t.botGen != gen || t.broken {
		return // played, or its write failed and the table was read back (or unloaded): what comes next has started
	}
	// The bot failed, or its move was refused (a bug): greedy moves for it
	// this once, on the seat's own determinized copy, rather than the table
	// stalling or asking the same bot again and again.
	t.srv.log.Error("bot failed; greedy moves instead", "table", t.id, "seat", j.seat, "kind", j.kind, "err", err)
	g, _ := bots.New("greedy", engine.DeriveSeed(t.meta.Seed, "fallback", uint64(t.version)))
	s := t.state.Determinize(j.seat, engine.DeriveSeed(t.meta.Seed, "fallback.determinize", uint64(t.version), uint64(j.seat)))
	m, err = g.Choose(context.Background(), s)
	if err == nil {
		t.play(nil, j.seat, m, "")
	}
	if t.version == v && t.botGen == gen && !t.broken {
		t.srv.log.Error("greedy failed too; the table waits", "table", t.id, "seat", j.seat, "err", err)
	}
}

// ----- what a seat may see: the only path from a table to a socket -----

// names are the seats' display names, for rendering events.
func (t *table) names() []string {
	out := make([]string, len(t.meta.Seats))
	for i, s := range t.meta.Seats {
		out[i] = s.Name
	}
	return out
}

// legal describes seat's legal moves when it is seat's decision and a
// person plays it: engine.Describer's descriptions, in legal order (a
// move message's "i" indexes this list). A game not yet describing its
// moves gets its own notation as the description of each of seat's own
// moves (never another seat's).
func (t *table) legal(seat int) []engine.MoveDesc {
	if !t.seatHolder(seat) || t.state.ToMove() != seat || t.meta.Status != store.StatusLive {
		return nil
	}
	moves := t.state.LegalMoves(nil)
	out := make([]engine.MoveDesc, len(moves))
	d, ok := t.state.(engine.Describer)
	for i, m := range moves {
		if ok {
			out[i] = d.DescribeMove(m)
		} else {
			out[i] = engine.MoveDesc{Kind: "move", Parts: []engine.Part{{Name: "notation", ID: t.state.FormatMove(m)}}}
		}
	}
	return out
}

// events renders the events after version since that seat may see, in lang.
func (t *table) events(seat int, lang string, since int) []eventOut {
	var out []eventOut
	cat := t.game.Texts()
	names := t.namesIn(lang)
	for _, it := range t.recent {
		if it.v <= since {
			continue
		}
		switch it.kind {
		case store.KindUndo:
			out = append(out, eventOut{V: it.v, Actor: it.seat, Key: "server.undo", Args: []engine.Arg{engine.Num(it.n)},
				Text: undoText(it.seat, it.n, seat, lang, names)})
		case store.KindZombie:
			out = append(out, eventOut{V: it.v, Actor: it.seat, Key: "server.zombie", Why: it.why, Args: zombieArgs(it.why, it.n),
				Text: zombieText(it.seat, seat, lang, names, it.why, it.n)})
		}
		for _, e := range engine.Visible(it.events, seat) {
			eo := eventOut{V: it.v, Actor: e.Actor, Key: e.Key, Args: e.Args, Reveal: e.Reveal}
			eo.Text = cat.Render(e, seat, lang, names)
			out = append(out, eo)
		}
	}
	return out
}

// prompt is the current decision as seat reads it in lang ("" once over).
func (t *table) prompt(seat int, lang string) string {
	if t.meta.Status != store.StatusLive {
		return ""
	}
	return t.game.Texts().Prompt(t.state.Prompt(), t.state.ToMove(), seat, lang, t.namesIn(lang))
}

// undoText and zombieText are the table's own events: the viewer's own
// has its own message (languages word "you" differently from a name).
func undoText(actor, n, viewer int, lang string, names []string) string {
	if actor == viewer && actor >= 0 {
		return say(lang, "event.undoSelf", i18n.N("n", n))
	}
	return say(lang, "event.undo", i18n.S("who", engine.SeatName(actor, viewer, lang, names)), i18n.N("n", n))
}

func zombieText(actor, viewer int, lang string, names []string, why string, secs int) string {
	self := actor == viewer && actor >= 0
	who := i18n.S("who", engine.SeatName(actor, viewer, lang, names))
	key := "event.zombie"
	switch why {
	case whyLeft, whyTime, whyResign:
		key = "event.zombie." + why
	case whyAway:
		key = "event.zombie.away"
		if secs <= 0 {
			key = "event.zombie.awayLong" // a record keeps no duration
		}
	}
	if self {
		key += "Self"
	}
	return say(lang, key, who, i18n.N("minutes", secs/60), i18n.N("seconds", secs))
}

// zombieArgs are a zombie event's arguments, for programs (its Why says
// why): for a seat handed over while away, how many seconds it was away.
func zombieArgs(why string, secs int) []engine.Arg {
	if why == whyAway && secs > 0 {
		return []engine.Arg{engine.Num(secs)}
	}
	return nil
}

func (t *table) seatInfos() []seatInfo {
	out := make([]seatInfo, len(t.meta.Seats))
	for i, s := range t.meta.Seats {
		out[i] = seatInfo{Name: s.Name, Kind: s.Kind, Bot: s.Bot, Zombie: s.Zombie, Online: t.online[i] > 0 || s.Kind == store.SeatBot}
		if at := t.handOverAt(i); !at.IsZero() {
			out[i].HandOver = at.UnixMilli()
		}
	}
	return out
}

func (t *table) clockInfo() *clockInfo {
	ci := &clockInfo{Mode: t.meta.Clock.Mode, Running: t.clockSeat()}
	if ci.Mode == "" {
		ci.Mode = clockNone
	}
	if t.remain != nil {
		ci.Remaining = append([]int64(nil), t.remain...)
		if p := ci.Running; p >= 0 {
			ci.Remaining[p] -= t.srv.now().Sub(t.turnAt).Milliseconds()
		}
	}
	if d := t.deadline(); !d.IsZero() {
		ci.Deadline = d.UnixMilli()
	}
	return ci
}

func (t *table) info() *tableInfo {
	return &tableInfo{ID: t.id, Game: t.meta.Game, Title: t.game.Title("en"), Players: t.meta.Players,
		Options: t.meta.Options, Status: t.meta.Status, Public: t.meta.Public, Undo: t.meta.Undo,
		Clock: specOf(t.meta.Clock), Rematch: t.meta.Rematch}
}

// update is the message telling seat what changed since version since.
func (t *table) update(seat int, lang string, since int) []byte {
	k := cacheKey{seat: seat, lang: lang, part: "update" + strconv.Itoa(since)}
	if b, ok := t.cache[k]; ok {
		return b
	}
	m := updateMsg{T: outUpdate, V: t.version, From: since, Status: t.meta.Status, ToMove: t.state.ToMove(),
		Prompt: t.prompt(seat, lang), Legal: t.legal(seat), Events: t.events(seat, lang, since), Seats: t.seatInfos(),
		Clocks: *t.clockInfo(), View: t.state.View(seat)}
	if t.meta.Status == store.StatusLive {
		m.Undo = intp(t.undoable(seat))
	}
	m.Result, m.Record, m.Rematch = t.finish()
	m.Offer = t.offer()
	b := t.srv.enc.state(m)
	t.cache[k] = b
	return b
}

// finish is the result, the record's address and the rematch once the
// game is over (none before).
func (t *table) finish() (result json.RawMessage, record, rematch string) {
	if t.meta.Status != store.StatusOver {
		return nil, "", ""
	}
	return t.meta.Result, "/api/tables/" + t.id + "/record", t.meta.Rematch
}

// sendSync sends c the whole table as its seat may see it. With since >= 0
// and the entries after it still in memory, the events are exactly those
// after since (a resumed connection); otherwise the recent ones.
func (t *table) sendSync(c *conn, since int) {
	from := -1
	if since >= 0 && since <= t.version && (len(t.recent) == 0 || t.recent[0].v <= since+1) {
		from = since
	}
	evSince := from
	if evSince < 0 {
		evSince = 0
	}
	m := syncMsg{T: outSync, V: t.version, Table: *t.info(), You: c.seat, Status: t.meta.Status,
		ToMove: t.state.ToMove(), Prompt: t.prompt(c.seat, c.lang), Legal: t.legal(c.seat),
		Events: t.events(c.seat, c.lang, evSince), Seats: t.seatInfos(), Clocks: *t.clockInfo(),
		View: t.state.View(c.seat), Watching: t.watchers}
	if from >= 0 {
		m.From = intp(from)
	}
	// The page's words for the game's components and its title, in the
	// connection's language: once per connection, not in every update.
	m.Table.Title, m.Texts = t.game.Title(c.lang), textsOf(t.game.Texts(), c.lang)
	if t.meta.Status == store.StatusLive {
		m.Undo = intp(t.undoable(c.seat))
	}
	if lines, err := t.srv.st.ChatLines(context.Background(), t.id, 50); err == nil {
		for _, l := range lines {
			m.Chat = append(m.Chat, chatOut{Seat: l.Seat, Name: l.Name, Text: l.Text, At: l.At.UnixMilli()})
		}
	}
	m.Result, m.Record, m.Rematch = t.finish()
	m.Offer = t.offer()
	c.send(t.srv.enc.state(m))
}

// ----- connections -----

// attach adds a connection and sends its first sync.
func (t *table) attach(c *conn, since int) {
	t.conns[c] = struct{}{}
	if c.seat >= 0 {
		t.online[c.seat]++
		t.away[c.seat] = time.Time{}
	} else {
		t.watchers++
	}
	if c.remote == nil { // a relayed socket is counted on the node that holds it
		t.srv.met.sockets.Inc()
	}
	t.sendSync(c, since)
	// Only a seat coming online is news for everyone at once.
	if c.seat >= 0 && t.online[c.seat] == 1 {
		t.presence()
	} else if c.seat < 0 {
		t.watchersChanged()
	}
	t.afterChange()
}

func (t *table) detach(c *conn) {
	if _, ok := t.conns[c]; !ok {
		return
	}
	delete(t.conns, c)
	if c.remote == nil {
		t.srv.met.sockets.Dec()
	}
	if c.seat >= 0 {
		t.online[c.seat]--
		if t.online[c.seat] == 0 {
			t.away[c.seat] = t.srv.now()
			t.presence()
		}
	} else {
		t.watchers--
		t.watchersChanged()
	}
	t.idle = t.srv.now()
	t.afterChange()
}

// watchersChanged sends the spectators' count a second from now, once for
// all the comings and goings of that second: 2,000 spectators opening a
// table made 444,407 presence messages before, and slow-reader drops.
func (t *table) watchersChanged() {
	if t.watchPending {
		return
	}
	t.watchPending = true
	time.AfterFunc(time.Second, func() {
		t.post(func() {
			t.watchPending = false
			t.presence()
		})
	})
}

func (t *table) presence() {
	b := mustJSON(presenceMsg{T: outPresence, V: t.version, Seats: t.seatInfos(), Watching: t.watchers})
	for c := range t.conns {
		c.send(b)
	}
}

// chat adds a line from c's seat (or a spectator), escaped by every
// client when shown (the lobby's templates do; the JSON carries it as
// typed), limited in length and rate. id is the client's id for the line:
// a refusal names it, and the sender's own copy of the line carries it, so
// that a page knows which line failed and keeps it in its input.
func (t *table) chat(c *conn, id, text string) {
	// Only the players chat: a line from a stranger reached the players and
	// stayed in the table's history, and all spectators shared one rate
	// bucket, so one of them silenced the others.
	if c.seat < 0 || t.meta.Seats[c.seat].Identity != c.identity {
		c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: id, Reason: refSeat, Message: say(c.lang, "refuse.chatSeat")}))
		return
	}
	now := t.srv.now()
	recent := t.chatAt[c.seat][:0]
	for _, at := range t.chatAt[c.seat] {
		if now.Sub(at) < t.srv.cfg.ChatWindow {
			recent = append(recent, at)
		}
	}
	if len(recent) >= t.srv.cfg.ChatLines {
		t.chatAt[c.seat] = recent
		c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: id, Reason: refRate,
			Message: say(c.lang, "refuse.chatRate", i18n.N("lines", t.srv.cfg.ChatLines), i18n.N("seconds", int(t.srv.cfg.ChatWindow.Seconds())))}))
		return
	}
	t.chatAt[c.seat] = append(recent, now)
	name := say(c.lang, "chat.spectator")
	if c.seat >= 0 {
		name = t.meta.Seats[c.seat].Name
	}
	line := store.Chat{Table: t.id, Seq: t.chatSeq + 1, Seat: c.seat, Name: name, Text: text, At: now}
	if err := t.commitWrite(store.Write{Chat: &line}); err != nil {
		c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: id, Reason: refStore, Message: say(c.lang, "refuse.chatStore")}))
		t.storeFailed(nil, nil, err) // the line may be stored all the same: chatSeq is read back
		return
	}
	t.chatSeq++
	msg := chatMsg{T: outChat, V: t.version, Line: chatOut{Seat: line.Seat, Name: name, Text: text, At: now.UnixMilli()}}
	b := mustJSON(msg)
	for cc := range t.conns {
		if cc == c && id != "" {
			msg.ID = id
			cc.send(mustJSON(msg))
			continue
		}
		cc.send(b)
	}
}

// leave: a person gives up their seat. Before the start the seat opens
// again; during the game a greedy bot takes it over.
func (t *table) leave(seat int) error {
	if !t.seatHolder(seat) {
		return shelltext.Errorf("err.noSeat")
	}
	switch t.meta.Status {
	case store.StatusLive:
		return t.zombify(seat, whyLeft)
	case store.StatusOpen:
		meta := t.meta
		meta.Seats = append([]store.Seat(nil), meta.Seats...)
		meta.Seats[seat] = store.Seat{Kind: store.SeatOpen, Name: ""}
		meta.Updated = t.srv.now()
		if meta.Seats[seat].Identity == "" && t.noPeople(meta) {
			meta.Status = store.StatusAborted
		}
		if err := t.commitWrite(store.Write{Table: &meta}); err != nil {
			t.storeFailed(nil, nil, err)
			return errStoreFailed
		}
		t.meta = meta
		clear(t.cache)
		t.presence()
		return nil
	}
	return shelltext.Errorf("err.tableIs", i18n.S("status", string(t.meta.Status)))
}

func (t *table) noPeople(meta store.Table) bool {
	for _, s := range meta.Seats {
		if s.Kind == store.SeatHuman {
			return false
		}
	}
	return true
}

// join seats identity at an open seat (the first when seat < 0). The game
// starts when no seat is open any more.
func (t *table) join(id store.Identity, seat int) (int, error) {
	if t.meta.Status != store.StatusOpen {
		return -1, shelltext.Errorf("err.tableIs", i18n.S("status", string(t.meta.Status)))
	}
	for i, s := range t.meta.Seats {
		if s.Identity == id.ID {
			return i, nil // already seated: joining again is harmless
		}
	}
	if seat < 0 {
		for i, s := range t.meta.Seats {
			if s.Kind == store.SeatOpen {
				seat = i
				break
			}
		}
	}
	if seat < 0 || seat >= len(t.meta.Seats) || t.meta.Seats[seat].Kind != store.SeatOpen {
		return -1, shelltext.Errorf("err.noOpenSeat")
	}
	meta := t.meta
	meta.Seats = append([]store.Seat(nil), meta.Seats...)
	meta.Seats[seat] = store.Seat{Kind: store.SeatHuman, Identity: id.ID, Name: id.Name}
	meta.Updated = t.srv.now()
	full := true
	for _, s := range meta.Seats {
		full = full && s.Kind != store.SeatOpen
	}
	if full {
		meta.Status = store.StatusLive
	}
	old := t.keep()
	t.meta = meta
	t.turnAt = meta.Updated
	meta.Deadline = t.deadlineFor(meta)
	if err := t.commitWrite(store.Write{Table: &meta}); err != nil {
		t.restore(old)
		t.storeFailed(nil, nil, err)
		return -1, errStoreFailed
	}
	t.meta = meta
	clear(t.cache)
	t.botGen++
	for c := range t.conns {
		t.sendSync(c, -1)
	}
	t.afterChange()
	t.notifyTurn()
	return seat, nil
}

// recordOf is the game's record (docs/records.md): only once it is over.
func (t *table) recordOf() ([]byte, error) {
	if t.meta.Status != store.StatusOver {
		return nil, shelltext.Errorf("err.recordOver")
	}
	r := record.Record{Format: record.Version, Game: t.meta.Game, Options: t.meta.Options, Seed: t.meta.Seed}
	for i, s := range t.meta.Seats {
		seat := record.Seat{Name: s.Name, Kind: "human"}
		switch {
		case s.Kind == store.SeatBot:
			seat.Kind = s.Bot
		case s.Zombie:
			why, _ := zombieWhy(t.why[i])
			seat.Replaced = &record.Replacement{By: s.Bot, After: t.taken[i], Why: why}
		}
		r.Players = append(r.Players, seat)
	}
	replay, err := t.game.New(t.meta.Players, t.meta.Seed, t.meta.Options)
	if err != nil {
		return nil, err
	}
	for i, m := range t.moves {
		r.Moves = append(r.Moves, record.Step{Player: t.movers[i], Move: replay.FormatMove(m)})
		if err := replay.Apply(m, nil); err != nil {
			return nil, err
		}
	}
	res := t.state.Result()
	r.Result = &res
	return r.Marshal()
}

// snapshot is what the HTTP API may tell anyone about the table.
func (t *table) snapshot() tableJSON {
	return tableJSON{tableInfo: *t.info(), Seats: t.seatInfos(), Version: t.version, ToMove: t.state.ToMove(),
		Result: json.RawMessage(t.meta.Result)}
}
