package server

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/jardin-games/jardin/games/schlossgarten"
)

// BenchmarkMoves plays 4-seat tables as fast as the server answers: the
// cost of a move through the whole server (store included).
func BenchmarkMoves(b *testing.B) {
	ts := startServer(b, "", Config{})
	const tables = 20
	b.Cleanup(func() {})
	var socks [][]*sock
	for i := 0; i < tables; i++ {
		var cs []*client
		for s := 0; s < 4; s++ {
			cs = append(cs, newClient(b, ts.URL, fmt.Sprintf("p%d-%d", i, s)))
		}
		f := false
		tb := cs[0].create(createReq{Game: "schlossgarten", Seats: []string{"me", "open", "open", "open"}, Undo: &f})
		var ss []*sock
		for s := 1; s < 4; s++ {
			cs[s].join(tb.ID, tb.Invite)
		}
		for s := 0; s < 4; s++ {
			ss = append(ss, cs[s].dial(tb.ID, ""))
		}
		socks = append(socks, ss)
	}
	b.ResetTimer()
	var wg sync.WaitGroup
	for _, ss := range socks {
		for s, so := range ss {
			wg.Add(1)
			go func() {
				defer wg.Done()
				so.playN(300, s, rand.New(rand.NewPCG(uint64(s), 1)), nil)
			}()
		}
	}
	wg.Wait()
	total := 0
	for _, ss := range socks {
		total += ss[0].v
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "moves/s")
	if testing.Verbose() {
		b.Log(ts.metric(b, "jardin_commit_wait_seconds"), "\n", ts.metric(b, "jardin_move_seconds"), "\n", ts.metric(b, "jardin_commit_batch"), "\n", ts.metric(b, "jardin_commit_seconds"))
	}
}

func (ts *testServer) metric(b testing.TB, name string) string {
	var out string
	c := &client{t: b, base: ts.URL}
	c.call("GET", "/metrics", nil, &out)
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, name) {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// BenchmarkSeatDiffs diffs each of a 4-seat schlossgarten table's views 50
// moves in with its view of the move before, as a broadcast does: each
// alone, or with the broadcast's memo (the seats' views share most bytes).
func BenchmarkSeatDiffs(b *testing.B) {
	s, err := schlossgarten.Game.New(4, 3, nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		ms := s.LegalMoves(nil)
		s.Apply(ms[i%len(ms)], nil)
	}
	next := s.Clone()
	next.Apply(next.LegalMoves(nil)[0], nil)
	var prev, views [][]byte
	for seat := range 4 {
		prev = append(prev, mustJSON(s.View(seat)))
		views = append(views, mustJSON(next.View(seat)))
	}
	for _, name := range []string{"alone", "memo"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			memo := &diffMemo{}
			for b.Loop() {
				memo.reset()
				for seat := range views {
					m := memo
					if name == "alone" {
						m = nil
					}
					if _, ok, err := diff(prev[seat], views[seat], m, 0); !ok || err != nil {
						b.Fatal(ok, err)
					}
				}
			}
		})
	}
}
