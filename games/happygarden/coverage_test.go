package happygarden

import (
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every numbered rule, ruling and worked example of the spec names at least
// one test (the id with "-" written "_" in the test's name, e.g.
// TestRule_HP_T5_X8_WormToken covers HP-T5 and HP-X8).
func TestEveryRuleHasATest(t *testing.T) {
	var ids []string
	add := func(prefix string, n int) {
		for i := 1; i <= n; i++ {
			ids = append(ids, fmt.Sprintf("%s%d", prefix, i))
		}
	}
	add("HP-S", 9)
	add("HP-T", 28)
	add("HP-E", 3)
	add("P", 13)
	add("HP-X", 17)
	files, _ := filepath.Glob("*_test.go")
	var tests []string
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Scope.Objects {
			if strings.HasPrefix(d.Name, "Test") {
				tests = append(tests, d.Name)
			}
		}
	}
	for _, id := range ids {
		short := strings.TrimPrefix(id, "HP-")
		// HP-X8 appears as "_X8" after another HP id; P5 as "_P5".
		re := regexp.MustCompile(`_(HP_)?` + short + `(_|$)`)
		found := false
		for _, name := range tests {
			if re.MatchString(name) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no test names %s", id)
		}
	}
}
