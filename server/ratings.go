package server

// Rated tables (issue 26, docs/ratings.md). A rated table is public, has no
// undo and no hints and runs a clock; when it ends, every person's rating
// at its game moves from the final ranking (package rating), a person who
// left or ran out of time placed last. Bots are rated too, as anchors:
// their ratings are those a calibration run of bot-vs-bot games gave them
// (ratinganchors.json), and they do not move, so that a person's rating
// keeps meaning the same thing in a small community.
//
// A table's outcome is stored once: the store's RateTable is fenced by the
// table's id and applies every change or none, and it applies a change only
// if the person still has the rating it was computed from. The rater works
// after the table's final commit, from the store alone, so a crash at any
// moment leaves either a settled table or one the next sweep settles.

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/rating"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

//go:embed ratinganchors.json
var anchorsJSON []byte

// anchorFile is ratinganchors.json, written by
// `ratingsim anchors` (internal/cmd/ratingsim): its command field says how.
type anchorFile struct {
	Command string                       `json:"command"`
	Games   map[string]map[string]anchor `json:"games"`
}

type anchor struct {
	rating.Rating
	Played int `json:"played"`
}

var botAnchors = sync.OnceValue(func() map[string]map[string]anchor {
	var f anchorFile
	if err := json.Unmarshal(anchorsJSON, &f); err != nil {
		panic("server: ratinganchors.json: " + err.Error())
	}
	return f.Games
})

// anchorOf is bot kind's fixed rating at game, if it was calibrated.
// "ismcts" alone is the Medium bot (its default level), the same program.
func anchorOf(game, kind string) (rating.Rating, bool) {
	if kind == "ismcts" {
		kind = "ismcts:medium"
	}
	a, ok := botAnchors()[game][kind]
	return a.Rating, ok
}

// anchoredBots lists the bot kinds calibrated at game, weakest first.
func anchoredBots(game string) []string {
	var out []string
	for k := range botAnchors()[game] {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b string) int {
		x, y := botAnchors()[game][a].Ordinal(), botAnchors()[game][b].Ordinal()
		return int(math.Copysign(1, x-y))
	})
	return out
}

// checkRated applies the rules of a rated table to a creation request (its
// clock already read): it is public, without undo and hints, on a clock,
// between at least two players. It sets what the rules imply when the
// request leaves it unsaid (undo and hints default to on at casual tables).
func checkRated(req *createReq, clock store.Clock) error {
	switch {
	case !req.Public:
		return shelltext.Errorf("err.rated.public")
	case req.Undo != nil && *req.Undo:
		return shelltext.Errorf("err.rated.undo")
	case req.Hints != nil && *req.Hints:
		return shelltext.Errorf("err.rated.hints")
	case clock.Mode == "" || clock.Mode == store.ClockNone:
		return shelltext.Errorf("err.rated.clock")
	case req.Players < 2:
		return shelltext.Errorf("err.rated.players")
	}
	no := false
	req.Undo, req.Hints = &no, &no
	return nil
}

// checkRatedSeats: a rated table seats at least one person (a table of
// bots rates nobody), and only bots whose rating was calibrated (an
// anchor).
func checkRatedSeats(t store.Table) error {
	people := 0
	for _, st := range t.Seats {
		switch st.Kind {
		case store.SeatHuman, store.SeatOpen:
			people++
		case store.SeatBot:
			if _, ok := anchorOf(t.Game, st.Bot); !ok {
				return shelltext.Errorf("err.rated.bot", i18n.S("kind", st.Bot))
			}
		}
	}
	if people == 0 {
		return shelltext.Errorf("err.rated.person")
	}
	return nil
}

// rater settles finished rated tables one at a time (fewer optimistic
// conflicts than one goroutine a table): the ones that end here, and every
// ratingSweep the ones the store says are unsettled (a crash, a store
// fault, a table another node ended).
type rater struct {
	queue chan string
	// hold: tables that end are not queued (tests: a crash between a
	// table's end and its rating).
	hold atomic.Bool
}

const (
	ratingSweep = time.Minute
	// ratingTries bounds the retries of a table whose players' ratings
	// changed while it was computed (another table of theirs settled).
	ratingTries = 8
)

// startRatings starts the rater (called by Start).
func (s *Server) startRatings() {
	s.rater = &rater{queue: make(chan string, 256)}
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		tk := time.NewTicker(ratingSweep)
		defer tk.Stop()
		s.sweepRatings()
		for {
			select {
			case <-s.quit:
				return
			case id := <-s.rater.queue:
				if err := s.settle(context.Background(), id); err != nil {
					s.log.Error("rating", "table", id, "err", err)
				}
			case <-tk.C:
				s.sweepRatings()
			}
		}
	}()
}

// rateEnded queues a rated table that just ended; a full queue leaves it
// to the sweep.
func (s *Server) rateEnded(meta store.Table) {
	if !meta.Rated || meta.Status != store.StatusOver || s.rater == nil || s.rater.hold.Load() {
		return
	}
	select {
	case s.rater.queue <- meta.ID:
	default:
	}
}

func (s *Server) sweepRatings() {
	ids, err := s.st.UnsettledTables(context.Background(), 100)
	if err != nil {
		s.log.Error("rating: unsettled tables", "err", err)
		return
	}
	for _, id := range ids {
		if err := s.settle(context.Background(), id); err != nil {
			s.log.Error("rating", "table", id, "err", err)
		}
	}
}

