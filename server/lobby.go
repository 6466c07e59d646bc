package server

import (
	"bytes"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/store"
)

// The pages. The page's lobby (web/dist/lobby.html and its script) is the
// home page at /; the plain lobby at /plain, the invite page and the
// "continue here" page are rendered on the server with html/template (which
// escapes every name and chat line) and work without JavaScript; the table
// and replay pages are shells the script draws into. Pages name the assets
// by their hashed names (assets.go).

var pages = template.Must(template.New("").Option("missingkey=error").Funcs(template.FuncMap{"seatName": seatName, "seatNames": seatNames, "date": dateOf, "dateIn": dateIn, "place": placeIn}).Parse(`
{{define "head"}}<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title><link rel="stylesheet" href="{{.CSS}}"><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body>
{{if .Shell}}<noscript>{{end}}<nav class="top" aria-label="{{.W.switch}}">{{range .Switch}}<a class="lang-switch" href="{{.URL}}" lang="{{.Lang}}" hreflang="{{.Lang}}">{{.Name}}</a> {{end}}</nav>{{if .Shell}}</noscript>{{end}}
<h1><a href="/">jardin</a></h1>{{end}}

{{define "lobby"}}{{template "head" .}}
{{if .Me.ID}}<p>{{.W.youAre}} <b>{{.Me.Name}}</b>.</p>{{end}}
<form method="post" action="/lobby/name"><label>{{.W.name}} <input name="name" value="{{.Me.Name}}" maxlength="40" required></label>
<button>{{if .Me.ID}}{{.W.rename}}{{else}}{{.W.start}}{{end}}</button></form>
{{if .Error}}<p class="err">{{.Error}}</p>{{end}}
{{if .Me.ID}}
<h2>{{.W.newTable}}</h2>
<form method="post" action="/lobby/create">
<label>{{.W.game}} <select name="game">{{range .Games}}<option value="{{.ID}}">{{index $.Titles .ID}} ({{.Min}}–{{.Max}})</option>{{end}}</select></label>
<fieldset><legend>{{.W.seats}}</legend>
{{range $i, $k := .SeatSlots}}<label>{{$.W.seat}} {{$k}} <select name="seat">{{if eq $i 0}}<option value="me">{{$.W.me}}</option>{{end}}
<option value="">—</option><option value="open">{{$.W.open}}</option><option value="random">{{$.W.random}}</option>
<option value="greedy">{{$.W.greedy}}</option><option value="ismcts:easy">{{$.W.easy}}</option><option value="ismcts:medium">{{$.W.medium}}</option>
<option value="ismcts:hard">{{$.W.hard}}</option><option value="ismcts:expert">{{$.W.expert}}</option></select></label> {{end}}
</fieldset>
<label>{{.W.options}} <input name="options" placeholder="{{.W.optionsHint}}"></label>
<label>{{.W.clock}} <select name="clock"><option value="none">{{.W.clock_none}}</option><option value="realtime">{{.W.clock_realtime}}</option><option value="async">{{.W.clock_async}}</option></select></label>
<label>{{.W.minutes}} <input name="minutes" size="4" value="10"></label> <label>{{.W.increment}} <input name="increment" size="4" value="5"></label>
<label>{{.W.hours}} <input name="hours" size="4" value="24"></label>
<label><input type="checkbox" name="public" value="1" checked> {{.W.public}}</label>
<label><input type="checkbox" name="rated" value="1"> {{.W.rated}}</label>
<button>{{.W.create}}</button></form>
<h2>{{.W.myTables}}</h2>
<table>{{range .Mine}}<tr><td><a href="/t/{{.ID}}">{{index $.Titles .Game}}</a></td><td>{{dateIn .Created $.Lang}}</td><td>{{index $.W (print "status_" .Status)}}</td><td>{{range seatNames .Seats $.Lang}}{{.}} {{end}}</td></tr>{{else}}<tr><td>{{.W.noneYet}}</td></tr>{{end}}</table>
{{if .Finished}}<h3>{{.W.finishedTables}}</h3>
<table>{{range .Finished}}<tr><td>{{index $.Titles .Game}}</td><td>{{dateIn .Updated $.Lang}}</td><td>{{index $.W (print "status_" .Status)}}{{if eq .Status "over"}} · <a href="/replay/{{.ID}}">{{$.W.replay}}</a>{{end}}</td><td>{{range seatNames .Seats $.Lang}}{{.}} {{end}}</td></tr>{{end}}</table>{{end}}
<p><a href="/p/{{.Me.ID}}">{{.W.myPage}}</a></p>
<form method="post" action="/lobby/link"><button id="link">{{.W.continue}}</button>{{if .Link}} <code>{{.Link}}</code>{{end}}</form>
{{end}}
<p><a href="/ratings">{{.W.boardsLink}}</a></p>
<h2>{{.W.openTables}}</h2>
<table>{{range .Open}}<tr><td>{{index $.Titles .Game}}</td><td>{{$names := seatNames .Seats $.Lang}}{{range $i, $st := .Seats}}{{if $st.Name}}{{index $names $i}}{{else}}{{$.W.openSeat}}{{end}} {{end}}</td><td>{{index $.W (print "clock_" .Clock.Mode)}}</td>
<td><a href="/join/{{.ID}}">{{$.W.join}}</a> · <a href="/t/{{.ID}}?watch=1">{{$.W.watch}}</a></td></tr>{{else}}<tr><td>{{.W.noOpen}}</td></tr>{{end}}</table>
</body></html>{{end}}

{{define "join"}}{{template "head" .}}
<main class="join"><h2>{{.Title}}</h2>
<p>{{.W.joinSeats}}:</p><ul class="join-seats">{{range .Join.Seats}}<li>{{.}}</li>{{end}}</ul>
{{if .Error}}<p class="err">{{.Error}}</p>{{end}}
{{if .Join.Seated}}<p class="join-state">{{.Join.Seated}}</p><p><a class="button" href="/t/{{.Table.ID}}">{{.W.joinToTable}}</a></p>
{{else if eq .Table.Status "open"}}{{if .Join.NeedsInvite}}<p class="join-state">{{.W.joinNeedsInvite}}</p>{{else}}<p class="join-state">{{.Join.Waiting}}</p>
<form method="post"><input type="hidden" name="invite" value="{{.Invite}}">
{{if .Me.ID}}<p>{{.Join.As}}</p>{{else}}<label>{{.W.name}} <input name="name" maxlength="40" required></label>{{end}}
<button>{{.W.takeSeat}}</button></form>{{end}}
<p><a href="/t/{{.Table.ID}}?watch=1">{{.W.watchIt}}</a></p>
{{else if eq .Table.Status "live"}}<p class="join-state">{{.W.joinStarted}}</p><p><a class="button" href="/t/{{.Table.ID}}?watch=1">{{.W.joinWatch}}</a></p>
{{else if eq .Table.Status "over"}}<p class="join-state">{{.W.joinOver}}</p><p><a class="button" href="/replay/{{.Table.ID}}">{{.W.joinReplay}}</a></p>
{{else}}<p class="join-state">{{.W.joinClosed}}</p>{{end}}
</main></body></html>{{end}}

{{define "table"}}{{template "head" .}}
{{.Texts}}<main id="table" data-table="{{.Table.ID}}" data-lang="{{.Lang}}">
<h2>{{.Title}}</h2><noscript><p>{{.W.needsScript}} <a href="/plain">{{.W.plainLobby}}</a></p></noscript></main>
<script src="{{.JS}}"></script></body></html>{{end}}

{{define "replay"}}{{template "head" .}}
{{.Texts}}<main id="replay" data-table="{{.Table.ID}}" data-status="{{.Table.Status}}"><h2>{{.Title}}</h2>
{{if eq .Table.Status "over"}}<p><a href="/api/tables/{{.Table.ID}}/record" download>{{.W.download}}</a></p>
{{else}}<p>{{.W.notOver}}</p>{{end}}</main>
<script src="{{.JS}}"></script></body></html>{{end}}

{{define "continue"}}{{template "head" .}}
{{if .Error}}<p class="err">{{.Error}}</p>{{end}}
<form method="post"><button>{{.W.continueHere}}</button></form></body></html>{{end}}

{{define "player"}}{{template "head" .}}
{{with .Player}}<main class="player-page"><h2>{{.Name}}{{if .Bot}} <span class="botmark">{{$.W.botMark}}</span>{{end}}</h2>
{{if .Bot}}<p>{{$.W.botAbout}}</p>{{end}}
<p>{{$.W.playerSince}} <time datetime="{{date .Since}}">{{dateIn .Since $.Lang}}</time></p>
<h3>{{$.W.playerGames}}</h3>
{{if .Games}}<table class="player-games"><thead><tr><th scope="col">{{$.W.game}}</th><th scope="col">{{$.W.playerPlayed}}</th><th scope="col">{{$.W.playerWon}}</th><th scope="col">{{$.W.playerPlaying}}</th></tr></thead>
<tbody>{{range .Games}}<tr><th scope="row">{{index $.Titles .Game}}</th><td>{{.Played}}</td><td>{{.Won}}</td><td>{{.Playing}}</td></tr>{{end}}</tbody></table>
{{else}}<p>{{$.W.playerNoGames}}</p>{{end}}
{{template "playerRatings" $}}
<h3>{{$.W.playerFinished}}</h3>
{{if .Finished}}<ul class="player-finished">{{range .Finished}}<li><b>{{index $.Titles .Game}}</b> · <time datetime="{{date .Updated}}">{{dateIn .Updated $.Lang}}</time> ·
{{if eq .Rank 1}}{{$.W.playerFirst}} ·{{else if gt .Rank 0}}{{place .Rank $.Lang}} ·{{end}}
{{$names := seatNames .Seats $.Lang}}{{range $i, $st := .Seats}}{{if $i}}, {{end}}{{if $st.Player}}<a href="/p/{{$st.Player}}">{{index $names $i}}</a>{{else}}{{index $names $i}}{{end}}{{end}}
· <a href="/replay/{{.ID}}">{{$.W.replay}}</a></li>{{end}}</ul>
{{else}}<p>{{$.W.playerNoFinished}}</p>{{end}}
<p><a href="/">{{$.W.lobby}}</a></p></main>{{end}}</body></html>{{end}}

{{define "error"}}{{template "head" .}}
<p class="err">{{index .W .ErrKey}}</p><p><a href="/">{{.W.lobby}}</a> · <a href="/plain">{{.W.plainLobby}}</a></p></body></html>{{end}}
`))

