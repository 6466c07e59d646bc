package server

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/sim"
)

// sameAsReference fails t unless the diff of a and b, alone and with memo,
// is what the reference diff (mergepatch_ref_test.go) gives: the same
// bytes, the same ok, an error where it has one.
func sameAsReference(t testing.TB, a, b []byte, memo *diffMemo, what string) {
	t.Helper()
	want, wok, werr := refDiff(a, b, nil, 0)
	for _, m := range []*diffMemo{nil, memo} {
		got, ok, err := diff(a, b, m, 0)
		if (err != nil) != (werr != nil) || ok != wok || ok && !bytes.Equal(got, want) {
			t.Fatalf("%s (memo %v):\na %s\nb %s\ndiff %s (%v, %v)\nreference %s (%v, %v)", what, m != nil, a, b, got, ok, err, want, wok, werr)
		}
	}
}

// TestDiffIsTheReference plays every game with greedy bots from two seeds
// and, at every version, diffs each seat's view (and the spectator's) with
// its view of the version before, with another seat's view (members in one
// view only: a hand, a seat's own choices) and with its view of a random
// earlier version (many members changed, appeared or gone): the patches
// must be the reference's, byte for byte.
func TestDiffIsTheReference(t *testing.T) {
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			lo, hi := g.Players()
			rng := rand.New(rand.NewPCG(7, uint64(len(g.ID()))))
			steps, stepped, diffed := 0, 0, 0
			seeds := uint64(2)
			if testing.Short() {
				seeds = 1
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				n := lo + int(seed)%(min(hi, 4)-lo+1)
				kinds := slices.Repeat([]string{"greedy"}, n)
				rec, _, err := sim.Play(context.Background(), g, seed, nil, kinds)
				if err != nil {
					t.Fatal(err)
				}
				st, err := g.New(n, rec.Seed, rec.Options)
				if err != nil {
					t.Fatal(err)
				}
				viewsOf := func(st engine.State) [][]byte {
					var out [][]byte
					for seat := -1; seat < n; seat++ {
						out = append(out, mustJSON(st.View(seat)))
					}
					return out
				}
				all := [][][]byte{viewsOf(st)}
				memo := &diffMemo{}
				if _, err := record.Replay(games.Registry(), rec, func(_ int, st engine.State, _ []engine.Event) {
					prev, next := all[len(all)-1], viewsOf(st)
					all = append(all, next)
					memo.reset()
					for i := range next {
						what := fmt.Sprintf("seed %d, step %d, view %d", seed, len(all)-1, i)
						sameAsReference(t, prev[i], next[i], memo, what)
						sameAsReference(t, prev[i], next[(i+1)%len(next)], memo, what+" against the next seat's")
						sameAsReference(t, all[rng.IntN(len(all))][i], next[i], memo, what+" against an earlier version")
						// The old side-by-side scan gave up, the new one did not.
						diffed++
						_, refOK, _ := refLockstepDiff(prev[i], next[i], nil, 0)
						if _, _, matched, _ := lockstepDiff(prev[i], next[i], nil, 0); matched && !refOK {
							stepped++
						}
					}
					steps++
				}); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%d steps; %d of %d views of a version and the next stepped over a member in one only (before: matched by key)", steps, stepped, diffed)
		})
	}
}

// FuzzDiffIsTheReference diffs random JSON objects (keys distinct in each
// object, as encoding/json writes them) with random changes of themselves:
// members changed, added, removed, renamed or moved, at any depth,
// whitespace between tokens, nulls, "[]" keys, strings with escapes. The
// patch must be the reference's.
func FuzzDiffIsTheReference(f *testing.F) {
	for i := range 64 {
		f.Add(uint64(i), uint64(i*7919))
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		rng := rand.New(rand.NewPCG(s1, s2))
		a := randObject(rng, 0)
		memo := &diffMemo{}
		for range 4 {
			b := mutate(rng, a, 0)
			sameAsReference(t, a.json(rng), b.json(rng), memo, fmt.Sprintf("seeds %d, %d", s1, s2))
			a = b
		}
	})
}

// TestDiffIsTheReferenceRandom is FuzzDiffIsTheReference's body over many
// seeds, run with the other tests.
func TestDiffIsTheReferenceRandom(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	for s := range uint64(n) {
		rng := rand.New(rand.NewPCG(s, 99))
		a := randObject(rng, 0)
		memo := &diffMemo{}
		for range 4 {
			b := mutate(rng, a, 0)
			sameAsReference(t, a.json(rng), b.json(rng), memo, fmt.Sprintf("seed %d", s))
			a = b
		}
	}
}

// jv is a JSON value: an object (keys in order), an array, or a scalar
// written as it is.
type jv struct {
	obj    bool
	arr    bool
	keys   []string
	vals   []*jv
	scalar string
}

var (
	jvKeys    = []string{"a", "b", "c", "d", "e", "played", "hand", "[]", `q\"`, "x", "y", "z"}
	jvScalars = []string{"0", "1", "-2.5", "true", "false", "null", `""`, `"s"`, `"x\"}]"`, `"\u2028"`, `"` + string(bytes.Repeat([]byte("long"), 40)) + `"`}
)

