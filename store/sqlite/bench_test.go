package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
)

// BenchmarkCommit is the cost of storing one move, in batches of n writes
// of different tables (group commit).
func BenchmarkCommit(b *testing.B) {
	for _, sync := range []string{"normal", "full"} {
		for _, n := range []int{1, 16, 256} {
			b.Run(fmt.Sprintf("%s/batch%d", sync, n), func(b *testing.B) {
				db, err := sqlite.Open(filepath.Join(b.TempDir(), "b.db"), sqlite.Options{Synchronous: sync})
				if err != nil {
					b.Fatal(err)
				}
				defer db.Close()
				ctx := context.Background()
				for t := 0; t < n; t++ {
					if err := db.CreateTable(ctx, store.Table{ID: fmt.Sprint("t", t), Game: "g", Players: 4, Status: "live"}); err != nil {
						b.Fatal(err)
					}
				}
				writes := make([]store.Write, n)
				b.ResetTimer()
				seq := 0
				for i := 0; i < b.N; i += n {
					seq++
					for t := range writes {
						writes[t] = store.Write{Entries: []store.Entry{{Table: fmt.Sprint("t", t), Seq: seq, Kind: "move",
							Move: "a1 b2", Client: "c", At: time.Now()}}}
					}
					for _, err := range db.Commit(ctx, writes) {
						if err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
			})
		}
	}
}

// BenchmarkEntries is the cost of reading back a table's log of 200 moves
// (what loading a table replays).
func BenchmarkEntries(b *testing.B) {
	db, err := sqlite.Open(filepath.Join(b.TempDir(), "b.db"), sqlite.Options{Synchronous: "normal"})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if err := db.CreateTable(ctx, store.Table{ID: "t", Game: "g", Players: 4, Status: "live"}); err != nil {
		b.Fatal(err)
	}
	var w store.Write
	for seq := 1; seq <= 200; seq++ {
		w.Entries = append(w.Entries, store.Entry{Table: "t", Seq: seq, Kind: "move", Move: "a1 b2", Client: "c",
			At: time.Now(), Clocks: []int64{60000, 59000}})
	}
	if err := db.Commit(ctx, []store.Write{w})[0]; err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		es, err := db.Entries(ctx, "t", 0)
		if err != nil || len(es) != 200 {
			b.Fatal(len(es), err)
		}
	}
}