type pageData struct {
	Title     string
	Lang      string
	W         map[string]string // the page's words in Lang (lang.go)
	Switch    []langLink        // this page's address in the other languages
	Texts     template.HTML     // the web page's words, for the shells' script (texts.go)
	Shell     bool              // a page the script draws into: it has its own switch
	Me        store.Identity
	Error     string
	ErrKey    string // the "error" page's words: W[ErrKey]
	Games     []gameJSON
	Titles    map[string]string // game titles in Lang, by game id
	SeatSlots []int
	Mine      []lobbyJSON
	Finished  []lobbyJSON // the caller's finished tables (the plain lobby's archive)
	Player    *playerJSON // a player's page
	Board     *boardPage  // the leaderboards' page (ratings_pages.go)
	Link      string      // a "continue on another device" address just made
	Open      []lobbyJSON
	Table     tableJSON
	Invite    string
	Join      joinState // the invite page's (pageJoin)
	JS, CSS   string    // the bundle's addresses (hashed names)
}

func (s *Server) render(w http.ResponseWriter, r *http.Request, name string, d pageData) {
	s.renderStatus(w, r, http.StatusOK, name, d)
}

func (s *Server) renderStatus(w http.ResponseWriter, r *http.Request, code int, name string, d pageData) {
	d.Lang = pageLang(w, r)
	d.W = plainWords(d.Lang)
	d.Switch = switchLinks(r, d.Lang)
	if d.Shell {
		d.Texts = textsTag(d.Lang)
	}
	d.Titles = make(map[string]string)
	for _, g := range s.reg.All() {
		d.Titles[g.ID()] = g.Title(d.Lang)
	}
	if d.Table.Game != "" {
		d.Title = d.Titles[d.Table.Game]
	}
	if d.ErrKey != "" {
		d.Title = d.W["errorTitle"]
	}
	if d.Title == "" {
		d.Title = d.W["title"]
	}
	d.JS, d.CSS = s.static.path("table.js"), s.static.path("style.css")
	// Rendered into a buffer: a template error is then a 500, not half a page.
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, d); err != nil {
		s.log.Error("template", "request", requestID(r), "page", name, "err", err)
		http.Error(w, say(d.Lang, "err.internal"), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	setPageHeaders(w)
	w.WriteHeader(code)
	w.Write(b.Bytes())
}

// pageError answers a page's error as a page in the reader's language
// (the API answers JSON: answerErr).
func (s *Server) pageError(w http.ResponseWriter, r *http.Request, err error) {
	code, key := http.StatusInternalServerError, "internal"
	switch {
	case errors.Is(err, store.ErrNotFound):
		code, key = http.StatusNotFound, "noTable"
	case errors.Is(err, errClosed), errors.Is(err, errUnloaded), errors.Is(err, errElsewhere), errors.Is(err, errRetry):
		code, key = http.StatusServiceUnavailable, "unavailable"
	default:
		s.log.Error("table", "request", requestID(r), "err", err)
	}
	s.renderStatus(w, r, code, "error", pageData{ErrKey: key})
}

// pageHome is the page's lobby (web/dist/lobby.html, on the JSON API); its
// <noscript> leads to the plain lobby. Without the page's files, the plain
// lobby itself.
func (s *Server) pageHome(w http.ResponseWriter, r *http.Request) {
	f, _ := s.static.file("lobby.html")
	if f == nil {
		s.pageLobby(w, r)
		return
	}
	setPageHeaders(w)
	w.Header().Set("Cache-Control", "no-cache")
	servePageWithTexts(w, r, f)
}

// setPageHeaders sets the security headers of every page.
func setPageHeaders(w http.ResponseWriter) {
	// No inline script or style may run: every script is a file of the
	// server's (the page's words are a JSON data block, never executed).
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "same-origin") // invite links carry their code in the address
}

