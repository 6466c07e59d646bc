package happygarden

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

var ruleIDRe = regexp.MustCompile(`^HP-[STE][0-9]+$`)

// ruleIDsInSource scans the package's non-test code for the rule ids a
// refused move can carry: every string literal that is exactly a rule id.
// engine.Illegal is called with a literal or with a variable holding what a
// rule-checking function (setupRule, takeRule, repotRule…) returned, and
// those functions return literals too, so the literals are all of them. A
// call of another form fails the test, so that a new way of naming a rule
// cannot slip past the scan.
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
	if illegal < 10 || len(ids) < 10 {
		t.Fatalf("found %d engine.Illegal calls and %d rule ids: the scan is broken", illegal, len(ids))
	}
	return ids
}

// Every rule id a refused move can carry, and every other rule of the spec,
// is stated in one sentence in both languages (issue 12: errors in French).
func TestRuleStatements(t *testing.T) {
	rules := Game.(engine.Texter).Texts().Rules
	for id := range ruleIDsInSource(t) {
		r, ok := rules[id]
		if !ok || r.EN == "" || r.FR == "" {
			t.Errorf("the code refuses moves with %s, which has no statement in both languages", id)
		}
	}
	var spec []string
	for _, part := range []struct {
		prefix string
		n      int
	}{{"HP-S", 9}, {"HP-T", 28}, {"HP-E", 3}} {
		for i := 1; i <= part.n; i++ {
			spec = append(spec, fmt.Sprintf("%s%d", part.prefix, i))
		}
	}
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
			if strings.Contains(s, "HP-") {
				t.Errorf("%s: %q names a rule id; a player states the rule itself", id, s)
			}
		}
	}
}

// checkExplained reports whether err is a rule error explained in French by
// its rule's statement alone, with nothing of the English message.
func checkExplained(t *testing.T, cat *engine.Catalog, err error, what string) string {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: refused with %v, not a rule error", what, err)
	}
	got := cat.Explain(err, "fr")
	want := "coup refusé par la règle " + re.Rule + " : " + cat.Rules[re.Rule].FR
	if got != want {
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
// in French by their rule's statement, and not in English.
func TestRefusalsExplainedInFrench(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	seen := map[string]int{}

	for _, n := range []int{1, 6} {
		_, err := Game.New(n, 1, nil)
		seen[checkExplained(t, cat, err, fmt.Sprintf("%d players", n))]++
	}
	_, err := Game.New(2, 1, engine.Options{"mouse1": "pink", "mouse2": "pink"})
	seen[checkExplained(t, cat, err, "two pink mice")]++

	rng := engine.NewRNG(7)
	var legal []engine.Move
	// refuseAll tries, at s, each kind of move with the parts of a legal
	// move (a right part in the wrong step or kind), each kind with small
	// parts (the slots, the seats, the first tiles), and random moves. None
	// of them is listed, so each must be refused.
	refuseAll := func(s *state, where string) {
		legal = s.LegalMoves(legal[:0])
		var cands []engine.Move
		for _, m := range legal {
			_, a, b, c := unpack(m)
			cands = append(cands, mkMove(1+rng.Intn(mvLift), a, b, c))
		}
		for k := 1; k <= mvLift; k++ {
			for a := range 6 {
				cands = append(cands, mkMove(k, a, 0, 0))
			}
		}
		for range 20 {
			cands = append(cands, mkMove(rng.Intn(16), rng.Intn(256), rng.Intn(ncell+8), rng.Intn(16)))
		}
		for _, m := range cands {
			if slices.Contains(legal, m) {
				continue
			}
			what := fmt.Sprintf("%s, move %#x", where, uint64(m))
			if err := s.Clone().Apply(m, nil); err == nil {
				t.Fatalf("%s: accepted but not listed", what)
			} else {
				seen[checkExplained(t, cat, err, what)]++
			}
		}
	}
	for n := 2; n <= 5; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			s := newGame(t, n, seed, nil)
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
	// A drum needs a mole in a garden, which these games seldom have when
	// the drum comes up: the position of TestRule_HP_T8_X14_Drum.
	s := bare(3)
	s.moles[lay(s, 0, "F01", 2, 0)] = 2
	s.supWorm = 10
	lay(s, 0, "F10", 3, 0)
	stock(s, "F02", "F03", "F04")
	s.pile[0], s.pileN = tokDrum, 1
	s.startRound(nil)
	refuseAll(s, "drum")
	// Four windmills around the house leave a fifth no cell: the position of
	// TestRule_HP_T13_NoPlaceableTile.
	s = bare(2)
	lay(s, 0, "W1", 0, -1)
	lay(s, 0, "W2", 2, 0)
	lay(s, 0, "W3", 1, 2)
	lay(s, 0, "W4", -1, 1)
	s.cans[0] = 0
	stock(s, "W5", "W6", "", "F01")
	refuseAll(s, "windmills")

	var ids []string
	for id := range seen {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	t.Logf("refusals explained, by rule: %v", seen)
	// The rules these positions must reach, so that the test keeps looking
	// at every kind of refusal: setup, the end, the steps of a turn, token
	// effects, the shop, placing, stealing, moles, repotting, watering. Only
	// HP-T3 is left out: its refusal (an effect move with no effect pending)
	// is a safety net no position reaches, as every effect step is a worm,
	// gust or drum.
	for _, id := range []string{"HP-S1", "HP-S2", "HP-S6", "HP-E1", "HP-T2", "HP-T5", "HP-T6", "HP-T7",
		"HP-T8", "HP-T10", "HP-T11", "HP-T13", "HP-T14", "HP-T15", "HP-T16", "HP-T24", "HP-T26", "HP-T27"} {
		if seen[id] == 0 {
			t.Errorf("no refusal by %s was tried (reached: %v)", id, ids)
		}
	}
}
