package server

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// Why a bot took a seat over: the Move of its zombie log entry, the
// record's replaced.why and the zombie event's why (docs/server.md,
// docs/records.md). A seat handed over while away stores "away:SECONDS",
// how long it had been away, for the sentence that tells the others; the
// record keeps "away" only.
const (
	whyLeft   = "left"   // its player left (POST …/leave)
	whyResign = "resign" // its player resigned (POST …/resign)
	whyTime   = "time"   // its player ran out of time (a clock, an async deadline)
	whyAway   = "away"   // its player was away past the grace, and another player handed it over
)

// zombieWhy reads a zombie entry's Move: why, and for whyAway the seconds
// the seat had been away (0 when not said). Entries stored before the
// reasons were kept have "" (unknown); any word this server does not know
// is kept as it is, so that a record never loses it.
func zombieWhy(move string) (why string, secs int) {
	why, n, ok := strings.Cut(move, ":")
	if ok && why == whyAway {
		secs, _ = strconv.Atoi(n)
		return why, max(secs, 0)
	}
	return move, 0
}

// awayWhy is the reason stored for seat handed over while away now.
func (t *table) awayWhy(seat int) string {
	// Whole seconds, rounded up: a seat handed over was away at least one.
	secs := (t.srv.now().Sub(t.absentSince(seat)) + time.Second - 1) / time.Second
	return whyAway + ":" + strconv.Itoa(int(max(secs, 1)))
}

// timerWhy is why the seat to move is replaced when its deadline passes: a
// realtime seat away past the grace was away (its own clock had time left);
// otherwise it ran out of time.
func (t *table) timerWhy() string {
	p := t.clockSeat()
	if p >= 0 && t.meta.Clock.Mode == clockRealtime && t.online[p] == 0 && !t.away[p].IsZero() &&
		!t.srv.now().Before(t.away[p].Add(t.srv.cfg.Grace)) {
		return t.awayWhy(p)
	}
	return whyTime
}

// absentSince is since when seat's player has been away from the game:
// when its last socket closed, or when the table was loaded if none opened
// since, but never before the game started here. The creator who waited in
// the lobby for the others (no socket at the table) was not away from a
// game that had not started.
func (t *table) absentSince(seat int) time.Time {
	since := t.loaded
	if a := t.away[seat]; !a.IsZero() {
		since = a
	}
	if t.started.After(since) {
		return t.started
	}
	return since
}

// handOverAt is when the other players may hand seat to a bot: only the
// seat to move at a live table, held by a person who is away; the grace
// after they left (--grace), or at an async table its deadline (whose
// timer replaces the seat by itself; the call is there for a table whose
// timer has not fired yet). Zero: not now, not by waiting.
func (t *table) handOverAt(seat int) time.Time {
	if t.meta.Status != store.StatusLive || t.state.ToMove() != seat || !t.seatHolder(seat) || t.online[seat] > 0 {
		return time.Time{}
	}
	if t.meta.Clock.Mode == clockAsync {
		return t.deadline()
	}
	return t.absentSince(seat).Add(t.srv.cfg.Grace)
}

// handOver: the person holding seat by hands seat, whose player is away,
// to a greedy bot for the rest of the game. Only a seated person may (a
// spectator may not take a seat from anyone), only for the seat to move,
// and only once handOverAt has passed; every refusal says why.
func (t *table) handOver(by string, seat int) error {
	if t.meta.Status != store.StatusLive {
		return shelltext.Errorf("err.tableIs", i18n.S("status", string(t.meta.Status)))
	}
	holder := -1
	for i, s := range t.meta.Seats {
		if s.Identity == by && t.seatHolder(i) {
			holder = i
		}
	}
	if holder < 0 {
		return withStatus(403, shelltext.Errorf("err.handOverSeated"))
	}
	if seat == holder {
		return shelltext.Errorf("err.handOverSelf")
	}
	if seat < 0 || seat >= len(t.meta.Seats) || !t.seatHolder(seat) || t.state.ToMove() != seat {
		return shelltext.Errorf("err.handOverTurn")
	}
	who := i18n.S("who", t.meta.Seats[seat].Name)
	if t.online[seat] > 0 {
		return shelltext.Errorf("err.handOverPresent", who)
	}
	now := t.srv.now()
	if at := t.handOverAt(seat); now.Before(at) {
		if t.meta.Clock.Mode == clockAsync {
			return shelltext.Errorf("err.handOverDeadline", who)
		}
		away := int(now.Sub(t.absentSince(seat)).Seconds())
		return shelltext.Errorf("err.handOverEarly", who, i18n.N("seconds", away),
			i18n.N("grace", int(t.srv.cfg.Grace.Seconds())), i18n.N("wait", int(at.Sub(now).Seconds())+1))
	}
	why := t.awayWhy(seat)
	if t.meta.Clock.Mode == clockAsync {
		why = whyTime
	}
	return t.zombify(seat, why)
}

