package server

// "Play from here": a finished table's replay forks, at any step, into a
// new casual table where the caller plays on against bots from that
// position. What the chosen seat could see at that step stays; every hidden
// part (other hands, deck and bag orders, the generator) is dealt again by
// engine.State.Determinize from a seed derived here and kept in the new
// table's row, so that nothing of the original's hidden parts carries over
// and the fork is an ordinary table: stored, replayed from its log after a
// restart, recorded (a format 2 record, docs/records.md), replayed and
// forked again once over.

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/coach"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// forkBot is the bot of a fork's other seats when the caller names none:
// the lobby's default strength.
const forkBot = "ismcts:medium"

// forkReq is POST /api/tables/{id}/fork.
type forkReq struct {
	// Step is the replay's step to play on from: the position after that
	// many moves (0: the setup).
	Step *int `json:"step"`
	// Seat is the seat the caller takes, whose information the re-deal
	// keeps; absent: the seat the caller held at the finished table, else
	// the first.
	Seat *int `json:"seat,omitempty"`
	// Bot plays every other seat (a bot kind, as a table's seats name
	// them); absent: forkBot.
	Bot string `json:"bot,omitempty"`
}

// forkStart is where a forked table's game starts: its store.Fork and the
// position it describes, computed once per load and cloned for each use
// (a replay from the start: loading, undo, the record).
type forkStart struct {
	store.Fork
	state engine.State
}

// newForkStart sets the source's game up (players and options: the forked
// table's, which are the source's), plays its moves with its re-deals, and
// deals the hidden parts again for f.Seat from seed. A position that is
// over cannot be played from.
func newForkStart(g engine.Game, players int, opts engine.Options, f store.Fork, seed uint64) (*forkStart, error) {
	s, err := g.New(players, f.Setup, opts)
	if err != nil {
		return nil, fmt.Errorf("fork setup: %w", err)
	}
	earlier := f.Earlier
	redeal := func(n int) {
		for len(earlier) > 0 && earlier[0].After == n {
			s = s.Determinize(earlier[0].Seat, earlier[0].Seed)
			earlier = earlier[1:]
		}
	}
	redeal(0)
	for i, m := range f.Moves {
		if s.ToMove() != m.Seat {
			return nil, fmt.Errorf("fork move %d %q by seat %d, but seat %d is to move", i+1, m.Move, m.Seat, s.ToMove())
		}
		mv, err := s.ParseMove(m.Move)
		if err == nil {
			err = s.Apply(mv, nil)
		}
		if err != nil {
			return nil, fmt.Errorf("fork move %d %q: %w", i+1, m.Move, err)
		}
		redeal(i + 1)
	}
	if len(earlier) > 0 {
		return nil, fmt.Errorf("fork: a re-deal after move %d of %d", earlier[0].After, len(f.Moves))
	}
	if f.Seat < 0 || f.Seat >= players {
		return nil, fmt.Errorf("fork for seat %d of %d", f.Seat, players)
	}
	if s.Over() {
		return nil, errForkOver
	}
	return &forkStart{Fork: f, state: s.Determinize(f.Seat, seed)}, nil
}

// errForkOver: the step asked is the end of the game.
var errForkOver = errors.New("the game is over at that step")

// setup is the table's position before its first log entry: the game's
// setup from the seed, or a fork's start.
func (t *table) setup() (engine.State, error) {
	if t.fork != nil {
		return t.fork.state.Clone(), nil
	}
	return t.game.New(t.meta.Players, t.meta.Seed, t.meta.Options)
}

// history is the table's game as a record holds it: the setup's seed, every
// move in force in notation (a fork's moves before its own), and the
// re-deals. Called on the table's goroutine.
func (t *table) history() (setup uint64, moves []store.ForkMove, redeals []store.Redeal, err error) {
	setup = t.meta.Seed
	if f := t.fork; f != nil {
		setup = f.Setup
		moves = append(moves, f.Moves...)
		redeals = append(append(redeals, f.Earlier...), store.Redeal{After: f.Step, Seat: f.Seat, Seed: t.meta.Seed})
	}
	s, err := t.setup()
	if err != nil {
		return 0, nil, nil, err
	}
	for i, m := range t.moves {
		moves = append(moves, store.ForkMove{Seat: t.movers[i], Move: s.FormatMove(m)})
		if err := s.Apply(m, nil); err != nil {
			return 0, nil, nil, fmt.Errorf("history: move %d: %w", i+1, err)
		}
	}
	return setup, moves, redeals, nil
}

