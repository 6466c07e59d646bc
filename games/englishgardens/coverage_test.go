package englishgardens

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// specIDs are the numbered statements, rulings and worked examples of the
// specification (docs/english-gardens.md restates them).
func specIDs() []string {
	var ids []string
	add := func(prefix string, n int) {
		for i := 1; i <= n; i++ {
			ids = append(ids, fmt.Sprintf("%s%d", prefix, i))
		}
	}
	add("EG-S", 9)
	add("EG-T", 10)
	add("EG-E", 5)
	add("EG-SO", 7)
	add("E", 16)
	add("WE-", 5)
	return ids
}

// TestEveryRuleHasATest: every id is named by a test of this package, in a
// test name (EG_T6 for EG-T6) or in the comment or message of a test.
func TestEveryRuleHasATest(t *testing.T) {
	files, _ := filepath.Glob("*_test.go")
	var all strings.Builder
	for _, f := range files {
		if f == "coverage_test.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	text := strings.ReplaceAll(all.String(), "_", "-")
	for _, id := range specIDs() {
		// EG-T1 must not be satisfied by EG-T10, nor E1 by EG-E1 or E15.
		re := regexp.MustCompile(`(^|[^A-Za-z0-9-])` + regexp.QuoteMeta(id) + `([^0-9]|$)`)
		if !re.MatchString(text) {
			t.Errorf("%s has no test naming it", id)
		}
	}
}

// The documentation page starts with the embedded rules summary, so the two
// cannot drift apart.
func TestDocPageHoldsRulesSummary(t *testing.T) {
	page, err := os.ReadFile("../../docs/english-gardens.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(page), rulesMD) {
		t.Error("docs/english-gardens.md does not start with games/englishgardens/rules.md")
	}
}
