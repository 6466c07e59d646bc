package server

// The bot API (docs/bot-api.md), after lichess's: an identity becomes a bot
// identity for good; it hears of invitations, its tables' starts, its turns
// and their ends on one stream of newline-delimited JSON, accepts or
// declines invitations, and plays by HTTP or by the page's WebSocket
// protocol. A bot identity sits at a table as a person does: it sees only
// what its seat sees (the events carry the seat's own view and legal moves,
// built by the same functions as a socket's), and the table's clock and
// absence rules apply to it as to anyone.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

const (
	// botSeatPrefix names a bot identity for a seat at creation:
	// "bot:ID" invites it.
	botSeatPrefix = "bot:"
	// botStreamsEach: streams one bot identity may hold open at once (a
	// program and its restart overlapping; not one per table).
	botStreamsEach = 4
	// botStreamQueue: events waiting to be written to a stream; a stream
	// that falls this far behind is ended (its bot reconnects and is told
	// everything pending again), as a slow socket is.
	botStreamQueue = 256
	// botKeepAlive: an empty line this often keeps proxies from closing a
	// quiet stream.
	botKeepAlive = 20 * time.Second
	// botList: bots the lobby's picker lists at most.
	botList = 200
)

// The bot identities' limits when Config leaves them 0 (--bot-tables,
// --bot-moves).
const (
	DefaultBotTables = 8  // open and live tables a bot identity sits at, at once
	DefaultBotMoves  = 20 // moves per second a bot identity makes by HTTP, over all its tables
)

// errArenaBody: an arena call without its field.
var errArenaBody = shelltext.Errorf("err.arenaBody")

// botConfirm is what an identity sends to become a bot: a sentence, not a
// flag, because the change cannot be undone.
const botConfirm = "I understand that this cannot be undone"

// botEvent is one line of a bot's stream (botEvent* types).
type botEvent struct {
	Type  string `json:"type"`
	Table string `json:"table"`
	Game  string `json:"game,omitempty"`
	Seat  int    `json:"seat"`
	// invitation: who invites, how many players, the options and the clock.
	By      string            `json:"by,omitempty"`
	Players int               `json:"players,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	Clock   *clockSpec        `json:"clock,omitempty"`
	// turn: the version to play on, the seat's view and its legal moves as
	// a socket of the seat gets them, and when its time runs out (Unix ms).
	V        int               `json:"v"`
	View     json.RawMessage   `json:"view,omitempty"`
	Legal    []engine.MoveDesc `json:"legal,omitempty"`
	Deadline int64             `json:"deadline,omitempty"`
	// end: how it ended (over or aborted) and the score pad.
	Status store.Status    `json:"status,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
}

// Bot stream event types.
const (
	botInvitation = "invitation" // an open seat kept for the bot
	botStart      = "start"      // a table the bot sits at began (or is live when the stream opens)
	botTurn       = "turn"       // it is the bot's decision
	botEnd        = "end"        // a table the bot sat at ended
)

// botHub fans the tables' events out to the bots' streams. A table never
// waits for it: a stream whose queue is full is ended.
type botHub struct {
	mu      sync.Mutex
	streams map[string]map[*botStream]struct{} // bot identity → its open streams
}

type botStream struct {
	out  chan []byte
	gone chan struct{} // closed when the hub drops a slow stream
	once sync.Once
}

func (s *botStream) drop() { s.once.Do(func() { close(s.gone) }) }

// botAPI is the server's bot API state, made on first use so that New
// need not know of it.
type botAPI struct {
	once  sync.Once
	hub   *botHub
	moves *limiter   // moves by HTTP per bot identity
	arena arenaState // the bot arena's tables (botarena.go), its ticker's alone
}

func (s *Server) botState() *botAPI {
	s.botapi.once.Do(func() {
		s.botapi.hub = &botHub{streams: map[string]map[*botStream]struct{}{}}
		s.botapi.moves = newLimiter(time.Second/time.Duration(s.botMoves()), 2*s.botMoves(), s.now)
	})
	return &s.botapi
}

func (s *Server) botHub() *botHub { return s.botState().hub }

