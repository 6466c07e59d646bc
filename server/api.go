package server

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

const (
	cookieName  = "jardin"
	maxBody     = 64 << 10
	maxName     = 40
	linkTTL     = 15 * time.Minute
	maxPlayers  = 8
	lobbyTables = 50
)

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /metrics", s.metricsHandler())
	mux.HandleFunc("GET /api/games", s.apiGames)
	mux.HandleFunc("GET /api/games/{id}/sample", s.apiSample)
	mux.HandleFunc("GET /favicon.svg", serveFavicon)
	mux.HandleFunc("GET /favicon.ico", serveFavicon)
	mux.HandleFunc("GET /api/me", s.apiMe)
	mux.HandleFunc("POST /api/me", s.apiSetMe)
	mux.HandleFunc("POST /api/me/link", s.apiLink)
	mux.HandleFunc("GET /api/tables", s.apiTables)
	mux.HandleFunc("GET /api/lobby", s.apiLobby)
	mux.HandleFunc("GET /api/players/{id}", s.apiPlayer)
	mux.HandleFunc("GET /api/ratings/{game}", s.apiRatings)
	mux.HandleFunc("GET /ratings", s.pageRatings)
	mux.HandleFunc("GET /ratings/{game}", s.pageRatings)
	mux.HandleFunc("GET /api/ratings/{game}/bots", s.apiRatings) // the arena's board
	mux.HandleFunc("GET /ratings/{game}/bots", s.pageRatings)
	mux.HandleFunc("GET /api/tables/{id}/rating", s.apiTableRating) // ratings_table.go
	mux.HandleFunc("POST /api/tables", s.apiCreate)
	mux.HandleFunc("GET /api/tables/{id}", s.apiTable)
	mux.HandleFunc("POST /api/tables/{id}/join", s.apiJoin)
	mux.HandleFunc("POST /api/tables/{id}/leave", s.apiLeave)
	mux.HandleFunc("POST /api/tables/{id}/rematch", s.apiRematch)
	mux.HandleFunc("POST /api/tables/{id}/rematch/decline", s.apiDecline)
	mux.HandleFunc("POST /api/tables/{id}/resign", s.apiResign)
	mux.HandleFunc("POST /api/tables/{id}/hint", s.apiHint)
	mux.HandleFunc("POST /api/tables/{id}/handover", s.apiHandOver)
	mux.HandleFunc("GET /api/tables/{id}/record", s.apiRecord)
	mux.HandleFunc("GET /api/tables/{id}/replay", s.apiReplay)
	mux.HandleFunc("POST /api/tables/{id}/fork", s.apiFork) // fork.go: play on from a replay's step
	mux.HandleFunc("GET /api/tables/{id}/analysis", s.apiAnalysis)
	mux.HandleFunc("GET /api/tables/{id}/log", s.apiLog)
	mux.HandleFunc("GET /ws/tables/{id}", s.serveWS)
	// Duplicate tables (duplicate.go).
	mux.HandleFunc("POST /api/tables/{id}/duplicate", s.apiDuplicate)
	mux.HandleFunc("GET /api/tables/{id}/duplicates", s.apiDuplicates)
	// Passkeys (passkey.go).
	mux.HandleFunc("GET /api/passkeys", s.apiPasskeys)
	mux.HandleFunc("POST /api/passkeys/register", s.apiPasskeyRegister)
	mux.HandleFunc("POST /api/passkeys/register/finish", s.apiPasskeyRegistered)
	mux.HandleFunc("POST /api/passkeys/login", s.apiPasskeyLogin)
	mux.HandleFunc("POST /api/passkeys/login/finish", s.apiPasskeyLoggedIn)
	// The bot API (botapi.go, docs/bot-api.md).
	mux.HandleFunc("POST /api/bot/account/upgrade", s.apiBotUpgrade)
	mux.HandleFunc("GET /api/bot/stream", s.apiBotStream)
	mux.HandleFunc("GET /api/bots", s.apiBots)
	mux.HandleFunc("POST /api/bot/account/arena", s.apiBotArena)
	mux.HandleFunc("POST /api/tables/{id}/accept", s.apiBotAccept)
	mux.HandleFunc("POST /api/tables/{id}/decline", s.apiBotDecline)
	mux.HandleFunc("POST /api/tables/{id}/move", s.apiMove)
	mux.HandleFunc("POST /api/tables/{id}/invite", s.apiBotInvite)
	// Pages (lobby.go): the page's lobby at /, the plain server-rendered
	// one (forms, no script) at /plain.
	mux.HandleFunc("GET /{$}", s.pageHome)
	mux.HandleFunc("GET /plain", s.pageLobby)
	mux.HandleFunc("GET /settings", s.pageSettings)
	mux.HandleFunc("GET /replay/{id}", s.pageReplay)
	mux.HandleFunc("POST /lobby/name", s.formName)
	mux.HandleFunc("POST /lobby/create", s.formCreate)
	mux.HandleFunc("POST /lobby/link", s.formLink)
	mux.HandleFunc("GET /join/{id}", s.pageJoin)
	mux.HandleFunc("POST /join/{id}", s.formJoin)
	mux.HandleFunc("GET /t/{id}", s.pageTable)
	s.learnRoutes(mux) // learn.go: /rules/{game}, /learn/{game} and their API
	s.dailyRoutes(mux) // daily.go: /daily and its API
	mux.HandleFunc("GET /p/{id}", s.pagePlayer)
	mux.HandleFunc("GET /continue/{code}", s.pageContinue)
	mux.HandleFunc("POST /continue/{code}", s.formContinue)
	st, err := newStatic(s.assets)
	if err != nil {
		// The assets are embedded: a file that cannot be read is a broken
		// build. The API and the plain pages still work without them.
		s.log.Error("static files", "err", err)
		st, _ = newStatic(nil)
	}
	s.static = st
	if s.assets != nil {
		mux.Handle("GET /static/", http.StripPrefix("/static/", st))
	}
	cop := http.NewCrossOriginProtection()
	for _, o := range s.cfg.Origins {
		if strings.Contains(o, "://") {
			if err := cop.AddTrustedOrigin(o); err != nil {
				s.log.Warn("origin not trusted for forms", "origin", o, "err", err)
			}
		}
	}
	return s.recoverer(cop.Handler(s.dupGuard(mux)))
}