// forkOf reads where table id starts: nil for a table that was not forked.
func forkOf(ctx context.Context, st store.Forks, id string) (*store.Fork, error) {
	f, err := st.Fork(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("table %s: read its fork: %w", id, err)
	}
	return &f, nil
}

// forkSeed is a forked table's re-deal seed: fresh randomness hashed with
// what the fork is of, one way, so that the seed says nothing of the
// server's generator and no two forks of the same step deal alike. It never
// leaves the server before the forked game is over (then its record holds
// it, like every game's seed).
func (s *Server) forkSeed(source string, step, seat int) uint64 {
	h := sha256.New()
	h.Write([]byte("jardin fork\x00"))
	h.Write(randBytes(32))
	h.Write([]byte(source))
	h.Write(binary.LittleEndian.AppendUint64(nil, uint64(step)))
	h.Write(binary.LittleEndian.AppendUint64(nil, uint64(seat)))
	return binary.LittleEndian.Uint64(h.Sum(nil))
}

// apiFork creates a casual table playing on from a step of a finished
// table's game: the caller at the seat chosen, bots at the others. 409 while
// the table is not over; 400 for a step or seat the game does not have, or
// a step where the game is over; the limits on table creation apply.
// Nothing is stored unless everything was accepted.
func (s *Server) apiFork(w http.ResponseWriter, r *http.Request) {
	var req forkReq
	id, ok := s.readIdentified(w, r, &req)
	if !ok {
		return
	}
	out, err := s.fork(r.Context(), id, r.PathValue("id"), req)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// fork checks a fork request and stores the new table (see apiFork).
func (s *Server) fork(ctx context.Context, id store.Identity, source string, req forkReq) (createdJSON, error) {
	bad := func(err error) (createdJSON, error) { return createdJSON{}, withStatus(http.StatusBadRequest, err) }
	bot := strings.ToLower(strings.TrimSpace(req.Bot))
	if bot == "" {
		bot = forkBot
	}
	if _, err := bots.New(bot, 0); badSetting(err) {
		return bad(err) // a bot's setting, in the bot's words
	} else if err != nil || len(bot) > 40 {
		return bad(shelltext.Errorf("err.forkBot", i18n.S("kind", strconv.Quote(bot))))
	}
	if req.Step == nil {
		return bad(shelltext.Errorf("err.forkNoStep"))
	}
	var (
		meta    store.Table
		status  store.Status
		setup   uint64
		moves   []store.ForkMove
		redeals []store.Redeal
		herr    error
		mine    = -1
	)
	err := s.withTable(ctx, source, func(t *table) {
		if status = t.meta.Status; status != store.StatusOver {
			return
		}
		meta = t.meta
		for i, st := range t.meta.Seats {
			if st.Identity == id.ID && mine < 0 {
				mine = i
			}
		}
		setup, moves, redeals, herr = t.history()
	})
	if err != nil {
		return createdJSON{}, err
	}
	if status != store.StatusOver {
		return createdJSON{}, withStatus(http.StatusConflict, shelltext.Errorf("err.forkOver"))
	}
	if herr != nil {
		return createdJSON{}, fmt.Errorf("fork of %s: %w", source, herr)
	}
	step := *req.Step
	if step < 0 || step > len(moves) {
		return bad(shelltext.Errorf("err.forkStep", i18n.N("n", step), i18n.N("last", len(moves))))
	}
	seat := max(mine, 0)
	if req.Seat != nil {
		seat = *req.Seat
	}
	if seat < 0 || seat >= meta.Players {
		return bad(shelltext.Errorf("err.forkSeat", i18n.N("n", seat+1), i18n.N("players", meta.Players)))
	}
	g, err := s.reg.Lookup(meta.Game)
	if err != nil {
		return createdJSON{}, fmt.Errorf("fork of %s: %w", source, err)
	}
	f := store.Fork{Source: source, Step: step, Seat: seat, Setup: setup, Moves: moves[:step:step]}
	for _, rd := range redeals {
		if rd.After <= step {
			f.Earlier = append(f.Earlier, rd)
		}
	}
	seed := s.forkSeed(source, step, seat)
	if _, err := newForkStart(g, meta.Players, meta.Options, f, seed); errors.Is(err, errForkOver) {
		return bad(shelltext.Errorf("err.forkEnd"))
	} else if err != nil {
		return createdJSON{}, fmt.Errorf("fork of %s at %d: %w", source, step, err)
	}
	t := store.Table{ID: s.newID(), Game: meta.Game, Players: meta.Players, Options: meta.Options, Seed: seed,
		Clock: store.Clock{Mode: store.ClockNone}, Undo: true, Invite: s.newCode(), Owner: id.ID,
		Status: store.StatusLive, Created: s.now(), Updated: s.now()}
	for i := range meta.Players {
		if i == seat {
			t.Seats = append(t.Seats, store.Seat{Kind: store.SeatHuman, Identity: id.ID, Name: id.Name})
			continue
		}
		t.Seats = append(t.Seats, store.Seat{Kind: store.SeatBot, Bot: bot, Name: bot + " bot"})
	}
	f.Table = t.ID
	if err := s.creationAllowed(ctx, id); err != nil {
		return createdJSON{}, err
	}
	if err := s.st.CreateForkTable(ctx, t, f); err != nil {
		return createdJSON{}, err
	}
	s.lobbyChanged(t)
	s.lobby.publish(lobbyEvent{Turn: lobbyTurn{ID: t.ID, Status: t.Status, ToMove: -1}, People: []string{id.ID}})
	if _, err := s.table(ctx, t.ID, false); err != nil {
		return createdJSON{}, err
	}
	base := s.cfg.BaseURL
	return createdJSON{ID: t.ID, Invite: t.Invite, InviteURL: base + "/join/" + t.ID + "?invite=" + t.Invite,
		URL: base + "/t/" + t.ID, Spectate: base + "/t/" + t.ID + "?watch=1", Seat: seat}, nil
}

// creationAllowed applies the limits of table creation (create) to id: the
// tables it sits at that are not over, and the tables it created in the
// last hour.
func (s *Server) creationAllowed(ctx context.Context, id store.Identity) error {
	mine, err := s.st.Tables(ctx, store.Query{Identity: id.ID, Status: []store.Status{store.StatusOpen, store.StatusLive}})
	if err != nil {
		return err
	}
	if len(mine) >= s.cfg.MaxTables {
		return withStatus(http.StatusTooManyRequests, shelltext.Errorf("err.tooManyTables", i18n.N("n", len(mine))))
	}
	n, err := s.st.CountCreated(ctx, id.ID, s.now().Add(-time.Hour))
	if err != nil {
		return err
	}
	if n >= s.cfg.CreateRate {
		return withStatus(http.StatusTooManyRequests, shelltext.Errorf("err.createRate", i18n.N("n", s.cfg.CreateRate)))
	}
	return nil
}

func (g guardedStore) CreateForkTable(ctx context.Context, t store.Table, f store.Fork) error {
	return unavailable(dbName, g.Store.CreateForkTable(ctx, t, f))
}

func (g guardedStore) Fork(ctx context.Context, table string) (store.Fork, error) {
	f, err := g.Store.Fork(ctx, table)
	return f, unavailable(dbName, err)
}

// forkInfo is what a forked table's page is told of where it starts (the
// table's info): the finished table and the step, to say so and link its
// replay there.
type forkInfo struct {
	From string `json:"from"` // the finished table's id
	Step int    `json:"step"`
}

func (t *table) forkInfo() *forkInfo {
	if t.fork == nil {
		return nil
	}
	return &forkInfo{From: t.fork.Source, Step: t.fork.Step}
}

// forkWire lists the fork's request and answer for WireAPI: the page
// sends one and reads the other (web/src/fork.ts).
func forkWire() []any { return []any{forkReq{}, createdJSON{}} }

// ownPositions keeps the decisions a forked game's own players made: the
// moves before its last re-deal were the original game's, made by other
// people (or in another deal), and the coach does not review them again.
func ownPositions(rec *record.Record, pos []coach.Position) []coach.Position {
	if len(rec.Forks) == 0 {
		return pos
	}
	after := rec.Forks[len(rec.Forks)-1].After
	out := pos[:0:0]
	for _, p := range pos {
		if p.Step > after {
			out = append(out, p)
		}
	}
	return out
}
