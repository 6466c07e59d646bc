package storetest

import (
	"errors"
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/store"
)

// testForks: a forked table is stored with its start at once and both read
// back as written (all 64 bits of the setup seed, moves in order, text
// beyond ASCII); a table made by CreateTable has no fork; an id that exists
// is refused with ErrConflict and stores no fork; a bad fork stores no
// table.
func testForks(t *testing.T, s store.Store) {
	if err := s.CreateTable(ctx, sampleTable("src")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Fork(ctx, "src"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("fork of a table made by CreateTable: err %v, want ErrNotFound", err)
	}
	if _, err := s.Fork(ctx, "nosuch"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("fork of no table: err %v, want ErrNotFound", err)
	}
	tb := sampleTable("f1")
	tb.Status = store.StatusLive
	f := store.Fork{Table: "f1", Source: "src", Step: 3, Seat: 1, Setup: 1<<64 - 7,
		Moves:   []store.ForkMove{{Seat: 0, Move: "take 3"}, {Seat: 0, Move: "place h1 r2c2 — é"}, {Seat: 1, Move: "take 1"}},
		Earlier: []store.Redeal{{After: 1, Seat: 0, Seed: 1<<63 + 1}, {After: 1, Seat: 1, Seed: 9}}}
	if err := s.CreateForkTable(ctx, tb, f); err != nil {
		t.Fatal(err)
	}
	got, err := s.Fork(ctx, "f1")
	if err != nil || !reflect.DeepEqual(got, f) {
		t.Fatalf("Fork = %+v, %v\nwant %+v", got, err, f)
	}
	if row, err := s.Table(ctx, "f1"); err != nil || !reflect.DeepEqual(row, tb) {
		t.Fatalf("forked table's row = %+v, %v\nwant %+v", row, err, tb)
	}
	// A fork from the setup: no moves.
	tb0 := sampleTable("f0")
	f0 := store.Fork{Table: "f0", Source: "src", Step: 0, Seat: 0, Setup: 5}
	if err := s.CreateForkTable(ctx, tb0, f0); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Fork(ctx, "f0"); err != nil || got.Step != 0 || len(got.Moves) != 0 || got.Setup != 5 || got.Earlier != nil {
		t.Errorf("fork from the setup = %+v, %v", got, err)
	}
	// An id that exists: nothing stored, the first fork unchanged.
	other := f
	other.Source, other.Seat = "elsewhere", 0
	if err := s.CreateForkTable(ctx, tb, other); !errors.Is(err, store.ErrConflict) {
		t.Errorf("forked table with an existing id: %v, want ErrConflict", err)
	}
	if err := s.CreateForkTable(ctx, sampleTable("src"), store.Fork{Table: "src", Source: "f1"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("fork onto a table made by CreateTable: %v, want ErrConflict", err)
	}
	if _, err := s.Fork(ctx, "src"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused fork was stored for the existing table: %v", err)
	}
	if got, err := s.Fork(ctx, "f1"); err != nil || !reflect.DeepEqual(got, f) {
		t.Errorf("after a refused fork with its id: %+v, %v", got, err)
	}
	// A fork whose step is not its moves' count: neither table nor fork.
	bad := store.Fork{Table: "f2", Source: "src", Step: 2, Moves: []store.ForkMove{{Seat: 0, Move: "take 3"}}}
	if err := s.CreateForkTable(ctx, sampleTable("f2"), bad); err == nil {
		t.Error("a fork whose step is not its number of moves was stored")
	}
	if _, err := s.Table(ctx, "f2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the table of a refused fork: %v, want ErrNotFound", err)
	}
}
