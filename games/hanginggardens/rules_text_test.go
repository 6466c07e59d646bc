package hanginggardens

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

var ruleIDRe = regexp.MustCompile(`^HG-(S|T|E|SO)[0-9]+[a-g]?$`)

// specRules are the rule ids of the specification (HG-S1–S10, HG-T1–T10
// with the lettered parts of T4, T5, T8 and T9, HG-E1–E3, HG-SO1–SO6 with
// the lettered parts of SO3).
func specRules() []string {
	var ids []string
	add := func(prefix string, n int) {
		for i := 1; i <= n; i++ {
			ids = append(ids, prefix+strconv.Itoa(i))
		}
	}
	add("HG-S", 10)
	add("HG-T", 10)
	add("HG-E", 3)
	add("HG-SO", 6)
	for _, part := range []struct {
		rule    string
		letters string
	}{{"HG-T4", "abcd"}, {"HG-T5", "abcdefg"}, {"HG-T8", "abcd"}, {"HG-T9", "abcde"}, {"HG-SO3", "abcd"}} {
		for _, l := range part.letters {
			ids = append(ids, part.rule+string(l))
		}
	}
	return ids
}

// ruleIDsInSource scans the package's non-test code for the rule ids a
// refused move can carry: every string literal that is exactly a rule id.
// engine.Illegal is called with literals only, so the literals are all of
// them; a call of another form fails the test, so that a new way of naming
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
	if illegal < 25 || len(ids) < 15 {
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
			if strings.Contains(s, "HG-") {
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

// Every move encoding of every kind refused at decisions of random games
// (1–5 players, two of the automa's difficulties) and in positions of the
// rule tests that random play seldom reaches is explained in French by its
// rule's statement, and not in English.
func TestRefusalsExplainedInFrench(t *testing.T) {
	seen := map[string]int{}
	refuseAll := func(s *state, where string) {
		legal := map[engine.Move]bool{}
		for _, m := range s.LegalMoves(nil) {
			legal[m] = true
		}
		// every kind (and two that are none) with every operand
		for m := engine.Move(0); m < 1<<12; m++ {
			if legal[m] || m&15 > kindPass+1 {
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
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			var opts engine.Options
			if n == 1 {
				opts = engine.Options{"difficulty": []string{"easy", "expert"}[seed-1]}
			}
			s := newState(t, n, seed*17+uint64(n), opts)
			rng := engine.NewRNG(seed)
			for step := 0; ; step++ {
				// every third decision, to keep the test short: the
				// decisions of a turn alternate kinds anyway
				if step%3 == 0 || s.Over() {
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
	// HG-T4b: an empty market space (TestRule_HG_T4b_EmptySpace).
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	s.market[1][3] = 0
	refuseAll(s, "empty market space")
	// HG-T8b: an empty enhancement pile (TestRule_HG_T8_H6_BuyEnhancement).
	s = newState(t, 2, 1, engine.Options{"first": "1"})
	setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "EM01"})
	s.pl[0].Gold = 3
	s.pileLen[0] = 0
	atPlace(s, 0, "AN02")
	mustApply(t, s, "place a3")
	refuseAll(s, "empty pile")

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
