package server

import (
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/store"
)

// The pages. The page's lobby (web/dist/lobby.html and its script) is the
// home page at /; the plain lobby at /plain, the invite page and the
// "continue here" page are rendered on the server with html/template (which
// escapes every name and chat line) and work without JavaScript; the table
// and replay pages are shells the script draws into. Pages name the assets
// by their hashed names (assets.go).

var pages = template.Must(template.New("").Parse(`
{{define "head"}}<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title><link rel="stylesheet" href="{{.CSS}}"></head><body>
<h1><a href="/">jardin</a></h1>{{end}}

{{define "lobby"}}{{template "head" .}}
{{if .Me.ID}}<p>You are <b>{{.Me.Name}}</b>.</p>{{end}}
<form method="post" action="/lobby/name"><label>Your name <input name="name" value="{{.Me.Name}}" maxlength="40" required></label>
<button>{{if .Me.ID}}Rename{{else}}Start{{end}}</button></form>
{{if .Error}}<p class="err">{{.Error}}</p>{{end}}
{{if .Me.ID}}
<h2>New table</h2>
<form method="post" action="/lobby/create">
<label>Game <select name="game">{{range .Games}}<option value="{{.ID}}">{{index .Title $.Lang}} ({{.Min}}–{{.Max}})</option>{{end}}</select></label>
<fieldset><legend>Seats (you first)</legend>
{{range $i, $k := .SeatSlots}}<label>Seat {{$k}} <select name="seat">{{if eq $i 0}}<option value="me">me</option>{{end}}
<option value="">—</option><option value="open">open (a person)</option><option value="random">random bot</option>
<option value="greedy">greedy bot</option><option value="ismcts:easy">ismcts easy</option><option value="ismcts:medium">ismcts medium</option>
<option value="ismcts:hard">ismcts hard</option><option value="ismcts:expert">ismcts expert</option></select></label> {{end}}
</fieldset>
<label>Options <input name="options" placeholder="name=value,…"></label>
<label>Clock <select name="clock"><option value="none">none</option><option value="realtime">realtime</option><option value="async">async</option></select></label>
<label>minutes <input name="minutes" size="4" value="10"></label> <label>increment s <input name="increment" size="4" value="5"></label>
<label>hours per move <input name="hours" size="4" value="24"></label>
<label><input type="checkbox" name="public" value="1" checked> public</label>
<button>Create</button></form>
<h2>My tables</h2>
<table>{{range .Mine}}<tr><td><a href="/t/{{.ID}}">{{.Title}}</a></td><td>{{.Status}}{{if eq .Status "over"}} · <a href="/replay/{{.ID}}">replay</a>{{end}}</td><td>{{range .Seats}}{{.Name}} {{end}}</td></tr>{{else}}<tr><td>none yet</td></tr>{{end}}</table>
<p><button id="link" type="button" onclick="fetch('/api/me/link',{method:'POST'}).then(r=>r.json()).then(j=>{this.nextElementSibling.textContent=location.origin+j.path})">Continue on another device</button> <code></code></p>
{{end}}
<h2>Open tables</h2>
<table>{{range .Open}}<tr><td>{{.Title}}</td><td>{{range .Seats}}{{if .Name}}{{.Name}}{{else}}(open){{end}} {{end}}</td><td>{{.Clock.Mode}}</td>
<td><a href="/join/{{.ID}}">join</a> · <a href="/t/{{.ID}}?watch=1">watch</a></td></tr>{{else}}<tr><td>No open table: create one.</td></tr>{{end}}</table>
</body></html>{{end}}

{{define "join"}}{{template "head" .}}
<p>{{.Table.Title}} — {{range .Table.Seats}}{{if .Name}}{{.Name}}{{else}}(open){{end}} {{end}}</p>
{{if .Error}}<p class="err">{{.Error}}</p>{{end}}
<form method="post"><input type="hidden" name="invite" value="{{.Invite}}">
{{if not .Me.ID}}<label>Your name <input name="name" maxlength="40" required></label>{{end}}
<button>Take a seat</button></form> <p><a href="/t/{{.Table.ID}}?watch=1">Watch</a></p></body></html>{{end}}

{{define "table"}}{{template "head" .}}
<main id="table" data-table="{{.Table.ID}}" data-lang="{{.Lang}}">
<h2>{{.Table.Title}}</h2><p id="status"></p><ol id="seats"></ol>
<div class="moves" id="moves"></div><button id="undo" hidden>Undo</button>
<p id="result"></p><p><a id="record" hidden download>Download the record</a></p>
<ol id="log"></ol>
<form id="chat"><input id="chattext" maxlength="300" placeholder="chat"> <button>Send</button></form>
<pre id="view"></pre></main>
<script src="{{.JS}}"></script></body></html>{{end}}

{{define "replay"}}{{template "head" .}}
<main id="replay" data-table="{{.Table.ID}}" data-status="{{.Table.Status}}"><h2>{{.Table.Title}}</h2>
{{if eq .Table.Status "over"}}<p><a href="/api/tables/{{.Table.ID}}/record" download>Download the record</a></p>
{{else}}<p>The replay is available once the game is over.</p>{{end}}</main>
<script src="{{.JS}}"></script></body></html>{{end}}

{{define "continue"}}{{template "head" .}}
{{if .Error}}<p class="err">{{.Error}}</p>{{end}}
<form method="post"><button>Continue here as the same player</button></form></body></html>{{end}}
`))