type ctxKey int

const reqIDKey ctxKey = 0

// recoverer gives each request an id (X-Request-Id) and turns a panic into
// a 500 naming that id, logged with its stack: no panic reaches a client.
func (s *Server) recoverer(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := hex.EncodeToString(randBytes(8))
		w.Header().Set("X-Request-Id", id)
		r = r.WithContext(context.WithValue(r.Context(), reqIDKey, id))
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.met.panics.Inc()
				s.log.Error("panic", "request", id, "method", r.Method, "path", r.URL.Path, "panic", p,
					"stack", string(debug.Stack()))
				s.apiError(w, r, http.StatusInternalServerError, shelltext.Errorf("err.internal"))
			}
		}()
		h.ServeHTTP(w, r)
	})
}

func requestID(r *http.Request) string {
	id, _ := r.Context().Value(reqIDKey).(string)
	return id
}

// apiError answers err in the language of the request (lang.go).
func (s *Server) apiError(w http.ResponseWriter, r *http.Request, code int, err error) {
	s.answerErr(w, r, withStatus(code, err))
}

// httpError answers {"error": msg, "request": id} (errorBody, without a
// code).
func (s *Server) httpError(w http.ResponseWriter, r *http.Request, code int, msg string) {
	s.errorBody(w, r, code, errorJSON{Error: msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// readJSON decodes a request body strictly into v.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return shelltext.Errorf("err.emptyBody")
		}
		return shelltext.Wrap("err.body", err)
	}
	if dec.More() {
		return shelltext.Errorf("err.bodyTrailing")
	}
	return nil
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.st.Ping(ctx); err != nil {
		s.httpError(w, r, http.StatusServiceUnavailable, "store unusable")
		return
	}
	if s.node != nil && s.node.Session() == "" {
		// Cut off from NATS: this node owns nothing and cannot relay; the
		// proxy should send people to another node meanwhile.
		s.httpError(w, r, http.StatusServiceUnavailable, "not in the cluster (no NATS session)")
		return
	}
	w.Header().Set("Content-Type", "text/plain")
	io.WriteString(w, "ok\n")
}

