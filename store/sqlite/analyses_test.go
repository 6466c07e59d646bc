package sqlite_test

import (
	"bytes"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
)

// TestUpgradeAnalyses: a file made before analyses were kept opens with
// its tables, and an analysis of an old table can be stored and read back.
func TestUpgradeAnalyses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(`CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
		options TEXT NOT NULL, seed TEXT NOT NULL, seats TEXT NOT NULL, clock TEXT NOT NULL, public INTEGER NOT NULL,
		undo INTEGER NOT NULL DEFAULT 0, invite TEXT NOT NULL, owner TEXT NOT NULL, status TEXT NOT NULL,
		created INTEGER NOT NULL, updated INTEGER NOT NULL, deadline INTEGER NOT NULL DEFAULT 0, result BLOB,
		rematch TEXT NOT NULL DEFAULT '', version INTEGER NOT NULL DEFAULT 0);
		INSERT INTO tables(id, game, players, options, seed, seats, clock, public, invite, owner, status, created, updated)
		VALUES('t', 'english-gardens', 2, '{}', '1', '[]', '{"mode":"none"}', 0, 'inv', 'i1', 'over', 1, 1)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	db, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if tb, err := db.Table(t.Context(), "t"); err != nil || tb.Status != store.StatusOver {
		t.Fatalf("old table: %+v, %v", tb, err)
	}
	data := []byte(`{"decisions":[]}`)
	if err := db.PutAnalysis(t.Context(), "t", data); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Analysis(t.Context(), "t"); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("analysis read back: %q, %v", got, err)
	}
}
