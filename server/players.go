package server

// Player pages (issue 23): a public page per identity, /p/{id}, and its
// JSON, GET /api/players/{id}: the name, the games played per game and the
// finished public games with their replays. Nothing private is ever in
// them: no token, e-mail, webhook or language, and no private table (who
// played with whom at an invited table is theirs to tell).

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// playerGame is one game's count for a player.
type playerGame struct {
	Game    string `json:"game"`
	Title   string `json:"title"`
	Played  int    `json:"played"`  // finished games
	Won     int    `json:"won"`     // of them, ranked first (shared or not)
	Playing int    `json:"playing"` // open or live now
	// Means: mean points by score category over the finished games that
	// have a score pad (Scored of them), the total last (category "").
	Means  []categoryMean `json:"means,omitempty"`
	Scored int            `json:"scored"`
}

// playerTable is a finished public game of the player's: Seat is theirs,
// and lobbyJSON.Rank their place (1: won; 0: given up before the end).
type playerTable struct {
	lobbyJSON
	Seat int `json:"seat"`
}

// playerJSON is a player's public page. Ratings will join it as a field
// of their own (per game) when there are ratings.
type playerJSON struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Since    int64         `json:"since"`         // ms: when the identity was made
	Bot      bool          `json:"bot,omitempty"` // a bot identity: a program plays (docs/bot-api.md)
	Games    []playerGame  `json:"games"`
	Finished []playerTable `json:"finished"` // the last lobbyTables, the last ended first
	// Ratings: the rated games' ratings per game, with their history.
	Ratings []playerRating `json:"ratings"`
}

// player reads a player's page from the store.
func (s *Server) player(r *http.Request, id string) (playerJSON, error) {
	noPlayer := withStatus(http.StatusNotFound, &shelltext.Error{ID: "err.noPlayer", Err: store.ErrNotFound})
	if id == "" || len(id) > 64 {
		return playerJSON{}, noPlayer
	}
	ident, err := s.st.Identity(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return playerJSON{}, noPlayer
	}
	if err != nil {
		return playerJSON{}, err
	}
	ts, err := s.st.Tables(r.Context(), store.Query{Identity: id})
	if err != nil {
		return playerJSON{}, err
	}
	bot, err := s.isBot(r.Context(), id)
	if err != nil {
		return playerJSON{}, err
	}
	p := playerJSON{ID: ident.ID, Name: ident.Name, Since: ident.Created.UnixMilli(), Games: []playerGame{},
		Finished: []playerTable{}, Bot: bot}
	per := map[string]*playerGame{}
	sums, order := map[string]map[string]float64{}, map[string]*[]string{}
	for _, g := range s.reg.All() {
		sums[g.ID()], order[g.ID()] = map[string]float64{}, new([]string)
		per[g.ID()] = &playerGame{Game: g.ID(), Title: g.Title("en")}
	}
	// Tables of a deal the viewer is still playing elsewhere count for
	// nothing here (duplicate.go).
	hidden, err := s.dupHiddenSet(r)
	if err != nil {
		return playerJSON{}, err
	}
	for _, t := range ts {
		g := per[t.Game]
		if g == nil || hidden[t.ID] {
			continue // a game this server no longer plays, or a hidden deal
		}
		seat := slices.IndexFunc(t.Seats, func(st store.Seat) bool { return st.Identity == id })
		switch t.Status {
		case store.StatusOpen, store.StatusLive:
			g.Playing++
			continue
		case store.StatusOver:
			g.Played++
		}
		if scoreMeans(t, seat, sums[t.Game], order[t.Game]) {
			g.Scored++
		}
		rank := rankOf(t, seat)
		if rank == 1 {
			g.Won++
		}
		if t.Public && t.Status == store.StatusOver {
			row := s.lobbyRow(t)
			row.Rank = rank
			p.Finished = append(p.Finished, playerTable{lobbyJSON: row, Seat: seat})
		}
	}
	for _, g := range s.reg.All() {
		if c := per[g.ID()]; c.Played+c.Playing > 0 {
			for _, id := range append(*order[g.ID()], "") {
				if c.Scored > 0 {
					c.Means = append(c.Means, categoryMean{Category: id, Mean: sums[g.ID()][id] / float64(c.Scored)})
				}
			}
			p.Games = append(p.Games, *c)
		}
	}
	slices.SortStableFunc(p.Finished, func(a, b playerTable) int { return int(min(max(b.Updated-a.Updated, -1), 1)) })
	if len(p.Finished) > lobbyTables {
		p.Finished = p.Finished[:lobbyTables]
	}
	if p.Ratings, err = s.playerRatings(r.Context(), id); err != nil {
		return playerJSON{}, err
	}
	return p, nil
}

func (s *Server) apiPlayer(w http.ResponseWriter, r *http.Request) {
	p, err := s.player(r, r.PathValue("id"))
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// pagePlayer is the player's page, rendered on the server (no script).
func (s *Server) pagePlayer(w http.ResponseWriter, r *http.Request) {
	p, err := s.player(r, r.PathValue("id"))
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			s.renderStatus(w, r, http.StatusNotFound, "error", pageData{ErrKey: "noPlayer"})
			return
		}
		s.pageError(w, r, err)
		return
	}
	s.localizeRatings(&p, requestLang(r))
	s.render(w, r, "player", pageData{Title: p.Name, Player: &p})
}

// rankOf is seat's place in a finished table's result (0: none).
func rankOf(t store.Table, seat int) int {
	var res engine.Result
	if t.Status != store.StatusOver || json.Unmarshal(t.Result, &res) != nil || seat < 0 || seat >= len(res.Players) ||
		len(res.Players) != len(t.Seats) || t.Seats[seat].Zombie {
		return 0 // not over, or given up: a bot finished the seat's game
	}
	// Among the seats still held at the end, as ratings place them: the
	// person who stayed won even when a bot playing a leaver's seat scored
	// more.
	return places(res, t.Seats)[seat]
}

// dateOf is a ms time as a date, for the pages (2026-11-29: read alike in
// every language).
func dateOf(ms int64) string { return time.UnixMilli(ms).UTC().Format("2006-01-02") }

// dateIn is a ms time as a date a person reads in lang ("29 November
// 2026", "29. November 2026"): dateOf is for the machine (a <time>'s
// datetime), this for the eye.
func dateIn(ms int64, lang string) string {
	d := time.UnixMilli(ms).UTC()
	return say(lang, "plain.date", i18n.N("day", d.Day()), i18n.S("month", say(lang, "plain.month."+strconv.Itoa(int(d.Month())))),
		i18n.N("year", d.Year()))
}
