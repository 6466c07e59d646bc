package games_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

// Every game's view writes its own JSON (engine.JSONAppender, written by
// internal/cmd/viewjsongen), and it is json.Marshal's, byte for byte: for
// every seat and the spectator, at every step of random games, at every
// player count. The server sends these bytes and diffs one version's
// against the next, so a single byte of difference would be a client's
// view going astray.
func TestViewJSONIsMarshal(t *testing.T) {
	for _, g := range games.Registry().All() {
		lo, hi := g.Players()
		for n := max(lo, 1); n <= hi; n++ {
			t.Run(fmt.Sprintf("%s/players=%d", g.ID(), n), func(t *testing.T) {
				seeds := 3
				if testing.Short() {
					seeds = 1
				}
				views := 0
				for seed := uint64(1); seed <= uint64(seeds); seed++ {
					views += checkViewJSON(t, g, n, seed)
				}
				t.Logf("%d views compared", views)
			})
		}
	}
}

// checkViewJSON plays one random game and compares every view of every
// position; it returns how many views it compared.
func checkViewJSON(t *testing.T, g engine.Game, n int, seed uint64) int {
	t.Helper()
	s, err := g.New(n, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed * 7919)
	var buf []engine.Move
	var scratch []byte
	views := 0
	for step := 0; ; step++ {
		for viewer := engine.Spectator; viewer < n; viewer++ {
			v := s.View(viewer)
			a, ok := v.(engine.JSONAppender)
			if !ok {
				t.Fatalf("%s's view %T does not write its own JSON (engine.JSONAppender): run go generate", g.ID(), v)
			}
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			// Appended after bytes already there, as the server does.
			scratch = append(scratch[:0], "prefix"...)
			scratch = a.AppendJSON(scratch)
			if got := scratch[len("prefix"):]; !bytes.Equal(got, want) {
				t.Fatalf("seed %d step %d viewer %d: AppendJSON differs from json.Marshal at byte %d\n got: %s\nwant: %s",
					seed, step, viewer, firstDiff(got, want), got, want)
			}
			views++
		}
		if s.Over() {
			return views
		}
		var m engine.Move
		m, buf, err = engine.RandomMove(s, &rng, buf)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m, nil); err != nil {
			t.Fatal(err)
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// BenchmarkViewJSON encodes seat 0's view of each game at its largest
// player count, 40 random moves in: with encoding/json and with the view's
// own appender (the server's two ways, into a reused buffer).
func BenchmarkViewJSON(b *testing.B) {
	for _, g := range games.Registry().All() {
		_, hi := g.Players()
		s, err := g.New(hi, 3, nil)
		if err != nil {
			b.Fatal(err)
		}
		rng := engine.NewRNG(5)
		var buf []engine.Move
		for i := 0; i < 40 && !s.Over(); i++ {
			var m engine.Move
			if m, buf, err = engine.RandomMove(s, &rng, buf); err != nil {
				b.Fatal(err)
			}
			if err := s.Apply(m, nil); err != nil {
				b.Fatal(err)
			}
		}
		v := s.View(0)
		b.Run(g.ID()+"/json", func(b *testing.B) {
			var out bytes.Buffer
			enc := json.NewEncoder(&out)
			b.ReportAllocs()
			for b.Loop() {
				out.Reset()
				if err := enc.Encode(v); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(out.Len()))
		})
		b.Run(g.ID()+"/appender", func(b *testing.B) {
			a := v.(engine.JSONAppender)
			var out []byte
			b.ReportAllocs()
			for b.Loop() {
				out = a.AppendJSON(out[:0])
			}
			b.SetBytes(int64(len(out)))
		})
	}
}