// ----- identities -----

func hashToken(tok string) []byte {
	h := sha256.Sum256([]byte(tok))
	return h[:]
}

// identify returns the request's identity from its cookie (or an
// "Authorization: Bearer TOKEN" header, for programs); ID is "" if none.
// requestToken is the identity token a request carries: its cookie, else
// its Authorization: Bearer header ("" without one).
func requestToken(r *http.Request) string {
	if c, err := r.Cookie(cookieName); err == nil {
		return c.Value
	}
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		return strings.TrimPrefix(h, "Bearer ")
	}
	return ""
}

func (s *Server) identify(r *http.Request) (store.Identity, error) {
	tok := requestToken(r)
	if tok == "" || len(tok) > 100 {
		return store.Identity{}, &shelltext.Error{ID: "err.noIdentity", Err: errNoIdentity}
	}
	id, err := s.st.IdentityByToken(r.Context(), hashToken(tok))
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return store.Identity{}, &shelltext.Error{ID: "err.unknownToken", Err: errNoIdentity}
		}
		return store.Identity{}, err
	}
	return id, nil
}

// maybeIdentify is identify for requests that may come without an
// identity: an error only when the store could not say.
func (s *Server) maybeIdentify(r *http.Request) (store.Identity, error) {
	id, err := s.identify(r)
	if errors.Is(err, errNoIdentity) {
		return store.Identity{}, nil
	}
	return id, err
}

// sentToken reports whether r carries an identity token at all.
func sentToken(r *http.Request) bool {
	if c, err := r.Cookie(cookieName); err == nil && c.Value != "" {
		return true
	}
	return strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ")
}

func (s *Server) setCookie(w http.ResponseWriter, tok string) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: tok, Path: "/", HttpOnly: true, Secure: s.cfg.SecureCookies,
		SameSite: http.SameSiteLaxMode, MaxAge: 400 * 24 * 3600})
}

func cleanName(n string) (string, error) {
	n = strings.TrimSpace(n)
	if n == "" || utf8.RuneCountInString(n) > maxName || !utf8.ValidString(n) {
		return "", shelltext.Errorf("err.nameLength", i18n.N("max", maxName))
	}
	for _, r := range n {
		if record.Forbidden(r) {
			return "", shelltext.Errorf("err.nameControl", i18n.S("char", fmt.Sprintf("%U", r)))
		}
	}
	return n, nil
}

// newIdentity creates an identity and sets its cookie; the token is
// returned once (programs keep it; browsers have the cookie).
func (s *Server) newIdentity(w http.ResponseWriter, r *http.Request, name string) (store.Identity, string, error) {
	if err := s.allowIdentity(r); err != nil {
		return store.Identity{}, "", err
	}
	tok := newToken()
	id := store.Identity{ID: s.newID(), Name: name, Lang: requestLang(r), Created: s.now()}
	if err := s.st.CreateIdentity(r.Context(), id, hashToken(tok)); err != nil {
		return id, "", err
	}
	s.setCookie(w, tok)
	return id, tok, nil
}

type meJSON struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Webhook string `json:"webhook"`
	Email   string `json:"email"`
	Token   string `json:"token,omitempty"`
}

// apiMe answers the identity; a visitor who sent no token at all gets an
// empty one (id ""), not a 401: the lobby asks on every first visit, and
// that is no error worth a red line in the browser's console. A token
// that is sent and unknown is still a 401.
func (s *Server) apiMe(w http.ResponseWriter, r *http.Request) {
	id, err := s.identify(r)
	if errors.Is(err, errNoIdentity) && !sentToken(r) {
		writeJSON(w, http.StatusOK, meJSON{})
		return
	}
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, meJSON{ID: id.ID, Name: id.Name, Webhook: id.Webhook, Email: id.Email})
}

