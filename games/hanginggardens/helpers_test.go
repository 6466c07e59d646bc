package hanginggardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// newState sets up a game for tests.
func newState(t testing.TB, n int, seed uint64, opts engine.Options) *state {
	t.Helper()
	s, err := Game.New(n, seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*state)
}

// playRandom plays random moves until the game is over.
func playRandom(t testing.TB, s *state, seed uint64) int {
	t.Helper()
	rng := engine.NewRNG(seed)
	var buf []engine.Move
	n := 0
	for !s.Over() {
		buf = s.LegalMoves(buf[:0])
		if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}

func mustApply(t testing.TB, s *state, txt string) {
	t.Helper()
	m, err := s.ParseMove(txt)
	if err != nil {
		t.Fatalf("%s: %v", txt, err)
	}
	if err := s.Apply(m, nil); err != nil {
		t.Fatalf("%s: %v", txt, err)
	}
}

func wantRule(t testing.TB, s *state, txt, rule string) {
	t.Helper()
	m, err := s.ParseMove(txt)
	if err != nil {
		t.Fatalf("%s: %v", txt, err)
	}
	before := *s
	err = s.Apply(m, nil)
	if engine.RuleOf(err) != rule {
		t.Fatalf("%s: got %v, want rule %s", txt, err, rule)
	}
	if *s != before {
		t.Fatalf("%s: rejected move changed the state", txt)
	}
}

func card(id string) uint8 {
	for i, c := range comp.Cards {
		if c.ID == id {
			return uint8(i)
		}
	}
	panic("no card " + id)
}

func enhOf(id string) uint8 {
	for i, c := range comp.Enh {
		if c.ID == id {
			return uint8(i)
		}
	}
	panic("no enhancement " + id)
}
