package englishgardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// maxDecisions rests on two facts of the rules (docs/research.md); random
// games of every player count check each: a turn is at most 5 decisions,
// and until the end is triggered every turn takes a card from a deck.
func TestMaxDecisionsDerivation(t *testing.T) {
	g := Game
	for n := 1; n <= maxPlayers; n++ {
		rng := engine.NewRNG(uint64(n))
		for seed := uint64(0); seed < 200; seed++ {
			st, err := g.New(n, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			var moves []engine.Move
			decisions, inTurn := 0, 0
			cards, triggered := 0, false // at the start of the turn
			for !s.Over() {
				if inTurn == 0 {
					cards, triggered = int(s.land.n)+int(s.tro.n), s.endTriggered
				}
				turns := s.turns
				moves = s.LegalMoves(moves[:0])
				if err := s.Apply(moves[rng.Intn(len(moves))], nil); err != nil {
					t.Fatal(err)
				}
				decisions++
				inTurn++
				if inTurn > 5 {
					t.Fatalf("%dp seed %d: turn %d takes more than 5 decisions", n, seed, turns)
				}
				if s.turns != turns {
					inTurn = 0
					if (n == 1 || !triggered) && int(s.land.n)+int(s.tro.n) >= cards && !s.Over() {
						t.Fatalf("%dp seed %d: turn %d took no card from a deck (%d before, %d after)", n, seed, turns, cards, int(s.land.n)+int(s.tro.n))
					}
				}
			}
			if decisions > maxDecisions(n) {
				t.Fatalf("%dp seed %d: %d decisions, more than maxDecisions %d", n, seed, decisions, maxDecisions(n))
			}
		}
	}
}
