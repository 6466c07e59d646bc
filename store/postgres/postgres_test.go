package postgres_test

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/jardin-games/jardin/internal/metrics"

	"github.com/jardin-games/jardin/internal/pgtest"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/postgres"
	"github.com/jardin-games/jardin/store/storetest"
)

var pg *pgtest.Server

func TestMain(m *testing.M) { pgtest.Main(m, &pg) }

func open(t testing.TB, dsn string) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), dsn, postgres.Options{MaxConns: 8})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return open(t, pg.DB(t)) })
}

// Nodes that start together on an empty database apply each migration
// once, and all of them open.
func TestMigrationsConcurrent(t *testing.T) {
	dsn := pg.DB(t)
	all, err := postgres.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	const nodes = 6
	dbs := make([]*postgres.DB, nodes)
	errs := make([]error, nodes)
	var wg sync.WaitGroup
	for i := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dbs[i], errs[i] = postgres.Open(context.Background(), dsn, postgres.Options{MaxConns: 2})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("node %d: %v", i, err)
		}
		defer dbs[i].Close()
	}
	var applied int
	if err := dbs[0].Pool().QueryRow(t.Context(), `SELECT count(*) FROM schema_migrations`).Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if applied != len(all) {
		t.Errorf("%d migrations recorded, want %d", applied, len(all))
	}
	if v, err := dbs[nodes-1].SchemaVersion(t.Context()); err != nil || v != len(all) {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, len(all))
	}
	// Opening again applies nothing and keeps the data.
	if err := dbs[0].CreateTable(t.Context(), store.Table{ID: "t", Game: "g", Players: 1, Status: store.StatusOpen}); err != nil {
		t.Fatal(err)
	}
	again := open(t, dsn)
	defer again.Close()
	if _, err := again.Table(t.Context(), "t"); err != nil {
		t.Errorf("after reopening: %v", err)
	}
}

// A database upgraded by a newer binary (a migration this one does not
// know) still opens: during a rolling upgrade the old nodes keep running.
func TestNewerSchema(t *testing.T) {
	dsn := pg.DB(t)
	db := open(t, dsn)
	defer db.Close()
	if _, err := db.Pool().Exec(t.Context(), `INSERT INTO schema_migrations(version, name) VALUES(9999, 'future');
		ALTER TABLE tables ADD COLUMN future_column text NOT NULL DEFAULT ''`); err != nil {
		t.Fatal(err)
	}
	db2 := open(t, dsn)
	defer db2.Close()
	if err := db2.CreateTable(t.Context(), store.Table{ID: "t", Game: "g", Players: 1, Status: store.StatusOpen}); err != nil {
		t.Error(err)
	}
	if _, err := db2.Table(t.Context(), "t"); err != nil {
		t.Error(err)
	}
}

func TestBadDSN(t *testing.T) {
	if _, err := postgres.Open(context.Background(), "postgres://%zz", postgres.Options{}); err == nil {
		t.Error("a malformed URL was accepted")
	}
}

// The pool's statistics are exported under their documented names.
func TestCollector(t *testing.T) {
	db := open(t, pg.DB(t))
	defer db.Close()
	for range 3 {
		if err := db.Ping(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	reg := metrics.NewRegistry()
	reg.Register(db.Collector())
	b, err := reg.Expose()
	if err != nil {
		t.Fatal(err)
	}
	series, err := metrics.Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for k, v := range series {
		if name, label, ok := strings.Cut(k, `{state="`); ok {
			k = name + "/" + strings.TrimSuffix(label, `"}`)
		}
		got[k] = v
	}
	if got["jardin_db_max_conns"] != 8 || got["jardin_db_acquires_total"] < 3 || got["jardin_db_conns/acquired"] != 0 ||
		got["jardin_db_conns/idle"] < 1 {
		t.Errorf("pool series: %v", got)
	}
	for _, name := range []string{"jardin_db_conns/constructing", "jardin_db_empty_acquires_total", "jardin_db_acquire_wait_seconds_total"} {
		if _, ok := got[name]; !ok {
			t.Errorf("%s missing: %v", name, got)
		}
	}
}
