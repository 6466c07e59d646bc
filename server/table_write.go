package server

// The write path: a request is checked, written, and only once the store
// has it does the table's memory change and everyone hear of it.

import (
	"errors"
	"fmt"
	"maps"
	"strconv"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

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
			c.fail(wsClose("seatToBot"))
		}
	}
	return nil
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
	var err error
	t.deep(func() { err = next.Apply(m, &log) }) // deep.go: a game's Apply needs a deep stack
	if err != nil {
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
		t.closeAll(wsClose("moved"))
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
	// The seats' views at one version share most of their bytes: each
	// seat's diff takes what it shares with the seats diffed before it
	// from this broadcast's memo (mergepatch.go, diffMemo).
	t.deep(func() { // deep.go: building and encoding views needs a deep stack
		// The memo is taken by the worker, not while the table waits for
		// one: only the broadcasts being computed hold a memo's copies.
		memo := t.srv.enc.memo()
		for cc := range t.conns {
			cc.send(t.update(cc.seat, cc.lang, e.Seq-1, memo))
		}
		t.srv.enc.putMemo(memo)
	})
	// The messages are encoded once per seat and language for this
	// broadcast only (update is called nowhere else): the queues hold
	// them until written, the table need not (an idle table kept its last
	// move's messages, about 4 KB, until the next move).
	clear(t.cache)
	if e.Kind == store.KindMove {
		t.srv.met.moves.Inc()
	}
	if t.meta.Status == store.StatusOver {
		t.srv.log.Info("table over", "table", t.id, "game", t.meta.Game)
		t.srv.tableEnded(t)
		t.srv.rateEnded(t.meta)
	}
	t.afterChange()
	t.notifyTurn()
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
			if s.Kind == store.SeatOpen && s.Invited == "" {
				seat = i
				break
			}
		}
	}
	// A seat kept for an invited bot identity is that bot's only (botapi.go).
	if seat < 0 || seat >= len(t.meta.Seats) || t.meta.Seats[seat].Kind != store.SeatOpen ||
		(t.meta.Seats[seat].Invited != "" && t.meta.Seats[seat].Invited != id.ID) {
		return -1, shelltext.Errorf("err.noOpenSeat")
	}
	meta := t.meta
	meta.Seats = append([]store.Seat(nil), meta.Seats...)
	meta.Seats[seat] = store.Seat{Kind: store.SeatHuman, Identity: id.ID, Name: id.Name,
		Program: t.meta.Seats[seat].Invited == id.ID}
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
	if full {
		t.started = meta.Updated
	}
	clear(t.cache)
	t.botGen++
	for c := range t.conns {
		t.sendSync(c, -1)
	}
	t.afterChange()
	t.notifyTurn()
	return seat, nil
}
