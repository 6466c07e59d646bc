package englishgardens

import (
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Score reads the points putLand and putTrophy keep (player.pts): at every
// decision of random games, for every seat and after a Determinize, it
// equals the score pad counted from the village.
func TestScoreKeptEqualsCounted(t *testing.T) {
	rng := engine.NewRNG(7)
	var buf []engine.Move
	for players := 1; players <= maxPlayers; players++ {
		for g := 0; g < 100; g++ {
			s := newState(t, players, uint64(1000*players+g), nil)
			for step := 0; ; step++ {
				for p := 0; p < players; p++ {
					var pts [8]int
					if got, want := s.Score(p), s.g.c.breakdown(&s.pl[p], &pts); got != want {
						t.Fatalf("%d players, game %d, step %d, seat %d: Score %d, counted %d", players, g, step, p, got, want)
					}
					// The kept line counters (tops and filled, empty
					// cells added) are the counted ones.
					for sl := 0; sl < 6; sl++ {
						v := s.pl[p].tops[sl]
						for k := 3 - int(s.pl[p].filled[sl]); k > 0; k-- {
							v.add(&s.g.c.packed[numLand])
						}
						var want packedVec
						for _, i := range lines[sl] {
							top := s.pl[p].land[i].top()
							if top < 0 {
								top = numLand
							}
							want.add(&s.g.c.packed[top])
						}
						if v != want {
							t.Fatalf("%d players, game %d, step %d, seat %d, line %d: kept counters %x, counted %x", players, g, step, p, sl, v, want)
						}
					}
					if step%10 == 0 {
						d := s.Determinize(p, uint64(step)).(*state)
						var dp [8]int
						if got, want := d.Score(p), d.g.c.breakdown(&d.pl[p], &dp); got != want {
							t.Fatalf("determinized: Score %d, counted %d", got, want)
						}
					}
				}
				if s.Over() {
					break
				}
				buf = s.LegalMoves(buf[:0])
				if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// EvaluateMove gives, for every legal move of every decision of random
// games, exactly the mover's Evaluate after applying the move to a copy,
// and does not panic on moves that are not legal (which it need not refuse).
func TestEvaluateMoveEqualsApply(t *testing.T) {
	rng := engine.NewRNG(8)
	var buf []engine.Move
	near := []engine.Move{0, move{kind: mkLimit}.pack()}
	for k := uint8(mkTakeLand); k < mkLimit; k++ {
		for a := uint8(0); a <= 6; a++ {
			for b := uint8(0); b <= 9; b++ {
				near = append(near, move{k, a, b}.pack())
			}
		}
	}
	for players := 1; players <= maxPlayers; players++ {
		for g := 0; g < 60; g++ {
			s := newState(t, players, uint64(2000*players+g), nil)
			for step := 0; !s.Over(); step++ {
				buf = s.LegalMoves(buf[:0])
				tries := buf
				if step%7 == 0 {
					tries = append(append([]engine.Move(nil), buf...), near...)
				}
				mover := s.ToMove()
				for _, m := range tries {
					got, ok := s.EvaluateMove(m)
					c := s.Clone()
					err := c.Apply(m, nil)
					if err != nil {
						// Not legal: EvaluateMove need not tell, but must
						// not panic either (it ran above).
						continue
					}
					if !ok {
						t.Fatalf("%d players, game %d, step %d, move %s: EvaluateMove refused a legal move", players, g, step, s.FormatMove(m))
					}
					if want := c.(*state).Evaluate(mover); got != want {
						t.Fatalf("%d players, game %d, step %d, move %s: EvaluateMove %v, Evaluate after Apply %v", players, g, step, s.FormatMove(m), got, want)
					}
				}
				if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// fastScore (packed counters, the kept score's) agrees with score (the
// score pad's) for every trophy on 20,000 random lines, empty cells
// included.
func TestFastScore(t *testing.T) {
	c := Game.(*game).c
	rng := engine.NewRNG(9)
	for n := 0; n < 20000; n++ {
		var p player
		var v packedVec
		for _, i := range lines[0] {
			top := int8(numLand)
			if rng.Intn(4) > 0 {
				top = int8(rng.Intn(numLand))
				p.land[i].stack[0], p.land[i].h = top, 1
			}
			for k := range v {
				v[k] += c.packed[top][k]
			}
		}
		ref := c.lineVector(&p, 0)
		for k := range ref {
			if got := v.get(k); got != int(ref[k]) {
				t.Fatalf("line %d, counter %d: packed %d, counted %d", n, k, got, ref[k])
			}
		}
		for i := range c.trophies {
			tr := &c.trophies[i]
			if got, want := tr.fastScore(&v), tr.score(&ref); got != want {
				t.Fatalf("line %d, trophy %d: fastScore %d, score %d", n, i+1, got, want)
			}
		}
	}
}

// DeterminizeInto writes exactly what Determinize returns, whatever dst
// held before (here a position of another game, of other player counts).
func TestDeterminizeIntoEqualsDeterminize(t *testing.T) {
	rng := engine.NewRNG(10)
	var buf []engine.Move
	dst := newState(t, 5, 99, nil)
	for players := 1; players <= maxPlayers; players++ {
		s := newState(t, players, uint64(3000+players), nil)
		for step := 0; !s.Over(); step++ {
			for _, viewer := range []int{s.ToMove(), engine.Spectator} {
				want := s.Determinize(viewer, uint64(step))
				if !s.DeterminizeInto(dst, viewer, uint64(step)) {
					t.Fatal("DeterminizeInto refused a state of its game")
				}
				if !reflect.DeepEqual(want, engine.State(dst)) {
					t.Fatalf("%d players, step %d, viewer %d: DeterminizeInto differs from Determinize", players, step, viewer)
				}
			}
			buf = s.LegalMoves(buf[:0])
			if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s := newState(t, 2, 1, nil); s.DeterminizeInto(s, 0, 1) {
		t.Error("DeterminizeInto wrote into its own state")
	}
}