type pageData struct {
	Title     string
	Lang      string
	Me        store.Identity
	Error     string
	Games     []gameJSON
	SeatSlots []int
	Mine      []lobbyJSON
	Open      []lobbyJSON
	Table     tableJSON
	Invite    string
	JS, CSS   string // the bundle's addresses (hashed names)
}

func (s *Server) render(w http.ResponseWriter, r *http.Request, name string, d pageData) {
	d.Lang = engine.Lang(r.URL.Query().Get("lang"))
	if d.Title == "" {
		d.Title = "jardin"
	}
	d.JS, d.CSS = s.static.path("table.js"), s.static.path("style.css")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	setPageHeaders(w)
	if err := pages.ExecuteTemplate(w, name, d); err != nil {
		s.log.Error("template", "request", requestID(r), "page", name, "err", err)
	}
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
	f.serve(w, r)
}

// setPageHeaders sets the security headers of every page.
func setPageHeaders(w http.ResponseWriter) {
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'unsafe-inline'; connect-src 'self'")
	w.Header().Set("X-Frame-Options", "DENY")
}

// pageLobby is the plain lobby: forms, no script needed.
func (s *Server) pageLobby(w http.ResponseWriter, r *http.Request) {
	d := pageData{SeatSlots: []int{1, 2, 3, 4}, Error: r.URL.Query().Get("error")}
	d.Me, _ = s.identify(r)
	for _, g := range s.reg.All() {
		lo, hi := g.Players()
		d.Games = append(d.Games, gameJSON{ID: g.ID(), Title: map[string]string{"en": g.Title("en"), "fr": g.Title("fr")}, Min: lo, Max: hi})
	}
	d.Open, _ = s.lobbyTables(r)
	if d.Me.ID != "" {
		r2 := r.Clone(r.Context())
		r2.URL.RawQuery = "mine=1"
		d.Mine, _ = s.lobbyTables(r2)
	}
	s.render(w, r, "lobby", d)
}

func (s *Server) back(w http.ResponseWriter, r *http.Request, to string, err error) {
	if err != nil {
		sep := "?"
		if strings.Contains(to, "?") {
			sep = "&"
		}
		to += sep + "error=" + template.URLQueryEscaper(err.Error())
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
	req := createReq{Game: r.PostFormValue("game"), Public: r.PostFormValue("public") != ""}
	for _, k := range r.PostForm["seat"] {
		if k != "" {
			req.Seats = append(req.Seats, k)
		}
	}
	if req.Options, err = engine.ParseOptions(r.PostFormValue("options")); err != nil {
		s.back(w, r, "/plain", err)
		return
	}
	req.Clock.Mode = r.PostFormValue("clock")
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

func (s *Server) pageJoin(w http.ResponseWriter, r *http.Request) {
	d := pageData{Invite: r.URL.Query().Get("invite"), Error: r.URL.Query().Get("error")}
	d.Me, _ = s.identify(r)
	if err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) { d.Table = t.snapshot() }); err != nil {
		s.tableError(w, r, err)
		return
	}
	d.Title = d.Table.Title
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
	var d pageData
	if err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) { d.Table = t.snapshot() }); err != nil {
		s.tableError(w, r, err)
		return
	}
	d.Title = d.Table.Title
	s.render(w, r, "table", d)
}

// pageReplay is the replay page's shell: the script fetches the replay
// (GET /api/tables/{id}/replay) and draws it.
func (s *Server) pageReplay(w http.ResponseWriter, r *http.Request) {
	var d pageData
	if err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) { d.Table = t.snapshot() }); err != nil {
		s.tableError(w, r, err)
		return
	}
	d.Title = d.Table.Title
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