// pageLobby is the plain lobby: forms, no script needed.
func (s *Server) pageLobby(w http.ResponseWriter, r *http.Request) { s.plainLobby(w, r, "") }

// formLink makes a "continue on another device" link from the plain lobby
// and shows it there (a form: the page runs no inline script).
func (s *Server) formLink(w http.ResponseWriter, r *http.Request) {
	id, err := s.identify(r)
	if err != nil {
		s.back(w, r, "/plain", err)
		return
	}
	path, _, err := s.makeLink(r.Context(), id)
	if err != nil {
		s.back(w, r, "/plain", err)
		return
	}
	s.plainLobby(w, r, s.cfg.BaseURL+path)
}

func (s *Server) plainLobby(w http.ResponseWriter, r *http.Request, link string) {
	d := pageData{SeatSlots: []int{1, 2, 3, 4}, Error: r.URL.Query().Get("error"), Link: link}
	d.Me, _ = s.identify(r)
	for _, g := range s.reg.All() {
		lo, hi := g.Players()
		d.Games = append(d.Games, gameJSON{ID: g.ID(), Title: titles(g), Min: lo, Max: hi})
	}
	d.Open, _ = s.lobbyTables(r)
	if d.Me.ID != "" {
		r2 := r.Clone(r.Context())
		r2.URL.RawQuery = "mine=1"
		d.Mine, _ = s.lobbyTables(r2)
		r2.URL.RawQuery = "mine=1&finished=1"
		d.Finished, _ = s.lobbyTables(r2)
	}
	s.render(w, r, "lobby", d)
}

