package server

// Learning a game (issue 25): a rules page per game (/rules/{game}) and a
// tutorial per game (/learn/{game}), both drawn by the game's own renderer
// from real engine positions. A game's tutorial is data next to its texts
// (games/<pkg>/tutorial.json, read through Tutorial()): the seed and
// options of a real game, the rule ids the rules page shows in each
// section, the rulebook's scoring example, and the steps — an explanation,
// or a move asked (with a wrong move the engine refuses), or the score pad
// explained on the rulebook's example, or a game against an easy bot. Every
// word is a catalogue message (the game's learn.* and rule.*, the shell's
// page.learn.*); the server plays every move the learner makes on the real
// state and answers with the engine's rule when it is refused.

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"regexp"
	"strconv"
	"sync"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// Tutorial is a game's tutorial and rules-page data, as its tutorial.json.
type Tutorial struct {
	Players int            `json:"players"`
	Seed    uint64         `json:"seed"`
	Options engine.Options `json:"options"`
	// Seat is the learner's seat.
	Seat int `json:"seat"`
	// Rules are the rule ids (rule.<id> in the game's catalogue) the
	// rules page shows under each heading.
	Rules struct {
		Setup []string `json:"setup"`
		Turn  []string `json:"turn"`
		End   []string `json:"end"`
	} `json:"rules"`
	// Example is the rulebook's scoring example in the game's position
	// format (engine.PositionScorer), the one docs/examples holds.
	Example string `json:"example"`
	// Printed is the example's total as the rulebook prints it: the
	// tests check that the engine scores the drawn example exactly so.
	Printed int            `json:"printed"`
	Steps   []TutorialStep `json:"steps"`
}

// TutorialStep is one step of a tutorial.
type TutorialStep struct {
	// Kind: "info" (words over the position), "move" (a move asked),
	// "score" (the example's score pad explained), "play" (a game
	// against an easy bot).
	Kind string `json:"kind"`
	// Text is the step's words: learn.<Text> in the game's catalogue.
	Text string `json:"text"`
	// Rules are rule ids shown under the words.
	Rules []string `json:"rules,omitempty"`
	// Before are moves (notation) played before the step, by any seat.
	Before []string `json:"before,omitempty"`
	// Expect is the move asked (notation), Wrong one the engine refuses.
	Expect string `json:"expect,omitempty"`
	Wrong  string `json:"wrong,omitempty"`
	// WrongRule is the rule the rulebook names for refusing Wrong (a move
	// step on a worked example): the tests check the engine refuses it by
	// that rule.
	WrongRule string `json:"wrongRule,omitempty"`
	// Position is a worked example of the rulebook in the game's position
	// format, set up as the scoring example is (exampler) on the game's
	// position at this step: an info step draws it, a score step draws it
	// in place of Example (the same garden, with what the position format
	// leaves out), a move step asks its move on it (the game's turn and phase, the learner's garden — and
	// hand, when the example gives one — the example's). The move asked on
	// an example does not carry on to the next step.
	Position string `json:"position,omitempty"`
}

// tutorialer is implemented by games that have a tutorial.
type tutorialer interface{ Tutorial() []byte }

// exampler is implemented by games that can set the rulebook's scoring
// example (a position, as PositionScorer reads it) up as a state, so that
// the tutorial draws it with the game's renderer: base is a fresh game of
// the tutorial, seat the learner's, whose garden becomes the example.
type exampler interface {
	TutorialExample(base engine.State, seat int, data []byte) (engine.State, error)
}

// lesson is a game's tutorial with each step's position, computed once.
type lesson struct {
	game   engine.Game
	data   Tutorial
	states []engine.State // the position of each step (never modified: cloned to play)
	score  engine.Score   // the rulebook example's pad
	// example is the rulebook's scoring example as a state the renderer
	// draws (nil for a game that cannot set it up): its Result is the pad
	// the score step shows.
	example engine.State
	end     engine.State // a whole game played by bots, for the rules page's example
	// shown are the info steps' worked examples set up (nil elsewhere).
	shown []engine.State
}

