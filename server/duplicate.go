package server

// Duplicate tables (issue 26): friends play the same deal at separate
// tables and compare at the end. A duplicate copies its table's game,
// options, seed, clock, seat order and bots; its people's seats are open
// (the creator may take one). The group is kept in the store
// (store.Duplicates); a duplicate of a duplicate joins the same group.
//
// The deal is the secret: a table's seed never reaches a client, and
// nothing of another table of the group (its moves, its record, its
// replay, its scores, how far it is) reaches a person seated at a table of
// the group before their own table is over. dupGuard refuses every table
// route of another table of the group to such a person, the comparison
// waits for the end, and no one plays the same deal twice.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// seatFirstPerson: the creator of a duplicate takes the first seat a
// person holds at the original (duplicate's seat argument).
const seatFirstPerson = -2

type duplicateReq struct {
	// Seat is the creator's seat: absent, the first person's seat; -1,
	// none (a player of the deal invites friends to play it too).
	Seat *int `json:"seat"`
}

// apiDuplicate: POST /api/tables/{id}/duplicate makes a table that deals
// table id's game again; it answers like POST /api/tables.
func (s *Server) apiDuplicate(w http.ResponseWriter, r *http.Request) {
	var req duplicateReq
	if r.ContentLength != 0 {
		if err := readJSON(w, r, &req); err != nil {
			s.apiError(w, r, http.StatusBadRequest, err)
			return
		}
	}
	id, err := s.identify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	seat := seatFirstPerson
	if req.Seat != nil {
		seat = *req.Seat
	}
	out, code, err := s.duplicate(r.Context(), id, r.PathValue("id"), seat)
	if err != nil {
		s.answerErr(w, r, withCode(code, err))
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// duplicate stores a duplicate of table of for id, seated at seat (-1:
// not seated; seatFirstPerson: the first person's seat). code is err's
// status (0: statusOf's).
func (s *Server) duplicate(ctx context.Context, id store.Identity, of string, seat int) (createdJSON, int, error) {
	if len(of) > 64 {
		return createdJSON{}, http.StatusNotFound, shelltext.Errorf("err.noTable")
	}
	src, err := s.st.Table(ctx, of)
	if err != nil {
		return createdJSON{}, 0, err
	}
	group, err := s.st.Duplicates(ctx, of)
	if err != nil {
		return createdJSON{}, 0, err
	}
	if group == nil {
		group = []string{of}
	}
	if seat != -1 {
		// Who sits at a table of the deal knows it, or will: they do not
		// play it again.
		if in, err := s.seatedIn(ctx, id.ID, group); err != nil {
			return createdJSON{}, 0, err
		} else if in != "" {
			return createdJSON{}, http.StatusConflict, shelltext.Errorf("err.dupPlayed")
		}
	} else if hidden, err := s.dupHiddenFrom(ctx, id.ID, of, group); err != nil {
		return createdJSON{}, 0, err
	} else if hidden {
		return createdJSON{}, http.StatusForbidden, shelltext.Errorf("err.dupHidden")
	}
	t := store.Table{ID: s.newID(), Game: src.Game, Players: src.Players, Options: src.Options, Seed: src.Seed,
		Clock: src.Clock, Undo: src.Undo, NoHints: src.NoHints, Invite: s.newCode(), Owner: id.ID,
		Status: store.StatusLive, Created: s.now(), Updated: s.now()}
	if seat == seatFirstPerson {
		seat = slices.IndexFunc(src.Seats, func(st store.Seat) bool { return st.Kind != store.SeatBot })
		if seat < 0 {
			// Bots only: nobody to seat; the creator watches.
			seat = -1
		}
	}
	if seat < -1 || seat >= len(src.Seats) || seat >= 0 && src.Seats[seat].Kind == store.SeatBot {
		return createdJSON{}, http.StatusBadRequest, shelltext.Errorf("err.dupSeat")
	}
	for i, st := range src.Seats {
		switch {
		case st.Kind == store.SeatBot:
			t.Seats = append(t.Seats, store.Seat{Kind: store.SeatBot, Bot: st.Bot, Name: st.Name})
		case i == seat:
			t.Seats = append(t.Seats, store.Seat{Kind: store.SeatHuman, Identity: id.ID, Name: id.Name})
		default:
			t.Seats = append(t.Seats, store.Seat{Kind: store.SeatOpen})
			t.Status = store.StatusOpen
		}
	}
	if code, err := s.creationLimits(ctx, id.ID); err != nil {
		return createdJSON{}, code, err
	}
	if err := s.st.CreateDuplicate(ctx, t, of); err != nil {
		return createdJSON{}, 0, err
	}
	return s.created(ctx, t, id, seat)
}

// seatedIn returns the first table of tables where identity holds a seat
// (or held it, replaced by a bot), or "".
func (s *Server) seatedIn(ctx context.Context, identity string, tables []string) (string, error) {
	for _, id := range tables {
		t, err := s.st.Table(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return "", err
		}
		if slices.ContainsFunc(t.Seats, func(st store.Seat) bool { return st.Identity == identity }) {
			return id, nil
		}
	}
	return "", nil
}

// finished reports whether a table's game ended (over, or given up).
func finished(st store.Status) bool { return st == store.StatusOver || st == store.StatusAborted }

// dupHiddenFrom reports whether table (of group, its duplicates) is
// hidden from identity: identity sits at another table of the group whose
// game is not over.
func (s *Server) dupHiddenFrom(ctx context.Context, identity, table string, group []string) (bool, error) {
	if identity == "" {
		return false, nil
	}
	for _, id := range group {
		if id == table {
			continue
		}
		t, err := s.st.Table(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return false, err
		}
		if !finished(t.Status) && slices.ContainsFunc(t.Seats, func(st store.Seat) bool { return st.Identity == identity }) {
			return true, nil
		}
	}
	return false, nil
}

// dupJoin refuses a seat at a duplicate table to who sits, or sat, at
// another table of its group: they know the deal.
func (s *Server) dupJoin(ctx context.Context, identity, table string) error {
	group, err := s.st.Duplicates(ctx, table)
	if err != nil || group == nil {
		return err
	}
	in, err := s.seatedIn(ctx, identity, slices.DeleteFunc(group, func(id string) bool { return id == table }))
	if err != nil {
		return err
	}
	if in != "" {
		return withStatus(http.StatusConflict, shelltext.Errorf("err.dupPlayed"))
	}
	return nil
}

// tablePath returns the table id of a request for one table's routes
// (its API, WebSocket, page, replay page and join page), or "".
func tablePath(p string) string {
	for _, prefix := range []string{"/api/tables/", "/ws/tables/", "/t/", "/replay/", "/join/"} {
		if rest, ok := strings.CutPrefix(p, prefix); ok {
			id, _, _ := strings.Cut(rest, "/")
			return id
		}
	}
	return ""
}

// dupGuard refuses every route of a table to a person seated at another
// table of its group that is not over: one place for every way a table
// is seen (its state, WebSocket, log, record, replay, analysis), so that a
// route added later is guarded too. Tables in no group cost one indexed
// query, and only for requests that carry an identity.
func (s *Server) dupGuard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		table := tablePath(r.URL.Path)
		if table == "" || len(table) > 64 || !sentToken(r) {
			h.ServeHTTP(w, r)
			return
		}
		hidden, err := s.dupHidden(r)
		if err == nil && hidden {
			err = withStatus(http.StatusForbidden, shelltext.Errorf("err.dupHidden"))
		}
		if err != nil {
			if strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/ws/") {
				s.answerErr(w, r, err)
			} else if hidden {
				s.renderStatus(w, r, http.StatusForbidden, "error", pageData{ErrKey: "dupHidden"})
			} else {
				s.pageError(w, r, err)
			}
			return
		}
		h.ServeHTTP(w, r)
	})
}

