package sqlite_test

import (
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
	"github.com/jardin-games/jardin/store/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		db, err := sqlite.Open(filepath.Join(t.TempDir(), "jardin.db"), sqlite.Options{Synchronous: "normal"})
		if err != nil {
			t.Fatal(err)
		}
		return db
	})
}

func TestOptions(t *testing.T) {
	if _, err := sqlite.Open(filepath.Join(t.TempDir(), "x.db"), sqlite.Options{Synchronous: "sometimes"}); err == nil {
		t.Error("synchronous=sometimes accepted")
	}
	// A file is reopened with its data.
	path := filepath.Join(t.TempDir(), "y.db")
	db, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateTable(t.Context(), store.Table{ID: "t", Game: "g", Players: 1, Status: store.StatusOpen}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Table(t.Context(), "t"); err != nil {
		t.Errorf("after reopening: %v", err)
	}
}

// TestUpgrade: a file made before identities had a language opens, its
// identities read with no language, and a language can be saved.
func TestUpgrade(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(`CREATE TABLE identities (id TEXT PRIMARY KEY, name TEXT NOT NULL,
		webhook TEXT NOT NULL DEFAULT '', email TEXT NOT NULL DEFAULT '', created INTEGER NOT NULL);
		INSERT INTO identities(id, name, created) VALUES('i1', 'Ann', 0)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	db, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	id, err := db.Identity(t.Context(), "i1")
	if err != nil || id.Name != "Ann" || id.Lang != "" {
		t.Fatalf("old identity: %+v, %v", id, err)
	}
	id.Lang = "de"
	if err := db.UpdateIdentity(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	if id, err := db.Identity(t.Context(), "i1"); err != nil || id.Lang != "de" {
		t.Fatalf("after update: %+v, %v", id, err)
	}
}

// TestUpgradeRemind: a file made before tables had a reminder opens (the
// column and its index are added), its tables read with none, and a
// reminder can be stored and queried.
func TestUpgradeRemind(t *testing.T) {
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
		INSERT INTO tables(id, game, players, options, seed, seats, clock, public, invite, owner, status, created, updated, deadline)
		VALUES('t', 'english-gardens', 2, '{}', '1', '[]', '{"mode":"async","perMove":3600000000000}', 0, 'inv', 'i1', 'live', 1, 1, 5000)`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	db, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tb, err := db.Table(t.Context(), "t")
	if err != nil || !tb.Remind.IsZero() || tb.Deadline.UnixMilli() != 5000 {
		t.Fatalf("old table: %+v, %v", tb, err)
	}
	tb.Remind = time.UnixMilli(4000)
	if errs := db.Commit(t.Context(), []store.Write{{Table: &tb}}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	due, err := db.Tables(t.Context(), store.Query{RemindTo: time.UnixMilli(4001)})
	if err != nil || len(due) != 1 || due[0].Remind.UnixMilli() != 4000 {
		t.Fatalf("reminder due: %+v, %v", due, err)
	}
}
