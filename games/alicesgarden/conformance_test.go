package alicesgarden

import (
	"math/bits"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

func TestConformance(t *testing.T) {
	// fewer games than before issue 12: the shared-table checks (views for
	// outsiders, descriptions of every placement, replays in other worlds)
	// cost several times a plain decision
	games := map[int]int{1: 200, 2: 200, 3: 150, 4: 120}
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

// TestTileConservation: over random games for 1-4 players, every large tile
// is in a bag, the supply, the solo draw, a hand, a board or out of play, and
// every bonus tile in the bonus bag, held or placed; icons cover exactly the
// occupied squares; no bonus tile stays unplaced while its owner has a free
// square at the end (AG-E2).
func TestTileConservation(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for g := 0; g < 50; g++ {
			st, _ := Game.New(n, uint64(g), nil)
			s := st.(*state)
			rng := engine.NewRNG(uint64(g))
			for !s.Over() {
				ms := s.LegalMoves(nil)
				if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
					t.Fatal(err)
				}
				tot := int(s.supplyN) + int(s.drawnN) + int(s.discardN)
				if s.held >= 0 {
					tot++
				}
				for b := 0; b < nShapes; b++ {
					tot += int(s.bagN[b])
				}
				bon := int(s.bonusN)
				for p := 0; p < n; p++ {
					tot += int(s.b[p].tiles)
					bon += int(s.b[p].heldN)
					placedB := 0
					for _, c := range s.b[p].cell {
						if c >= cellBonus {
							placedB++
						}
					}
					bon += placedB
					if bits.OnesCount64(s.b[p].occ) != 4*int(s.b[p].tiles)+placedB {
						t.Fatalf("occ mismatch")
					}
					var u uint64
					for ic := 0; ic < nIcons; ic++ {
						if u&s.b[p].icon[ic] != 0 {
							t.Fatal("icon overlap")
						}
						u |= s.b[p].icon[ic]
					}
					if u != s.b[p].occ {
						t.Fatal("icons != occ")
					}
				}
				if tot != 65 || bon != 30 {
					t.Fatalf("%dp g%d: tiles %d bonus %d", n, g, tot, bon)
				}
			}
			for p := 0; p < n; p++ {
				if s.b[p].heldN > 0 && s.b[p].occ != full {
					t.Fatalf("unplaced with free squares")
				}
			}
		}
	}
}
