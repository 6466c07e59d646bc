package server

// The bot arena (docs/bot-api.md): bot identities that opted in play each
// other, with the built-in bots as anchors, at every game and player count
// in turn, continuously: the server keeps --arena tables going, each made
// when one ends. The results are the tables themselves (their seats and
// score pads) and an index of the arena's tables (store.ArenaTable). They
// are rated tables: the programs' ratings move as people's do, on the
// arena's own leaderboard (/ratings/{game}/bots, docs/ratings.md).

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/store"
)

// arenaAnchors are the built-in bots that fill the arena's other seats,
// weakest first: fixed programs whose ratings place the others'.
var arenaAnchors = []string{"random", "greedy", "ismcts:easy"}

// arenaClock is the arena's time control: a program too slow for it is
// replaced by a greedy bot as anyone is, and the table still ends.
var arenaClock = store.Clock{Mode: store.ClockRealtime, Base: 10 * time.Minute, Increment: 5 * time.Second}

// arenaState is the arena's memory (on botAPI): the tables it keeps going
// and where it is in the round of games and player counts.
type arenaState struct {
	live map[string]bool
	next int
	rnd  *rand.Rand
}

// arenaSlot is one game at one player count.
type arenaSlot struct {
	game    engine.Game
	players int
}

// arenaSlots lists every game at every player count from 2 (a solo game
// compares nobody).
func (s *Server) arenaSlots() []arenaSlot {
	var out []arenaSlot
	for _, g := range s.reg.All() {
		lo, hi := g.Players()
		for n := max(lo, 2); n <= hi; n++ {
			out = append(out, arenaSlot{g, n})
		}
	}
	return out
}

// arenaTick keeps cfg.ArenaTables arena tables going: the ended ones are
// forgotten, and new ones made for the next games in the round while opted-in
// bots have room. Called every cfg.ArenaEvery.
func (s *Server) arenaTick() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a := &s.botState().arena
	if a.live == nil {
		a.live, a.rnd = map[string]bool{}, rand.New(rand.NewPCG(s.newSeed(), s.newSeed()))
	}
	for id := range a.live {
		t, err := s.st.Table(ctx, id)
		if err == nil && t.Status != store.StatusLive {
			delete(a.live, id)
		} else if err != nil && errors.Is(err, store.ErrNotFound) {
			delete(a.live, id)
		}
	}
	slots := s.arenaSlots()
	for len(a.live) < s.cfg.ArenaTables && len(slots) > 0 {
		slot := slots[a.next%len(slots)]
		a.next++
		id, err := s.arenaTable(ctx, slot, a.rnd)
		if err != nil {
			s.log.Warn("arena table", "game", slot.game.ID(), "players", slot.players, "err", err)
			return
		}
		if id == "" {
			return // no opted-in bot has room: try again at the next tick
		}
		a.live[id] = true
	}
}

// arenaTable makes one arena table: opted-in bots with room (up to all but
// one seat, at random) and anchors in the other seats, in a random order;
// it starts at once. "" when no bot can play.
func (s *Server) arenaTable(ctx context.Context, slot arenaSlot, rnd *rand.Rand) (string, error) {
	bots, err := s.st.BotIdentities(ctx, 0)
	if err != nil {
		return "", err
	}
	var in []store.Bot
	for _, b := range bots {
		if !b.Arena {
			continue
		}
		if err := s.botRoom(ctx, b.Identity); err == nil {
			in = append(in, b)
		} else if statusCode(err) != http.StatusTooManyRequests {
			return "", err
		}
	}
	if len(in) == 0 {
		return "", nil
	}
	rnd.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
	in = in[:min(len(in), slot.players-1)]
	seats := make([]store.Seat, 0, slot.players)
	for _, b := range in {
		seats = append(seats, store.Seat{Kind: store.SeatHuman, Identity: b.Identity, Name: b.Name, Program: true})
	}
	for len(seats) < slot.players {
		k := arenaAnchors[rnd.IntN(len(arenaAnchors))]
		seats = append(seats, store.Seat{Kind: store.SeatBot, Bot: k, Name: k + " bot"})
	}
	rnd.Shuffle(len(seats), func(i, j int) { seats[i], seats[j] = seats[j], seats[i] })
	opts, err := engine.ResolveOptions(slot.game.Options(), nil)
	if err != nil {
		return "", err
	}
	now := s.now()
	t := store.Table{ID: s.newID(), Game: slot.game.ID(), Players: slot.players, Options: opts, Seed: s.newSeed(),
		Seats: seats, Clock: arenaClock, Public: true, Undo: false, NoHints: true, Invite: s.newCode(),
		Owner: in[0].Identity, Status: store.StatusLive, Created: now, Updated: now,
		// Rated as people's tables are (ratings.go): the programs' ratings
		// move once per table through the same store fence, the anchors'
		// do not. An arena table keeps a rated table's rules (public, no
		// undo, no hints, a clock) and seats only calibrated anchors.
		Rated: true}
	if _, err := slot.game.New(t.Players, t.Seed, opts); err != nil {
		return "", err
	}
	if err := s.st.CreateTable(ctx, t); err != nil {
		return "", err
	}
	// The index after the table (its key refers to it): a table stored
	// without its index entry is an ordinary table its bots play to the end,
	// not counted in the arena.
	if err := s.st.PutArenaTable(ctx, store.ArenaTable{Table: t.ID, Game: t.Game, Players: t.Players, At: now}); err != nil {
		s.log.Warn("arena table not indexed", "table", t.ID, "err", err)
	}
	s.lobbyChanged(t)
	if _, err := s.table(ctx, t.ID, false); err != nil {
		return t.ID, err
	}
	return t.ID, nil
}

// apiBotArena opts the caller's bot identity in or out of the arena:
// {"arena": true|false} → {"arena"}.
func (s *Server) apiBotArena(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Arena *bool `json:"arena"`
	}
	if err := readJSON(w, r, &req); err != nil {
		s.apiError(w, r, http.StatusBadRequest, err)
		return
	}
	id, err := s.identifyBot(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if req.Arena == nil {
		s.apiError(w, r, http.StatusBadRequest, errArenaBody)
		return
	}
	if err := s.st.SetArena(r.Context(), id.ID, *req.Arena); err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"arena": *req.Arena})
}

// statusCode is the HTTP status an error answers (statusOf's).
func statusCode(err error) int {
	code, _ := statusOf(err)
	return code
}