// apiSetMe creates the identity (no cookie yet) or changes its name,
// webhook and e-mail.
func (s *Server) apiSetMe(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Name    string  `json:"name"`
		Webhook *string `json:"webhook"`
		Email   *string `json:"email"`
	}
	if err := readJSON(w, r, &req); err != nil {
		s.apiError(w, r, http.StatusBadRequest, err)
		return
	}
	id, tok, err := s.setMe(w, r, req.Name, req.Webhook, req.Email)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, meJSON{ID: id.ID, Name: id.Name, Webhook: id.Webhook, Email: id.Email, Token: tok})
}

func (s *Server) setMe(w http.ResponseWriter, r *http.Request, name string, webhook, email *string) (store.Identity, string, error) {
	name, err := cleanName(name)
	if err != nil {
		return store.Identity{}, "", withStatus(http.StatusBadRequest, err)
	}
	for _, e := range []error{validWebhook(deref(webhook)), validEmail(deref(email))} {
		if e != nil {
			return store.Identity{}, "", withStatus(http.StatusBadRequest, e)
		}
	}
	id, err := s.identify(r)
	tok := ""
	if err != nil && !errors.Is(err, errNoIdentity) {
		return id, "", err // the store is away: do not make a second identity
	}
	if err != nil {
		if id, tok, err = s.newIdentity(w, r, name); err != nil {
			return id, "", err
		}
	}
	id.Name = name
	// The identity reads the page's language: its "your turn" notices
	// speak it (notify.go). Saved when the name is, a deliberate act.
	id.Lang = requestLang(r)
	if webhook != nil {
		id.Webhook = *webhook
	}
	if email != nil {
		id.Email = *email
	}
	return id, tok, s.st.UpdateIdentity(r.Context(), id)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// apiLink makes a one-time "continue on another device" link.
func (s *Server) apiLink(w http.ResponseWriter, r *http.Request) {
	id, err := s.identify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	path, exp, err := s.makeLink(r.Context(), id)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"url": s.cfg.BaseURL + path, "path": path, "expires": exp.UnixMilli()})
}

// makeLink stores a one-time link to id and returns its path.
func (s *Server) makeLink(ctx context.Context, id store.Identity) (string, time.Time, error) {
	code := s.newCode()
	exp := s.now().Add(linkTTL)
	if err := s.st.CreateLink(ctx, hashToken(code), id.ID, exp); err != nil {
		return "", exp, err
	}
	return "/continue/" + code, exp, nil
}

// continueHere moves the identity of a link to this device: a new token
// for the same identity.
func (s *Server) continueHere(w http.ResponseWriter, r *http.Request, code string) error {
	ident, err := s.st.UseLink(r.Context(), hashToken(code), s.now())
	if err != nil {
		return shelltext.Errorf("err.linkUnknown")
	}
	tok := newToken()
	if err := s.st.AddToken(r.Context(), ident, hashToken(tok)); err != nil {
		return err
	}
	s.setCookie(w, tok)
	return nil
}

// ----- games and tables -----

// clockSpec is a time control as the API takes and shows it.
type clockSpec struct {
	Mode      store.ClockMode `json:"mode"`
	Minutes   float64         `json:"minutes,omitempty"`   // realtime: per player
	Increment float64         `json:"increment,omitempty"` // realtime: seconds added per move
	Hours     float64         `json:"hours,omitempty"`     // async: per move
}

func specOf(c store.Clock) clockSpec {
	switch c.Mode {
	case clockRealtime:
		return clockSpec{Mode: c.Mode, Minutes: c.Base.Minutes(), Increment: c.Increment.Seconds()}
	case clockAsync:
		return clockSpec{Mode: c.Mode, Hours: c.PerMove.Hours()}
	}
	return clockSpec{Mode: clockNone}
}

func (c clockSpec) clock() (store.Clock, error) {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch c.Mode {
	case "", clockNone:
		return store.Clock{Mode: clockNone}, nil
	case clockRealtime:
		if !finite(c.Minutes) || !finite(c.Increment) || c.Minutes <= 0 || c.Minutes > 180 || c.Increment < 0 || c.Increment > 600 {
			return store.Clock{}, shelltext.Errorf("err.clockRealtime")
		}
		return store.Clock{Mode: clockRealtime, Base: time.Duration(c.Minutes * float64(time.Minute)),
			Increment: time.Duration(c.Increment * float64(time.Second))}, nil
	case clockAsync:
		if !finite(c.Hours) || c.Hours <= 0 || c.Hours > 24*30 {
			return store.Clock{}, shelltext.Errorf("err.clockAsync")
		}
		return store.Clock{Mode: clockAsync, PerMove: time.Duration(c.Hours * float64(time.Hour))}, nil
	}
	return store.Clock{}, shelltext.Errorf("err.clockMode", i18n.S("mode", strconv.Quote(string(c.Mode))))
}