var lessons sync.Map // game id → *lessonOnce

type lessonOnce struct {
	once sync.Once
	l    *lesson
	err  error
}

// lessonOf loads game g's tutorial (nil, nil when it has none).
func lessonOf(g engine.Game) (*lesson, error) {
	v, _ := lessons.LoadOrStore(g.ID(), &lessonOnce{})
	lo := v.(*lessonOnce)
	lo.once.Do(func() { lo.l, lo.err = loadLesson(g) })
	return lo.l, lo.err
}

// loadLesson reads g's tutorial and plays its steps' positions.
func loadLesson(g engine.Game) (*lesson, error) {
	tg, ok := g.(tutorialer)
	if !ok {
		return nil, nil
	}
	l := &lesson{game: g}
	if err := engine.DecodeJSON(tg.Tutorial(), &l.data, true); err != nil {
		return nil, fmt.Errorf("%s tutorial: %w", g.ID(), err)
	}
	s, err := g.New(l.data.Players, l.data.Seed, l.data.Options)
	if err != nil {
		return nil, fmt.Errorf("%s tutorial: %w", g.ID(), err)
	}
	play := func(step int, nota string) error {
		m, err := s.ParseMove(nota)
		if err == nil {
			err = s.Apply(m, nil)
		}
		if err != nil {
			return fmt.Errorf("%s tutorial step %d, move %q: %w", g.ID(), step, nota, err)
		}
		return nil
	}
	for i, st := range l.data.Steps {
		for _, b := range st.Before {
			if err := play(i, b); err != nil {
				return nil, err
			}
		}
		if st.Kind == "move" && st.Position != "" {
			// the move is asked on the rulebook's example, not on the game
			ex, ok := g.(exampler)
			if !ok {
				return nil, fmt.Errorf("%s tutorial step %d: a position, but the game cannot set it up", g.ID(), i)
			}
			es, err := ex.TutorialExample(s.Clone(), l.data.Seat, []byte(st.Position))
			if err != nil {
				return nil, fmt.Errorf("%s tutorial step %d position: %w", g.ID(), i, err)
			}
			l.states = append(l.states, es)
			continue
		}
		l.states = append(l.states, s.Clone())
		if st.Expect != "" {
			if err := play(i, st.Expect); err != nil {
				return nil, err
			}
		}
	}
	if ps, ok := g.(engine.PositionScorer); ok && l.data.Example != "" {
		if l.score, err = ps.ScorePosition([]byte(l.data.Example)); err != nil {
			return nil, fmt.Errorf("%s tutorial example: %w", g.ID(), err)
		}
	}
	l.shown = make([]engine.State, len(l.data.Steps))
	for i, st := range l.data.Steps {
		if st.Position == "" || st.Kind == "move" || st.Kind == "score" {
			continue
		}
		ex, ok := g.(exampler)
		if !ok || st.Kind != "info" {
			return nil, fmt.Errorf("%s tutorial step %d: a position on a %s step, or a game that cannot set it up", g.ID(), i, st.Kind)
		}
		base, err := g.New(l.data.Players, l.data.Seed, l.data.Options)
		if err == nil {
			l.shown[i], err = ex.TutorialExample(base, l.data.Seat, []byte(st.Position))
		}
		if err != nil {
			return nil, fmt.Errorf("%s tutorial step %d position: %w", g.ID(), i, err)
		}
	}
	if ex, ok := g.(exampler); ok && l.data.Example != "" {
		base, err := g.New(l.data.Players, l.data.Seed, l.data.Options)
		if err != nil {
			return nil, fmt.Errorf("%s tutorial example: %w", g.ID(), err)
		}
		// the score step's position, when it has one, is the example as
		// drawn, with what the position format leaves out (Schlossgarten's
		// pawns); the tests check that it scores as the example
		drawn := l.data.Example
		for _, st := range l.data.Steps {
			if st.Kind == "score" && st.Position != "" {
				drawn = st.Position
			}
		}
		if l.example, err = ex.TutorialExample(base, l.data.Seat, []byte(drawn)); err != nil {
			return nil, fmt.Errorf("%s tutorial example: %w", g.ID(), err)
		}
	}
	// The rules page's example of a whole game: greedy bots from the
	// tutorial's seed (a few hundred moves, played once).
	end, err := g.New(l.data.Players, l.data.Seed, l.data.Options)
	if err != nil {
		return nil, err
	}
	for n := 0; !end.Over(); n++ {
		if n > 5000 {
			return nil, fmt.Errorf("%s tutorial: the example game does not end", g.ID())
		}
		b, _ := bots.New("greedy", l.data.Seed+uint64(end.ToMove()))
		m, err := b.Choose(context.Background(), end.Determinize(end.ToMove(), l.data.Seed+uint64(n)))
		if err == nil {
			err = end.Apply(m, nil)
		}
		if err != nil {
			return nil, fmt.Errorf("%s tutorial example game: %w", g.ID(), err)
		}
	}
	l.end = end
	return l, nil
}