func randValue(rng *rand.Rand, depth int) *jv {
	switch r := rng.IntN(10); {
	case depth < 4 && r < 3:
		return randObject(rng, depth+1)
	case depth < 4 && r < 5:
		v := &jv{arr: true}
		for range rng.IntN(12) {
			v.vals = append(v.vals, randValue(rng, depth+1))
		}
		return v
	default:
		return &jv{scalar: jvScalars[rng.IntN(len(jvScalars))]}
	}
}

func randObject(rng *rand.Rand, depth int) *jv {
	v := &jv{obj: true}
	for _, i := range rng.Perm(len(jvKeys))[:rng.IntN(len(jvKeys)+1)] {
		v.keys = append(v.keys, jvKeys[i])
		v.vals = append(v.vals, randValue(rng, depth))
	}
	return v
}

// mutate is a copy of v with random changes.
func mutate(rng *rand.Rand, v *jv, depth int) *jv {
	out := &jv{obj: v.obj, arr: v.arr, keys: slices.Clone(v.keys), scalar: v.scalar}
	for _, e := range v.vals {
		if rng.IntN(4) == 0 {
			e = mutate(rng, e, depth+1)
		}
		out.vals = append(out.vals, e)
	}
	switch {
	case v.obj:
		for range rng.IntN(3) {
			switch op := rng.IntN(5); {
			case op == 0 && len(out.keys) > 0: // remove
				i := rng.IntN(len(out.keys))
				out.keys, out.vals = slices.Delete(out.keys, i, i+1), slices.Delete(out.vals, i, i+1)
			case op == 1: // add, where the key is free
				k := jvKeys[rng.IntN(len(jvKeys))]
				if !slices.Contains(out.keys, k) {
					i := rng.IntN(len(out.keys) + 1)
					out.keys, out.vals = slices.Insert(out.keys, i, k), slices.Insert(out.vals, i, randValue(rng, depth))
				}
			case op == 2 && len(out.keys) > 1: // move
				i, j := rng.IntN(len(out.keys)), rng.IntN(len(out.keys))
				out.keys[i], out.keys[j] = out.keys[j], out.keys[i]
			case op == 3 && len(out.keys) > 0: // rename
				k := jvKeys[rng.IntN(len(jvKeys))]
				if !slices.Contains(out.keys, k) {
					out.keys[rng.IntN(len(out.keys))] = k
				}
			case op == 4 && len(out.keys) > 0: // replace
				out.vals[rng.IntN(len(out.vals))] = randValue(rng, depth)
			}
		}
	case v.arr:
		switch rng.IntN(4) {
		case 0:
			out.vals = append(out.vals, randValue(rng, depth))
		case 1:
			if len(out.vals) > 0 {
				out.vals = out.vals[:len(out.vals)-1]
			}
		}
	default:
		if rng.IntN(2) == 0 {
			out.scalar = jvScalars[rng.IntN(len(jvScalars))]
		}
	}
	return out
}

// json writes v, with a space between some tokens.
func (v *jv) json(rng *rand.Rand) []byte {
	var b []byte
	sp := func() {
		if rng.IntN(16) == 0 {
			b = append(b, " \n\t"[rng.IntN(3)])
		}
	}
	var w func(v *jv)
	w = func(v *jv) {
		sp()
		switch {
		case v.obj:
			b = append(b, '{')
			for i, k := range v.keys {
				if i > 0 {
					b = append(b, ',')
				}
				sp()
				b = append(strconv.AppendQuote(b, k), ':')
				w(v.vals[i])
			}
			sp()
			b = append(b, '}')
		case v.arr:
			b = append(b, '[')
			for i, e := range v.vals {
				if i > 0 {
					b = append(b, ',')
				}
				w(e)
			}
			sp()
			b = append(b, ']')
		default:
			b = append(b, v.scalar...)
		}
		sp()
	}
	w(v)
	return b
}

// BenchmarkDiffGame diffs every seat's view with its view of the version
// before over a whole 4-seat schlossgarten game played by greedy bots, a
// broadcast's memo shared by the seats of a version: the reference diff
// (before) and the diff, in one process, so that a loaded machine's noise
// falls on both alike.
func BenchmarkDiffGame(b *testing.B) {
	g, _ := games.Registry().Lookup("schlossgarten")
	const n = 4
	rec, _, err := sim.Play(context.Background(), g, 1, nil, slices.Repeat([]string{"greedy"}, n))
	if err != nil {
		b.Fatal(err)
	}
	st, err := g.New(n, rec.Seed, rec.Options)
	if err != nil {
		b.Fatal(err)
	}
	viewsOf := func(st engine.State) [][]byte {
		var out [][]byte
		for seat := range n {
			out = append(out, mustJSON(st.View(seat)))
		}
		return out
	}
	versions := [][][]byte{viewsOf(st)}
	if _, err := record.Replay(games.Registry(), rec, func(_ int, st engine.State, _ []engine.Event) {
		versions = append(versions, viewsOf(st))
	}); err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"reference", "diff"} {
		b.Run(name, func(b *testing.B) {
			f := diff
			if name == "reference" {
				f = refDiff
			}
			b.ReportAllocs()
			memo := &diffMemo{}
			for b.Loop() {
				for v := 1; v < len(versions); v++ {
					memo.reset()
					for seat := range n {
						if _, ok, err := f(versions[v-1][seat], versions[v][seat], memo, 0); !ok || err != nil {
							b.Fatal(ok, err)
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(versions)-1)), "ns/broadcast")
		})
	}
}
