package alicesgarden

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

var ruleIDRe = regexp.MustCompile(`^AG-(S|T|E|SO)[0-9]+[a-e]?$`)

// specRules are the rule ids of the specification (AG-S1–S4, AG-T1–T10
// with the lettered parts of T5, AG-E1–E5, AG-SO1–SO5 with the lettered
// parts of SO2).
func specRules() []string {
	var ids []string
	add := func(prefix string, n int) {
		for i := 1; i <= n; i++ {
			ids = append(ids, prefix+strconv.Itoa(i))
		}
	}
	add("AG-S", 4)
	add("AG-T", 10)
	add("AG-E", 5)
	add("AG-SO", 5)
	for _, l := range "abcde" {
		ids = append(ids, "AG-T5"+string(l), "AG-SO2"+string(l))
	}
	return ids
}

// ruleIDsInSource scans the package's non-test code for the rule ids a
// refused move can carry: every string literal that is exactly a rule id.
// engine.Illegal is called with a literal or with a variable (check's
// rule) set from literals, so the literals are all of them; a call of another form fails the test, so that a new way of naming
// a rule cannot slip past the scan.
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
			case *ast.CompositeLit:
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "RuleError" {
					t.Errorf("%s: a RuleError built by hand; use engine.Illegal so the scan sees its rule", fset.Position(n.Pos()))
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
	if illegal < 20 || len(ids) < 12 {
		t.Fatalf("found %d engine.Illegal calls and %d rule ids: the scan is broken", illegal, len(ids))
	}
	return ids
}

// Every rule id a refused move can carry is stated in one sentence in both
// languages (issue 12: errors in French), and nothing else is stated.
func TestRuleStatements(t *testing.T) {
	rules := Game.(engine.Texter).Texts().Rules
	used := ruleIDsInSource(t)
	for id := range used {
		r, ok := rules[id]
		if !ok || r.EN == "" || r.FR == "" {
			t.Errorf("the code refuses moves with %s, which has no statement in both languages", id)
		}
	}
	spec := specRules()
	for id, r := range rules {
		if !slices.Contains(spec, id) {
			t.Errorf("statement of %q, which is not a rule id of the spec", id)
		}
		if !used[id] {
			t.Errorf("statement of %s, which no refusal names", id)
		}
		if r.EN == r.FR {
			t.Errorf("%s: the French statement is the English one", id)
		}
		for _, s := range []string{r.EN, r.FR} {
			if !strings.HasSuffix(s, ".") || strings.Contains(strings.TrimSuffix(s, "."), ". ") {
				t.Errorf("%s: %q is not one sentence", id, s)
			}
			if strings.Contains(s, "AG-") {
				t.Errorf("%s: %q names a rule id; a player states the rule itself", id, s)
			}
		}
	}
}

// explained returns err's rule, and an error unless err is a rule error
// explained in French by its rule's statement alone, with nothing of the
// English message, and in English by the error itself.
func explained(err error) (string, error) {
	cat := Game.(engine.Texter).Texts()
	var re *engine.RuleError
	if !errors.As(err, &re) {
		return "", fmt.Errorf("refused with %v, not a rule error", err)
	}
	got := cat.Explain(err, "fr")
	if want := "coup refusé par la règle " + re.Rule + " : " + cat.Rules[re.Rule].FR; got != want {
		return re.Rule, fmt.Errorf("explained in French as %q, want %q", got, want)
	}
	if strings.Contains(got, re.Msg) || strings.Contains(got, cat.Rules[re.Rule].EN) {
		return re.Rule, fmt.Errorf("French explanation %q holds English (%q)", got, re.Msg)
	}
	if en := cat.Explain(err, "en"); en != err.Error() {
		return re.Rule, fmt.Errorf("explained in English as %q, want the error %q", en, err)
	}
	return re.Rule, nil
}

// checkExplained fails the test unless err is explained (explained), and
// returns its rule.
func checkExplained(t testing.TB, err error, what string) string {
	t.Helper()
	rule, bad := explained(err)
	if bad != nil {
		t.Fatalf("%s: %v", what, bad)
	}
	return rule
}

// Every move encoding refused at decisions of random games (1–4 players,
// both board sides) and in the positions of the rule tests that random
// play seldom reaches is explained in French by its rule's statement, and
// not in English.
func TestRefusalsExplainedInFrench(t *testing.T) {
	seen := map[string]int{}
	refuseAll := func(s *state, where string) {
		legal := map[engine.Move]bool{}
		for _, m := range s.LegalMoves(nil) {
			legal[m] = true
		}
		for m := engine.Move(0); m < 1<<12; m++ {
			if legal[m] {
				continue
			}
			c := *s
			err := c.Apply(m, nil)
			if err == nil {
				t.Fatalf("%s: %q accepted but not listed", where, s.FormatMove(m))
			}
			rule, bad := explained(err)
			if bad != nil {
				t.Fatalf("%s, move %#x (%s): %v", where, uint64(m), s.FormatMove(m), bad)
			}
			seen[rule]++
		}
	}
	for n := 1; n <= 4; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			side := engine.Options{"side": "AB"[seed-1 : seed]}
			st, err := Game.New(n, seed*31+uint64(n), side)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			rng := engine.NewRNG(seed)
			for step := 0; ; step++ {
				// every other decision, to keep the test short: the
				// decisions of a turn alternate kinds anyway
				if step%2 == 0 || s.Over() {
					refuseAll(s, fmt.Sprintf("%d players, seed %d, step %d", n, seed, step))
				}
				if s.Over() {
					break
				}
				ms := s.LegalMoves(nil)
				if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// AG-T1: bags holding fewer tiles than the supply needs while others
	// hold enough (TestRule_AG_T1_A4_BagChoice).
	s := newState(t, 3, nil)
	s.bagN = [5]uint8{13, 3, 2, 0, 13}
	refuseAll(s, "short bags")
	// AG-T8: a player who cannot place any supply tile
	// (TestRule_AG_T8_A5_CannotPlace).
	s = newState(t, 3, nil)
	fillExcept(&s.b[0], sq(1, 1), sq(3, 3), sq(5, 5))
	mustApply(t, s, "bag O")
	refuseAll(s, "nothing fits")

	var ids []string
	for id := range seen {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	t.Logf("refusals explained, by rule: %v", seen)
	for id := range ruleIDsInSource(t) {
		if seen[id] == 0 {
			t.Errorf("no refusal by %s was tried (reached: %v)", id, ids)
		}
	}
}
