package enginetest

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
	"github.com/jardin-games/jardin/i18n"
)

// Rules describes a game's rule ids for RuleStatements and
// Refusals.Reached: which strings are rule ids, the ids of its spec, and
// where its code is.
type Rules struct {
	// Dir is the game package's directory; "" is the test's own (".").
	Dir string
	// ID matches exactly a rule id of the game
	// (`^AG-(S|T|E|SO)[0-9]+[a-e]?$`): every string literal of the
	// package's code that it matches is a rule a refusal can carry.
	ID *regexp.Regexp
	// Prefix starts every rule id ("AG-"): a statement that holds it names
	// a rule id, where a player is owed the rule itself.
	Prefix string
	// Spec lists the rule ids of the game's specification (Numbered,
	// Lettered); the catalogue states no other rule.
	Spec []string
	// StateAll requires a statement of every rule of Spec. Without it the
	// catalogue states exactly the rules a refusal names, and no other.
	StateAll bool
	// MinIllegal and MinIDs are floors for the scan of the code: finding
	// fewer engine.Illegal calls or rule ids than the game is known to
	// have means the scan, not the game, is broken.
	MinIllegal, MinIDs int
}

// Numbered returns the rule ids prefix1 … prefixN ("AG-T", 3: AG-T1,
// AG-T2, AG-T3).
func Numbered(prefix string, n int) []string {
	ids := make([]string, 0, n)
	for i := 1; i <= n; i++ {
		ids = append(ids, prefix+strconv.Itoa(i))
	}
	return ids
}

// Lettered returns the lettered parts of rule ("AG-T5", "abc": AG-T5a,
// AG-T5b, AG-T5c).
func Lettered(rule, letters string) []string {
	var ids []string
	for _, l := range letters {
		ids = append(ids, rule+string(l))
	}
	return ids
}

// RuleIDsInSource returns the rule ids a refused move of the game can
// carry: every string literal of the package's non-test code in r.Dir that
// is exactly a rule id (r.ID). engine.Illegal is to be called with a rule
// id literal or with a variable (set from such literals), so the literals
// are all of them; the test fails on a call of another form, on a literal
// first argument that is not a rule id, and on a RuleError built by hand,
// so that a new way of naming a rule cannot slip past the scan. It fails
// too when the scan finds fewer calls or ids than r's floors.
func RuleIDsInSource(t testing.TB, r Rules) map[string]bool {
	t.Helper()
	if r.ID == nil {
		t.Fatal("enginetest.Rules needs an ID pattern")
	}
	ids, calls, problems, err := scanRuleIDs(r.Dir, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	if calls < r.MinIllegal || len(ids) < r.MinIDs {
		t.Fatalf("found %d engine.Illegal calls and %d rule ids: the scan is broken", calls, len(ids))
	}
	return ids
}

// scanRuleIDs parses the non-test Go files of dir (RuleIDsInSource): the
// rule ids (literals matching id), the number of Illegal calls (engine's or
// a catalogue's), and what is wrong with the way rules are named.
func scanRuleIDs(dir string, id *regexp.Regexp) (ids map[string]bool, calls int, problems []string, err error) {
	if dir == "" {
		dir = "."
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, 0, nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	ids = map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			return nil, 0, nil, fmt.Errorf("parsing %s: %w", f, err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if v, err := strconv.Unquote(n.Value); err == nil && id.MatchString(v) {
						ids[v] = true
					}
				}
			case *ast.CompositeLit:
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "RuleError" {
					problems = append(problems, fmt.Sprintf("%s: a RuleError built by hand; use engine.Illegal so the scan sees its rule", fset.Position(n.Pos())))
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Illegal" {
					return true
				}
				// a catalogue's Illegal with a message id, however the
				// catalogue is reached (texts.Illegal, catalog().Illegal):
				// catalogIllegal; engine.Illegal is the old English-only form.
				if x, ok := sel.X.(*ast.Ident); !(ok && x.Name == "engine") && !catalogIllegal(n) {
					return true
				}
				calls++
				if len(n.Args) == 0 {
					problems = append(problems, fmt.Sprintf("%s: engine.Illegal without arguments", fset.Position(n.Pos())))
					return true
				}
				switch a := n.Args[0].(type) {
				case *ast.BasicLit:
					if v, _ := strconv.Unquote(a.Value); !id.MatchString(v) {
						problems = append(problems, fmt.Sprintf("%s: engine.Illegal(%s, …) is not a rule id", fset.Position(a.Pos()), a.Value))
					}
				case *ast.Ident:
				default:
					problems = append(problems, fmt.Sprintf("%s: engine.Illegal's rule is neither a literal nor a variable; extend enginetest's scan",
						fset.Position(a.Pos())))
				}
			}
			return true
		})
	}
	return ids, calls, problems, nil
}

