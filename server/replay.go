package server

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/jardin-games/jardin/internal/httpenc"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// The replay of a finished table: the record played again with the
// registry's game, step by step, as a spectator sees it. The server knows
// no game's rules: everything here goes through the engine's API (New,
// ParseMove, Apply, View(Spectator), Visible, the catalogue's Render).
// While the table is live the replay is refused like the record is: the
// moves in notation and the seed must not leave before the end.

// replayJSON is GET /api/tables/{id}/replay.
type replayJSON struct {
	ID      string              `json:"id"`
	Game    string              `json:"game"`
	Title   string              `json:"title"`
	Lang    string              `json:"lang"`
	Players int                 `json:"players"`
	Names   []string            `json:"names"`
	Record  string              `json:"record"` // the record's address, to download
	Texts   map[string]compText `json:"texts"`
	Result  *engine.Result      `json:"result"`
	Steps   []replayStep        `json:"steps"` // last: marshal splices the steps in
}

// replayStep is the table after one move (step 0: the setup).
type replayStep struct {
	Player int        `json:"player"`         // who moved (-1 at the setup)
	Move   string     `json:"move,omitempty"` // in the game's notation
	ToMove int        `json:"toMove"`
	Scores []int      `json:"scores"` // each seat's running score (State.Score)
	Events []eventOut `json:"events"`
	// View is View(engine.Spectator) whole (step 0, or a view no merge patch
	// reaches); Patch, otherwise, the JSON merge patch (RFC 7386) that turns
	// the previous step's view into this one (mergepatch.go). marshal puts
	// the one that is set last.
	View  json.RawMessage `json:"view,omitempty"`
	Patch json.RawMessage `json:"patch,omitempty"`
}

// compText is a catalogue component's name and help in one language, as
// the page's renderers take them (web/src/games/types.ts, CompText).
type compText struct {
	Name string `json:"name"`
	Help string `json:"help,omitempty"`
}

// namesIn is the seats' names for event texts in lang: a bot seat still
// named by default after its kind ("greedy bot") is named by its strength
// in lang ("Robot rapide" in French); people's names are theirs; seats
// that would read alike are numbered ("Quick bot 1", "Quick bot 2").
func (t *table) namesIn(lang string) []string {
	out := t.names()
	for i, s := range t.meta.Seats {
		if s.Kind == store.SeatBot && s.Name == s.Bot+" bot" {
			out[i] = botSeatName(lang, s.Bot)
		}
	}
	return twinNames(lang, out) // two Quick bots read apart (twins.go)
}

// textsOf is what the page needs of the game's catalogue in lang
// (Catalog.PageTexts), sent once per connection.
func textsOf(cat *engine.Catalog, lang string) map[string]compText {
	if cat == nil {
		return nil
	}
	src := cat.PageTexts(lang)
	out := make(map[string]compText, len(src))
	for id, t := range src {
		out[id] = compText(t)
	}
	return out
}

// apiReplay answers a finished table's replay in ?lang= (en by default);
// 409 while the table is open or live, before anything of its moves is
// computed.
func (s *Server) apiReplay(w http.ResponseWriter, r *http.Request) {
	lang := requestLang(r)
	if me, err := s.maybeIdentify(r); err != nil {
		s.answerErr(w, r, err)
		return
	} else if !s.dailyGuard(w, r, r.PathValue("id"), me.ID, false) {
		return // a daily deal is its player's until the day is over
	}
	var rec []byte
	var names []string
	var status store.Status
	var rerr error
	err := s.withTable(r.Context(), r.PathValue("id"), func(t *table) {
		if status = t.meta.Status; status != store.StatusOver {
			return
		}
		names = t.namesIn(lang)
		rec, rerr = t.recordOf()
	})
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if status != store.StatusOver {
		s.apiError(w, r, http.StatusConflict, shelltext.Errorf("err.replayOver"))
		return
	}
	if rerr != nil {
		s.log.Error("replay: record", "request", requestID(r), "table", r.PathValue("id"), "err", rerr)
		s.apiError(w, r, http.StatusInternalServerError, shelltext.Errorf("err.internal"))
		return
	}
	out, err := s.replayOf(rec, names, lang)
	if err != nil {
		s.log.Error("replay", "request", requestID(r), "table", r.PathValue("id"), "err", err)
		s.apiError(w, r, http.StatusInternalServerError, shelltext.Errorf("err.internal"))
		return
	}
	out.ID = r.PathValue("id")
	out.Record = "/api/tables/" + out.ID + "/record"
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	// A finished game never changes: a browser may keep its replay.
	w.Header().Set("Cache-Control", "private, max-age=86400")
	writeCompressed(w, r, out.marshal())
}