func (h *botHub) open(bot string) (*botStream, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.streams[bot]) >= botStreamsEach {
		return nil, false
	}
	st := &botStream{out: make(chan []byte, botStreamQueue), gone: make(chan struct{})}
	if h.streams[bot] == nil {
		h.streams[bot] = map[*botStream]struct{}{}
	}
	h.streams[bot][st] = struct{}{}
	return st, true
}

func (h *botHub) close(bot string, st *botStream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.streams[bot], st)
	if len(h.streams[bot]) == 0 {
		delete(h.streams, bot)
	}
}

// tell queues ev to every stream of bot, without waiting.
func (h *botHub) tell(bot string, ev botEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.streams[bot]) == 0 {
		return
	}
	line := append(mustJSON(ev), '\n')
	for st := range h.streams[bot] {
		select {
		case st.out <- line:
		default:
			st.drop()
		}
	}
}

// botSent is what a table last told its bot seats: the version of the
// turn told, and the status; and which bot seats it counts as present for
// their open stream.
type botSent struct {
	turn    map[int]int
	status  store.Status
	init    bool
	present map[int]bool
}

// listening reports whether bot has a stream open (on this node).
func (h *botHub) listening(bot string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.streams[bot]) > 0
}

// botPresence counts a bot seat whose bot has its stream open as online, as
// a socket of the seat would be: a program playing by HTTP is there while it
// listens, and away (the absence rules) once its stream is gone.
func (t *table) botPresence(p int, identity string, sent *botSent) {
	on := t.meta.Status == store.StatusLive && !t.meta.Seats[p].Zombie && t.srv.botHub().listening(identity)
	if on == sent.present[p] {
		return
	}
	sent.present[p] = on
	if on {
		t.online[p]++
		t.away[p] = time.Time{}
	} else {
		t.online[p]--
		if t.online[p] == 0 {
			t.away[p] = t.srv.now()
		}
	}
	t.presence()
	t.afterChange()
}

// botCheck runs on the table's goroutine after each thing it does: it tells
// each bot identity seated (Program) what changed for it. Tables without one
// (nearly all) return at the first loop.
func (t *table) botCheck() {
	has := false
	for _, st := range t.meta.Seats {
		has = has || st.Program
	}
	if !has {
		return
	}
	if t.botSent == nil {
		// First seen with a bot seat: a table at version 0 has just
		// started (the bot's accepting filled the last seat) or is
		// loaded before anyone moved; either way its bots hear "start"
		// (an event may come twice: a stream's pending events say it too).
		t.botSent = &botSent{turn: map[int]int{}, init: true, status: t.meta.Status, present: map[int]bool{}}
		if t.version == 0 {
			t.botSent.status = store.StatusOpen
		}
	}
	sent := t.botSent
	hub := t.srv.botHub()
	for p, st := range t.meta.Seats {
		if st.Program {
			t.botPresence(p, st.Identity, sent)
		}
		if !st.Program || st.Zombie {
			continue
		}
		if sent.init && sent.status == store.StatusOpen && t.meta.Status == store.StatusLive {
			hub.tell(st.Identity, t.botStartEvent(p))
		}
		if told, ok := sent.turn[p]; t.meta.Status == store.StatusLive && t.state.ToMove() == p && (!ok || told != t.version) {
			sent.turn[p] = t.version
			hub.tell(st.Identity, t.botTurnEvent(p))
		}
		if sent.status == store.StatusLive && t.meta.Status != store.StatusLive {
			hub.tell(st.Identity, t.botEndEvent(p))
		}
	}
	sent.status, sent.init = t.meta.Status, true
}

func (t *table) botStartEvent(p int) botEvent {
	c := specOf(t.meta.Clock)
	return botEvent{Type: botStart, Table: t.id, Game: t.meta.Game, Seat: p, Players: t.meta.Players,
		Options: t.meta.Options, Clock: &c}
}

// botTurnEvent is seat p's decision: its view and legal moves exactly as a
// socket of the seat gets them (the engine's View(p), table.legal).
func (t *table) botTurnEvent(p int) botEvent {
	ev := botEvent{Type: botTurn, Table: t.id, Game: t.meta.Game, Seat: p, V: t.version,
		View: mustViewJSON(t.state.View(p)), Legal: t.legal(p)}
	if d := t.deadline(); !d.IsZero() {
		ev.Deadline = d.UnixMilli()
	}
	return ev
}

