package sqlite_test

import (
	"path/filepath"
	"testing"

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
