package server

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/shelltext"
)

// The lobby's view of the games: GET /api/games lists them with their words
// in the request's language (what each game is, its options and their
// values as a person reads them), GET /api/games/{id}/sample is a real
// position of each for the lobby's picture, and /favicon.svg the page's
// icon. The server knows no game's rules: the words come from each game's
// catalogue, the position from its engine and the greedy bot.

type gameJSON struct {
	ID    string            `json:"id"`
	Title map[string]string `json:"title"`
	Min   int               `json:"minPlayers"`
	Max   int               `json:"maxPlayers"`
	// Name, About and Duration are in the request's language: the title,
	// the game's catalogue's paragraph on what it is (about) and its typical
	// length (about.duration); "" while the catalogue has none.
	Name     string       `json:"name"`
	About    string       `json:"about,omitempty"`
	Duration string       `json:"duration,omitempty"`
	Options  []optionJSON `json:"options"`
}

// optionJSON is an option as the lobby shows it: the spec (name, default,
// values) and its words in the request's language.
type optionJSON struct {
	engine.OptionSpec
	Label  string            `json:"label"`
	Help   string            `json:"help"`
	Labels map[string]string `json:"labels"` // by value
}

// ruleRef is a rule's reference at the end of a help text ("(HP-S2)",
// "(1-based, SG-S7)" keeps its words): the rulebook's ids are for the
// docs and tests, never for a player.
var ruleRef = regexp.MustCompile(`(?:,\s*|\s*\(|;\s*)?\b[A-Z]{2}-[A-Z]*\d+[a-z]?\)?`)

// cleanHelp is an option's help without rule references.
func cleanHelp(s string) string {
	s = ruleRef.ReplaceAllStringFunc(s, func(m string) string {
		// "(1-based, SG-S7)": the parenthesis opened before stays open.
		if strings.HasPrefix(m, ",") && strings.HasSuffix(m, ")") {
			return ")"
		}
		return ""
	})
	return strings.TrimSpace(strings.ReplaceAll(s, "()", ""))
}

// asLabel is an option's words as the lobby shows them, a label or a line
// of its own: capitalised ("Blue", "Mouse of seat 1"). The games'
// catalogues write them in lowercase, as the terminal's help says them
// inside a sentence; a newcomer read the lobby's lowercase lists as
// unfinished.
func asLabel(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

func gameInfo(g engine.Game, lang string) gameJSON {
	lo, hi := g.Players()
	cat := g.Texts()
	out := gameJSON{ID: g.ID(), Title: titles(g), Min: lo, Max: hi, Name: g.Title(lang), Options: []optionJSON{}}
	// A game's catalogue may not have its paragraph yet: then nothing,
	// rather than the id printed as itself.
	if cat.Has("about") {
		out.About = cat.T(lang, "about")
	}
	if cat.Has("about.duration") {
		out.Duration = cat.T(lang, "about.duration")
	}
	for _, o := range g.Options() {
		j := optionJSON{OptionSpec: o, Label: asLabel(cat.OptionLabel(o.Name, lang)), Help: asLabel(cleanHelp(cat.OptionHelp(o.Name, lang))),
			Labels: make(map[string]string, len(o.Values))}
		for _, v := range o.Values {
			j.Labels[v] = asLabel(cat.OptionValue(o.Name, v, lang))
		}
		out.Options = append(out.Options, j)
	}
	return out
}

func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	lang := requestLang(r)
	out := []gameJSON{}
	for _, g := range s.reg.All() {
		out = append(out, gameInfo(g, lang))
	}
	w.Header().Add("Vary", "Accept-Language, Cookie")
	writeJSON(w, http.StatusOK, out)
}

// sampleJSON is a position of a game for the lobby's picture: the
// spectator's view of a game between greedy bots, some way into it, and
// the names of the components it shows (no help: the picture is not
// played on).
type sampleJSON struct {
	Game    string              `json:"game"`
	Players int                 `json:"players"`
	Ply     int                 `json:"ply"`
	View    json.RawMessage     `json:"view"`
	Texts   map[string]compText `json:"texts"`
}

