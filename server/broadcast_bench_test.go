package server

import (
	"testing"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/store"
)

// BenchmarkBroadcast builds what a move sends a 4-seat schlossgarten
// table's seats (each seat's update with its view's patch, as applied
// does), a move at a time from the 20th on: the per-seat payload work of a
// move, without the store or the sockets. Its allocations are most of the
// garbage a move makes, which the collector then pays for.
func BenchmarkBroadcast(b *testing.B) {
	meta := store.Table{ID: "bench", Game: "schlossgarten", Players: 4, Status: store.StatusLive, Updated: time.Now()}
	for i := range 4 {
		meta.Seats = append(meta.Seats, store.Seat{Kind: store.SeatHuman, Name: string(rune('A' + i)), Identity: string(rune('a' + i))})
	}
	start, err := replayLog(games.Registry(), meta, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	srv := &Server{}
	fresh := func() *table {
		t := *start
		t.srv, t.cache, t.views, t.online, t.away = srv, map[cacheKey][]byte{}, map[int]seatView{}, []int{1, 1, 1, 1}, make([]time.Time, 4)
		t.state = start.state.Clone()
		for i := 0; i < 20; i++ {
			t.move(b)
		}
		for seat := range 4 { // each seat holds its view of the version before
			t.seatView(seat, nil)
		}
		return &t
	}
	t := fresh()
	moves, bytes := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		if t.state.Over() {
			b.StopTimer()
			t = fresh()
			b.StartTimer()
		}
		t.move(b)
		memo := srv.enc.memo()
		for seat := range 4 {
			bytes += len(t.update(seat, "en", t.version-1, memo))
		}
		srv.enc.putMemo(memo)
		clear(t.cache)
		moves++
	}
	b.ReportMetric(float64(bytes)/float64(moves), "B-sent/move")
}

// move plays the first legal move on t, as the write path leaves it once
// stored (the benchmark's table has no store).
func (t *table) move(b *testing.B) {
	m := t.state.LegalMoves(nil)[0]
	var log engine.Log
	next := t.state.Clone()
	if err := next.Apply(m, &log); err != nil {
		b.Fatal(err)
	}
	t.state = next
	t.pushMove(m, t.state.ToMove(), nil)
	t.version++
	t.addItem(logItem{v: t.version, kind: store.KindMove, events: log.Events})
}
