package alicesgarden

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// specIDs are the numbered rules, rulings and worked examples of the spec
// (shared/rules/alices-garden.md).
var specIDs = []string{
	"AG_S1", "AG_S2", "AG_S3", "AG_S4",
	"AG_T1", "AG_T2", "AG_T3", "AG_T4", "AG_T5", "AG_T5e", "AG_T6", "AG_T7", "AG_T8", "AG_T9", "AG_T10",
	"AG_E1", "AG_E2", "AG_E3", "AG_E4", "AG_E5",
	"AG_SO1", "AG_SO2", "AG_SO3", "AG_SO4", "AG_SO5",
	"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11",
	"WE1", "WE2", "WE3", "WE4", "WE5", "WE6", "WE7",
}

// TestEveryRuleHasATest: each spec id appears as a word of some test name.
func TestEveryRuleHasATest(t *testing.T) {
	files, _ := filepath.Glob("*_test.go")
	words := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Test") {
				continue
			}
			parts := strings.Split(strings.TrimPrefix(fn.Name.Name, "Test"), "_")
			for i := range parts {
				words[parts[i]] = true
				if i+1 < len(parts) {
					words[parts[i]+"_"+parts[i+1]] = true
				}
			}
		}
	}
	// T5 sub-rules (a)-(d) are the rows of TestRule_AG_T5_A3_Placement.
	for _, id := range specIDs {
		if !words[id] {
			t.Errorf("no test names %s", id)
		}
	}
}

// TestSpecIDsMatchTheSpec: when the specification sits beside the
// repository, specIDs lists every numbered rule, ruling and worked example it
// holds, so that a rule added to the spec cannot go untested unnoticed.
func TestSpecIDsMatchTheSpec(t *testing.T) {
	spec, err := os.ReadFile("../../../shared/rules/alices-garden.md")
	if err != nil {
		t.Skip("specification not found beside the repository:", err)
	}
	n := 0
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`\*\*(AG-[A-Z]+\d+)\.`),
		regexp.MustCompile(`\*\*(A\d+)\.\*\*`),
		regexp.MustCompile(`### (WE-\d+)\.`),
	} {
		for _, m := range re.FindAllSubmatch(spec, -1) {
			id := string(m[1])
			word := strings.ReplaceAll(id, "-", "_")
			if strings.HasPrefix(id, "WE-") {
				word = strings.ReplaceAll(id, "-", "")
			}
			if !slices.Contains(specIDs, word) {
				t.Errorf("spec id %s is missing from specIDs", id)
			}
			n++
		}
	}
	if n < 40 {
		t.Errorf("only %d ids found in the specification", n)
	}
}

// TestEveryRuleErrorIsTested: each rule id the package can reject a move
// with appears in a test, as the rule a rejection is expected to name.
func TestEveryRuleErrorIsTested(t *testing.T) {
	id := regexp.MustCompile(`"(AG-[A-Z]+\d+[a-e]?)"`)
	src, tests := map[string]bool{}, map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		into := src
		if strings.HasSuffix(f, "_test.go") {
			into = tests
		}
		for _, m := range id.FindAllSubmatch(b, -1) {
			into[string(m[1])] = true
		}
	}
	if len(src) < 10 {
		t.Fatalf("only %d rule ids in the source", len(src))
	}
	for r := range src {
		if !tests[r] {
			t.Errorf("rule error %s is not expected by any test", r)
		}
	}
}