// samplePosition is one game's sample, computed once: the view does not
// depend on the reader, only its words do.
type samplePosition struct {
	once    sync.Once
	players int
	ply     int
	view    json.RawMessage
	err     error
}

// samples are kept per game id for the process's life: a game's sample is
// a pure function of the game (fixed seed, deterministic bots), so servers
// in one process (the tests) share them.
var samples sync.Map // game id → *samplePosition

// sampleSeed is the seed of every sample game: a fixed one, so that the
// lobby shows the same picture on every visit and every node.
const sampleSeed = 21

func sampleOf(ctx context.Context, g engine.Game) *samplePosition {
	v, _ := samples.LoadOrStore(g.ID(), &samplePosition{})
	sp := v.(*samplePosition)
	sp.once.Do(func() { sp.compute(ctx, g) })
	return sp
}

// compute plays a two-player game (or the smallest count the game allows)
// between greedy bots up to about a third of its length, measured on a
// random play-out of the same deal (cheap): far enough that the table has
// something on it, early enough that it is not the final count.
func (sp *samplePosition) compute(ctx context.Context, g engine.Game) {
	lo, hi := g.Players()
	sp.players = min(max(2, lo), hi)
	st, err := g.New(sp.players, sampleSeed, nil)
	if err != nil {
		sp.err = fmt.Errorf("sample of %s: %w", g.ID(), err)
		return
	}
	rng := engine.NewRNG(sampleSeed)
	length, _, err := engine.RandomPlayout(st.Clone(), &rng, 2000, nil)
	if err != nil {
		sp.err = fmt.Errorf("sample of %s: %w", g.ID(), err)
		return
	}
	bot, err := bots.New("greedy", sampleSeed)
	if err != nil {
		sp.err = fmt.Errorf("sample of %s: %w", g.ID(), err)
		return
	}
	for sp.ply = 0; sp.ply < length/3 && !st.Over(); sp.ply++ {
		// The bot gets its seat's determinized copy, as at a table.
		m, err := bot.Choose(ctx, st.Determinize(st.ToMove(), sampleSeed+uint64(sp.ply)))
		if err == nil {
			err = st.Apply(m, nil)
		}
		if err != nil {
			sp.err = fmt.Errorf("sample of %s, ply %d: %w", g.ID(), sp.ply, err)
			return
		}
	}
	sp.view, sp.err = json.Marshal(st.View(engine.Spectator))
}

// apiSample answers GET /api/games/{id}/sample?lang=: a position to draw.
func (s *Server) apiSample(w http.ResponseWriter, r *http.Request) {
	g, err := s.reg.Lookup(r.PathValue("id"))
	if err != nil {
		s.apiError(w, r, http.StatusNotFound, shelltext.Errorf("err.noGame"))
		return
	}
	// Not the request's context: a cancelled first request must not leave
	// the sample unmade for every later one.
	sp := sampleOf(context.Background(), g)
	if sp.err != nil {
		s.answerErr(w, r, sp.err)
		return
	}
	lang := requestLang(r)
	texts := textsOf(g.Texts(), lang)
	for id, t := range texts {
		texts[id] = compText{Name: t.Name}
	}
	w.Header().Add("Vary", "Accept-Language, Cookie")
	w.Header().Set("Cache-Control", "max-age=3600")
	writeJSON(w, http.StatusOK, sampleJSON{Game: g.ID(), Players: sp.players, Ply: sp.ply, View: sp.view, Texts: texts})
}

//go:embed favicon.svg
var favicon []byte

// serveFavicon is the page's icon, a leaf drawn in SVG; browsers that ask
// /favicon.ico without reading the page's <link rel="icon"> get it too.
func serveFavicon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=86400")
	w.Write(favicon)
}
