package schlossgarten

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

var ruleIDRe = regexp.MustCompile(`^SG-[STE][0-9]+$`)

// ruleIDsInSource scans the package's non-test code for the rule ids a
// refused move can carry: every string literal that is exactly a rule id.
// engine.Illegal is called with a literal or with a variable holding a
// literal (whyClosed's rule, buildCheck's result, both assigned from
// literals), so the literals are all of them. A call of another form fails
// the test, so that a new way of naming a rule cannot slip past the scan.
func ruleIDsInSource(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	illegal := 0
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if v, err := strconv.Unquote(n.Value); err == nil && ruleIDRe.MatchString(v) {
						ids[v] = true
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Illegal" {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "engine" {
					return true
				}
				illegal++
				switch a := n.Args[0].(type) {
				case *ast.BasicLit:
					if v, _ := strconv.Unquote(a.Value); !ruleIDRe.MatchString(v) {
						t.Errorf("%s: engine.Illegal(%s, …) is not a rule id", fset.Position(a.Pos()), a.Value)
					}
				case *ast.Ident:
				default:
					t.Errorf("%s: engine.Illegal's rule is neither a literal nor a variable; extend ruleIDsInSource",
						fset.Position(a.Pos()))
				}
			}
			return true
		})
	}
	if illegal < 20 || len(ids) < 10 {
		t.Fatalf("found %d engine.Illegal calls and %d rule ids: the scan is broken", illegal, len(ids))
	}
	return ids
}

// specRuleIDs are the rule statements of the spec (TestRuleCoverage checks
// the same numbering against the spec file).
func specRuleIDs() []string {
	var ids []string
	for _, part := range []struct {
		prefix string
		n      int
	}{{"SG-S", 8}, {"SG-T", 27}, {"SG-E", 5}} {
		for i := 1; i <= part.n; i++ {
			ids = append(ids, fmt.Sprintf("%s%d", part.prefix, i))
		}
	}
	return ids
}

// Every rule id a refused move can carry, and every other rule of the spec,
// is stated in one sentence in both languages (issue 12: errors in French).
func TestRuleStatements(t *testing.T) {
	rules := Game.(engine.Texter).Texts().Rules
	src := ruleIDsInSource(t)
	for id := range src {
		r, ok := rules[id]
		if !ok || r.EN == "" || r.FR == "" {
			t.Errorf("the code refuses moves with %s, which has no statement in both languages", id)
		}
	}
	spec := specRuleIDs()
	for _, id := range spec {
		if _, ok := rules[id]; !ok {
			t.Errorf("rule %s of the spec has no statement", id)
		}
	}
	for id, r := range rules {
		if !slices.Contains(spec, id) {
			t.Errorf("statement of %q, which is not a rule id of the spec", id)
		}
		if r.EN == r.FR {
			t.Errorf("%s: the French statement is the English one", id)
		}
		for _, s := range []string{r.EN, r.FR} {
			if !strings.HasSuffix(s, ".") || strings.Contains(strings.TrimSuffix(s, "."), ". ") {
				t.Errorf("%s: %q is not one sentence", id, s)
			}
			if strings.Contains(s, "SG-") {
				t.Errorf("%s: %q names a rule id; a player states the rule itself", id, s)
			}
		}
	}
	// A texts file without the statements is refused, and one with a
	// statement in one language only too.
	for _, tc := range []struct{ from, to, want string }{
		{`"rules": {`, `"rulez": {`, "unknown field"},
		{`"fr": "Les rois ne peuvent être sautés ou frappés, et aucun pion ne peut aller sur leur case."`, `"fr": ""`, "SG-T11"},
	} {
		raw := strings.Replace(string(textsJSON), tc.from, tc.to, 1)
		if raw == string(textsJSON) {
			t.Fatalf("%q not found in the texts file", tc.from)
		}
		if _, err := buildCatalog([]byte(raw)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one mentioning %q", tc.to, err, tc.want)
		}
	}
}

