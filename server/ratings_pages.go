package server

// What people see of ratings: the leaderboard of each game (GET
// /api/ratings/{game}, the page /ratings/{game}), and on a player's page
// their rating per game with its history as a chart and their mean points
// by score category.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/rating"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// boardLimit is how many people a leaderboard lists.
const boardLimit = 100

// A leaderboard's reads per client address: one every boardEvery after a
// burst of boardBurst (a person browsing the boards of five games and
// back never meets it; a script reading them in a loop does).
const (
	boardEvery = 250 * time.Millisecond
	boardBurst = 30
)

// allowBoardRead takes a token of the address's leaderboard bucket.
func (s *Server) allowBoardRead(r *http.Request) error {
	if ok, d := s.boardReads.allow("addr " + s.clientAddr(r)); !ok {
		return &rateError{retry: d, err: shelltext.Errorf("err.rateLimited")}
	}
	return nil
}

// boardRow is one line of a leaderboard: a person (Player, their identity)
// or a bot (Bot, its kind: an anchor, whose rating does not move).
type boardRow struct {
	Rank   int    `json:"rank"`
	Player string `json:"player,omitempty"`
	Bot    string `json:"bot,omitempty"`
	// Program: Player is a bot identity (a program, on the arena's board).
	Program bool   `json:"program,omitempty"`
	Name    string `json:"name"`
	// Rating is the ordinal shown, Mu − 3·Sigma rounded: 0 for a newcomer.
	Rating      int     `json:"rating"`
	Mu          float64 `json:"mu"`
	Sigma       float64 `json:"sigma"`
	Games       int     `json:"games"` // rated games (a bot's: its calibration games)
	Wins        int     `json:"wins"`
	Provisional bool    `json:"provisional"`
}

// boardJSON is a game's leaderboard.
type boardJSON struct {
	Game  string     `json:"game"`
	Title string     `json:"title"`
	Bots  bool       `json:"bots"` // the arena's board: bot identities, not people
	Rows  []boardRow `json:"rows"`
}

func shown(r rating.Rating) int { return int(math.Round(r.Ordinal())) }

// board reads game's leaderboard in one store read (and the anchors from
// memory): its rated people, or with bots its rated bot identities (the
// arena's board), and its anchored bots in their place (bot names in
// lang). Programs and people are on the same scale, set by the same fixed
// anchors, but on separate boards: docs/ratings.md says why.
func (s *Server) board(ctx context.Context, game, lang string, bots bool) (boardJSON, error) {
	g, err := s.reg.Lookup(game)
	if err != nil {
		return boardJSON{}, withStatus(http.StatusNotFound, err)
	}
	rs, err := s.st.Board(ctx, g.ID(), bots, boardLimit)
	if err != nil {
		return boardJSON{}, fmt.Errorf("leaderboard of %s: %w", game, err)
	}
	out := boardJSON{Game: g.ID(), Title: g.Title(lang), Bots: bots, Rows: []boardRow{}}
	for _, r := range rs {
		rt := rating.Rating{Mu: r.Mu, Sigma: r.Sigma}
		name := r.Name
		if r.Bot {
			name = programName(lang, r.Name, false) // marked as a bot, as at a table
		}
		out.Rows = append(out.Rows, boardRow{Player: r.Player, Name: name, Program: r.Bot, Rating: shown(rt), Mu: r.Mu,
			Sigma: r.Sigma, Games: r.Games, Wins: r.Wins, Provisional: rating.Provisional(r.Games)})
	}
	for _, k := range anchoredBots(g.ID()) {
		a := botAnchors()[g.ID()][k]
		out.Rows = append(out.Rows, boardRow{Bot: k, Name: botSeatName(lang, k), Rating: shown(a.Rating), Mu: a.Mu,
			Sigma: a.Sigma, Games: a.Played})
	}
	slices.SortStableFunc(out.Rows, func(a, b boardRow) int {
		x, y := a.Mu-3*a.Sigma, b.Mu-3*b.Sigma
		switch {
		case x > y:
			return -1
		case x < y:
			return 1
		}
		return 0
	})
	for i := range out.Rows {
		out.Rows[i].Rank = i + 1
	}
	return out, nil
}

