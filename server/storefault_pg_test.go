package server

import (
	"context"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/internal/pgtest"
	"github.com/jardin-games/jardin/store/postgres"
)

// ownPG starts a PostgreSQL server of t's own (the package's shared one
// must not be stopped under other tests) and a jardin server on a fresh
// database of it.
func ownPG(t *testing.T) (*pgtest.Server, *testServer, *postgres.DB, string) {
	t.Helper()
	pgs, err := pgtest.Start()
	if err != nil {
		if os.Getenv(pgtest.RequireEnv) == "1" {
			t.Fatalf("pgtest: %v", err)
		}
		t.Skip("skipped: " + err.Error() + "; set " + pgtest.RequireEnv + "=1 to make this a failure")
	}
	t.Cleanup(func() { pgs.Stop() })
	dsn := pgs.DB(t)
	db, err := postgres.Open(context.Background(), dsn, postgres.Options{MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	srv, hs := startLoopback(t, Config{Log: quietLog(), Rate: 10000, Burst: 10000}, db)
	ts := &testServer{Server: srv, URL: hs.URL, http: hs}
	t.Cleanup(func() {
		ts.http.CloseClientConnections()
		ts.http.Close()
		srv.Close()
		db.Close()
	})
	return pgs, ts, db, dsn
}

// resumeClock measures how long after the database answers again every
// table still playing has a move acknowledged.
type resumeClock struct {
	mu      sync.Mutex
	up      time.Time       // when the database answered again (zero: not yet, or down)
	waiting map[string]bool // tables not yet resumed
	times   []time.Duration // each table's resumption, over all outages
	outages int
}

// down: the outage starts; every table not over is waited for.
func (rc *resumeClock) down(tables []string) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.up = time.Time{}
	rc.waiting = map[string]bool{}
	for _, id := range tables {
		rc.waiting[id] = true
	}
	rc.outages++
}

func (rc *resumeClock) answering() {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.up = time.Now()
}

// acked: a move of table id was acknowledged now.
func (rc *resumeClock) acked(id string) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.up.IsZero() {
		return
	}
	if _, ok := rc.waiting[id]; ok {
		delete(rc.waiting, id)
		rc.times = append(rc.times, time.Since(rc.up))
	}
}

// PostgreSQL restarted twice mid-game (fast shutdown: every session ends,
// transactions in flight roll back, connections are refused for a second):
// the six games go on to their end, every acknowledged move is stored at
// its version, every stored log replays, and play resumes on every table
// soon after the database answers (logged: docs/scaling.md). On the old
// code the moves refused during the outage stayed applied in memory, and
// the logs forked.
func TestPostgresRestartPlayOn(t *testing.T) {
	if testing.Short() {
		t.Skip("restarts PostgreSQL")
	}
	pgs, ts, db, _ := ownPG(t)
	var rc resumeClock
	var live sync.Map // table → true while its game is on
	restart := func() {
		var ids []string
		live.Range(func(k, _ any) bool { ids = append(ids, k.(string)); return true })
		rc.down(ids)
		if err := pgs.Halt(); err != nil {
			t.Error(err)
			return
		}
		time.Sleep(time.Second)
		if err := pgs.Resume(); err != nil {
			t.Error(err)
			return
		}
		rc.answering()
	}
	var faults sync.WaitGroup
	seats := faultGames(t, ts.URL, db, func(acks int, p *faultSeat) {
		live.Store(p.table, true)
		rc.acked(p.table)
		if acks == 60 || acks == 400 {
			faults.Add(1)
			go func() { defer faults.Done(); restart() }()
		}
	})
	faults.Wait()
	if rc.outages != 2 {
		t.Fatalf("%d restarts happened, want 2 (the games ended first?)", rc.outages)
	}
	slices.Sort(rc.times)
	t.Logf("PostgreSQL restarted twice: %s; after the database answered again, each table in play had a move acknowledged "+
		"within %.2f s (median %.2f s, %d tables)", summary(seats), rc.times[len(rc.times)-1].Seconds(),
		rc.times[len(rc.times)/2].Seconds(), len(rc.times))
}

// The server's PostgreSQL sessions terminated (pg_terminate_backend) three
// times mid-game: the games go on, every acknowledged move is stored at
// its version and every stored log replays.
func TestPostgresTerminatedPlayOn(t *testing.T) {
	pgs, ts, db, dsn := ownPG(t)
	ended := 0
	var mu sync.Mutex
	var faults sync.WaitGroup
	seats := faultGames(t, ts.URL, db, func(acks int, _ *faultSeat) {
		switch acks {
		case 40, 150, 300:
			faults.Add(1)
			go func() {
				defer faults.Done()
				n, err := pgs.Terminate(pgtest.DBName(dsn))
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				ended += n
				mu.Unlock()
			}()
		}
	})
	faults.Wait()
	t.Logf("%d PostgreSQL sessions terminated over 3 rounds: %s", ended, summary(seats))
}