// dupHidden reports whether the request's table is hidden from its
// identity (dupHiddenFrom).
func (s *Server) dupHidden(r *http.Request) (bool, error) {
	table := tablePath(r.URL.Path)
	group, err := s.st.Duplicates(r.Context(), table)
	if err != nil || group == nil {
		return false, err
	}
	me, err := s.maybeIdentify(r)
	if err != nil {
		return false, err
	}
	return s.dupHiddenFrom(r.Context(), me.ID, table, group)
}

// dupTableJSON is one table of a comparison: its seats' names, and once
// its game is over, its score pad and replay.
type dupTableJSON struct {
	ID     string         `json:"id"`
	Status store.Status   `json:"status"`
	Names  []string       `json:"names"` // seat by seat ("" for an open seat)
	Bots   []string       `json:"bots"`  // seat by seat: the bot's kind, "" for a person
	Result *engine.Result `json:"result,omitempty"`
	Replay string         `json:"replay,omitempty"` // path of its replay page, once over
	You    *int           `json:"you,omitempty"`    // the caller's seat at it
}

// duplicatesJSON is GET /api/tables/{id}/duplicates: the tables of the
// deal, the original first ([] if the table has no duplicate).
type duplicatesJSON struct {
	Tables []dupTableJSON `json:"tables"`
}

