package server

import (
	"bytes"
	"encoding/json"
	"html"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/shelltext"
)

var learnLangs = []string{"en", "fr", "de"}

// Every game has a tutorial whose positions are real: each move asked is
// legal where it is asked, each wrong move is refused by a rule of the
// engine, said without ids, and every word it uses is in every language.
func TestTutorialData(t *testing.T) {
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			l, err := lessonOf(g)
			if err != nil || l == nil {
				t.Fatalf("tutorial: %v (nil: %v)", err, l == nil)
			}
			cat := g.Texts()
			has := func(key string) {
				t.Helper()
				for _, lang := range learnLangs {
					if cat.T(lang, key) == key || cat.T(lang, key) == "" {
						t.Errorf("%s: no %q", lang, key)
					}
				}
			}
			moves, wrongs, examples := 0, 0, 0
			kinds := map[string]bool{}
			for i, st := range l.data.Steps {
				kinds[st.Kind] = true
				has("learn." + st.Text)
				for _, r := range st.Rules {
					has("rule." + r)
				}
				if st.Position != "" && st.Kind == "info" {
					// a worked example of the rulebook, set up and drawn
					if l.shown[i] == nil {
						t.Errorf("step %d: the worked example is not set up", i)
					} else if v, err := json.Marshal(l.shown[i].View(0)); err != nil || len(v) < 10 {
						t.Errorf("step %d: the worked example is not drawn: %v", i, err)
					}
				}
				if st.Kind != "move" {
					if st.Expect != "" || st.Wrong != "" {
						t.Errorf("step %d (%s) asks a move", i, st.Kind)
					}
					continue
				}
				moves++
				s := l.states[i]
				if s.ToMove() != l.data.Seat {
					t.Errorf("step %d: seat %d to move, not the learner's %d", i, s.ToMove(), l.data.Seat)
				}
				ok, err := l.try(i, 0)
				if err != nil || !ok {
					t.Errorf("step %d: the move asked %q: ok %v, %v", i, st.Expect, ok, err)
				}
				// the page draws the move made from this view: it must differ from the step's own
				after, err := l.viewAfter(i, 0)
				before, _ := json.Marshal(s.View(l.data.Seat))
				if err != nil || bytes.Equal(after, before) {
					t.Errorf("step %d: the view after the move asked is missing or unchanged: %v", i, err)
				}
				if st.Wrong == "" {
					continue
				}
				wrongs++
				if _, err := s.ParseMove(st.Wrong); err != nil {
					t.Errorf("step %d: wrong move %q does not parse: %v", i, st.Wrong, err)
					continue
				}
				ok, err = l.try(i, 1)
				if err == nil || ok || engine.RuleOf(err) == "" {
					t.Errorf("step %d: wrong move %q is not refused by a rule: ok %v, %v", i, st.Wrong, ok, err)
					continue
				}
				if st.WrongRule != "" && engine.RuleOf(err) != st.WrongRule {
					t.Errorf("step %d: wrong move %q is refused by %s (%v), the rulebook names %s", i, st.Wrong, engine.RuleOf(err), err, st.WrongRule)
				}
				if st.Position != "" && st.WrongRule != "" {
					// a move asked on the rulebook's own example, right and wrong as it discusses them
					examples++
				}
				for _, lang := range learnLangs {
					msg := learnRefusal(cat, err, lang)
					if msg == "" || learnRawID.MatchString(msg) {
						t.Errorf("step %d, %s: refusal %q names ids", i, lang, msg)
					}
				}
			}
			if examples == 0 {
				t.Errorf("no move asked on a worked example of the rulebook (a move step with a position, a wrong move and the rule refusing it)")
			}
			if moves < 3 || wrongs < 1 || !kinds["info"] || !kinds["score"] || !kinds["play"] {
				t.Errorf("%d moves asked, %d wrong ones, kinds %v: want 3 moves, a refusal, setup, score and play", moves, wrongs, kinds)
			}
			if len(l.score.Categories) == 0 || l.score.Total == 0 {
				t.Errorf("the rulebook's example scores %+v", l.score)
			}
			// The example scores what the rulebook prints, read as a
			// position and drawn as a state: the pad the page shows beside
			// the drawing is the engine's score of what is drawn.
			if l.data.Printed == 0 || l.score.Total != l.data.Printed {
				t.Errorf("the rulebook's example scores %d, the rulebook prints %d", l.score.Total, l.data.Printed)
			}
			if l.example == nil {
				t.Errorf("the rulebook's example is not drawn")
			} else {
				pr, cats := l.examplePad()
				if pr.Total != l.data.Printed || !slices.Equal(pr.Points, l.score.Points) || len(cats) != len(l.score.Categories) {
					t.Errorf("the drawn example scores %d %v, the position %d %v, the rulebook prints %d", pr.Total, pr.Points, l.score.Total, l.score.Points, l.data.Printed)
				}
				if v, err := json.Marshal(l.example.View(l.exampleSeat())); err != nil || len(v) < 10 {
					t.Errorf("the drawn example's view: %v", err)
				}
			}
			for _, c := range l.score.Categories {
				has("learn.score." + c.ID)
			}
			for _, c := range l.end.Result().Categories {
				has("learn.score." + c.ID)
			}
			r := l.data.Rules
			for _, id := range append(append(append([]string{}, r.Setup...), r.Turn...), r.End...) {
				has("rule." + id)
			}
			if len(r.Turn) == 0 || len(r.End) == 0 {
				t.Errorf("rules page: turn %v, end %v", r.Turn, r.End)
			}
			// a state of the tutorial is never played on: the next load sees the same
			if st := l.states[len(l.states)-1]; st.Over() {
				t.Errorf("the last step's position is over")
			}
		})
	}
	for _, lang := range learnLangs {
		for _, k := range []string{"page.learn.right", "page.learn.notAsked", "err.learnStep", "page.rules.players"} {
			if shelltext.T(lang, k) == k {
				t.Errorf("%s: no %s", lang, k)
			}
		}
	}
}

