//go:build !postgres

package main

import (
	"strings"
	"testing"
)

// The default build has no PostgreSQL driver: asking for one says how to
// build a jardin that has it, rather than treating the URL as a file name.
func TestNoPostgresSaysHowToBuildIt(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--addr", "127.0.0.1:0", "--db", "postgres://jardin@localhost/jardin"},
		{"check", "--db", "postgresql://jardin@localhost/jardin"},
	} {
		code, _, errs := jardin(t, "", args...)
		if code != 2 || !strings.Contains(errs, "-tags postgres") {
			t.Errorf("jardin %v: %d %q, want 2 and how to build with PostgreSQL", args, code, errs)
		}
	}
}
