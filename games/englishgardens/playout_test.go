package englishgardens

import (
	"math/rand/v2"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// TestEvaluatePlayoutMove checks, at every turn's start of random games,
// that a take is valued as the mover's best Evaluate after the move that
// completes it, played on a copy: for a landscape card its best placement,
// or a discard (the village unchanged); for a trophy its best slot. And
// that the state is exactly as before once the valuation returns.
func TestEvaluatePlayoutMove(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		players := 2 + int(seed%3)
		s := newState(t, players, seed, nil)
		r := rand.New(rand.NewPCG(seed, 7))
		takes := 0
		for !s.Over() {
			moves := s.LegalMoves(nil)
			if s.phase == phStart || s.phase == phAfterRefresh {
				for _, m := range moves {
					mv, _ := unpack(m)
					if mv.kind != mkTakeLand && mv.kind != mkTakeTrophy {
						continue
					}
					before := *s
					got, ok := s.EvaluatePlayoutMove(m, nil)
					if *s != before {
						t.Fatalf("seed %d: valuing %v changed the state", seed, m)
					}
					if want := completed(t, s, m); !ok || got != want {
						t.Fatalf("seed %d: take %+v valued %v (%v), its best completion %v", seed, mv, got, ok, want)
					}
					takes++
				}
			}
			if err := s.Apply(moves[r.IntN(len(moves))], nil); err != nil {
				t.Fatal(err)
			}
		}
		if takes == 0 {
			t.Fatalf("seed %d: no take valued", seed)
		}
	}
}

// completed is the mover's best Evaluate, on copies, after m and one
// move completing it (the card taken placed, or any discard; the trophy
// put).
func completed(t *testing.T, s *state, m engine.Move) float64 {
	t.Helper()
	p := s.ToMove()
	after := s.Clone().(*state)
	if err := after.Apply(m, nil); err != nil {
		t.Fatal(err)
	}
	taken := uint8(after.pl[p].handN - 1)
	best, found := 0.0, false
	for _, next := range after.LegalMoves(nil) {
		mv, _ := unpack(next)
		if mv.kind == mkPlace && mv.a != taken {
			continue
		}
		d := after.Clone()
		if err := d.Apply(next, nil); err != nil {
			t.Fatal(err)
		}
		if v := d.(engine.Evaluator).Evaluate(p); !found || v > best {
			best, found = v, true
		}
	}
	return best
}