// replayOf plays a record again, step by step, as a spectator sees it:
// names are the seats' display names for the events' texts.
func (s *Server) replayOf(data []byte, names []string, lang string) (replayJSON, error) {
	rec, err := record.Parse(data)
	if err != nil {
		return replayJSON{}, err
	}
	g, err := s.reg.Lookup(rec.Game)
	if err != nil {
		return replayJSON{}, err
	}
	if len(names) != len(rec.Players) {
		names = make([]string, len(rec.Players))
		for i, p := range rec.Players {
			names[i] = p.Name
		}
	}
	cat := g.Texts()
	out := replayJSON{Game: g.ID(), Title: g.Title(lang), Lang: lang, Players: len(rec.Players), Names: names,
		Texts: textsOf(cat, lang), Steps: make([]replayStep, 0, len(rec.Moves)+1)}
	var prev []byte // the previous step's view
	var perr error
	step := func(player int, move string, st engine.State, events []engine.Event) {
		view := mustViewJSON(st.View(engine.Spectator))
		rs := replayStep{Player: player, Move: move, ToMove: st.ToMove(), Scores: make([]int, st.NumPlayers()),
			Events: []eventOut{}, View: view}
		if prev != nil {
			patch, ok, err := mergeDiff(prev, view)
			if err != nil && perr == nil {
				perr = fmt.Errorf("step %d: view patch: %w", len(out.Steps), err)
			}
			if ok {
				rs.View, rs.Patch = nil, patch
			}
		}
		prev = view
		for p := range rs.Scores {
			rs.Scores[p] = st.Score(p)
		}
		for _, e := range engine.Visible(events, engine.Spectator) {
			rs.Events = append(rs.Events, eventOut{V: len(out.Steps), Actor: e.Actor, Key: e.Key, Args: e.Args,
				Reveal: e.Reveal, Text: cat.Render(e, engine.Spectator, lang, names)})
		}
		out.Steps = append(out.Steps, rs)
	}
	start, err := g.New(len(rec.Players), rec.Seed, rec.Options)
	if err != nil {
		return replayJSON{}, fmt.Errorf("setup: %w", err)
	}
	step(-1, "", start, nil)
	final, err := record.Replay(s.reg, rec, func(n int, st engine.State, events []engine.Event) {
		step(rec.Moves[n-1].Player, rec.Moves[n-1].Move, st, events)
	})
	if err != nil {
		return replayJSON{}, err
	}
	if perr != nil {
		return replayJSON{}, perr
	}
	// A seat handed to a bot is said at the step it happened, with why
	// (records written before the reason was kept say it without one).
	for i, p := range rec.Players {
		if r := p.Replaced; r != nil && r.After < len(out.Steps) {
			st := &out.Steps[r.After]
			st.Events = append(st.Events, eventOut{V: r.After, Actor: i, Key: "server.zombie", Why: r.Why,
				Text: zombieText(i, engine.Spectator, lang, names, r.Why, 0)})
		}
	}
	res := final.Result()
	out.Result = &res
	return out, nil
}

// marshal writes the replay with its views and patches spliced in as they are (see
// encodeState: encoding/json would scan every RawMessage again).
func (r replayJSON) marshal() []byte {
	steps := r.Steps
	r.Steps = nil
	b := mustJSON(r)
	b = append(b[:len(b)-len(`null}`)], '[')
	for i, st := range steps {
		if i > 0 {
			b = append(b, ',')
		}
		key, val := `,"view":`, st.View
		if st.Patch != nil {
			key, val = `,"patch":`, st.Patch
		}
		st.View, st.Patch = nil, nil
		sb := mustJSON(st)
		b = append(append(append(b, sb[:len(sb)-1]...), key...), val...)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// writeCompressed writes b gzipped when the client takes gzip.
func writeCompressed(w http.ResponseWriter, r *http.Request, b []byte) {
	w.Header().Add("Vary", "Accept-Encoding")
	if len(b) < 1024 || !httpenc.AcceptsGzip(r) {
		w.Write(b)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	w.Write(gzipBytes(b, gzipFast))
}
