package coach

import (
	"strings"
	"testing"
)

// A loss known exactly (no chance left to play out: an error of 0.0) is
// said without "give or take 0.0"; an uncertain one with its margin.
func TestExplainMargin(t *testing.T) {
	r := &Report{}
	margin := map[string]string{"en": "give or take", "fr": "près", "de": "plus/minus"}
	for lang, w := range margin {
		exact := r.Explain(Decision{Step: 3, Loss: 2, Error: 0.04}, lang)
		if strings.Contains(exact, w) || strings.Contains(exact, "{") || !strings.Contains(exact, "3") {
			t.Errorf("%s, error 0.04: %q", lang, exact)
		}
		unsure := r.Explain(Decision{Step: 3, Loss: 2, Error: 1.5}, lang)
		if !strings.Contains(unsure, w) || !strings.Contains(unsure, Points(1.5, lang)) {
			t.Errorf("%s, error 1.5: %q", lang, unsure)
		}
	}
}