// learnRawID matches what no person should read in a refusal: a component code
// (O12, C30), a cell (a2, r1c3), coordinates (2,0). The rule's sentence is
// shown instead.
var learnRawID = regexp.MustCompile(`\b[A-Z]{1,2}\d{1,3}\b|\b[a-z]\d\b|\br\d+c\d+\b|-?\d+,-?\d+`)

// learnRefusal is why the engine refused err, in lang: the engine's reason,
// unless it names ids, then the rule's own sentence (rule.<id>).
func learnRefusal(cat *engine.Catalog, err error, lang string) string {
	msg := reasonIn(err, lang)
	if rule := engine.RuleOf(err); rule != "" && learnRawID.MatchString(msg) {
		if s := cat.T(lang, "rule."+rule); s != "rule."+rule {
			return s
		}
	}
	return msg
}

// learnStepJSON is a tutorial step as the page draws it.
type learnStepJSON struct {
	Kind  string   `json:"kind"`
	Text  string   `json:"text"`
	Rules []string `json:"rules,omitempty"`
	// Prompt is the game's own words for the decision (move steps).
	Prompt string            `json:"prompt,omitempty"`
	View   json.RawMessage   `json:"view"`
	ToMove int               `json:"toMove"`
	Moves  []engine.MoveDesc `json:"moves"`
	Score  *learnScoreJSON   `json:"score,omitempty"`
}

// learnScoreJSON is a score pad explained line by line.
type learnScoreJSON struct {
	Lines []learnLineJSON `json:"lines"`
	Total int             `json:"total"`
}

// learnLineJSON is one category of a score pad: its name, what it counts, its points.
type learnLineJSON struct {
	Name   string `json:"name"`
	Why    string `json:"why"`
	Points int    `json:"points"`
	// Parts are what the line counts on the drawn example (the ids the
	// renderer puts in data-id or data-part, with the points of each;
	// engine.ScoreParter): the page shows them when the line is selected.
	// Absent for a pad with no drawing.
	Parts []engine.ScorePart `json:"parts,omitempty"`
}

// learnJSON answers GET /api/learn/{game}.
type learnJSON struct {
	Game  string              `json:"game"`
	Title string              `json:"title"`
	Seat  int                 `json:"seat"`
	Names []string            `json:"names"`
	Steps []learnStepJSON     `json:"steps"`
	Texts map[string]compText `json:"texts"`
}

// learnTryReq is POST /api/learn/{game}/{step}: the index of a move in the step's list.
type learnTryReq struct {
	Move int `json:"move"`
}

// learnTryJSON answers a move tried: right, or refused with the reason.
type learnTryJSON struct {
	OK      bool   `json:"ok"`
	Message string `json:"message"`
	// View is the learner's view after the move asked (ok only): the page
	// draws it, so that the move made stays on the drawing.
	View json.RawMessage `json:"view,omitempty"`
}