// resign: a person concedes. A bot plays the seat to the end (its rank is
// what the bot makes of it: the rules' result is never changed, so that
// the record replays to it); the others see "Ann resigned". Only while the
// game is played: before it, leaving opens the seat.
func (t *table) resign(seat int) error {
	if !t.seatHolder(seat) {
		return shelltext.Errorf("err.noSeat")
	}
	if t.meta.Status != store.StatusLive {
		return shelltext.Errorf("err.resignLive")
	}
	return t.zombify(seat, whyResign)
}

// ----- rematch: an offer the others accept or decline -----

// mustAgree reports whether seat s's person must agree to a rematch: a
// person still holding a seat. A person replaced by a bot may agree (and
// then plays the rematch); otherwise a bot takes that seat in the rematch.
func mustAgree(s store.Seat) bool { return s.Kind == store.SeatHuman && !s.Zombie }

func agreed(s store.Seat) bool {
	return s.Rematch == store.RematchOffered || s.Rematch == store.RematchAgreed
}

// offer is the rematch offer as the seats hold it (nil: none made).
func (t *table) offer() *offerInfo {
	return offerOf(t.meta.Seats)
}

func offerOf(seats []store.Seat) *offerInfo {
	o := &offerInfo{By: -1, Agreed: []int{}, Waiting: []int{}}
	for i, s := range seats {
		switch s.Rematch {
		case store.RematchOffered:
			o.By = i
		case store.RematchDeclined:
			o.Declined = intp(i)
		}
	}
	if o.By < 0 {
		return nil
	}
	o.Agreed = append(o.Agreed, o.By)
	for i, s := range seats {
		switch {
		case s.Rematch == store.RematchAgreed:
			o.Agreed = append(o.Agreed, i)
		case s.Rematch == "" && mustAgree(s) && o.Declined == nil:
			o.Waiting = append(o.Waiting, i)
		}
	}
	return o
}

// rematch is seat's yes to a rematch: the first one offers it (a new offer
// after a declined one), the others accept it. Once every person holding a
// seat has agreed, the table is created (once) with the same seats and a
// new seed, and everyone is sent to it. It returns the new table's id, or
// "" while answers are awaited.
func (t *table) rematch(ctx context.Context, seat int) (string, error) {
	if t.meta.Status != store.StatusOver {
		return "", shelltext.Errorf("err.rematchOver")
	}
	if t.meta.Rematch != "" {
		return t.meta.Rematch, nil
	}
	meta := t.meta
	meta.Seats = slices.Clone(meta.Seats)
	if o := offerOf(meta.Seats); o == nil || o.Declined != nil {
		for i := range meta.Seats {
			meta.Seats[i].Rematch = ""
		}
		meta.Seats[seat].Rematch = store.RematchOffered
	} else if meta.Seats[seat].Rematch == "" {
		meta.Seats[seat].Rematch = store.RematchAgreed
	} else {
		return "", nil // agreed already: nothing changes
	}
	meta.Updated = t.srv.now()
	var nt store.Table
	if o := offerOf(meta.Seats); len(o.Waiting) == 0 {
		nt = t.rematchTable(meta)
		if err := t.srv.st.CreateTable(ctx, nt); err != nil {
			return "", err
		}
		meta.Rematch = nt.ID
	}
	if err := t.commitWrite(store.Write{Table: &meta}); err != nil {
		t.storeFailed(nil, nil, err) // reads back the offer (and rematch) if it was stored after all
		return "", errStoreFailed
	}
	t.meta = meta
	clear(t.cache)
	t.sendOffer()
	if nt.ID != "" {
		t.srv.lobbyChanged(nt) // a rematch is a new table in play (publishing never waits)
	}
	if meta.Rematch != "" {
		b := mustJSON(rematchMsg{T: outRematch, V: t.version, Rematch: meta.Rematch})
		for c := range t.conns {
			c.send(b)
		}
	}
	return meta.Rematch, nil
}

// rematchTable is the rematch of the table meta: the same seats, a new
// seed; a person replaced by a bot who did not agree is a bot there.
func (t *table) rematchTable(meta store.Table) store.Table {
	nt := meta
	nt.ID, nt.Seed = t.srv.newID(), t.srv.newSeed()
	nt.Invite = t.srv.newCode()
	nt.Seats = nil
	nt.Status, nt.Result, nt.Rematch, nt.Version, nt.Deadline = store.StatusLive, nil, "", 0, time.Time{}
	nt.Created, nt.Updated = t.srv.now(), t.srv.now()
	for _, s := range meta.Seats {
		switch {
		case s.Kind == store.SeatHuman && s.Zombie && !agreed(s):
			s = store.Seat{Kind: store.SeatBot, Bot: s.Bot, Name: s.Bot + " bot"}
		case s.Kind == store.SeatHuman:
			s.Bot = ""
		}
		s.Zombie, s.ZombieAt, s.Rematch = false, 0, ""
		nt.Seats = append(nt.Seats, s)
	}
	return nt
}

