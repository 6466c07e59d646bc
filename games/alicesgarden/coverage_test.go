package alicesgarden

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
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
