package hanginggardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// maxDecisions rests on the rules' count of turns and decisions per turn
// (docs/research.md); random games of every player count check both: the
// player's decisions happen in 4 × 3 × players turns (12 solo), each at
// most 5 decisions.
func TestMaxDecisionsDerivation(t *testing.T) {
	for n := 1; n <= 5; n++ {
		rng := engine.NewRNG(uint64(n))
		for seed := uint64(0); seed < 200; seed++ {
			st, err := Game.New(n, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			var moves []engine.Move
			decisions, inTurn, turns := 0, 0, 0
			for !s.Over() {
				round, turn := s.round, s.turn
				moves = s.LegalMoves(moves[:0])
				if err := s.Apply(moves[rng.Intn(len(moves))], nil); err != nil {
					t.Fatal(err)
				}
				decisions++
				if inTurn++; inTurn > 5 {
					t.Fatalf("%dp seed %d: a turn of more than 5 decisions", n, seed)
				}
				if s.round != round || s.turn != turn {
					inTurn = 0
					turns++
				}
			}
			if turns != 4*3*n || decisions > maxDecisions(n) {
				t.Fatalf("%dp seed %d: %d turns with decisions (want %d), %d decisions (maxDecisions %d)", n, seed, turns, 4*3*n, decisions, maxDecisions(n))
			}
		}
	}
}