// declineRematch is seat's no: the offer ends, and everyone sees who
// declined it (the one who offered may withdraw it so). Anyone may offer
// again afterwards.
func (t *table) declineRematch(seat int) error {
	if t.meta.Status != store.StatusOver {
		return shelltext.Errorf("err.rematchOver")
	}
	if t.meta.Rematch != "" {
		return shelltext.Errorf("err.rematchStarted")
	}
	if o := t.offer(); o == nil || o.Declined != nil {
		return shelltext.Errorf("err.rematchNoOffer")
	}
	meta := t.meta
	meta.Seats = slices.Clone(meta.Seats)
	meta.Seats[seat].Rematch = store.RematchDeclined
	meta.Updated = t.srv.now()
	if err := t.commitWrite(store.Write{Table: &meta}); err != nil {
		t.storeFailed(nil, nil, err)
		return errStoreFailed
	}
	t.meta = meta
	clear(t.cache)
	t.sendOffer()
	return nil
}

func (t *table) sendOffer() {
	o := t.offer()
	if o == nil {
		return
	}
	b := mustJSON(offerMsg{T: outOffer, V: t.version, Offer: *o})
	for c := range t.conns {
		c.send(b)
	}
}

// formerSeat is the seat the watching connection c's person held before a
// bot took it over (nil: none, or c holds a seat): the page offers them the
// rematch as it does the players still seated.
func (t *table) formerSeat(c *conn) *int {
	if c.seat >= 0 || c.identity == "" {
		return nil
	}
	if i := t.rematchSeat(c.identity); i >= 0 && t.meta.Seats[i].Zombie {
		return intp(i)
	}
	return nil
}

// rematchSeat is the seat whose person id may answer a rematch: any seat
// a person held, replaced by a bot or not (-1: none).
func (t *table) rematchSeat(id string) int {
	for i, s := range t.meta.Seats {
		if s.Kind == store.SeatHuman && s.Identity == id {
			return i
		}
	}
	return -1
}

// ----- the calls (docs/server.md) -----

// onTable is the shape of every call a person makes on a table: who the
// caller is, then act on the table's goroutine, then the refusal if any
// (refusal's status) or the missing identity or table. It reports whether
// act succeeded, for the caller to answer.
func (s *Server) onTable(w http.ResponseWriter, r *http.Request, act func(t *table, id store.Identity) error) bool {
	id, err := s.identify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return false
	}
	var rerr error
	if err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) { rerr = act(t, id) }); err != nil {
		s.answerErr(w, r, err)
		return false
	}
	if rerr != nil {
		s.answerErr(w, r, refusal(rerr))
		return false
	}
	return true
}

// asRematchSeat runs act for the seat the caller may answer a rematch from
// (rematchSeat): a person who held a seat, replaced by a bot or not.
func asRematchSeat(act func(t *table, seat int) error) func(t *table, id store.Identity) error {
	return func(t *table, id store.Identity) error {
		seat := t.rematchSeat(id.ID)
		if seat < 0 {
			return shelltext.Errorf("err.rematchPlayers")
		}
		return act(t, seat)
	}
}

// apiRematch is the caller's yes to a rematch: 200 with the new table once
// everyone agreed, 202 with the offer while answers are awaited.
func (s *Server) apiRematch(w http.ResponseWriter, r *http.Request) {
	var next string
	var offer *offerInfo
	if !s.onTable(w, r, asRematchSeat(func(t *table, seat int) (err error) {
		next, err = t.rematch(r.Context(), seat)
		offer = t.offer()
		return err
	})) {
		return
	}
	if next == "" {
		writeJSON(w, http.StatusAccepted, map[string]any{"offer": offer})
		return
	}
	if _, err := s.table(r.Context(), next, false); err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"id": next, "url": s.cfg.BaseURL + "/t/" + next})
}

// apiDecline is the caller's no to the rematch offered: the offer ends.
func (s *Server) apiDecline(w http.ResponseWriter, r *http.Request) {
	var offer *offerInfo
	if s.onTable(w, r, asRematchSeat(func(t *table, seat int) error {
		err := t.declineRematch(seat)
		offer = t.offer()
		return err
	})) {
		writeJSON(w, http.StatusOK, map[string]any{"offer": offer})
	}
}

type handOverReq struct {
	Seat *int `json:"seat"`
}

// apiHandOver: a seated player hands the seat to move, whose player has
// been away past the grace (an async table: past its deadline), to a bot.
func (s *Server) apiHandOver(w http.ResponseWriter, r *http.Request) {
	var req handOverReq
	if err := readJSON(w, r, &req); err != nil {
		s.apiError(w, r, http.StatusBadRequest, err)
		return
	}
	if req.Seat == nil {
		s.apiError(w, r, http.StatusBadRequest, shelltext.Errorf("err.handOverNoSeat"))
		return
	}
	var bot string
	if s.onTable(w, r, func(t *table, id store.Identity) error {
		if err := t.handOver(id.ID, *req.Seat); err != nil {
			return err
		}
		bot = t.meta.Seats[*req.Seat].Bot
		return nil
	}) {
		writeJSON(w, http.StatusOK, map[string]any{"seat": *req.Seat, "bot": bot})
	}
}