// rulesSectionJSON is a heading's rules, as sentences.
type rulesSectionJSON struct {
	Title string   `json:"title"`
	Rules []string `json:"rules"`
}

// rulesJSON answers GET /api/rules/{game}.
type rulesJSON struct {
	Game     string              `json:"game"`
	Title    string              `json:"title"`
	About    string              `json:"about"`
	Duration string              `json:"duration"`
	Players  string              `json:"players"`
	Setup    json.RawMessage     `json:"setup"`
	Sections []rulesSectionJSON  `json:"sections"`
	End      json.RawMessage     `json:"end"`
	Names    []string            `json:"names"`
	Result   engine.Result       `json:"result"`
	Lines    []learnLineJSON     `json:"lines"`
	Texts    map[string]compText `json:"texts"`
	// Example is the rulebook's scoring example, as the tutorial's score
	// step draws and explains it (its View drawn for ExampleSeat); absent
	// for a game that cannot set it up.
	Example *rulesExampleJSON `json:"example,omitempty"`
}

// learnWire lists the learning pages' wire types for the TypeScript generator.
func learnWire() []any { return []any{learnJSON{}, learnTryReq{}, learnTryJSON{}, rulesJSON{}} }

func (s *Server) learnRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /rules/{game}", s.pageLearn("rules"))
	mux.HandleFunc("GET /learn/{game}", s.pageLearn("learn"))
	mux.HandleFunc("GET /api/rules/{game}", s.apiRules)
	mux.HandleFunc("GET /api/learn/{game}", s.apiLearn)
	mux.HandleFunc("POST /api/learn/{game}/{step}", s.apiLearnTry)
}

var _ = template.Must(pages.New("learnpages").Parse(`
{{define "rules"}}{{template "head" .}}
{{.Texts}}<main id="rules" data-game="{{.Table.Game}}"><h2>{{.Title}}</h2></main>
<script src="{{.JS}}"></script></body></html>{{end}}
{{define "learn"}}{{template "head" .}}
{{.Texts}}<main id="learn" data-game="{{.Table.Game}}"><h2>{{.Title}}</h2></main>
<script src="{{.JS}}"></script></body></html>{{end}}
`))

// pageLearn is the shell of the rules page or the tutorial of a game.
func (s *Server) pageLearn(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		l, err := s.lessonFor(r)
		if err != nil || l == nil {
			s.renderStatus(w, r, http.StatusNotFound, "error", pageData{ErrKey: "noGame"})
			return
		}
		// The page's title is the game's (renderStatus names it from the table's game).
		d := pageData{Shell: true}
		d.Table.Game = l.game.ID()
		s.render(w, r, name, d)
	}
}

func (s *Server) lessonFor(r *http.Request) (*lesson, error) {
	g, err := s.reg.Lookup(r.PathValue("game"))
	if err != nil {
		return nil, err
	}
	return lessonOf(g)
}

// lessonOr answers a missing game or tutorial; it reports whether l is usable.
func (s *Server) lessonOr(w http.ResponseWriter, r *http.Request) (*lesson, bool) {
	l, err := s.lessonFor(r)
	if err != nil && l == nil && r.PathValue("game") != "" {
		if _, lookErr := s.reg.Lookup(r.PathValue("game")); lookErr == nil {
			// a tutorial that does not load is a bug (the tests load every one)
			s.log.Error("tutorial", "request", requestID(r), "err", err)
		}
	}
	if l == nil {
		s.apiError(w, r, http.StatusNotFound, shelltext.Errorf("err.noGame"))
		return nil, false
	}
	return l, true
}

// names are the seats' labels ("Player 1", "Player 2": they stand alone).
func (l *lesson) names(lang string) []string {
	out := make([]string, l.data.Players)
	for i := range out {
		// "Player 1": the renderers add "(you)" to the learner's own seat
		out[i] = engine.SeatLabel(i, lang)
	}
	return out
}

