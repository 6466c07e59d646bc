package alicesgarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// greedyValue is the best (score, evaluation) the mover p can reach from s
// through their own consecutive decisions, as the project's greedy bot does.
func greedyValue(s engine.State, p, depth int) (int, float64) {
	if s.Over() || s.ToMove() != p || depth == 0 {
		return s.Score(p), s.(engine.Evaluator).Evaluate(p)
	}
	best, bestE := -1<<30, -1e18
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		if err := c.Apply(m, nil); err != nil {
			panic(err)
		}
		v, e := greedyValue(c, p, depth-1)
		if v > best || (v == best && e > bestE) {
			best, bestE = v, e
		}
	}
	return best, bestE
}

func greedyMove(s engine.State) engine.Move {
	p := s.ToMove()
	var bestM engine.Move
	best, bestE := -1<<30, -1e18
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Apply(m, nil)
		v, e := greedyValue(c, p, 2)
		if v > best || (v == best && e > bestE) {
			best, bestE, bestM = v, e, m
		}
	}
	return bestM
}

// TestGreedyBeatsRandom: the issue requires greedy (score gain, Evaluate to
// break ties) to beat random in at least 90% of 2-player games.
func TestGreedyBeatsRandom(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 20
	}
	wins := 0
	for g := 0; g < games; g++ {
		st, _ := Game.New(2, uint64(g), nil)
		rng := engine.NewRNG(uint64(g) + 100)
		greedySeat := g % 2
		var buf []engine.Move
		for !st.Over() {
			var m engine.Move
			if st.ToMove() == greedySeat {
				m = greedyMove(st.Determinize(greedySeat, uint64(g)))
			} else {
				buf = st.LegalMoves(buf[:0])
				m = buf[rng.Intn(len(buf))]
			}
			if err := st.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
		if st.Result().Players[greedySeat].Rank == 1 && st.Score(greedySeat) > st.Score(1-greedySeat) {
			wins++
		}
	}
	t.Logf("greedy won %d of %d games", wins, games)
	if wins*10 < games*9 {
		t.Errorf("greedy won %d of %d games, want at least 90%%", wins, games)
	}
}