// catalogIllegal reports whether call is a catalogue's Illegal
// (catalog.Illegal("AG-T5", "error.place.first", …)): the rule first, then
// the literal id of an error message.
func catalogIllegal(call *ast.CallExpr) bool {
	if len(call.Args) < 2 {
		return false
	}
	lit, ok := call.Args[1].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return false
	}
	v, err := strconv.Unquote(lit.Value)
	return err == nil && strings.HasPrefix(v, "error.")
}

// RuleStatements checks g's catalogue of rule statements (issue 12: errors
// in French) against the rule ids its code refuses moves with
// (RuleIDsInSource) and its spec: every rule a refusal can carry is stated
// in both languages; every statement is of a rule of the spec and, unless
// r.StateAll (then every rule of the spec is stated), of one a refusal
// names; each statement is one sentence in each language, the French one
// is not the English one, and neither names a rule id. It returns the
// rule ids the code names.
func RuleStatements(t *testing.T, g engine.Game, r Rules) map[string]bool {
	t.Helper()
	if r.Prefix == "" || len(r.Spec) == 0 {
		t.Fatal("enginetest.Rules needs a Prefix and a Spec")
	}
	cat := catalogOf(t, g)
	type stmt struct{ EN, FR string }
	rules := map[string]stmt{}
	for _, id := range cat.RuleIDs() {
		rules[id] = stmt{cat.Rule(id, "en"), cat.Rule(id, "fr")}
	}
	used := RuleIDsInSource(t, r)
	for id := range used {
		if _, ok := rules[id]; !ok {
			t.Errorf("the code refuses moves with %s, which has no statement (rule.%s)", id, id)
		}
	}
	if r.StateAll {
		for _, id := range r.Spec {
			if _, ok := rules[id]; !ok {
				t.Errorf("rule %s of the spec has no statement", id)
			}
		}
	}
	for id, st := range rules {
		if !slices.Contains(r.Spec, id) {
			t.Errorf("statement of %q, which is not a rule id of the spec", id)
		}
		if !r.StateAll && !used[id] {
			t.Errorf("statement of %s, which no refusal names", id)
		}
		if st.EN == st.FR {
			t.Errorf("%s: the French statement is the English one", id)
		}
		for _, s := range []string{st.EN, st.FR} {
			if !strings.HasSuffix(s, ".") || strings.Contains(strings.TrimSuffix(s, "."), ". ") {
				t.Errorf("%s: %q is not one sentence", id, s)
			}
			if strings.Contains(s, r.Prefix) {
				t.Errorf("%s: %q names a rule id; a player states the rule itself", id, s)
			}
		}
	}
	return used
}

// catalogOf returns g's catalogue, failing t if it has none.
func catalogOf(t testing.TB, g engine.Game) *engine.Catalog {
	t.Helper()
	tx, ok := g.(engine.Texter)
	if !ok || tx.Texts() == nil {
		t.Fatalf("%s has no catalogue of texts (engine.Texter)", g.ID())
	}
	return tx.Texts()
}

// explained returns err's rule, and an error unless err is a rule error
// that cat explains in every language by the catalogue's refusal with the
// reason in that language, in English as the error itself, and in the
// pseudo-language with no word outside the catalogue.
func explained(cat *engine.Catalog, err error) (string, error) {
	var re *engine.RuleError
	if !errors.As(err, &re) {
		return "", fmt.Errorf("refused with %v, not a rule error", err)
	}
	if cat.Rule(re.Rule, "en") == "" {
		return re.Rule, fmt.Errorf("rule %s has no statement", re.Rule)
	}
	for _, lang := range cat.Langs() {
		if lang == i18n.Source {
			continue
		}
		reason := re.Message(lang)
		got := cat.Explain(err, lang)
		if want := engine.T(lang, "refusal", i18n.S("rule", re.Rule), i18n.S("reason", reason)); got != want {
			return re.Rule, fmt.Errorf("explained in %s as %q, want %q", lang, got, want)
		}
		if lang == i18n.Pseudo {
			if out := Unwrapped(got); out != "" {
				return re.Rule, fmt.Errorf("explanation %q holds words outside the catalogue: %q", got, out)
			}
		}
	}
	if en := cat.Explain(err, "en"); en != err.Error() {
		return re.Rule, fmt.Errorf("explained in English as %q, want the error %q", en, err)
	}
	return re.Rule, nil
}

// Explained fails t unless err, the refusal of what, is a *engine.RuleError
// that g's catalogue explains in French by its rule's statement alone (none
// of the English message) and in English by the error itself, and returns
// its rule. Rule tests call it on every refusal they expect.
func Explained(t testing.TB, g engine.Game, err error, what string) string {
	t.Helper()
	rule, bad := explained(catalogOf(t, g), err)
	if bad != nil {
		t.Fatalf("%s: %v", what, bad)
	}
	return rule
}