// apiDuplicates compares the tables of a deal. To a person seated at a
// table of the group whose game is not over, it says nothing (403): not
// even how far the others are. To others, the finished tables' scores and
// the others' seats only.
func (s *Server) apiDuplicates(w http.ResponseWriter, r *http.Request) {
	out, err := s.duplicates(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) duplicates(r *http.Request) (duplicatesJSON, error) {
	ctx := r.Context()
	out := duplicatesJSON{Tables: []dupTableJSON{}}
	id := r.PathValue("id")
	if len(id) > 64 {
		return out, store.ErrNotFound
	}
	if _, err := s.st.Table(ctx, id); err != nil {
		return out, err
	}
	me, err := s.maybeIdentify(r)
	if err != nil {
		return out, err
	}
	group, err := s.st.Duplicates(ctx, id)
	if err != nil || group == nil {
		return out, err
	}
	var rows []dupTableJSON
	for _, tid := range group {
		t, err := s.st.Table(ctx, tid)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return out, err
		}
		row := dupTableJSON{ID: t.ID, Status: t.Status}
		for i, st := range t.Seats {
			row.Names = append(row.Names, st.Name)
			bot := ""
			if st.Kind == store.SeatBot {
				bot = st.Bot
			}
			row.Bots = append(row.Bots, bot)
			if me.ID != "" && st.Identity == me.ID {
				if !finished(t.Status) {
					return out, withStatus(http.StatusForbidden, shelltext.Errorf("err.dupHidden"))
				}
				row.You = intp(i)
			}
		}
		if t.Status == store.StatusOver && len(t.Result) > 0 {
			var res engine.Result
			if err := json.Unmarshal(t.Result, &res); err != nil {
				return out, fmt.Errorf("result of %s: %w", t.ID, err)
			}
			row.Result, row.Replay = &res, "/replay/"+t.ID
		}
		rows = append(rows, row)
	}
	out.Tables = rows
	return out, nil
}

func (g guardedStore) CreateDuplicate(ctx context.Context, t store.Table, of string) error {
	return unavailable(dbName, g.Store.CreateDuplicate(ctx, t, of))
}

func (g guardedStore) Duplicates(ctx context.Context, table string) ([]string, error) {
	ids, err := g.Store.Duplicates(ctx, table)
	return ids, unavailable(dbName, err)
}

// dupHiddenSet is every table hidden from the request's identity: the
// other tables of the groups of the tables it plays now (nil without an
// identity). One query for its tables in play, one per such table.
func (s *Server) dupHiddenSet(r *http.Request) (map[string]bool, error) {
	me, err := s.maybeIdentify(r)
	if err != nil || me.ID == "" {
		return nil, err
	}
	mine, err := s.st.Tables(r.Context(), store.Query{Identity: me.ID, Status: []store.Status{store.StatusOpen, store.StatusLive}})
	if err != nil {
		return nil, err
	}
	hidden := map[string]bool{}
	for _, t := range mine {
		group, err := s.st.Duplicates(r.Context(), t.ID)
		if err != nil {
			return nil, err
		}
		for _, id := range group {
			if id != t.ID {
				hidden[id] = true
			}
		}
	}
	return hidden, nil
}
