package englishgardens

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// TestRandomGameProperties plays 1,000 random games for each player count
// (5,000 in all, on top of TestConformance's 1,000) and checks, cheaply, on
// every decision:
//   - every legal move applies;
//   - near moves (every kind with small operands, every special 1 order)
//     are accepted exactly when listed; a rejected one names a rule and
//     leaves the state as it was. Every decision of one game in 50 tries
//     them all, the others a random handful;
//   - every game ends, and its result adds up;
//   - the record (seed and moves, through their notation) replays to the
//     same final state;
//   - once a game, View(p) and the drawing for p are byte-identical before
//     and after Determinize(p), for the player to move and a spectator;
//   - a clone is deep: playing on it leaves the original equal to a copy.
func TestRandomGameProperties(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	var near []engine.Move
	for k := uint8(mkTakeLand); k < mkLimit; k++ {
		for a := uint8(0); a <= 6; a++ {
			for b := uint8(0); b <= 9; b++ {
				near = append(near, move{k, a, b}.pack())
			}
		}
	}
	for a := uint8(0); a <= 1; a++ {
		for b := 10; b < 64; b++ {
			near = append(near, move{mkRefresh, a, uint8(b)}.pack())
		}
	}
	total := 0
	var legal []engine.Move
	var few [3]engine.Move
	for n := 1; n <= 5; n++ {
		for g := 0; g < games; g++ {
			seed := uint64(n*100000 + g)
			s := newState(t, n, seed, nil)
			rng := engine.NewRNG(seed)
			full := g%50 == 0
			var moves []string
			probe := rng.Intn(40)
			for k := 0; !s.Over(); k++ {
				if k > 2000 {
					t.Fatalf("%d players, seed %d: no end after %d moves", n, seed, k)
				}
				legal = s.LegalMoves(legal[:0])
				cands := near
				if !full {
					few = [3]engine.Move{near[rng.Intn(len(near))], near[rng.Intn(len(near))], engine.Move(rng.Uint64())}
					cands = few[:]
				}
				for _, m := range cands {
					c := *s
					err := c.Apply(m, nil)
					if in := slices.Contains(legal, m); in != (err == nil) {
						t.Fatalf("%d players, seed %d, move %d: %q listed %v, Apply error %v", n, seed, k, s.FormatMove(m), in, err)
					}
					if err != nil && (engine.RuleOf(err) == "" || c != *s) {
						t.Fatalf("%d players, seed %d, move %d: %q rejected by %v: no rule, or the state changed", n, seed, k, s.FormatMove(m), err)
					}
				}
				if k == probe {
					for _, p := range []int{s.ToMove(), engine.Spectator} {
						d := s.Determinize(p, seed).(*state)
						before, _ := json.Marshal(s.View(p))
						after, _ := json.Marshal(d.View(p))
						if string(before) != string(after) {
							t.Fatalf("%d players, seed %d, move %d: View(%d) changed by Determinize", n, seed, k, p)
						}
						// The terminal drawing shows no more than the view.
						if s.Draw(p, engine.Style{}) != d.Draw(p, engine.Style{}) {
							t.Fatalf("%d players, seed %d, move %d: Draw(%d) changed by Determinize", n, seed, k, p)
						}
					}
					orig := *s
					cl := s.Clone()
					if err := cl.Apply(legal[0], nil); err != nil {
						t.Fatal(err)
					}
					if orig != *s {
						t.Fatalf("%d players, seed %d: playing on a clone changed the original", n, seed)
					}
				}
				m := legal[rng.Intn(len(legal))]
				moves = append(moves, s.FormatMove(m))
				if err := s.Apply(m, nil); err != nil {
					t.Fatalf("%d players, seed %d, move %d: legal move %q rejected: %v", n, seed, k, moves[len(moves)-1], err)
				}
			}
			r := s.Result()
			for i, pr := range r.Players {
				sum := 0
				for _, v := range pr.Points {
					sum += v
				}
				if !r.Final || sum != pr.Total || pr.Total != s.Score(i) {
					t.Fatalf("%d players, seed %d: result %+v does not add up", n, seed, pr)
				}
			}
			re := newState(t, n, seed, nil)
			for _, txt := range moves {
				m, err := re.ParseMove(txt)
				if err == nil {
					err = re.Apply(m, nil)
				}
				if err != nil {
					t.Fatalf("%d players, seed %d: replay of %q: %v", n, seed, txt, err)
				}
			}
			if *re != *s {
				t.Fatalf("%d players, seed %d: the replayed game differs", n, seed)
			}
			total++
		}
	}
	if total < 5*games {
		t.Fatalf("%d games played", total)
	}
}
