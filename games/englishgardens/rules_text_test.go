package englishgardens

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

var ruleIDRe = regexp.MustCompile(`^EG-(S|T|E|SO)[0-9]+[a-e]?$`)

// specRules are the rule ids of the specification (EG-S1–S9, EG-T1–T10
// with the lettered parts of T4, T6 and T8, EG-E1–E5, EG-SO1–SO7).
func specRules() []string {
	var ids []string
	add := func(prefix string, n int) {
		for i := 1; i <= n; i++ {
			ids = append(ids, prefix+strconv.Itoa(i))
		}
	}
	add("EG-S", 9)
	add("EG-T", 10)
	add("EG-E", 5)
	add("EG-SO", 7)
	for _, part := range []struct {
		rule    string
		letters string
	}{{"EG-T4", "abc"}, {"EG-T6", "abcde"}, {"EG-T8", "abcd"}} {
		for _, l := range part.letters {
			ids = append(ids, part.rule+string(l))
		}
	}
	return ids
}

// ruleIDsInSource scans the package's non-test code for the rule ids a
// refused move can carry: every string literal that is exactly a rule id.
// engine.Illegal is called with a literal or with a parameter (checkTake's
// rule) that its callers fill with literals, so the literals are all of
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
	if illegal < 30 || len(ids) < 15 {
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
			if strings.Contains(s, "EG-") {
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

// Moves refused at every decision of random games (every kind of move with
// small operands) and the positions of the rule tests that random play
// seldom reaches are explained in French by their rule's statement, and
// not in English.
func TestRefusalsExplainedInFrench(t *testing.T) {
	var near []engine.Move
	for k := uint8(mkTakeLand); k < mkLimit; k++ {
		for a := uint8(0); a <= 6; a++ {
			for b := uint8(0); b <= 9; b++ {
				near = append(near, move{k, a, b}.pack())
			}
		}
	}
	seen := map[string]int{}
	var legal []engine.Move
	refuseAll := func(s *state, where string) {
		legal = s.LegalMoves(legal[:0])
		for _, m := range near {
			if slices.Contains(legal, m) {
				continue
			}
			c := *s
			err := c.Apply(m, nil)
			if err == nil {
				t.Fatalf("%s: %q accepted but not listed", where, s.FormatMove(m))
			}
			rule, bad := explained(err)
			if bad != nil {
				t.Fatalf("%s, %q: %v", where, s.FormatMove(m), bad)
			}
			seen[rule]++
		}
	}
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 4; seed++ {
			s := newState(t, n, seed, nil)
			rng := engine.NewRNG(seed)
			for step := 0; ; step++ {
				refuseAll(s, fmt.Sprintf("%d players, seed %d, step %d", n, seed, step))
				if s.Over() {
					break
				}
				if err := s.Apply(legal[rng.Intn(len(legal))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// The structure's trophy (EG-T7) and a take from an empty deck (EG-T10,
	// EG-T4c), which random games seldom leave to a refusal.
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	setHand(t, s, 0, "red rose structure", "blue lily pond", "blue lily pond")
	setLandDisplay(t, s, "yellow petunia pond", "", "")
	apply(t, s, "take 1")
	apply(t, s, "place h1 r1c1")
	refuseAll(s, "structure placed")
	s = newState(t, 2, 1, engine.Options{"first": "1"})
	setLandDisplay(t, s)
	s.land.n = 0
	refuseAll(s, "no landscape card left")

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