// createReq is a new table: seats are "me" (the creator), "open" (for a
// person: the invite link, or the lobby if public) or a bot kind.
type createReq struct {
	Game    string            `json:"game"`
	Players int               `json:"players"`
	Options map[string]string `json:"options"`
	Seats   []string          `json:"seats"`
	Clock   clockSpec         `json:"clock"`
	Public  bool              `json:"public"`
	Undo    *bool             `json:"undo"`
	// Hints: whether the person to move may ask what a bot would play
	// (hints.go); on unless false.
	Hints *bool `json:"hints"`
	// Duplicate is a table whose deal this one plays too (duplicate.go):
	// its game, options, seat order and bots; Seats then only says where
	// "me" sits (none: the first person's seat).
	Duplicate string `json:"duplicate,omitempty"`
	// Rated: the final ranking changes the players' ratings (ratings.go);
	// the table must then be public, without undo and hints, on a clock.
	Rated bool `json:"rated"`
}

type createdJSON struct {
	ID        string `json:"id"`
	Invite    string `json:"invite"`
	InviteURL string `json:"inviteUrl"`
	URL       string `json:"url"`
	Spectate  string `json:"spectate"`
	Seat      int    `json:"seat"` // the creator's seat, -1 if none
}

// readIdentified reads a request's JSON body into v, then who sends it; when
// either fails it has answered, and ok is false.
func (s *Server) readIdentified(w http.ResponseWriter, r *http.Request, v any) (id store.Identity, ok bool) {
	if err := readJSON(w, r, v); err != nil {
		s.apiError(w, r, http.StatusBadRequest, err)
		return id, false
	}
	id, err := s.identify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return id, false
	}
	return id, true
}

