package englishgardens

import (
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// EG-S9, with EG-S1 to EG-S7 and ruling E4: the deal follows the step
// order, players in seat order, every draw from the seeded generator. The
// expected deal is rebuilt here from the same generator: shuffled decks
// (EG-S2), removals from the top (EG-S3), 3 cards per hand in seat order
// (EG-S4), the display (EG-S5), 3 trophies per player into c1 c2 c3 left to
// right (EG-S6), the trophy display (EG-S7). A deal from an unshuffled deck,
// from the bottom, or in another order fails.
func TestEG_S9_DealOrder(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 5; seed++ {
			s := newState(t, n, seed, engine.Options{"first": "1"})
			rng := engine.NewRNG(seed)
			vill := []int8{0, 1, 2, 3, 4}
			engine.Shuffle(&rng, vill)
			land := make([]int8, numLand)
			for i := range land {
				land[i] = int8(i)
			}
			tro := make([]int8, numTrophy)
			for i := range tro {
				tro[i] = int8(i)
			}
			engine.Shuffle(&rng, land)
			engine.Shuffle(&rng, tro)
			top := func(d *[]int8) int8 {
				c := (*d)[len(*d)-1]
				*d = (*d)[:len(*d)-1]
				return c
			}
			for i := 0; i < removals[n][0]; i++ {
				if c := top(&land); s.removedLand[i] != c {
					t.Fatalf("%d players, seed %d: removed landscape card %d is %d, want %d (EG-S3)", n, seed, i, s.removedLand[i], c)
				}
			}
			for i := 0; i < removals[n][1]; i++ {
				if c := top(&tro); s.removedTro[i] != c {
					t.Fatalf("%d players, seed %d: removed trophy %d is %d, want %d (EG-S3)", n, seed, i, s.removedTro[i], c)
				}
			}
			for p := 0; p < n; p++ {
				if s.pl[p].village != vill[p] || !s.pl[p].villageUp {
					t.Errorf("%d players, seed %d: seat %d village %d, want %d face up (EG-S1)", n, seed, p, s.pl[p].village, vill[p])
				}
				for i := 0; i < 3; i++ {
					if c := top(&land); s.pl[p].hand[i] != c {
						t.Fatalf("%d players, seed %d: seat %d hand card %d is %d, want %d (EG-S4)", n, seed, p, i, s.pl[p].hand[i], c)
					}
				}
			}
			for i := 0; i < 3; i++ {
				if c := top(&land); s.landDisp[i] != c {
					t.Fatalf("%d players, seed %d: landscape display %d is %d, want %d (EG-S5)", n, seed, i, s.landDisp[i], c)
				}
			}
			for p := 0; p < n; p++ {
				for i := 0; i < 3; i++ {
					if c := top(&tro); s.pl[p].trophy[i] != c {
						t.Fatalf("%d players, seed %d: seat %d slot %s holds %d, want %d (EG-S6, E4)", n, seed, p, slotNames[i], s.pl[p].trophy[i], c)
					}
				}
			}
			for i := 0; i < 3; i++ {
				if c := top(&tro); s.troDisp[i] != c {
					t.Fatalf("%d players, seed %d: trophy display %d is %d, want %d (EG-S7)", n, seed, i, s.troDisp[i], c)
				}
			}
			if !slices.Equal(land, s.land.cards[:s.land.n]) || !slices.Equal(tro, s.tro.cards[:s.tro.n]) {
				t.Fatalf("%d players, seed %d: the decks left after the deal differ (EG-S2)", n, seed)
			}
		}
	}
	// EG-S2: the shuffle really depends on the seed.
	a, b := newState(t, 5, 1, nil), newState(t, 5, 2, nil)
	if a.land.cards == b.land.cards || a.tro.cards == b.tro.cards {
		t.Error("EG-S2: two seeds give the same deck order")
	}
}