// lines explains a score pad category by category.
func (l *lesson) lines(cats []engine.Category, points []int, lang string) []learnLineJSON {
	cat := l.game.Texts()
	out := make([]learnLineJSON, len(cats))
	for i, c := range cats {
		out[i] = learnLineJSON{Name: cat.CategoryLabel(c.ID, lang), Why: cat.T(lang, "learn.score."+c.ID)}
		if i < len(points) {
			out[i].Points = points[i]
		}
	}
	return out
}

func (s *Server) apiLearn(w http.ResponseWriter, r *http.Request) {
	l, ok := s.lessonOr(w, r)
	if !ok {
		return
	}
	lang := requestLang(r)
	cat := l.game.Texts()
	out := learnJSON{Game: l.game.ID(), Title: l.game.Title(lang), Seat: l.data.Seat, Names: l.names(lang),
		Texts: textsOf(cat, lang)}
	for i, st := range l.data.Steps {
		ps := l.states[i]
		seat := l.data.Seat
		if l.shown[i] != nil {
			// a worked example of the rulebook (a one-garden example is seat 0's)
			ps, seat = l.shown[i], min(seat, len(l.shown[i].Result().Players)-1)
		}
		view, err := json.Marshal(ps.View(seat))
		if err != nil {
			s.answerErr(w, r, err)
			return
		}
		js := learnStepJSON{Kind: st.Kind, Text: cat.T(lang, "learn."+st.Text), View: view, ToMove: ps.ToMove(), Moves: []engine.MoveDesc{}}
		for _, id := range st.Rules {
			js.Rules = append(js.Rules, cat.T(lang, "rule."+id))
		}
		if st.Kind == "move" {
			if d, ok := ps.(engine.Describer); ok {
				js.Prompt = cat.Prompt(d.Prompt(), ps.ToMove(), l.data.Seat, lang, out.Names)
				for _, nota := range l.offered(i) {
					m, _ := ps.ParseMove(nota) // parsed when loaded (the tests check the wrong one)
					js.Moves = append(js.Moves, d.DescribeMove(m))
				}
			}
		}
		if st.Kind == "score" {
			js.Score = &learnScoreJSON{Lines: l.lines(l.score.Categories, l.score.Points, lang), Total: l.score.Total}
			if l.example != nil {
				// the example drawn, and its pad as the engine scores the drawing
				pr, cats := l.examplePad()
				js.Score = &learnScoreJSON{Lines: l.exampleLines(cats, pr.Points, lang), Total: pr.Total}
				if js.View, err = json.Marshal(l.example.View(l.exampleSeat())); err != nil {
					s.answerErr(w, r, err)
					return
				}
				js.ToMove = -1
			}
		}
		out.Steps = append(out.Steps, js)
	}
	writeJSON(w, http.StatusOK, out)
}

// exampleSeat is the seat whose garden the drawn example is: the learner's,
// or the only one of a one-garden example.
func (l *lesson) exampleSeat() int {
	if n := len(l.example.Result().Players); l.data.Seat >= n {
		return n - 1
	}
	return l.data.Seat
}

// examplePad is the drawn example's pad, as the engine scores its state.
func (l *lesson) examplePad() (engine.PlayerResult, []engine.Category) {
	res := l.example.Result()
	return res.Players[l.exampleSeat()], res.Categories
}

// offered are the moves a move step offers, in notation: the one asked,
// then the wrong one (the page knows them only by their descriptions).
func (l *lesson) offered(step int) []string {
	st := l.data.Steps[step]
	out := []string{st.Expect}
	if st.Wrong != "" {
		out = append(out, st.Wrong)
	}
	return out
}

// try plays move i of step on a copy of its position: nil when it is the
// move asked, the engine's refusal otherwise.
func (l *lesson) try(step, i int) (ok bool, err error) {
	offered := l.offered(step)
	if i < 0 || i >= len(offered) {
		return false, fmt.Errorf("no move %d in step %d", i, step)
	}
	s := l.states[step].Clone()
	m, err := s.ParseMove(offered[i])
	if err == nil {
		err = s.Apply(m, nil)
	}
	if err != nil {
		return false, err
	}
	return offered[i] == l.data.Steps[step].Expect, nil
}