func (s *Server) back(w http.ResponseWriter, r *http.Request, to string, err error) {
	if err != nil {
		sep := "?"
		if strings.Contains(to, "?") {
			sep = "&"
		}
		// The message goes back in the form's language: the server's own
		// words from the shell catalogue, the games' from the engine; a
		// fault's own text only to the log (shownIn).
		msg, worded := shownIn(err, requestLang(r))
		if !worded {
			s.log.Error("form", "request", requestID(r), "path", r.URL.Path, "err", err)
		}
		to += sep + "error=" + template.URLQueryEscaper(msg)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

func (s *Server) formName(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	_, _, err := s.setMe(w, r, r.PostFormValue("name"), nil, nil)
	s.back(w, r, "/plain", err)
}

func (s *Server) formCreate(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if err := r.ParseForm(); err != nil {
		s.back(w, r, "/plain", err)
		return
	}
	id, err := s.identify(r)
	if err != nil {
		s.back(w, r, "/plain", err)
		return
	}
	req := createReq{Game: r.PostFormValue("game"), Public: r.PostFormValue("public") != "", Rated: r.PostFormValue("rated") != ""}
	for _, k := range r.PostForm["seat"] {
		if k != "" {
			req.Seats = append(req.Seats, k)
		}
	}
	if req.Options, err = engine.ParseOptions(r.PostFormValue("options")); err != nil {
		s.back(w, r, "/plain", err)
		return
	}
	req.Clock.Mode = store.ClockMode(r.PostFormValue("clock"))
	req.Clock.Minutes, _ = strconv.ParseFloat(r.PostFormValue("minutes"), 64)
	req.Clock.Increment, _ = strconv.ParseFloat(r.PostFormValue("increment"), 64)
	req.Clock.Hours, _ = strconv.ParseFloat(r.PostFormValue("hours"), 64)
	out, _, err := s.create(r.Context(), id, req)
	if err != nil {
		s.back(w, r, "/plain", err)
		return
	}
	http.Redirect(w, r, "/t/"+out.ID, http.StatusSeeOther)
}

// joinState is what the invite page says of the table to the person
// reading it: their seat if they hold one, else whether they can take one.
type joinState struct {
	Seats       []string // each seat's name ("Ann (you)", "(open)")
	Seated      string   // "You already have a seat at this table, as Ann.": they hold one
	NeedsInvite bool     // a private table and the address lacks its invite code
	Waiting     string   // "Waiting for 1 player: take a seat to play."
	As          string   // "You will play as Bob.", for a person with a name already
}

// pageJoin is the invite page: it works without JavaScript, and says what
// the link can still do — take a seat while one is open, go to the table
// for someone already seated, watch a table that is full or started.
func (s *Server) pageJoin(w http.ResponseWriter, r *http.Request) {
	d := pageData{Invite: r.URL.Query().Get("invite"), Error: r.URL.Query().Get("error")}
	d.Me, _ = s.identify(r)
	lang := requestLang(r) // as render's pageLang finds it
	if err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) {
		d.Table = t.snapshot()
		open := 0
		names := joinNames(d.Table.Seats, lang) // two Quick bots read apart (twins_plain.go)
		for i, st := range t.meta.Seats {
			name := names[i]
			switch {
			case st.Kind == store.SeatOpen:
				open++
				name = say(lang, "plain.openSeat")
			case d.Me.ID != "" && st.Identity == d.Me.ID && t.seatHolder(i):
				d.Join.Seated = say(lang, "plain.joinSeated", i18n.S("name", st.Name))
				name = say(lang, "plain.joinYou", i18n.S("name", name))
			}
			d.Join.Seats = append(d.Join.Seats, name)
		}
		d.Join.NeedsInvite = !t.meta.Public && !equalCode(d.Invite, t.meta.Invite)
		d.Join.Waiting = say(lang, "plain.joinWaiting", i18n.N("n", open))
	}); err != nil {
		s.pageError(w, r, err)
		return
	}
	if d.Me.ID != "" {
		d.Join.As = say(lang, "plain.joinAs", i18n.S("name", d.Me.Name))
	}
	s.render(w, r, "join", d)
}

