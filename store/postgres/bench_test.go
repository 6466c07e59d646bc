package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
)

// BenchmarkCommit is the cost of storing one move, in batches of n writes
// of different tables (group commit), each write also replacing its table's
// row as the server does after a move. The test server runs without fsync:
// this is the CPU and round-trip cost, not the disk's.
func BenchmarkCommit(b *testing.B) {
	for _, n := range []int{1, 16, 256} {
		for _, withRow := range []bool{false, true} {
			b.Run(fmt.Sprintf("batch%d/row=%v", n, withRow), func(b *testing.B) {
				db := open(b, pg.DB(b))
				defer db.Close()
				ctx := context.Background()
				rows := make([]store.Table, n)
				for t := range rows {
					rows[t] = store.Table{ID: fmt.Sprint("t", t), Game: "g", Players: 4, Status: "live",
						Seats: make([]store.Seat, 4), Options: map[string]string{}}
					if err := db.CreateTable(ctx, rows[t]); err != nil {
						b.Fatal(err)
					}
				}
				writes := make([]store.Write, n)
				var lsn0 int64
				db.Pool().QueryRow(ctx, `SELECT pg_current_wal_lsn() - '0/0'`).Scan(&lsn0)
				b.ResetTimer()
				seq := 0
				for i := 0; i < b.N; i += n {
					seq++
					for t := range writes {
						writes[t] = store.Write{Entries: []store.Entry{{Table: rows[t].ID, Seq: seq, Kind: "move",
							Move: "a1 b2", Client: "c", At: time.Now(), Clocks: []int64{1, 2, 3, 4}}}}
						if withRow {
							rows[t].Version, rows[t].Updated = seq, time.Now()
							writes[t].Table = &rows[t]
						}
					}
					for _, err := range db.Commit(ctx, writes) {
						if err != nil {
							b.Fatal(err)
						}
					}
				}
				b.StopTimer()
				// What a move costs the database beyond CPU: WAL written, and
				// the log's size on disk (heap and primary key).
				var lsn1, size, stored int64
				db.Pool().QueryRow(ctx, `SELECT pg_current_wal_lsn() - '0/0'`).Scan(&lsn1)
				db.Pool().QueryRow(ctx, `SELECT pg_total_relation_size('entries'), (SELECT count(*) FROM entries)`).Scan(&size, &stored)
				b.ReportMetric(float64(lsn1-lsn0)/float64(seq*n), "WAL-B/write")
				if stored > 0 {
					b.ReportMetric(float64(size)/float64(stored), "log-B/entry")
				}
			})
		}
	}
}