// The pages and the API: a step's move right, wrong and out of range; an
// unknown game; the rules page's sections and example.
func TestLearnAPI(t *testing.T) {
	ts := startServer(t, "", Config{})
	anon := &client{t: t, base: ts.URL}
	for _, g := range games.Registry().All() {
		var lj learnJSON
		if code := anon.call("GET", "/api/learn/"+g.ID()+"?lang=fr", nil, &lj); code != 200 {
			t.Fatalf("%s learn: %d", g.ID(), code)
		}
		if lj.Title != g.Title("fr") || len(lj.Steps) < 5 || len(lj.Texts) == 0 {
			t.Errorf("%s: title %q, %d steps", g.ID(), lj.Title, len(lj.Steps))
		}
		for i, st := range lj.Steps {
			if st.Text == "" || strings.HasPrefix(st.Text, "learn.") || len(st.View) < 10 {
				t.Errorf("%s step %d: text %q", g.ID(), i, st.Text)
			}
			if st.Kind != "move" {
				continue
			}
			if st.Prompt == "" || len(st.Moves) == 0 {
				t.Errorf("%s step %d: prompt %q, %d moves", g.ID(), i, st.Prompt, len(st.Moves))
			}
			var right learnTryJSON
			path := "/api/learn/" + g.ID() + "/" + strconv.Itoa(i) + "?lang=de"
			if code := anon.call("POST", path, learnTryReq{Move: 0}, &right); code != 200 || !right.OK || right.Message != shelltext.T("de", "page.learn.right") {
				t.Errorf("%s step %d: the move asked: %d %+v", g.ID(), i, code, right)
			}
			if len(st.Moves) > 1 {
				var wrong learnTryJSON
				if code := anon.call("POST", path, learnTryReq{Move: 1}, &wrong); code != 200 || wrong.OK || wrong.Message == "" {
					t.Errorf("%s step %d: the wrong move: %d %+v", g.ID(), i, code, wrong)
				}
			}
			if code := anon.call("POST", path, learnTryReq{Move: len(st.Moves)}, nil); code != 400 {
				t.Errorf("%s step %d: a move out of the list: %d, want 400", g.ID(), i, code)
			}
		}
		var rj rulesJSON
		if code := anon.call("GET", "/api/rules/"+g.ID()+"?lang=de", nil, &rj); code != 200 {
			t.Fatalf("%s rules: %d", g.ID(), code)
		}
		if rj.About == "" || len(rj.Sections) < 2 || !rj.Result.Final || len(rj.Lines) != len(rj.Result.Categories) || len(rj.Setup) < 10 || len(rj.End) < 10 {
			t.Errorf("%s rules: %d sections, final %v, %d lines", g.ID(), len(rj.Sections), rj.Result.Final, len(rj.Lines))
		}
		for _, ln := range rj.Lines {
			if ln.Why == "" || strings.HasPrefix(ln.Why, "learn.") {
				t.Errorf("%s rules: category %q unexplained", g.ID(), ln.Name)
			}
		}
		for _, p := range []string{"/rules/", "/learn/"} {
			var page string
			if code := anon.call("GET", p+g.ID()+"?lang=de", nil, &page); code != 200 || !strings.Contains(page, `data-game="`+g.ID()+`"`) || !strings.Contains(page, html.EscapeString(g.Title("de"))) {
				t.Errorf("%s%s: %d", p, g.ID(), code)
			}
		}
	}
	for _, p := range []string{"/api/learn/chess", "/api/rules/chess", "/rules/chess", "/learn/chess"} {
		if code := anon.call("GET", p, nil, nil); code != 404 {
			t.Errorf("%s: %d, want 404", p, code)
		}
	}
	for _, step := range []string{"0", "99", "-1", "x"} {
		if code := anon.call("POST", "/api/learn/happy-garden/"+step, learnTryReq{}, nil); code != 404 {
			t.Errorf("step %s (not a move step): %d, want 404", step, code)
		}
	}
}
