package bots

import (
	"strings"
	"testing"
)

// Parameters that are not finite numbers are refused when the bot is made,
// not met later as a panic in the search.
func TestParseISMCTSRejectsNonFinite(t *testing.T) {
	for _, kind := range []string{
		"ismcts:cNaN", "ismcts:cnan", "ismcts:cInf", "ismcts:c+Inf", "ismcts:c1e400",
		"ismcts:wNaN", "ismcts:wInf", "ismcts:xNaN", "ismcts:xInf", "ismcts:x-Inf", "ismcts:c-1",
	} {
		if _, err := New(kind, 1); err == nil || !strings.Contains(err.Error(), strings.ToLower(kind)) {
			t.Errorf("%s: %v, want an error naming the bot", kind, err)
		}
	}
	for _, kind := range []string{"ismcts:c0", "ismcts:c1.5", "ismcts:w0.5", "ismcts:w3", "ismcts:x0", "ismcts:x1"} {
		if _, err := New(kind, 1); err != nil {
			t.Errorf("%s: %v", kind, err)
		}
	}
}