// checkExplained reports the rule of err after checking that it is a rule
// error explained in French by its rule's statement alone, with nothing of
// the English message, and in English by the error itself.
func checkExplained(t *testing.T, cat *engine.Catalog, err error, what string) string {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: refused with %v, not a rule error", what, err)
	}
	got := cat.Explain(err, "fr")
	want := "coup refusé par la règle " + re.Rule + " : " + cat.Rules[re.Rule].FR
	if cat.Rules[re.Rule].FR == "" || got != want {
		t.Fatalf("%s: explained in French as %q, want %q", what, got, want)
	}
	if strings.Contains(got, re.Msg) || strings.Contains(got, cat.Rules[re.Rule].EN) {
		t.Fatalf("%s: French explanation %q holds English (%q)", what, got, re.Msg)
	}
	if en := cat.Explain(err, "en"); en != err.Error() {
		t.Fatalf("%s: explained in English as %q, want the error %q", what, en, err)
	}
	return re.Rule
}

// Refused moves of every kind, at every step of random games, are explained
// in French by their rule's statement, and not in English; together they
// carry every rule id the code refuses with.
func TestRefusalsExplainedInFrench(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	seen := map[string]int{}
	rng := engine.NewRNG(5)
	var legal, cands []engine.Move
	// refuseAll tries at s every kind of move with every pawn, worker or
	// element and every square (a build on every placement of the
	// element's shape and on a few odd masks), moves with stray bits, and
	// random moves. None of those that are not listed may be accepted.
	refuseAll := func(s *state, where string) {
		legal = s.LegalMoves(legal[:0])
		cands = cands[:0]
		for c := 0; c < len(cards)+2; c++ {
			cands = append(cands, mvPlay(c), mvPlay(c)|1<<4)
		}
		for sq := 0; sq < nSquares+2; sq++ {
			for k := 0; k <= nPawns; k++ {
				cands = append(cands, mvStep(k, sq), mvDig(k, sq))
			}
			cands = append(cands, mvRelocate(sq), mvRelocate(sq)|1<<4)
		}
		for e := 0; e <= nElems; e++ {
			if e < nElems {
				for _, m := range elems[e].places {
					cands = append(cands, mvBuild(e, m))
				}
			}
			cands = append(cands, mvBuild(e, 1<<50|1), mvBuild(e, 1|1<<2))
		}
		cands = append(cands, moveStop, moveStop|1<<8, moveDone, moveDone|1<<4, 0, 8, 15)
		for range 10 {
			cands = append(cands, engine.Move(rng.Uint64()))
		}
		for _, m := range cands {
			if slices.Contains(legal, m) {
				continue
			}
			what := fmt.Sprintf("%s, move %#x (%s)", where, uint64(m), formatMove(m))
			if err := s.Clone().Apply(m, nil); err == nil {
				t.Fatalf("%s: accepted but not listed", what)
			} else {
				seen[checkExplained(t, cat, err, what)]++
			}
		}
	}
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		s := st(t, n, 300+uint64(n))
		for step := 0; step < 400 && !s.Over(); step++ {
			if step%5 == 0 { // every step of a turn comes up in time
				refuseAll(s, fmt.Sprintf("%d players, step %d", n, step))
			}
			buf = s.LegalMoves(buf[:0])
			m := buf[rng.Intn(len(buf))]
			if s.phase == phWork || s.phase == phMove && rng.Intn(2) == 0 {
				m = greedyMove(s, buf) // builds, to have elements to refuse moves over
			}
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A struck subject waiting, the fifth step used, and a finished game.
	v := grid(t, 4,
		".  .  .  .  .  .  Kr",
		".  .  .  .  .  .  Ky",
		".  .  Kb .  .  Gy Ay",
		".  .  .  Ar .  .  .",
		".  .  Kw Gw Aw .  .",
		".  .  .  .  .  PrGr Pr",
		".  Gb .  .  Ab .  .")
	v.moving(t, 1, "C01")
	mustApply(t, v, "k 3,3")
	refuseAll(v, "a struck subject to put")
	win := grid(t, 2,
		"Kr Gr .  .  .  .  Kb",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  Ar #2 .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		"Gb Ab .  .  .  .  .")
	win.setCollected(0, 18)
	win.working(t, 0, "C01", 1<<2)
	win.steps = budget
	refuseAll(win, "the work step after five moves")
	mustApply(t, win, "build column 3,3")
	if !win.Over() {
		t.Fatal("21 points did not end the game")
	}
	refuseAll(win, "a finished game")

	var missed []string
	for id := range ruleIDsInSource(t) {
		if seen[id] == 0 {
			missed = append(missed, id)
		}
	}
	sort.Strings(missed)
	t.Logf("refusals by rule: %v", seen)
	if len(missed) > 0 {
		t.Errorf("no refused move carried %v (refusals by rule: %v)", missed, seen)
	}
}