// apiRatings is GET /api/ratings/{game}: the game's leaderboard of people;
// GET /api/ratings/{game}/bots: of bot identities (the arena's).
func (s *Server) apiRatings(w http.ResponseWriter, r *http.Request) {
	if err := s.allowBoardRead(r); err != nil {
		s.answerErr(w, r, err)
		return
	}
	b, err := s.board(r.Context(), r.PathValue("game"), requestLang(r), strings.HasSuffix(r.URL.Path, "/bots"))
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

// boardPage is what the leaderboard page shows.
type boardPage struct {
	Board boardJSON
	Games []gameJSON // every game, for the links between boards
	// Me is the viewer's identity (none: a visitor): her row is marked
	// "you"; Listed, that she has one on the board shown.
	Me     string
	Listed bool
}

// pageRatings is the leaderboards' page, /ratings (the first game's) and
// /ratings/{game}, rendered on the server.
func (s *Server) pageRatings(w http.ResponseWriter, r *http.Request) {
	game := r.PathValue("game")
	all := s.reg.All()
	if game == "" && len(all) > 0 {
		game = all[0].ID()
	}
	lang := requestLang(r)
	if err := s.allowBoardRead(r); err != nil {
		var re *rateError
		if errors.As(err, &re) {
			w.Header().Set("Retry-After", retrySeconds(re.retry))
		}
		s.renderStatus(w, r, http.StatusTooManyRequests, "error", pageData{ErrKey: "unavailable"})
		return
	}
	b, err := s.board(r.Context(), game, lang, strings.HasSuffix(r.URL.Path, "/bots"))
	if err != nil {
		if _, lookErr := s.reg.Lookup(game); lookErr != nil {
			s.renderStatus(w, r, http.StatusNotFound, "error", pageData{ErrKey: "noGame"})
			return
		}
		s.pageError(w, r, err)
		return
	}
	d := pageData{Board: &boardPage{Board: b}}
	if me, err := s.maybeIdentify(r); err == nil && me.ID != "" {
		d.Board.Me = me.ID
		d.Board.Listed = slices.ContainsFunc(b.Rows, func(row boardRow) bool { return row.Player == me.ID })
	}
	for _, g := range all {
		d.Board.Games = append(d.Board.Games, gameJSON{ID: g.ID(), Title: titles(g)})
	}
	d.Title = plainWords(lang)["boards"] + " · " + b.Title
	s.render(w, r, "ratings", d)
}

// playerRating is a player's rating at one game, with its history.
type playerRating struct {
	Game        string        `json:"game"`
	Rating      int           `json:"rating"` // shown: Mu − 3·Sigma, rounded
	Mu          float64       `json:"mu"`
	Sigma       float64       `json:"sigma"`
	Games       int           `json:"games"`
	Wins        int           `json:"wins"`
	Provisional bool          `json:"provisional"`
	History     []ratingPoint `json:"history"` // after each rated game, oldest first
	// Chart is the history drawn for the player's page (in its language).
	Chart template.HTML `json:"-"`
}

// ratingPoint is a rating after one rated table.
type ratingPoint struct {
	Table  string  `json:"table"`
	At     int64   `json:"at"` // ms
	Place  int     `json:"place"`
	Rating float64 `json:"rating"` // the ordinal, unrounded
}

// categoryMean is a player's mean points in one score category of a game
// over their finished games of it.
type categoryMean struct {
	Category string  `json:"category"`
	Mean     float64 `json:"mean"`
	Label    string  `json:"-"` // the category's name, for the page
}

// historyLimit bounds the rated games a player's page reads back.
const historyLimit = 1000

// playerRatings reads a player's ratings and their history, per game in
// the registry's order.
func (s *Server) playerRatings(ctx context.Context, id string) ([]playerRating, error) {
	hist, err := s.st.RatingHistory(ctx, id, historyLimit)
	if err != nil {
		return nil, err
	}
	out := []playerRating{}
	for _, g := range s.reg.All() {
		cur, err := s.st.PlayerRatings(ctx, g.ID(), []string{id})
		if err != nil {
			return nil, err
		}
		r, ok := cur[id]
		if !ok {
			continue
		}
		pr := playerRating{Game: g.ID(), Rating: shown(rating.Rating{Mu: r.Mu, Sigma: r.Sigma}), Mu: r.Mu, Sigma: r.Sigma,
			Games: r.Games, Wins: r.Wins, Provisional: rating.Provisional(r.Games), History: []ratingPoint{}}
		for _, h := range hist {
			if h.Game == g.ID() {
				pr.History = append(pr.History, ratingPoint{Table: h.Table, At: h.At.UnixMilli(), Place: h.Place,
					Rating: rating.Rating{Mu: h.Mu, Sigma: h.Sigma}.Ordinal()})
			}
		}
		out = append(out, pr)
	}
	return out, nil
}

// scoreMeans adds seat's points at a finished table to sums (by category
// id) and reports whether the table had a pad for it.
func scoreMeans(t store.Table, seat int, sums map[string]float64, order *[]string) bool {
	var res engine.Result
	if t.Status != store.StatusOver || json.Unmarshal(t.Result, &res) != nil || seat < 0 || seat >= len(res.Players) {
		return false
	}
	p := res.Players[seat]
	for i, c := range res.Categories {
		if i >= len(p.Points) {
			break
		}
		if _, ok := sums[c.ID]; !ok {
			*order = append(*order, c.ID)
		}
		sums[c.ID] += float64(p.Points[i])
	}
	sums[""] += float64(p.Total)
	return true
}

// localizeRatings fills what the player's page shows in lang: the charts
// and the categories' names.
func (s *Server) localizeRatings(p *playerJSON, lang string) {
	for i := range p.Ratings {
		r := &p.Ratings[i]
		title := r.Game
		if g, err := s.reg.Lookup(r.Game); err == nil {
			title = g.Title(lang)
		}
		r.Chart = ratingChart(r.History, title, lang)
	}
	for i := range p.Games {
		g, err := s.reg.Lookup(p.Games[i].Game)
		for j := range p.Games[i].Means {
			m := &p.Games[i].Means[j]
			switch {
			case m.Category == "":
				m.Label = say(lang, "plain.meanTotal")
			case err == nil:
				m.Label = g.Texts().CategoryLabel(m.Category, lang)
			}
		}
	}
}

// ratingChart draws a rating's history as an SVG line: the rating after
// each rated game, from the newcomer's 0 before the first. It scales to
// the page's width (a phone's too): the text stays legible because the
// drawing is small (320 wide) and shrinks little.
func ratingChart(h []ratingPoint, title, lang string) template.HTML {
	if len(h) == 0 {
		return ""
	}
	ys := []float64{0}
	for _, p := range h {
		ys = append(ys, p.Rating)
	}
	lo, hi := slices.Min(ys), slices.Max(ys)
	lo, hi = math.Floor(lo/5)*5, math.Ceil(hi/5)*5
	if hi-lo < 10 {
		hi = lo + 10
	}
	const w, ht, left, right, top, bottom = 320.0, 170.0, 34.0, 10.0, 10.0, 28.0
	x := func(i int) float64 { return left + (w-left-right)*float64(i)/float64(max(len(ys)-1, 1)) }
	y := func(v float64) float64 { return top + (ht-top-bottom)*(hi-v)/(hi-lo) }
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	label := say(lang, "plain.ratingChart", i18n.S("game", title), i18n.N("first", 0), i18n.N("last", int(math.Round(ys[len(ys)-1]))))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="rating-chart" viewBox="0 0 %d %d" role="img" aria-label="%s"><title>%s</title>`, int(w), int(ht),
		template.HTMLEscapeString(label), template.HTMLEscapeString(label))
	// Grid: the bottom, the top and 0 when it lies between.
	for _, v := range []float64{lo, hi, 0} {
		if v < lo || v > hi || (v == 0 && (lo == 0 || hi == 0)) {
			continue
		}
		fmt.Fprintf(&b, `<line class="grid" x1="%s" y1="%s" x2="%s" y2="%s"/><text class="axis" x="%s" y="%s" text-anchor="end">%d</text>`,
			f(left), f(y(v)), f(w-right), f(y(v)), f(left-4), f(y(v)+4), int(v))
	}
	var pts []string
	for i, v := range ys {
		pts = append(pts, f(x(i))+","+f(y(v)))
	}
	fmt.Fprintf(&b, `<polyline class="line" points="%s"/>`, strings.Join(pts, " "))
	for i, v := range ys[1:] {
		fmt.Fprintf(&b, `<circle class="dot" cx="%s" cy="%s" r="3"/>`, f(x(i+1)), f(y(v)))
	}
	fmt.Fprintf(&b, `<text class="axis" x="%s" y="%s" text-anchor="middle">%s</text></svg>`, f(left+(w-left-right)/2), f(ht-8),
		template.HTMLEscapeString(say(lang, "plain.ratingChartX", i18n.N("n", len(h)))))
	return template.HTML(b.String())
}

// provisionalLeft is "provisional: 3 more rated games" in lang.
func provisionalLeft(games int, lang string) string {
	return say(lang, "plain.provisionalLeft", i18n.N("n", rating.ProvisionalGames-games))
}

// meanCaption is "English Gardens: mean over 3 finished games" in lang.
func meanCaption(title string, n int, lang string) string {
	return say(lang, "plain.meanOver", i18n.S("game", title), i18n.N("n", n))
}

// meanOf is a mean as the page shows it: one decimal, in lang's notation.
func meanOf(v float64, lang string) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if lang == "fr" || lang == "de" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

var _ = template.Must(pages.Funcs(template.FuncMap{"provisionalLeft": provisionalLeft, "mean": meanOf, "meanCaption": meanCaption}).Parse(`
{{define "ratings"}}{{template "head" .}}
{{with .Board}}<main class="board-page"><h2>{{$.W.boards}}</h2>
<nav class="board-games">{{range .Games}}{{if eq .ID $.Board.Board.Game}}<b aria-current="page">{{index $.Titles .ID}}</b>{{else}}<a href="/ratings/{{.ID}}{{if $.Board.Board.Bots}}/bots{{end}}">{{index $.Titles .ID}}</a>{{end}} {{end}}</nav>
<nav class="board-kind">{{if .Board.Bots}}<a href="/ratings/{{.Board.Game}}">{{$.W.boardPeople}}</a> · <b aria-current="page">{{$.W.boardArena}}</b>{{else}}<b aria-current="page">{{$.W.boardPeople}}</b> · <a href="/ratings/{{.Board.Game}}/bots">{{$.W.boardArena}}</a>{{end}}</nav>
<p class="board-about">{{if .Board.Bots}}{{$.W.boardArenaAbout}}{{else}}{{$.W.boardsAbout}}{{end}}</p>
<h3>{{.Board.Title}}</h3>
{{if .Board.Rows}}<table class="player-games board"><thead><tr><th scope="col">{{$.W.boardRank}}</th><th scope="col">{{$.W.boardPlayer}}</th><th scope="col">{{$.W.boardRating}}</th><th scope="col">{{$.W.boardGames}}</th><th scope="col">{{$.W.boardWins}}</th></tr></thead>
<tbody>{{range .Board.Rows}}<tr{{if .Bot}} class="anchor"{{else if and .Player (eq .Player $.Board.Me)}} class="me"{{end}}><td>{{.Rank}}</td><th scope="row">{{if .Player}}<a href="/p/{{.Player}}">{{.Name}}</a>{{if eq .Player $.Board.Me}} <small class="you-mark">({{$.W.boardYou}})</small>{{end}}{{else}}{{.Name}} <small>({{$.W.boardBot}})</small>{{end}}</th>
<td>{{.Rating}}{{if .Provisional}} <small class="provisional">({{$.W.provisional}})</small>{{end}}</td><td>{{if .Player}}{{.Games}}{{else}}—{{end}}</td><td>{{if .Player}}{{.Wins}}{{else}}—{{end}}</td></tr>{{end}}</tbody></table>{{end}}
{{if and .Me (not .Listed) (not .Board.Bots)}}<p class="board-not-listed">{{$.W.boardNotListed}}</p>{{end}}
<p><a href="/">{{$.W.lobby}}</a></p></main>{{end}}</body></html>{{end}}

{{define "playerRatings"}}{{with .Player}}<h3>{{$.W.ratings}}</h3>
<p class="boards-link"><a href="/ratings">{{$.W.boardsLink}}</a></p>
{{if .Ratings}}<table class="player-games ratings"><thead><tr><th scope="col">{{$.W.game}}</th><th scope="col">{{$.W.boardRating}}</th><th scope="col">{{$.W.boardGames}}</th><th scope="col">{{$.W.boardWins}}</th></tr></thead>
<tbody>{{range .Ratings}}<tr><th scope="row"><a href="/ratings/{{.Game}}">{{index $.Titles .Game}}</a></th><td>{{.Rating}}{{if .Provisional}} <small class="provisional">({{provisionalLeft .Games $.Lang}})</small>{{end}}</td><td>{{.Games}}</td><td>{{.Wins}}</td></tr>{{end}}</tbody></table>
{{range .Ratings}}<figure class="rating-figure"><figcaption>{{index $.Titles .Game}}</figcaption>{{.Chart}}</figure>{{end}}
{{else}}<p>{{$.W.ratingsNone}}</p>{{end}}
{{if .Games}}<h3>{{$.W.meanPoints}}</h3>
{{range .Games}}{{if .Means}}<table class="player-games means"><caption>{{meanCaption (index $.Titles .Game) .Scored $.Lang}}</caption><thead><tr><th scope="col">{{$.W.category}}</th><th scope="col">{{$.W.meanOf}}</th></tr></thead>
<tbody>{{range .Means}}<tr><th scope="row">{{.Label}}</th><td>{{mean .Mean $.Lang}}</td></tr>{{end}}</tbody></table>{{end}}{{end}}{{end}}
{{end}}{{end}}
`))