func (t *table) botEndEvent(p int) botEvent {
	return botEvent{Type: botEnd, Table: t.id, Game: t.meta.Game, Seat: p, Status: t.meta.Status,
		Result: json.RawMessage(t.meta.Result)}
}

// ----- creating tables with bot seats -----

// botSeat reads a creation's seat "bot:ID": an open seat kept for the bot
// identity ID (ok false for any other seat). The bot must be one and have
// room for one more table.
func (s *Server) botSeat(ctx context.Context, spec string, n int) (seat store.Seat, ok bool, err error) {
	id, ok := strings.CutPrefix(strings.TrimSpace(spec), botSeatPrefix)
	if !ok {
		return store.Seat{}, false, nil
	}
	b, err := s.st.BotIdentity(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Seat{}, true, withStatus(http.StatusBadRequest, shelltext.Errorf("err.botUnknown", i18n.N("n", n)))
	}
	if err != nil {
		return store.Seat{}, true, err
	}
	if err := s.botRoom(ctx, b.Identity); err != nil {
		return store.Seat{}, true, err
	}
	return store.Seat{Kind: store.SeatOpen, Invited: b.Identity, Name: b.Name}, true, nil
}

// botRoom refuses a bot that sits at its limit of tables already.
func (s *Server) botRoom(ctx context.Context, bot string) error {
	mine, err := s.st.Tables(ctx, store.Query{Identity: bot, Status: []store.Status{store.StatusOpen, store.StatusLive}})
	if err != nil {
		return err
	}
	if len(mine) >= s.botTables() {
		return withStatus(http.StatusTooManyRequests, shelltext.Errorf("err.botBusy", i18n.N("n", len(mine))))
	}
	return nil
}

// botTables is how many open and live tables a bot identity may sit at.
func (s *Server) botTables() int {
	if s.cfg.BotTables > 0 {
		return s.cfg.BotTables
	}
	return DefaultBotTables
}

// botCreating completes a table about to be created: the creator's own
// seat is a program's if the creator is a bot identity, and the invitations
// are indexed before the table is stored (an index row whose table never
// came is ignored and dropped: the seat is the truth).
func (s *Server) botCreating(ctx context.Context, creator string, t *store.Table) error {
	if _, err := s.st.BotIdentity(ctx, creator); err == nil {
		for i := range t.Seats {
			if t.Seats[i].Identity == creator {
				t.Seats[i].Program = true
			}
		}
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	for i, st := range t.Seats {
		if st.Invited != "" {
			if err := s.st.PutInvitation(ctx, store.Invitation{Table: t.ID, Seat: i, Bot: st.Invited, At: t.Created}); err != nil {
				return err
			}
		}
	}
	return nil
}

// botInvited tells the invited bots of a table just stored.
func (s *Server) botInvited(t store.Table, by string) {
	for i, st := range t.Seats {
		if st.Invited != "" {
			s.botHub().tell(st.Invited, invitationOf(t, i, by))
		}
	}
}

func invitationOf(t store.Table, seat int, by string) botEvent {
	c := specOf(t.Clock)
	return botEvent{Type: botInvitation, Table: t.ID, Game: t.Game, Seat: seat, By: by, Players: t.Players,
		Options: t.Options, Clock: &c}
}

// ----- becoming a bot, the list of bots -----

type botJSON struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Since int64  `json:"since"`
}

// apiBotUpgrade makes the caller's identity a bot identity, for good. The
// body must carry the confirming sentence, and the identity may sit at no
// open or live table (its seats there were taken as a person's).
func (s *Server) apiBotUpgrade(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Confirm string `json:"confirm"`
	}
	id, ok := s.readIdentified(w, r, &req)
	if !ok {
		return
	}
	if req.Confirm != botConfirm {
		s.apiError(w, r, http.StatusBadRequest, shelltext.Errorf("err.botConfirm", i18n.S("sentence", botConfirm)))
		return
	}
	if mine, err := s.st.Tables(r.Context(), store.Query{Identity: id.ID, Status: []store.Status{store.StatusOpen, store.StatusLive}}); err != nil {
		s.answerErr(w, r, err)
		return
	} else if len(mine) > 0 {
		s.apiError(w, r, http.StatusConflict, shelltext.Errorf("err.botHasTables", i18n.N("n", len(mine))))
		return
	}
	now := s.now()
	if err := s.st.MakeBot(r.Context(), id.ID, now); errors.Is(err, store.ErrConflict) {
		s.apiError(w, r, http.StatusConflict, shelltext.Errorf("err.botAlready"))
		return
	} else if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, botJSON{ID: id.ID, Name: id.Name, Since: now.UnixMilli()})
}

