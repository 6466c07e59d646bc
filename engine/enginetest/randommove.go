package enginetest

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// drawsPerMove is how many draws per legal move the uniformity check makes
// at a position: a move drawn twice as often as it should be then stands
// 10 standard deviations out, one drawn 1.3 times as often 3.
const drawsPerMove = 100

// legalDraws is how many more draws every decision checks for legality: a
// rare illegal candidate let through (a tile with no place in the garden)
// is drawn now and then only.
const legalDraws = 16

// RandomMoves checks g's engine.RandomMover, for games whose states offer
// it (it reports false, having checked nothing, for the others). It plays
// cfg.Games random games, the moves picked from LegalMoves so that the
// positions do not depend on the hook under test, and at every decision:
//   - RandomMove reports ok and returns a move LegalMoves lists (checked
//     on 1+legalDraws draws), and it reports not ok once the game is over;
//   - the state is unchanged after it (reflect.DeepEqual with a clone);
//
// and at one decision in four it draws drawsPerMove times the number of
// legal moves and checks that the draws are uniform over LegalMoves:
// every legal move drawn, and Pearson's chi-squared statistic within 6
// standard deviations (Wilson–Hilferty) at each position and within 4 over
// all the positions of the run together (a small bias everywhere adds up
// there). The draws come from seeded generators, so the verdict is the
// same on every run.
func RandomMoves(t *testing.T, g engine.Game, cfg Config) bool {
	t.Helper()
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 100000
	}
	probe, err := g.New(cfg.Players, cfg.Seed, cfg.Options)
	if err != nil {
		t.Fatalf("%s: new game: %v", g.ID(), err)
	}
	if _, ok := probe.(engine.RandomMover); !ok {
		return false
	}
	var chi, dof float64
	positions := 0
	for i := 0; i < cfg.Games; i++ {
		seed := cfg.Seed + uint64(i)
		c, k, n, err := randomMovesOne(g, cfg, seed)
		if err != nil {
			t.Fatalf("%s, %d players, seed %d: %v", g.ID(), cfg.Players, seed, err)
		}
		chi, dof, positions = chi+c, dof+k, positions+n
	}
	if dof > 0 {
		z := wilsonHilferty(chi, dof)
		t.Logf("%s, %d players: %d positions tested for uniformity, chi-squared %.0f on %.0f degrees of freedom (z %.2f)",
			g.ID(), cfg.Players, positions, chi, dof, z)
		if z > 4 {
			t.Errorf("%s, %d players: RandomMove is not uniform over the legal moves: chi-squared %.0f on %.0f degrees of freedom over %d positions (z %.2f)",
				g.ID(), cfg.Players, chi, dof, positions, z)
		}
	}
	return true
}

// randomMovesOne plays one game of RandomMoves and returns the sum of its
// positions' chi-squared statistics, their degrees of freedom and how many
// positions were tested for uniformity.
func randomMovesOne(g engine.Game, cfg Config, seed uint64) (chi, dof float64, positions int, err error) {
	s, err := g.New(cfg.Players, seed, cfg.Options)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("new game: %w", err)
	}
	rm := s.(engine.RandomMover)
	play := engine.NewRNG(seed ^ 0x9a4d)
	draw := engine.NewRNG(seed ^ 0xd4a3)
	var legal, scratch []engine.Move
	count := map[engine.Move]int{}
	for n := 0; ; n++ {
		if n > cfg.MaxMoves {
			return 0, 0, 0, fmt.Errorf("game did not end after %d moves", cfg.MaxMoves)
		}
		legal = s.LegalMoves(legal[:0])
		before := s.Clone()
		m, sc, ok := rm.RandomMove(&draw, scratch)
		scratch = sc
		if !reflect.DeepEqual(before, s) {
			return 0, 0, 0, fmt.Errorf("move %d: RandomMove changed the state", n)
		}
		if len(legal) == 0 {
			if ok {
				return 0, 0, 0, fmt.Errorf("move %d: the game is over but RandomMove returned %#x", n, uint64(m))
			}
			return chi, dof, positions, nil
		}
		if !ok {
			return 0, 0, 0, fmt.Errorf("move %d: RandomMove found no move among %d legal ones", n, len(legal))
		}
		for k := 0; ; k++ {
			if !slices.Contains(legal, m) {
				return 0, 0, 0, fmt.Errorf("move %d: RandomMove returned %#x, not a legal move", n, uint64(m))
			}
			if k == legalDraws {
				break
			}
			m, scratch, _ = rm.RandomMove(&draw, scratch)
		}
		if len(legal) > 1 && play.Intn(4) == 0 {
			clear(count)
			draws := drawsPerMove * len(legal)
			for range draws {
				m, scratch, ok = rm.RandomMove(&draw, scratch)
				if !ok || !slices.Contains(legal, m) {
					return 0, 0, 0, fmt.Errorf("move %d: RandomMove returned %#x (ok %t), not a legal move", n, uint64(m), ok)
				}
				count[m]++
			}
			x := 0.0
			for _, l := range legal {
				if count[l] == 0 {
					return 0, 0, 0, fmt.Errorf("move %d: %q never drawn in %d draws among %d legal moves", n, s.FormatMove(l), draws, len(legal))
				}
				d := float64(count[l]) - drawsPerMove
				x += d * d / drawsPerMove
			}
			k := float64(len(legal) - 1)
			if z := wilsonHilferty(x, k); z > 6 {
				return 0, 0, 0, fmt.Errorf("move %d: draws not uniform over %d legal moves: chi-squared %.1f on %.0f degrees of freedom (z %.1f)",
					n, len(legal), x, k, z)
			}
			chi, dof, positions = chi+x, dof+k, positions+1
		}
		if err := s.Apply(legal[play.Intn(len(legal))], nil); err != nil {
			return 0, 0, 0, fmt.Errorf("move %d: legal move rejected: %w", n, err)
		}
	}
}

// wilsonHilferty turns a chi-squared statistic x on k degrees of freedom
// into an approximately standard normal deviate (Wilson and Hilferty,
// 1931): (x/k)^(1/3) is nearly normal with mean 1 − 2/(9k) and variance
// 2/(9k).
func wilsonHilferty(x, k float64) float64 {
	v := 2 / (9 * k)
	return (math.Cbrt(x/k) - (1 - v)) / math.Sqrt(v)
}