func (s *Server) formJoin(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	id := r.PathValue("id")
	invite := r.PostFormValue("invite")
	if _, err := s.identify(r); err != nil {
		if _, _, err := s.setMe(w, r, r.PostFormValue("name"), nil, nil); err != nil {
			s.back(w, r, "/join/"+id+"?invite="+template.URLQueryEscaper(invite), err)
			return
		}
		// The new cookie is in the response; the join needs it now.
		for _, c := range w.Header().Values("Set-Cookie") {
			if h, err := http.ParseSetCookie(c); err == nil && h.Name == cookieName {
				r.AddCookie(h)
			}
		}
	}
	if _, _, err := s.join(r, id, joinReq{Invite: invite}); err != nil {
		s.back(w, r, "/join/"+id+"?invite="+template.URLQueryEscaper(invite), err)
		return
	}
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}

func (s *Server) pageTable(w http.ResponseWriter, r *http.Request) {
	if !s.dailyPageGuard(w, r) {
		return // a daily deal is its player's until the day is over (daily.go)
	}
	var d pageData
	if err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) { d.Table = t.snapshot() }); err != nil {
		s.pageError(w, r, err)
		return
	}
	d.Shell = true
	s.render(w, r, "table", d)
}

// pageReplay is the replay page's shell: the script fetches the replay
// (GET /api/tables/{id}/replay) and draws it.
func (s *Server) pageReplay(w http.ResponseWriter, r *http.Request) {
	if !s.dailyPageGuard(w, r) {
		return // a daily deal is its player's until the day is over (daily.go)
	}
	var d pageData
	if err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) { d.Table = t.snapshot() }); err != nil {
		s.pageError(w, r, err)
		return
	}
	d.Shell = true
	s.render(w, r, "replay", d)
}

func (s *Server) pageContinue(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, "continue", pageData{Error: r.URL.Query().Get("error")})
}

func (s *Server) formContinue(w http.ResponseWriter, r *http.Request) {
	code := r.PathValue("code")
	if err := s.continueHere(w, r, code); err != nil {
		s.back(w, r, "/continue/"+template.URLQueryEscaper(code), err)
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}