// apiBots lists the bot identities, for the lobby's seat picker.
func (s *Server) apiBots(w http.ResponseWriter, r *http.Request) {
	bs, err := s.st.BotIdentities(r.Context(), botList)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	out := make([]botJSON, 0, len(bs))
	for _, b := range bs {
		out = append(out, botJSON{ID: b.Identity, Name: b.Name, Since: b.Since.UnixMilli()})
	}
	writeJSON(w, http.StatusOK, out)
}

// identifyBot is the request's identity if it is a bot's (403 otherwise).
func (s *Server) identifyBot(r *http.Request) (store.Identity, error) {
	id, err := s.identify(r)
	if err != nil {
		return id, err
	}
	if _, err := s.st.BotIdentity(r.Context(), id.ID); errors.Is(err, store.ErrNotFound) {
		return id, withStatus(http.StatusForbidden, shelltext.Errorf("err.notBot"))
	} else if err != nil {
		return id, err
	}
	return id, nil
}

// isBot reports whether identity is a bot's.
func (s *Server) isBot(ctx context.Context, identity string) (bool, error) {
	_, err := s.st.BotIdentity(ctx, identity)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// ----- the stream -----

// apiBotStream is the bot's stream: first what is pending (its invitations,
// and for each table it sits at in play a start, and its turn if it is
// its turn), then each event as it comes, one JSON object a line. The
// stream is registered before the pending events are read, so that nothing
// happening meanwhile is missed (an event may come twice: act on the
// latest version).
func (s *Server) apiBotStream(w http.ResponseWriter, r *http.Request) {
	id, err := s.identifyBot(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	hub := s.botHub()
	st, ok := hub.open(id.ID)
	if !ok {
		s.apiError(w, r, http.StatusTooManyRequests, shelltext.Errorf("err.botStreams", i18n.N("n", botStreamsEach)))
		return
	}
	defer s.botGone(id.ID, st)
	pending, err := s.botPending(r.Context(), id.ID)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	bw := bufio.NewWriter(w)
	for _, ev := range pending {
		bw.Write(append(mustJSON(ev), '\n'))
	}
	if bw.Flush() != nil || rc.Flush() != nil {
		return
	}
	keep := time.NewTicker(botKeepAlive)
	defer keep.Stop()
	for {
		var line []byte
		select {
		case line = <-st.out:
		case <-keep.C:
			line = []byte("\n")
		case <-st.gone:
			return // too slow: the bot reconnects and hears what is pending
		case <-r.Context().Done():
			return
		case <-s.quit:
			return
		}
		bw.Write(line)
		// Write what else is queued before flushing once.
		for more := true; more; {
			select {
			case l := <-st.out:
				bw.Write(l)
			default:
				more = false
			}
		}
		if bw.Flush() != nil || rc.Flush() != nil {
			return
		}
	}
}

// botGone closes a bot's stream and, if it was its last, tells its live
// tables of this node, which count it away from now (botPresence).
func (s *Server) botGone(bot string, st *botStream) {
	hub := s.botHub()
	hub.close(bot, st)
	if hub.listening(bot) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ts, err := s.st.Tables(ctx, store.Query{Identity: bot, Status: []store.Status{store.StatusLive}})
	if err != nil {
		s.log.Warn("bot stream closed: its tables not told", "bot", bot, "err", err)
		return
	}
	for _, tb := range ts {
		s.mu.Lock()
		t := s.tables[tb.ID]
		s.mu.Unlock()
		if t != nil {
			t.post(func() {}) // botCheck runs after it
		}
	}
}

// botPending is what a bot's new stream starts with: its invitations still
// open (stale index rows are dropped), then its tables in play.
func (s *Server) botPending(ctx context.Context, bot string) ([]botEvent, error) {
	var out []botEvent
	invs, err := s.st.Invitations(ctx, bot)
	if err != nil {
		return nil, err
	}
	for _, inv := range invs {
		t, err := s.st.Table(ctx, inv.Table)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		if err != nil || t.Status != store.StatusOpen || inv.Seat >= len(t.Seats) || t.Seats[inv.Seat].Invited != bot ||
			t.Seats[inv.Seat].Kind != store.SeatOpen {
			if err := s.st.DropInvitation(ctx, inv.Table, inv.Seat); err != nil {
				s.log.Warn("bot invitation", "table", inv.Table, "seat", inv.Seat, "err", err)
			}
			continue
		}
		out = append(out, invitationOf(t, inv.Seat, ownerName(t)))
	}
	ts, err := s.st.Tables(ctx, store.Query{Identity: bot, Status: []store.Status{store.StatusLive}})
	if err != nil {
		return nil, err
	}
	for i := len(ts) - 1; i >= 0; i-- { // oldest first
		err := s.withTable(ctx, ts[i].ID, func(t *table) {
			for p, st := range t.meta.Seats {
				if st.Identity != bot || st.Zombie || t.meta.Status != store.StatusLive {
					continue
				}
				out = append(out, t.botStartEvent(p))
				if t.state.ToMove() == p {
					out = append(out, t.botTurnEvent(p))
				}
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ownerName is the name of the person who created t, as seated there.
func ownerName(t store.Table) string {
	for _, st := range t.Seats {
		if st.Identity == t.Owner {
			return st.Name
		}
	}
	return ""
}

// ----- invitations answered -----

// apiBotAccept: the bot takes the seat kept for it.
func (s *Server) apiBotAccept(w http.ResponseWriter, r *http.Request) {
	id, err := s.identifyBot(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	tableID := r.PathValue("id")
	if err := s.botRoom(r.Context(), id.ID); err != nil {
		s.answerErr(w, r, err)
		return
	}
	seat := -1
	var aerr error
	err = s.withTable(r.Context(), tableID, func(t *table) {
		p := t.invitedSeat(id.ID)
		if p < 0 {
			aerr = withStatus(http.StatusConflict, shelltext.Errorf("err.noInvitation"))
			return
		}
		seat, aerr = t.join(id, p)
		if aerr != nil {
			aerr = refusal(aerr)
		}
	})
	if err == nil {
		err = aerr
	}
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	s.dropInvitation(r.Context(), tableID, seat)
	writeJSON(w, http.StatusOK, map[string]int{"seat": seat})
}

// apiBotDecline: the bot declines; the seat opens to anyone (the invite
// link, or the lobby if the table is public).
func (s *Server) apiBotDecline(w http.ResponseWriter, r *http.Request) {
	id, err := s.identifyBot(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	tableID := r.PathValue("id")
	seat := -1
	var derr error
	err = s.withTable(r.Context(), tableID, func(t *table) {
		seat = t.invitedSeat(id.ID)
		if seat < 0 {
			derr = withStatus(http.StatusConflict, shelltext.Errorf("err.noInvitation"))
			return
		}
		derr = t.declineInvitation(seat)
	})
	if err == nil {
		err = derr
	}
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	s.dropInvitation(r.Context(), tableID, seat)
	writeJSON(w, http.StatusOK, map[string]int{"seat": seat})
}

// dropInvitation removes an answered invitation from the index; a failure
// leaves a row that the next stream ignores and drops.
func (s *Server) dropInvitation(ctx context.Context, table string, seat int) {
	if err := s.st.DropInvitation(ctx, table, seat); err != nil {
		s.log.Warn("bot invitation answered but still indexed", "table", table, "seat", seat, "err", err)
	}
}

// invitedSeat is the open seat kept for bot (-1: none).
func (t *table) invitedSeat(bot string) int {
	if t.meta.Status != store.StatusOpen {
		return -1
	}
	for i, st := range t.meta.Seats {
		if st.Kind == store.SeatOpen && st.Invited == bot {
			return i
		}
	}
	return -1
}

// declineInvitation opens seat to anyone; a failed write changes nothing.
func (t *table) declineInvitation(seat int) error {
	meta := t.meta
	meta.Seats = append([]store.Seat(nil), meta.Seats...)
	meta.Seats[seat] = store.Seat{Kind: store.SeatOpen}
	meta.Updated = t.srv.now()
	if err := t.commitWrite(store.Write{Table: &meta}); err != nil {
		t.storeFailed(nil, nil, err)
		return errStoreFailed
	}
	t.meta = meta
	clear(t.cache)
	for c := range t.conns {
		t.sendSync(c, -1)
	}
	t.srv.lobbyChanged(meta) // the seat shows open to anyone now
	return nil
}

// ----- playing by HTTP -----

// moveReq is a move by HTTP: the WebSocket's move message without its type.
type moveReq struct {
	V  int     `json:"v"`
	ID string  `json:"id"`
	I  *int    `json:"i"`
	N  *string `json:"n"`
}

// apiMove plays a move for the caller's seat, as the WebSocket's move
// message does, and answers once it is stored: {"v"} (the version it made)
// or the refusal (409, with reason, rule and message). Any seat holder may
// use it; a bot identity's moves are limited per second.
func (s *Server) apiMove(w http.ResponseWriter, r *http.Request) {
	var req moveReq
	if err := readJSON(w, r, &req); err != nil {
		s.apiError(w, r, http.StatusBadRequest, err)
		return
	}
	if (req.I == nil) == (req.N == nil) || len(req.ID) > 64 || (req.I != nil && *req.I < 0) {
		s.apiError(w, r, http.StatusBadRequest, shelltext.Errorf("err.moveBody"))
		return
	}
	id, err := s.identify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if bot, err := s.isBot(r.Context(), id.ID); err != nil {
		s.answerErr(w, r, err)
		return
	} else if bot {
		if ok, wait := s.botState().moves.allow(id.ID); !ok {
			w.Header().Set("Retry-After", retrySeconds(wait))
			s.apiError(w, r, http.StatusTooManyRequests, shelltext.Errorf("err.botMoveRate", i18n.N("n", s.botMoves())))
			return
		}
	}
	lang := requestLang(r)
	c := &conn{srv: s, table: r.PathValue("id"), identity: id.ID, lang: lang, seat: -1,
		out: make(chan []byte, 8), closedCh: make(chan struct{})}
	var serr error
	err = s.withTable(r.Context(), c.table, func(t *table) {
		seat, e := t.seatFor(id.ID, -2)
		if e != nil || seat < 0 {
			serr = withStatus(http.StatusForbidden, shelltext.Errorf("err.noSeat"))
			return
		}
		c.seat = seat
		t.submit(c, request{seat: seat, v: req.V, client: req.ID, index: req.I, nota: req.N})
	})
	if err == nil {
		err = serr
	}
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	// The table answered on c before withTable returned: an ack, or a
	// refusal (and perhaps a sync, which an HTTP caller does not need).
	for {
		select {
		case b := <-c.out:
			var m struct {
				T       string `json:"t"`
				V       int    `json:"v"`
				Reason  string `json:"reason"`
				Rule    string `json:"rule"`
				Message string `json:"message"`
			}
			if json.Unmarshal(b, &m) != nil {
				continue
			}
			switch m.T {
			case string(outAck):
				writeJSON(w, http.StatusOK, map[string]int{"v": m.V})
				return
			case string(outRefused):
				code := http.StatusConflict
				if m.Reason == string(refStore) {
					code = http.StatusServiceUnavailable
					w.Header().Set("Retry-After", retryAfter)
				}
				writeJSON(w, code, map[string]any{"error": m.Message, "reason": m.Reason, "rule": m.Rule, "v": m.V,
					"request": requestID(r)})
				return
			}
		default:
			// Nothing said: the table could not be read back after a failed
			// write (it left memory); the move is not known to be stored.
			s.apiError(w, r, http.StatusServiceUnavailable, shelltext.Errorf("err.unavailable"))
			return
		}
	}
}

// botMoves is the moves per second a bot identity may make by HTTP, over
// all its tables (a burst of twice as many); sockets have their own rate
// (--rate).
func (s *Server) botMoves() int {
	if s.cfg.BotMoves > 0 {
		return s.cfg.BotMoves
	}
	return DefaultBotMoves
}

// programName is a bot identity's seat as a server page names it: "Robin
// (bot)", or "Robin (bot, invited)" for a seat kept for it.
func programName(lang, name string, invited bool) string {
	if invited {
		return shelltext.T(lang, "plain.botInvited", i18n.S("name", name))
	}
	return shelltext.T(lang, "plain.botNamed", i18n.S("name", name))
}

// ----- inviting a bot at a table already made -----

// apiBotInvite: a person seated at an open table keeps one of its open
// seats for a bot identity, named by its id or by its name:
// {"bot": "Robin", "seat"?: N} → {"seat"}. The bot hears of it as of an
// invitation at creation.
func (s *Server) apiBotInvite(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Bot  string `json:"bot"`
		Seat *int   `json:"seat"`
	}
	id, ok := s.readIdentified(w, r, &req)
	if !ok {
		return
	}
	b, err := s.botNamed(r.Context(), strings.TrimSpace(req.Bot))
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if err := s.botRoom(r.Context(), b.Identity); err != nil {
		s.answerErr(w, r, err)
		return
	}
	tableID := r.PathValue("id")
	seat := -1
	var ierr error
	var meta store.Table
	err = s.withTable(r.Context(), tableID, func(t *table) {
		seat, ierr = t.invite(id.ID, b, req.Seat)
		meta = t.meta
	})
	if err == nil {
		err = ierr
	}
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	s.botHub().tell(b.Identity, invitationOf(meta, seat, id.Name))
	writeJSON(w, http.StatusOK, map[string]int{"seat": seat})
}

// botNamed finds a bot identity by id, else by its exact name (400 for
// none, 409 for a name several bots share: then by id).
func (s *Server) botNamed(ctx context.Context, name string) (store.Bot, error) {
	if b, err := s.st.BotIdentity(ctx, name); err == nil {
		return b, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return b, err
	}
	bs, err := s.st.BotIdentities(ctx, 0)
	if err != nil {
		return store.Bot{}, err
	}
	var found []store.Bot
	for _, b := range bs {
		if b.Name == name {
			found = append(found, b)
		}
	}
	switch len(found) {
	case 0:
		return store.Bot{}, withStatus(http.StatusBadRequest, shelltext.Errorf("err.botNoName", i18n.S("name", name)))
	case 1:
		return found[0], nil
	}
	return store.Bot{}, withStatus(http.StatusConflict, shelltext.Errorf("err.botNameShared", i18n.S("name", name), i18n.N("n", len(found))))
}

// invite keeps an open seat (want, or the first one not kept) for bot b, on
// the word of by, a person seated there. The invitation is indexed before
// the table's row is written; a failed write changes nothing (the index row
// is then stale, and ignored).
func (t *table) invite(by string, b store.Bot, want *int) (int, error) {
	if t.meta.Status != store.StatusOpen {
		return -1, withStatus(http.StatusConflict, shelltext.Errorf("err.tableIs", i18n.S("status", string(t.meta.Status))))
	}
	seated := false
	for i, st := range t.meta.Seats {
		seated = seated || (st.Identity == by && t.seatHolder(i))
		if st.Identity == b.Identity || st.Invited == b.Identity {
			return -1, withStatus(http.StatusConflict, shelltext.Errorf("err.botThere"))
		}
	}
	if !seated {
		return -1, withStatus(http.StatusForbidden, shelltext.Errorf("err.noSeat"))
	}
	seat := -1
	if want != nil {
		seat = *want
	} else {
		for i, st := range t.meta.Seats {
			if st.Kind == store.SeatOpen && st.Invited == "" {
				seat = i
				break
			}
		}
	}
	if seat < 0 || seat >= len(t.meta.Seats) || t.meta.Seats[seat].Kind != store.SeatOpen || t.meta.Seats[seat].Invited != "" {
		return -1, withStatus(http.StatusConflict, shelltext.Errorf("err.noOpenSeat"))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := t.srv.st.PutInvitation(ctx, store.Invitation{Table: t.id, Seat: seat, Bot: b.Identity, At: t.srv.now()}); err != nil {
		return -1, err
	}
	meta := t.meta
	meta.Seats = append([]store.Seat(nil), meta.Seats...)
	meta.Seats[seat] = store.Seat{Kind: store.SeatOpen, Invited: b.Identity, Name: b.Name}
	meta.Updated = t.srv.now()
	if err := t.commitWrite(store.Write{Table: &meta}); err != nil {
		t.storeFailed(nil, nil, err)
		return -1, errStoreFailed
	}
	t.meta = meta
	clear(t.cache)
	for c := range t.conns {
		t.sendSync(c, -1)
	}
	t.srv.lobbyChanged(meta)
	return seat, nil
}
