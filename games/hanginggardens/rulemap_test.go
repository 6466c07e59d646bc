package hanginggardens

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEveryRuleHasATest reads the specification (when shared/ is beside the
// repository) and checks that every numbered rule (HG-…), ruling (H…) and
// worked example (WE-…) is named by a test of this package.
func TestEveryRuleHasATest(t *testing.T) {
	spec, err := os.ReadFile("../../../shared/rules/hanging-gardens.md")
	if err != nil {
		t.Skip("specification not found beside the repository:", err)
	}
	ids := map[string]bool{}
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`\*\*(HG-[A-Z]+\d+)\.`),
		regexp.MustCompile(`\*\*(H\d+)\.\*\*`),
		regexp.MustCompile(`### (WE-\d+)\.`),
	} {
		for _, m := range re.FindAllSubmatch(spec, -1) {
			ids[string(m[1])] = true
		}
	}
	if len(ids) < 40 {
		t.Fatalf("only %d ids found in the specification", len(ids))
	}
	t.Logf("%d rule, ruling and example ids", len(ids))
	files, _ := filepath.Glob("*_test.go")
	var all strings.Builder
	for _, f := range files {
		b, _ := os.ReadFile(f)
		all.Write(b)
	}
	text := strings.ReplaceAll(all.String(), "_", "-")
	for id := range ids {
		re := regexp.MustCompile(regexp.QuoteMeta(id) + `[a-g]?([^0-9]|$)`)
		if !re.MatchString(text) {
			t.Errorf("%s has no test naming it", id)
		}
	}
}
