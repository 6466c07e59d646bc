package alicesgarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

func TestConformance(t *testing.T) {
	games := map[int]int{1: 300, 2: 300, 3: 250, 4: 200}
	for n := 1; n <= 4; n++ {
		t.Run(string(rune('0'+n))+"p", func(t *testing.T) {
			enginetest.Run(t, Game, enginetest.Config{Players: n, Games: games[n], Seed: 1})
		})
	}
}

func TestConformance_SideB(t *testing.T) {
	for n := 1; n <= 4; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: 30, Seed: 1000, Options: engine.Options{"side": "B"}})
	}
}

func TestConformance_Deep(t *testing.T) {
	for n := 1; n <= 4; n++ {
		enginetest.Run(t, Game, enginetest.Config{Players: n, Games: 5, Seed: 77, Deep: true})
	}
}

// TestEveryEncodingLegalIffListed: over random positions, every 12-bit move
// encoding (and a few with high bits) is accepted exactly when it is in the
// legal list, and a rejected one names a rule and changes nothing.
func TestEveryEncodingLegalIffListed(t *testing.T) {
	for n := 1; n <= 4; n++ {
		st, _ := Game.New(n, uint64(n)*7, nil)
		s := st.(*state)
		rng := engine.NewRNG(uint64(n))
		for step := 0; !s.Over(); step++ {
			legal := map[engine.Move]bool{}
			for _, m := range s.LegalMoves(nil) {
				legal[m] = true
			}
			if step%3 == 0 {
				for m := engine.Move(0); m < 1<<12; m++ {
					c := *s
					err := c.Apply(m, nil)
					if legal[m] != (err == nil) {
						t.Fatalf("%dp step %d: move %#x (%s) legal=%v, Apply error %v", n, step, uint64(m), s.FormatMove(m), legal[m], err)
					}
					if err != nil && (engine.RuleOf(err) == "" || c != *s) {
						t.Fatalf("%dp step %d: move %#x rejected badly: %v", n, step, uint64(m), err)
					}
				}
				for _, m := range []engine.Move{1 << 12, 1<<40 | 1, ^engine.Move(0)} {
					c := *s
					if c.Apply(m, nil) == nil {
						t.Fatalf("move %#x accepted", uint64(m))
					}
				}
			}
			ms := s.LegalMoves(nil)
			if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
}
