// Command harness serves the web page's bundle with real engine views, for
// the renderers' browser tests and the screenshot gallery: it answers
// /harness/* with the page shell and /harness/api/view with the view, the
// legal moves (structured descriptions where the game has them) and the
// recent events of a real game of the engine, played to a given ply by
// seeded random moves (names=long gives the seats 40-character names). It
// is not the server: it holds no tables, no identities, no sockets; the
// page's play is tested against `jardin serve`.
//
// harness -kinds prints, for every game, the first position of each
// decision kind its seeded random play reaches (kinds.go), as
// /harness/api/kinds?game=G answers it for one game: the readability tests
// and the screenshot gallery visit them all.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	kinds := flag.Bool("kinds", false, "print the positions that reach each decision kind of each game (JSON) and exit")
	seeds := flag.Int("seeds", 3, "with -kinds: the seeds played per game and player count")
	flag.Parse()
	reg := games.Registry()
	if *kinds {
		var all []*Found
		for _, g := range reg.All() {
			f, err := findKinds(g, *seeds)
			if err != nil {
				log.Fatal(err)
			}
			all = append(all, f)
		}
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", " ")
		if err := enc.Encode(all); err != nil {
			log.Fatal(err)
		}
		return
	}
	mux := http.NewServeMux()
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(web.Assets())))
	mux.HandleFunc("GET /harness/api/view", func(w http.ResponseWriter, r *http.Request) {
		out, err := position(reg, r)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(out)
	})
	mux.HandleFunc("GET /harness/api/kinds", func(w http.ResponseWriter, r *http.Request) {
		g, err := reg.Lookup(r.URL.Query().Get("game"))
		var ks *Found
		if err == nil {
			ks, err = findKinds(g, intParam(r.URL.Query().Get("seeds"), 3))
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(ks)
	})
	mux.HandleFunc("GET /harness/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// the page's words, as the server's pages carry them
		lang := shelltext.Negotiate([]string{r.URL.Query().Get("lang")}, "")
		fmt.Fprint(w, strings.Replace(shell, "</head>", shelltext.PageScript(lang)+"</head>", 1))
	})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("harness listening on http://%s/harness/\n", ln.Addr())
	log.Fatal(http.Serve(ln, mux))
}

// shell is the harness page: the server's table shell without a table.
const shell = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>jardin harness</title><link rel="stylesheet" href="/static/style.css"></head><body>
<main id="app"></main><script src="/static/table.js"></script></body></html>`

// longName is the start of the seats' names with names=long.
const longName = "Maximiliane Konstanze Wolkenstein-Rodeck"

// Move is a legal move as the page receives it.
type Move struct {
	Desc     *engine.MoveDesc `json:"desc,omitempty"`
	Notation string           `json:"notation"`
}

// Position is one seat's sight of a game at a ply.
type Position struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Seat    int    `json:"seat"`
	Ply     int    `json:"ply"`
	ToMove  int    `json:"toMove"`
	Over    bool   `json:"over"`
	Prompt  string `json:"prompt,omitempty"`
	// PromptKey is the decision's catalogue key, for the tests that reach every decision kind.
	PromptKey string   `json:"promptKey,omitempty"`
	View      any      `json:"view"`
	Moves     []Move   `json:"moves"`
	Events    []string `json:"events"`
	// Names are the seats' names the events and the prompt use ("Seat 1", or 40 characters with names=long).
	Names  []string       `json:"names"`
	Result *engine.Result `json:"result,omitempty"`
	// Comps is what the page needs of the game's catalogue in the language
	// asked for (engine.Catalog.PageTexts), as the server's sync carries it.
	Comps map[string]Comp `json:"comps,omitempty"`
}

// Comp is a component's name and help in one language.
type Comp struct {
	Name string `json:"name"`
	Help string `json:"help,omitempty"`
}

func position(reg *engine.Registry, r *http.Request) (*Position, error) {
	q := r.URL.Query()
	g, err := reg.Lookup(q.Get("game"))
	if err != nil {
		return nil, err
	}
	lo, _ := g.Players()
	players := intParam(q.Get("players"), lo)
	seed := uint64(intParam(q.Get("seed"), 1))
	plies := intParam(q.Get("ply"), 0)
	seat := intParam(q.Get("seat"), 0)
	lang := q.Get("lang")
	s, play1, err := play(g, players, seed)
	if err != nil {
		return nil, err
	}
	var evs []engine.Event
	apply := func(m engine.Move) error {
		var lg engine.Log
		if err := s.Apply(m, &lg); err != nil {
			return err
		}
		evs = append(evs, engine.Visible(lg.Events, seat)...)
		return nil
	}
	random := func() error {
		var lg engine.Log
		if err := play1(&lg); err != nil {
			return err
		}
		evs = append(evs, engine.Visible(lg.Events, seat)...)
		return nil
	}
	// others plays the seats other than seat by random moves, for the
	// page's play mode (auto=1): the page's seat against quick opponents.
	others := func() error {
		for q.Get("auto") == "1" && !s.Over() && s.ToMove() != seat {
			if err := random(); err != nil {
				return err
			}
		}
		return nil
	}
	ply := 0
	for ; ply < plies && !s.Over(); ply++ {
		if err := random(); err != nil {
			return nil, fmt.Errorf("ply %d: %w", ply, err)
		}
	}
	if err := others(); err != nil {
		return nil, err
	}
	for i, txt := range q["m"] {
		if s.Over() || s.ToMove() != seat {
			return nil, fmt.Errorf("move %d (%s): not this seat's turn", i+1, txt)
		}
		m, err := s.ParseMove(txt)
		if err == nil {
			err = apply(m)
		}
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, txt, err)
		}
		if err := others(); err != nil {
			return nil, err
		}
	}
	out := &Position{Game: g.ID(), Players: players, Seat: seat, Ply: ply, ToMove: s.ToMove(), Over: s.Over(),
		View: s.View(seat), Moves: []Move{}, Events: []string{}}
	if s.ToMove() == seat {
		d, _ := s.(engine.Describer)
		for _, m := range s.LegalMoves(nil) {
			mv := Move{Notation: s.FormatMove(m)}
			if d != nil {
				desc := d.DescribeMove(m)
				mv.Desc = &desc
			}
			out.Moves = append(out.Moves, mv)
		}
	}
	cat := (*engine.Catalog)(nil)
	if t, ok := g.(engine.Texter); ok {
		cat = t.Texts()
		out.Comps = map[string]Comp{}
		for id, t := range cat.PageTexts(lang) {
			out.Comps[id] = Comp(t)
		}
	}
	names := make([]string, players)
	for i := range names {
		// a seat without a name reads as the engine names it, in the page's language
		names[i] = engine.SeatLabel(i, lang)
		if q.Get("names") == "long" {
			// 40 characters, the longest a layout must hold without scrolling sideways (issue 21)
			names[i] = fmt.Sprintf("%s %d", longName[:38], i+1)
		}
	}
	out.Names = names
	if len(evs) > 30 {
		evs = evs[len(evs)-30:]
	}
	for _, e := range evs {
		out.Events = append(out.Events, cat.Render(e, seat, lang, names))
	}
	if !s.Over() {
		out.PromptKey = s.Prompt().Key
		out.Prompt = cat.Prompt(s.Prompt(), s.ToMove(), seat, lang, names)
	}
	if s.Over() {
		res := s.Result()
		out.Result = &res
	}
	return out, nil
}

func intParam(s string, def int) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return def
}
