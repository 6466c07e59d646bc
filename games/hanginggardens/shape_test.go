package hanginggardens

import "testing"

func TestRule_HG_T1_E1_FinishedGardensAre543(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 20; seed++ {
			s := newState(t, n, seed, nil)
			playRandom(t, s, seed)
			for p := 0; p < n; p++ {
				pl := &s.pl[p]
				if pl.NCards != 12 || pl.N1 != 5 {
					t.Fatalf("%dp seed %d player %d: %d cards, %d on floor 1", n, seed, p, pl.NCards, pl.N1)
				}
				for i := 0; i < nPos; i++ {
					if pl.Cards[i] == 0 {
						t.Fatalf("position %s empty", posNames[i])
					}
				}
			}
		}
	}
}
