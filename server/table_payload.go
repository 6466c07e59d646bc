package server

// Per-seat payloads: what a seat may see, the only path from a table to a
// socket.

import (
	"encoding/json"
	"strconv"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/store"
)

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
		out[i] = seatInfo{Name: s.Name, Kind: s.Kind, Bot: s.Bot, Zombie: s.Zombie, Online: t.online[i] > 0 || s.Kind == store.SeatBot,
			Program: s.Program, Invited: s.Invited != ""}
		if at := t.handOverAt(i); !at.IsZero() {
			out[i].HandOver = at.UnixMilli()
		}
	}
	return out
}

func (t *table) info() *tableInfo {
	in := &tableInfo{ID: t.id, Game: t.meta.Game, Title: t.game.Title("en"), Players: t.meta.Players,
		Options: t.meta.Options, Status: t.meta.Status, Public: t.meta.Public, Undo: t.meta.Undo, Hints: !t.meta.NoHints, Rated: t.meta.Rated,
		Clock: specOf(t.meta.Clock), Rematch: t.meta.Rematch}
	in.Fork = t.forkInfo()
	return in
}

// seatView is one seat's view at version v as JSON, encoded once for all
// the seat's connections and languages (a view holds no words), and the
// patch that turns the seat's view of version v-1 into it (nil: none, the
// view goes whole). A seat's patch is computed from that seat's own views
// only, so it tells the seat nothing its view would not.
type seatView struct {
	v     int
	kept  keptView // the view (keptview.go: its large members shared with other seats')
	patch []byte
}

// seatView is seat's view at the current version (spectators: seat -1),
// and the view's bytes in a buffer the caller gives back (putViewBuf) once
// it has encoded them. The view of the version before, when the table
// still holds it, is the base of its patch. A view is a function of the
// position alone, so the view a client holds at a version (from a sync or
// by patches) is the one the table encoded at that version, byte for byte.
//
// memo (nil: none) holds what this version's diffs of other seats' views
// found (mergepatch.go, diffMemo).
func (t *table) seatView(seat int, memo *diffMemo) (seatView, *[]byte) {
	buf := getViewBuf()
	old, had := t.views[seat]
	if had && old.v == t.version {
		*buf = old.kept.appendTo(*buf)
		return old, buf
	}
	e := t.srv.enc.get()
	defer t.srv.enc.pool.Put(e)
	v := t.state.View(seat)
	e.encode(v)
	if r, ok := v.(engine.ViewRecycler); ok {
		r.Recycle() // encoded: nothing holds it (engine.ViewRecycler)
	}
	view := e.buf.Bytes()
	sv := seatView{v: t.version}
	if had && old.v == t.version-1 {
		// A patch no shorter than the view, or one merge patches cannot
		// express (ok false), is not sent: the view goes whole. (Between
		// two objects the patch is a new buffer, never a part of view;
		// the memo copies what it keeps.)
		base := getViewBuf()
		*base = old.kept.appendTo(*base)
		if p, ok, err := diff(*base, view, memo, 0); err == nil && ok && len(p) < len(view) {
			sv.patch = p
		}
		putViewBuf(base)
	}
	sv.kept = t.keepView(view)
	t.views[seat] = sv
	*buf = append(*buf, view...)
	return sv, buf
}

// update is the message telling seat what changed since version since:
// the view's patch when since is the version before (the client holds
// that view), else the view whole.
func (t *table) update(seat int, lang string, since int, memo *diffMemo) []byte {
	k := cacheKey{seat: seat, lang: lang, part: "update" + strconv.Itoa(since)}
	if b, ok := t.cache[k]; ok {
		return b
	}
	m := updateMsg{T: outUpdate, V: t.version, From: since, Status: t.meta.Status, ToMove: t.state.ToMove(),
		Prompt: t.prompt(seat, lang), Legal: t.legal(seat), Events: t.events(seat, lang, since), Seats: t.seatInfos(),
		Clocks: *t.clockInfo()}
	sv, view := t.seatView(seat, memo)
	defer putViewBuf(view)
	if since == t.version-1 && sv.patch != nil {
		m.Patch = sv.patch
	} else {
		m.View = json.RawMessage(*view)
	}
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
	t.deep(func() { t.buildSync(c, since) }) // deep.go: a view needs a deep stack
}

func (t *table) buildSync(c *conn, since int) {
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
		Watching: t.watchers}
	_, view := t.seatView(c.seat, nil)
	defer putViewBuf(view)
	m.View = json.RawMessage(*view)
	if from >= 0 {
		m.From = intp(from)
	}
	m.Was = t.formerSeat(c)
	// The page's words for the game's components and its title, in the
	// connection's language: once per connection, not in every update.
	m.Table.Title, m.Texts = t.game.Title(c.lang), textsOf(t.game.Texts(), c.lang)
	if t.meta.Status == store.StatusLive {
		m.Undo = intp(t.undoable(c.seat))
	}
	// The chat's history is the table's own (table_chat.go): a sync reads
	// nothing from the database on the table's goroutine.
	m.Chat = t.chatLog
	m.Result, m.Record, m.Rematch = t.finish()
	m.Offer = t.offer()
	c.send(t.srv.enc.state(m))
}
