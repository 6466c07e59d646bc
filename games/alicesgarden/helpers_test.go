package alicesgarden

import (
	"errors"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// newState starts a game with the first player fixed to seat 1.
func newState(t *testing.T, n int, opts engine.Options) *state {
	t.Helper()
	o := engine.Options{}
	if n > 1 {
		o["first"] = "1"
	}
	for k, v := range opts {
		o[k] = v
	}
	st, err := Game.New(n, 42, o)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// sq is the square index of 1-based (row, col).
func sq(r, c int) int { return (r-1)*cols + c - 1 }

// setGrid fills board b from 6 rows of 8 characters (icon letters, '.' free).
func setGrid(t *testing.T, b *board, grid [rows]string) {
	t.Helper()
	*b = board{}
	for r, line := range grid {
		if len(line) != cols {
			t.Fatalf("row %d: %q", r+1, line)
		}
		for c := 0; c < cols; c++ {
			if line[c] == '.' {
				continue
			}
			ic, ok := iconOf(line[c])
			if !ok {
				t.Fatalf("bad icon %q", line[c])
			}
			b.icon[ic] |= 1 << (r*cols + c)
			b.occ |= 1 << (r*cols + c)
			b.cell[r*cols+c] = 1
		}
	}
}

// fillExcept covers every square with plain grass except the given ones.
func fillExcept(b *board, free ...int) {
	*b = board{}
	b.occ = full
	b.icon[iconGrass] = full
	for _, f := range free {
		b.occ &^= 1 << f
		b.icon[iconGrass] &^= 1 << f
	}
}

func mustApply(t *testing.T, s *state, move string) {
	t.Helper()
	m, err := s.ParseMove(move)
	if err != nil {
		t.Fatalf("parse %q: %v", move, err)
	}
	if err := s.Apply(m, nil); err != nil {
		t.Fatalf("apply %q: %v", move, err)
	}
}

// wantIllegal checks that move is rejected with rule and changes nothing.
func wantIllegal(t *testing.T, s *state, move, rule string) {
	t.Helper()
	m, err := s.ParseMove(move)
	if err != nil {
		t.Fatalf("parse %q: %v", move, err)
	}
	before := *s
	err = s.Apply(m, nil)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%q: want rule %s, got %v", move, rule, err)
	}
	if re.Rule != rule {
		t.Fatalf("%q: want rule %s, got %s (%s)", move, rule, re.Rule, re.Message("en"))
	}
	enginetest.Explained(t, Game, err, move)
	if before != *s {
		t.Fatalf("%q: rejected move changed the state", move)
	}
}

func legalStrings(s *state) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

func hasLegal(s *state, move string) bool {
	for _, x := range legalStrings(s) {
		if x == move {
			return true
		}
	}
	return false
}

// playFirstLegal plays the first legal move.
func playFirstLegal(t *testing.T, s *state) {
	t.Helper()
	m := s.LegalMoves(nil)[0]
	if err := s.Apply(m, nil); err != nil {
		t.Fatal(err)
	}
}

func tid(t *testing.T, id string) uint8 {
	t.Helper()
	i, ok := tileByID(id)
	if !ok {
		t.Fatalf("no tile %s", id)
	}
	return uint8(i)
}

// setSupply replaces the supply.
func setSupply(s *state, ts ...uint8) {
	s.supply = [8]uint8{}
	s.supplyN = 0
	for _, x := range ts {
		s.addSupply(x)
	}
}