func (s *Server) apiLearnTry(w http.ResponseWriter, r *http.Request) {
	l, ok := s.lessonOr(w, r)
	if !ok {
		return
	}
	lang := requestLang(r)
	step, err := strconv.Atoi(r.PathValue("step"))
	if err != nil || step < 0 || step >= len(l.data.Steps) || l.data.Steps[step].Kind != "move" {
		s.apiError(w, r, http.StatusNotFound, shelltext.Errorf("err.learnStep"))
		return
	}
	var req learnTryReq
	if err := readJSON(w, r, &req); err != nil {
		s.apiError(w, r, http.StatusBadRequest, err)
		return
	}
	if req.Move < 0 || req.Move >= len(l.offered(step)) {
		s.apiError(w, r, http.StatusBadRequest, shelltext.Errorf("err.learnStep"))
		return
	}
	right, err := l.try(step, req.Move)
	switch {
	case err != nil:
		writeJSON(w, http.StatusOK, learnTryJSON{Message: learnRefusal(l.game.Texts(), err, lang)})
	case !right:
		writeJSON(w, http.StatusOK, learnTryJSON{Message: say(lang, "page.learn.notAsked")})
	default:
		view, err := l.viewAfter(step, req.Move)
		if err != nil {
			s.answerErr(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, learnTryJSON{OK: true, Message: say(lang, "page.learn.right"), View: view})
	}
}

// viewAfter is the learner's view once move i of step is played on a copy
// of the step's position.
func (l *lesson) viewAfter(step, i int) (json.RawMessage, error) {
	s := l.states[step].Clone()
	m, err := s.ParseMove(l.offered(step)[i])
	if err == nil {
		err = s.Apply(m, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("learn step %d, move %d: %w", step, i, err)
	}
	view, err := json.Marshal(s.View(l.data.Seat))
	if err != nil {
		return nil, fmt.Errorf("learn step %d, the view after move %d: %w", step, i, err)
	}
	return view, nil
}

func (s *Server) apiRules(w http.ResponseWriter, r *http.Request) {
	l, ok := s.lessonOr(w, r)
	if !ok {
		return
	}
	lang := requestLang(r)
	cat := l.game.Texts()
	min, max := l.game.Players()
	out := rulesJSON{Game: l.game.ID(), Title: l.game.Title(lang), About: cat.T(lang, "about"),
		Duration: cat.T(lang, "about.duration"), Players: say(lang, "page.rules.players", i18n.N("min", min), i18n.N("max", max)),
		Result: l.end.Result(), Texts: textsOf(cat, lang)}
	// The example is a game between two bots: "Player 1", "Player 2".
	for i := 0; i < l.data.Players; i++ {
		out.Names = append(out.Names, engine.SeatLabel(i, lang))
	}
	sec := func(title string, ids []string) {
		if len(ids) == 0 {
			return
		}
		rs := rulesSectionJSON{Title: say(lang, title)}
		for _, id := range ids {
			rs.Rules = append(rs.Rules, cat.T(lang, "rule."+id))
		}
		out.Sections = append(out.Sections, rs)
	}
	sec("page.rules.setup", l.data.Rules.Setup)
	sec("page.rules.turn", l.data.Rules.Turn)
	sec("page.rules.end", l.data.Rules.End)
	var err error
	// The components as the learner's seat sees them at the tutorial's last
	// move asked (the setup done, the supply full), and the end seen by all.
	shown := l.states[0]
	for i, st := range l.data.Steps {
		if st.Kind == "move" {
			shown = l.states[i]
		}
	}
	if out.Setup, err = json.Marshal(shown.View(l.data.Seat)); err == nil {
		out.End, err = json.Marshal(l.end.View(engine.Spectator))
	}
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	out.Lines = l.lines(out.Result.Categories, nil, lang)
	if out.Example, err = l.rulesExample(lang); err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