func (s *Server) apiCreate(w http.ResponseWriter, r *http.Request) {
	var req createReq
	id, ok := s.readIdentified(w, r, &req)
	if !ok {
		return
	}
	out, code, err := s.create(r.Context(), id, req)
	if err != nil {
		s.answerErr(w, r, withCode(code, err))
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// create checks a table request against the game and the limits, and
// stores the table. code is the HTTP status of err (0: statusOf's).
func (s *Server) create(ctx context.Context, id store.Identity, req createReq) (createdJSON, int, error) {
	bad := func(format string, a ...any) (createdJSON, int, error) {
		return createdJSON{}, http.StatusBadRequest, fmt.Errorf(format, a...)
	}
	fail := func(err error) (createdJSON, int, error) { return createdJSON{}, http.StatusBadRequest, err }
	if req.Duplicate != "" {
		seat := slices.Index(req.Seats, "me") // -1: the creator does not sit
		if len(req.Seats) == 0 {
			seat = seatFirstPerson
		}
		return s.duplicate(ctx, id, req.Duplicate, seat)
	}
	g, err := s.reg.Lookup(req.Game)
	if err != nil {
		return bad("%v", err)
	}
	if req.Players == 0 {
		req.Players = len(req.Seats)
	}
	if req.Players < 1 || req.Players > maxPlayers {
		return fail(shelltext.Errorf("err.players"))
	}
	if len(req.Seats) == 0 {
		req.Seats = append([]string{"me"}, slices.Repeat([]string{"open"}, req.Players-1)...)
	}
	if len(req.Seats) != req.Players {
		return fail(shelltext.Errorf("err.seatsCount", i18n.N("given", len(req.Seats)), i18n.N("players", req.Players)))
	}
	// %w keeps the engine's TextError: the plain forms show it in French.
	if err := engine.CheckPlayers(g, req.Players); err != nil {
		return bad("%w", err)
	}
	opts, err := engine.ResolveOptions(g.Options(), req.Options)
	if err != nil {
		return fail(shelltext.Wrap("err.options", err))
	}
	clock, err := req.Clock.clock()
	if err != nil {
		return fail(err)
	}
	if req.Rated {
		if err := checkRated(&req, clock); err != nil {
			return fail(err)
		}
	}
	seed := s.newSeed()
	if _, err := g.New(req.Players, seed, opts); err != nil {
		return bad("%w", err)
	}
	t := store.Table{ID: s.newID(), Game: g.ID(), Players: req.Players, Options: opts, Seed: seed, Clock: clock,
		Public: req.Public, Undo: req.Undo == nil || *req.Undo, NoHints: req.Hints != nil && !*req.Hints, Invite: s.newCode(), Owner: id.ID,
		Status: store.StatusLive, Created: s.now(), Updated: s.now(), Rated: req.Rated}
	mySeat := -1
	for i, k := range req.Seats {
		// A bot identity invited (botapi.go): an open seat kept for it.
		if seat, ok, err := s.botSeat(ctx, k, i+1); ok {
			if err != nil {
				return createdJSON{}, 0, err
			}
			t.Seats = append(t.Seats, seat)
			t.Status = store.StatusOpen
			continue
		}
		switch k = strings.ToLower(strings.TrimSpace(k)); k {
		case "me":
			if mySeat >= 0 {
				return fail(shelltext.Errorf("err.meTwice"))
			}
			mySeat = i
			t.Seats = append(t.Seats, store.Seat{Kind: store.SeatHuman, Identity: id.ID, Name: id.Name})
		case "open":
			t.Seats = append(t.Seats, store.Seat{Kind: store.SeatOpen})
			t.Status = store.StatusOpen
		default:
			if _, err := bots.New(k, 0); err != nil || len(k) > 40 {
				return fail(seatKindErr(i, k, err))
			}
			t.Seats = append(t.Seats, store.Seat{Kind: store.SeatBot, Bot: k, Name: k + " bot"})
		}
	}
	if t.Rated {
		if err := checkRatedSeats(t); err != nil {
			return fail(err)
		}
	}
	if code, err := s.creationLimits(ctx, id.ID); err != nil {
		return createdJSON{}, code, err
	}
	if err := s.botCreating(ctx, id.ID, &t); err != nil {
		return createdJSON{}, 0, err
	}
	if err := s.st.CreateTable(ctx, t); err != nil {
		return createdJSON{}, 0, err
	}
	s.botInvited(t, id.Name)
	return s.created(ctx, t, id, mySeat)
}

// creationLimits checks an identity's tables in play and creations in the
// last hour before it creates one (a duplicate too); code is err's status
// (0: statusOf's).
func (s *Server) creationLimits(ctx context.Context, id string) (int, error) {
	if mine, err := s.st.Tables(ctx, store.Query{Identity: id, Status: []store.Status{store.StatusOpen, store.StatusLive}}); err != nil {
		return 0, err
	} else if len(mine) >= s.cfg.MaxTables {
		return http.StatusTooManyRequests, shelltext.Errorf("err.tooManyTables", i18n.N("n", len(mine)))
	}
	if n, err := s.st.CountCreated(ctx, id, s.now().Add(-time.Hour)); err != nil {
		return 0, err
	} else if n >= s.cfg.CreateRate {
		return http.StatusTooManyRequests, shelltext.Errorf("err.createRate", i18n.N("n", s.cfg.CreateRate))
	}
	return 0, nil
}

// created announces a stored table, starts it if every seat is taken, and
// answers its links.
func (s *Server) created(ctx context.Context, t store.Table, id store.Identity, mySeat int) (createdJSON, int, error) {
	s.lobbyChanged(t)
	// The creator's other lobby pages list it at once, private or not.
	s.lobby.publish(lobbyEvent{Turn: lobbyTurn{ID: t.ID, Status: t.Status, ToMove: -1}, People: []string{id.ID}})
	if t.Status == store.StatusLive {
		// Every seat is taken (bots, or a solo game): play at once.
		if _, err := s.table(ctx, t.ID, false); err != nil {
			return createdJSON{}, 0, err
		}
	}
	base := s.cfg.BaseURL
	return createdJSON{ID: t.ID, Invite: t.Invite, InviteURL: base + "/join/" + t.ID + "?invite=" + t.Invite,
		URL: base + "/t/" + t.ID, Spectate: base + "/t/" + t.ID + "?watch=1", Seat: mySeat}, 0, nil
}

// tableJSON is what anyone may know of a table (no seed, no moves).
type tableJSON struct {
	tableInfo
	Seats   []seatInfo      `json:"seats"`
	Version int             `json:"version"`
	ToMove  int             `json:"toMove"`
	Result  json.RawMessage `json:"result,omitempty"`
	You     *int            `json:"you,omitempty"`
	Invite  string          `json:"invite,omitempty"` // to the people seated, to pass on
}

func (s *Server) apiTable(w http.ResponseWriter, r *http.Request) {
	me, err := s.maybeIdentify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if !s.dailyGuard(w, r, r.PathValue("id"), me.ID, false) {
		return // a daily deal is its player's until the day is over
	}
	var out tableJSON
	err = s.withTable(r.Context(), r.PathValue("id"), func(t *table) {
		out = t.snapshot()
		for i, st := range t.meta.Seats {
			if me.ID != "" && st.Identity == me.ID {
				out.You, out.Invite = intp(i), t.meta.Invite
			}
		}
	})
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// apiTables lists the public open tables, or with ?mine=1 the caller's
// tables in play (open and live), each with the caller's seat, whose turn
// it is and the clock's deadline; with ?mine=1&finished=1 the caller's
// finished ones (over and given up), the last ended first.
func (s *Server) apiTables(w http.ResponseWriter, r *http.Request) {
	ts, err := s.lobbyTables(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ts)
}

func (s *Server) lobbyTables(r *http.Request) ([]lobbyJSON, error) {
	q := store.Query{Status: []store.Status{store.StatusOpen}, Public: true, Limit: lobbyTables}
	var me store.Identity
	finished := false
	if r.URL.Query().Get("mine") != "" {
		var err error
		if me, err = s.identify(r); err != nil {
			return nil, err
		}
		// In play: at most cfg.MaxTables of them, all listed.
		q = store.Query{Identity: me.ID, Status: []store.Status{store.StatusOpen, store.StatusLive}}
		if finished = r.URL.Query().Get("finished") != ""; finished {
			q = store.Query{Identity: me.ID, Status: []store.Status{store.StatusOver, store.StatusAborted}, Limit: lobbyTables}
		}
	}
	ts, err := s.st.Tables(r.Context(), q)
	if err != nil {
		return nil, err
	}
	out := []lobbyJSON{}
	for _, t := range ts {
		l := s.lobbyRow(t)
		if me.ID != "" {
			s.mineRow(r.Context(), &l, t, me.ID)
		}
		out = append(out, l)
	}
	if finished {
		// The archive reads by when each game ended, not when it began.
		slices.SortStableFunc(out, func(a, b lobbyJSON) int { return cmp.Compare(b.Updated, a.Updated) })
	}
	return out, nil
}

// mineRow adds to one of the caller's rows their seat and, for a live
// table, whose turn it is and when that seat's time runs out. The live
// table answers (it is loaded if it was not: an async table idle for a
// while); a table that cannot answer here (another node's, the store
// away) keeps its stored deadline and no turn.
func (s *Server) mineRow(ctx context.Context, l *lobbyJSON, t store.Table, me string) {
	for i, st := range t.Seats {
		if st.Identity == me {
			l.You = intp(i)
			l.Rank = rankOf(t, i)
			break
		}
	}
	if t.Status != store.StatusLive {
		return
	}
	if !t.Deadline.IsZero() {
		l.Deadline = t.Deadline.UnixMilli()
	}
	s.withTable(ctx, t.ID, func(tb *table) {
		if tb.meta.Status != store.StatusLive {
			return
		}
		if p := tb.state.ToMove(); p >= 0 {
			l.ToMove = intp(p)
		}
		if d := tb.deadline(); !d.IsZero() {
			l.Deadline = d.UnixMilli()
		}
	})
}

type joinReq struct {
	Invite string `json:"invite"`
	Seat   *int   `json:"seat"`
}

func (s *Server) apiJoin(w http.ResponseWriter, r *http.Request) {
	var req joinReq
	if err := readJSON(w, r, &req); err != nil {
		s.apiError(w, r, http.StatusBadRequest, err)
		return
	}
	seat, code, err := s.join(r, r.PathValue("id"), req)
	if err != nil {
		s.answerErr(w, r, withCode(code, err))
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"seat": seat})
}

// join seats the caller: with the invite code, or at a public table. The
// second result is the HTTP status of the error (0: statusOf's).
func (s *Server) join(r *http.Request, tableID string, req joinReq) (int, int, error) {
	id, err := s.identify(r)
	if err != nil {
		return -1, 0, err
	}
	if mine, err := s.st.Tables(r.Context(), store.Query{Identity: id.ID, Status: []store.Status{store.StatusOpen, store.StatusLive}}); err != nil {
		return -1, 0, err
	} else if len(mine) >= s.cfg.MaxTables {
		return -1, http.StatusTooManyRequests, shelltext.Errorf("err.tooManyTables", i18n.N("n", len(mine)))
	}
	if err := s.dupJoin(r.Context(), id.ID, tableID); err != nil {
		return -1, 0, err
	}
	// A bot identity sits where it is invited only (botapi.go: accept).
	if bot, err := s.isBot(r.Context(), id.ID); err != nil {
		return -1, 0, err
	} else if bot {
		return -1, http.StatusForbidden, shelltext.Errorf("err.botJoins")
	}
	seat, code := -1, http.StatusOK
	want := -1
	if req.Seat != nil {
		want = *req.Seat
	}
	var jerr error
	err = s.withTable(r.Context(), tableID, func(t *table) {
		if !t.meta.Public && !equalCode(req.Invite, t.meta.Invite) {
			code, jerr = http.StatusForbidden, shelltext.Errorf("err.needsInvite")
			return
		}
		seat, jerr = t.join(id, want)
		if jerr != nil {
			code = http.StatusConflict
		}
	})
	if err != nil {
		return -1, 0, err
	}
	return seat, code, jerr
}

// equalCode compares codes in constant time.
func equalCode(a, b string) bool {
	ha, hb := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return a != "" && ha == hb
}

func (s *Server) apiLeave(w http.ResponseWriter, r *http.Request) {
	if s.ownSeat(w, r, (*table).leave) {
		writeJSON(w, http.StatusOK, map[string]bool{"left": true})
	}
}

// ownSeat runs act on the table of the request for the seat the caller
// holds (a person's, not a bot's) and answers the refusal if any: it
// reports whether act succeeded, for the caller to answer.
func (s *Server) ownSeat(w http.ResponseWriter, r *http.Request, act func(t *table, seat int) error) bool {
	return s.onTable(w, r, func(t *table, id store.Identity) error {
		for i, st := range t.meta.Seats {
			if st.Identity == id.ID && t.seatHolder(i) {
				return act(t, i)
			}
		}
		return shelltext.Errorf("err.noSeat")
	})
}

// apiResign: the caller concedes; a bot plays the seat to the end.
func (s *Server) apiResign(w http.ResponseWriter, r *http.Request) {
	if s.ownSeat(w, r, (*table).resign) {
		writeJSON(w, http.StatusOK, map[string]bool{"resigned": true})
	}
}

// refusal is a table's refusal as an answer: 409 unless it says its own
// status (a stranger's 403, a failed write's 503).
func refusal(err error) error {
	var se *statusError
	if errors.As(err, &se) || errors.Is(err, errStoreFailed) {
		return err
	}
	return withStatus(http.StatusConflict, err)
}

// apiRecord is the game's record, once over (docs/records.md).
func (s *Server) apiRecord(w http.ResponseWriter, r *http.Request) {
	if !s.dailyGuard(w, r, r.PathValue("id"), "", true) {
		return // a daily deal's record holds the day's seed: not before the day is over
	}
	var b []byte
	var rerr error
	err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) { b, rerr = t.recordOf() })
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if rerr != nil {
		s.apiError(w, r, http.StatusForbidden, rerr)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="`+r.PathValue("id")+`.record.json"`)
	w.Write(b)
}