// settle stores table id's outcome unless it is stored already.
func (s *Server) settle(ctx context.Context, id string) error {
	for range ratingTries {
		tb, err := s.st.Table(ctx, id)
		if err != nil {
			return err
		}
		if !tb.Rated || tb.Status != store.StatusOver {
			return nil
		}
		if settled, _, err := s.st.TableRating(ctx, id); err != nil || settled {
			return err
		}
		changes, err := s.outcome(ctx, tb)
		if err != nil {
			return err
		}
		err = s.st.RateTable(ctx, id, s.now(), changes)
		if err == nil {
			s.log.Info("table rated", "table", id, "game", tb.Game, "people", len(changes))
			return nil
		}
		if !errors.Is(err, store.ErrConflict) {
			return err
		}
		// Settled meanwhile (another node, a sweep), or a player's rating
		// moved: read again.
	}
	return fmt.Errorf("table %s: ratings kept changing, %d tries", id, ratingTries)
}

// outcome computes a finished rated table's changes from the stored
// ratings. None when a person never made a move of their own: such a game
// says nothing of them, and rating it would let a second identity resign
// at once to hand points to the first.
func (s *Server) outcome(ctx context.Context, tb store.Table) ([]store.RatingChange, error) {
	var res engine.Result
	if err := json.Unmarshal(tb.Result, &res); err != nil || len(res.Players) != len(tb.Seats) {
		return nil, fmt.Errorf("table %s: result of %d players for %d seats: %v", tb.ID, len(res.Players), len(tb.Seats), err)
	}
	entries, err := s.st.Entries(ctx, tb.ID, 0)
	if err != nil {
		return nil, err
	}
	moved := movedSeats(tb, entries)
	var people []string
	for i, st := range tb.Seats {
		if st.Kind != store.SeatHuman {
			continue
		}
		if !moved[i] {
			return nil, nil
		}
		people = append(people, st.Identity)
	}
	if len(people) == 0 {
		return nil, nil
	}
	ranks := places(res, tb.Seats)
	known, err := s.st.PlayerRatings(ctx, tb.Game, people)
	if err != nil {
		return nil, err
	}
	model := rating.Default()
	before := make([]rating.Rating, len(tb.Seats))
	for i, st := range tb.Seats {
		switch {
		case st.Kind == store.SeatHuman:
			if r, ok := known[st.Identity]; ok {
				before[i] = rating.Rating{Mu: r.Mu, Sigma: r.Sigma}
			} else {
				before[i] = model.New()
			}
		default:
			a, ok := anchorOf(tb.Game, st.Bot)
			if !ok {
				a = model.New() // not offered at rated tables; a newcomer's belief
			}
			before[i] = a
		}
	}
	after, err := model.Update(ranks, before)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", tb.ID, err)
	}
	var out []store.RatingChange
	for i, st := range tb.Seats {
		if st.Kind != store.SeatHuman {
			continue // anchors do not move
		}
		out = append(out, store.RatingChange{Table: tb.ID, Game: tb.Game, Player: st.Identity, Seat: i, Place: ranks[i],
			Won: ranks[i] == 1 && !st.Zombie, Mu: after[i].Mu, Sigma: after[i].Sigma, Games: known[st.Identity].Games + 1})
	}
	return out, nil
}

// places is each seat's place for the rating: the result's ranks among the
// seats still held at the end, and the last place, shared, for every seat
// whose person left or ran out of time (a bot finished their game).
func places(res engine.Result, seats []store.Seat) []int {
	out := make([]int, len(seats))
	kept := 0
	for i, st := range seats {
		if !st.Zombie {
			kept++
			// 1 + how many kept seats finished strictly ahead.
			out[i] = 1
			for j, o := range seats {
				if !o.Zombie && res.Players[j].Rank < res.Players[i].Rank {
					out[i]++
				}
			}
		}
	}
	for i, st := range seats {
		if st.Zombie {
			out[i] = kept + 1
		}
	}
	return out
}

// The store's rating reads, marked like its others (guardedStore): a
// failed one answers 503 "retry", not 500.

func (g guardedStore) PlayerRatings(ctx context.Context, game string, players []string) (map[string]store.PlayerRating, error) {
	rs, err := g.Store.PlayerRatings(ctx, game, players)
	return rs, unavailable(dbName, err)
}

func (g guardedStore) Leaderboard(ctx context.Context, game string, limit int) ([]store.PlayerRating, error) {
	rs, err := g.Store.Leaderboard(ctx, game, limit)
	return rs, unavailable(dbName, err)
}

func (g guardedStore) RatingHistory(ctx context.Context, player string, limit int) ([]store.RatingChange, error) {
	chs, err := g.Store.RatingHistory(ctx, player, limit)
	return chs, unavailable(dbName, err)
}

// movedSeats tells, per seat, whether its person made a move of their own
// (not one of the bot that replaced them).
func movedSeats(tb store.Table, entries []store.Entry) []bool {
	moved := make([]bool, len(tb.Seats))
	for _, e := range entries {
		if e.Kind != store.KindMove || e.Seat < 0 || e.Seat >= len(tb.Seats) {
			continue
		}
		if st := tb.Seats[e.Seat]; !st.Zombie || e.Seq < st.ZombieAt {
			moved[e.Seat] = true
		}
	}
	return moved
}