// Refusals tries, at positions of a game, moves the position does not list,
// and fails the test unless each is refused and explained in both
// languages (Explained). It counts the refusals by rule, so that a test can
// require every rule the code refuses with to have been met (Reached).
type Refusals struct {
	t     *testing.T
	cat   *engine.Catalog
	moves func(s engine.State, legal []engine.Move) []engine.Move
	seen  map[string]int

	legal, sorted []engine.Move
	scratch       engine.State
}

// NewRefusals returns a Refusals for g. moves returns the moves to try at
// s, whose legal moves are legal (it may append to nothing but a slice of
// its own); those of them that s lists are skipped.
func NewRefusals(t *testing.T, g engine.Game, moves func(s engine.State, legal []engine.Move) []engine.Move) *Refusals {
	t.Helper()
	return &Refusals{t: t, cat: catalogOf(t, g), moves: moves, seen: map[string]int{}}
}

// At tries the moves at s, which where names in failures: each one s does
// not list is applied to a copy of s and must be refused and explained.
// It returns s's legal moves, valid until the next call.
func (r *Refusals) At(s engine.State, where string) []engine.Move {
	r.t.Helper()
	r.legal = s.LegalMoves(r.legal[:0])
	r.sorted = append(r.sorted[:0], r.legal...)
	slices.Sort(r.sorted)
	cp, _ := s.(engine.Copier)
	for _, m := range r.moves(s, r.legal) {
		if _, ok := slices.BinarySearch(r.sorted, m); ok {
			continue
		}
		// a fresh copy for each move, so that a refusal that wrongly
		// changes the state cannot spoil the next one
		if cp == nil || r.scratch == nil || !cp.CopyInto(r.scratch) {
			r.scratch = s.Clone()
		}
		err := r.scratch.Apply(m, nil)
		if err == nil {
			r.t.Fatalf("%s, move %#x (%s): accepted but not listed", where, uint64(m), formatMove(s, m))
		}
		rule, bad := explained(r.cat, err)
		if bad != nil {
			r.t.Fatalf("%s, move %#x (%s): %v", where, uint64(m), formatMove(s, m), bad)
		}
		r.seen[rule]++
	}
	return r.legal
}

// formatMove writes m in s's notation, or says it cannot: a move that is
// no move may be beyond the notation, and a failure should still print.
func formatMove(s engine.State, m engine.Move) (txt string) {
	defer func() {
		if p := recover(); p != nil {
			txt = fmt.Sprintf("no notation: %v", p)
		}
	}()
	return s.FormatMove(m)
}

// Refused checks a refusal met outside a position (a refused setup from
// Game.New), which what names in failures, as At checks a refused move.
func (r *Refusals) Refused(err error, what string) {
	r.t.Helper()
	rule, bad := explained(r.cat, err)
	if bad != nil {
		r.t.Fatalf("%s: %v", what, bad)
	}
	r.seen[rule]++
}

// Play plays s to its end with moves drawn by rng from its legal list, and
// tries the moves (At) at every every-th decision and at the end, naming
// them "label, step N".
func (r *Refusals) Play(s engine.State, rng *engine.RNG, every int, label string) {
	r.t.Helper()
	var legal, buf []engine.Move
	for step := 0; ; step++ {
		if step%every == 0 || s.Over() {
			legal = r.At(s, fmt.Sprintf("%s, step %d", label, step))
		} else {
			buf = s.LegalMoves(buf[:0])
			legal = buf
		}
		if s.Over() {
			return
		}
		if err := s.Apply(legal[rng.Intn(len(legal))], nil); err != nil {
			r.t.Fatalf("%s, step %d: a listed move refused: %v", label, step, err)
		}
	}
}

// Reached fails the test unless refusals by every rule the game's code
// names (RuleIDsInSource) have been checked, but those of unreachable:
// rule ids no position reaches, each with the reason. Each of those must
// be one the code names and must have been met by no refusal, so that the
// list stays true.
func (r *Refusals) Reached(rules Rules, unreachable map[string]string) {
	r.t.Helper()
	r.t.Logf("refusals explained, by rule: %v", r.seen)
	used := RuleIDsInSource(r.t, rules)
	var missed []string
	for id := range used {
		if _, ok := unreachable[id]; !ok && r.seen[id] == 0 {
			missed = append(missed, id)
		}
	}
	sort.Strings(missed)
	if len(missed) > 0 {
		r.t.Errorf("no refused move carried %v (refusals by rule: %v)", missed, r.seen)
	}
	for id, why := range unreachable {
		if why == "" {
			r.t.Errorf("%s is left out with no reason", id)
		}
		if !used[id] {
			r.t.Errorf("%s is left out as unreachable, but the code refuses nothing with it", id)
		}
		if n := r.seen[id]; n > 0 {
			r.t.Errorf("%s is left out as unreachable (%s), but %d refusals carried it", id, why, n)
		}
	}
}
