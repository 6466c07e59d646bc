package server

// The end of a rated table on its page (issue 26): each seat's rating
// before and after the game, from the stored changes, so that a person
// sees at once what the game did to their rating.

import (
	"context"
	"net/http"

	"github.com/jardin-games/jardin/rating"
	"github.com/jardin-games/jardin/store"
)

// tableRatingJSON is GET /api/tables/{id}/rating: a rated table's change
// of rating per seat, once the rater has stored it.
type tableRatingJSON struct {
	// Rated: the table is a rated one; if not, nothing else is said.
	Rated bool `json:"rated"`
	// Settled: its outcome is stored (a few hundred milliseconds after its
	// end); before, Seats is empty and the page asks again.
	Settled bool             `json:"settled"`
	Seats   []seatRatingJSON `json:"seats"`
	// Unmoved: once settled with no change, the seats whose person made no
	// move of their own (the reason nobody was rated: the page names them).
	Unmoved []int `json:"unmoved,omitempty"`
}

// seatRatingJSON is one seat's rating before and after the table, as shown
// (the ordinal rounded). A seat that is in no row was not rated: a bot is
// an anchor (Anchor rows say its fixed rating), and a table where a person
// made no move of their own rates nobody.
type seatRatingJSON struct {
	Seat   int `json:"seat"`
	Before int `json:"before"`
	After  int `json:"after"`
	// Games: the player's rated games at this game, this one counted.
	Games       int  `json:"games"`
	Provisional bool `json:"provisional"`
	// Left: rated games before the rating stops being provisional.
	Left int `json:"left"`
	// Anchor: a built-in bot, whose rating does not move.
	Anchor bool `json:"anchor"`
}

// ratingWire lists the wire types of this file for the page (WireAPI).
func ratingWire() []any { return []any{tableRatingJSON{}} }

// apiTableRating answers GET /api/tables/{id}/rating. Rated tables are
// public, so anyone may read it, at the leaderboards' read rate.
func (s *Server) apiTableRating(w http.ResponseWriter, r *http.Request) {
	if err := s.allowBoardRead(r); err != nil {
		s.answerErr(w, r, err)
		return
	}
	out, err := s.tableRating(r, r.PathValue("id"))
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) tableRating(r *http.Request, id string) (tableRatingJSON, error) {
	out := tableRatingJSON{Seats: []seatRatingJSON{}}
	tb, err := s.st.Table(r.Context(), id)
	if err != nil {
		return out, err
	}
	if !tb.Rated || tb.Status != store.StatusOver {
		out.Rated = tb.Rated
		return out, nil
	}
	out.Rated = true
	settled, ds, err := s.st.TableDeltas(r.Context(), id)
	if err != nil || !settled {
		return out, err
	}
	out.Settled = true
	if len(ds) == 0 {
		// Rated nobody: the page says why, naming who never moved.
		entries, err := s.st.Entries(r.Context(), id, 0)
		if err != nil {
			return out, err
		}
		moved := movedSeats(tb, entries)
		for i, st := range tb.Seats {
			if st.Kind == store.SeatHuman && !moved[i] {
				out.Unmoved = append(out.Unmoved, i)
			}
		}
		return out, nil
	}
	newcomer := rating.Default().New()
	for _, d := range ds {
		before := newcomer
		if d.HadRating {
			before = rating.Rating{Mu: d.BeforeMu, Sigma: d.BeforeSigma}
		}
		out.Seats = append(out.Seats, seatRatingJSON{Seat: d.Seat, Before: shown(before),
			After: shown(rating.Rating{Mu: d.Mu, Sigma: d.Sigma}), Games: d.Games, Provisional: rating.Provisional(d.Games),
			Left: max(0, rating.ProvisionalGames-d.Games)})
	}
	for i, st := range tb.Seats {
		if st.Kind != store.SeatBot {
			continue
		}
		if a, ok := anchorOf(tb.Game, st.Bot); ok {
			out.Seats = append(out.Seats, seatRatingJSON{Seat: i, Before: shown(a), After: shown(a), Anchor: true})
		}
	}
	return out, nil
}

// The store's reads of leaderboards and table changes, marked like its
// others (guardedStore): a failed one answers 503 "retry", not 500.

func (g guardedStore) Board(ctx context.Context, game string, bots bool, limit int) ([]store.BoardEntry, error) {
	rs, err := g.Store.Board(ctx, game, bots, limit)
	return rs, unavailable(dbName, err)
}

func (g guardedStore) TableDeltas(ctx context.Context, table string) (bool, []store.RatingDelta, error) {
	ok, ds, err := g.Store.TableDeltas(ctx, table)
	return ok, ds, unavailable(dbName, err)
}
