package sqlite_test

import (
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
)

// TestUpgradeForks: a file made before forks were kept opens with its
// tables, which read as not forked, and a forked table can be stored in it.
func TestUpgradeForks(t *testing.T) {
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
	if _, err := db.Fork(t.Context(), "t"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("old table's fork: %v, want ErrNotFound", err)
	}
	tb := store.Table{ID: "f", Game: "english-gardens", Players: 2, Options: map[string]string{}, Seed: 7,
		Seats: []store.Seat{{Kind: store.SeatHuman, Identity: "i1", Name: "Ann"}, {Kind: store.SeatBot, Bot: "greedy", Name: "greedy bot"}},
		Clock: store.Clock{Mode: store.ClockNone}, Invite: "inv2", Owner: "i1", Status: store.StatusLive}
	f := store.Fork{Table: "f", Source: "t", Step: 1, Seat: 0, Setup: 1, Moves: []store.ForkMove{{Seat: 0, Move: "take 1"}}}
	if err := db.CreateForkTable(t.Context(), tb, f); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Fork(t.Context(), "f"); err != nil || !reflect.DeepEqual(got, f) {
		t.Fatalf("fork read back: %+v, %v", got, err)
	}
}
