package hanginggardens

import (
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Property test over random games of 1-5 players: the box is conserved
// (20 gold, 30 tools, 75 garden cards, 25 enhancements, HG-S9, H1), every
// player ends with 12 cards in the 5/4/3 shape (HG-T1), gardeners and
// markers never exceed 3 and 4 (HG-S7), and objectives never hold more
// markers than their places (HG-T9b).
func TestRule_HG_S9_T1_T9b_BoxIsConserved(t *testing.T) {
	for n := 1; n <= 5; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			for seed := uint64(1); seed <= 40; seed++ {
				s := newState(t, n, seed, nil)
				rng := engine.NewRNG(seed * 7)
				var buf []engine.Move
				for {
					checkBox(t, s)
					if s.Over() {
						break
					}
					buf = s.LegalMoves(buf[:0])
					if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
						t.Fatal(err)
					}
				}
				for p := 0; p < n; p++ {
					pl := &s.pl[p]
					if pl.NCards != 12 || pl.N1 != 5 {
						t.Fatalf("seed %d: player %d ends with %d cards, %d on floor 1", seed, p, pl.NCards, pl.N1)
					}
					for i := 0; i < nPos; i++ {
						if pl.Cards[i] == 0 {
							t.Fatalf("seed %d: player %d has no card at %s", seed, p, posNames[i])
						}
					}
				}
			}
		})
	}
}

func checkBox(t *testing.T, s *state) {
	t.Helper()
	gold, tools, cards, enh := int(s.stockGold), int(s.stockTools), int(s.deckLen)+int(s.discardN), int(s.enhDiscardN)
	if s.pendCard != 0 {
		cards++
	}
	if s.pendPile >= 0 {
		enh++
	}
	for c := 0; c < 3; c++ {
		for r := 0; r < 4; r++ {
			if s.market[c][r] != 0 {
				cards++
			}
		}
		if s.colN[c] > s.spaces() {
			t.Fatalf("column %d holds %d gardeners for %d spaces", c+1, s.colN[c], s.spaces())
		}
	}
	for k := 0; k < 3; k++ {
		enh += int(s.pileLen[k])
	}
	for p := 0; p < int(s.n); p++ {
		pl := &s.pl[p]
		gold += int(pl.Gold)
		tools += int(pl.Tools)
		for i := 0; i < nPos; i++ {
			if pl.Cards[i] != 0 {
				cards++
			}
			if pl.Enh[i] != 0 {
				enh++
			}
		}
		if pl.Gardeners > 3 {
			t.Fatalf("player %d has %d gardeners", p, pl.Gardeners)
		}
	}
	for k := 0; k < 4; k++ {
		if int(s.markN[k]) > comp.Places[s.n] {
			t.Fatalf("objective %d holds %d markers", k+1, s.markN[k])
		}
	}
	if gold != comp.StockGold || tools != comp.StockTools || cards != len(comp.Deck) || enh != len(comp.Enh) {
		t.Fatalf("box not conserved: %d gold, %d tools, %d cards, %d enhancements", gold, tools, cards, enh)
	}
}
