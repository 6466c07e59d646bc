package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
)

// checkDB writes a SQLite database for checkTables.
func checkDB(t *testing.T, corrupt bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "jardin.db")
	db, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkTables(t, db, corrupt)
	return path
}

// checkTables writes a sound table (three moves), an empty one and, if
// corrupt, one whose third entry is a move by the seat not to move.
func checkTables(t *testing.T, db store.Store, corrupt bool) {
	t.Helper()
	g, err := games.Registry().Lookup("english-gardens")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	now := time.Now()
	for i, id := range []string{"sound", "empty", "forked"} {
		if id == "forked" && !corrupt {
			continue
		}
		meta := store.Table{ID: id, Game: g.ID(), Players: 2, Seed: uint64(7 + i), Status: store.StatusLive,
			Seats: []store.Seat{{Kind: "human", Name: "Ann"}, {Kind: "human", Name: "Bob"}}, Created: now, Updated: now}
		if err := db.CreateTable(ctx, meta); err != nil {
			t.Fatal(err)
		}
		if id == "empty" {
			continue
		}
		s, err := g.New(2, meta.Seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var es []store.Entry
		for seq := 1; seq <= 3; seq++ {
			m := s.LegalMoves(nil)[0]
			seat := s.ToMove()
			es = append(es, store.Entry{Table: id, Seq: seq, Kind: store.KindMove, Seat: seat, Move: s.FormatMove(m), At: now})
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
		if id == "forked" {
			es[2].Seat = 1 - es[2].Seat // as a refused move left applied in memory made it
		}
		for _, err := range db.Commit(ctx, []store.Write{{Entries: es}}) {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// jardin check names the table whose log does not replay, with its entry,
// and exits 1; a sound database exits 0.
func TestCheck(t *testing.T) {
	code, out, errs := jardin(t, "", "check", "--db", checkDB(t, false))
	if code != 0 || !strings.Contains(out, "2 tables checked, 0 fail") {
		t.Errorf("sound database: %d %q %q", code, out, errs)
	}
	code, out, errs = jardin(t, "", "check", "--db", checkDB(t, true))
	if code != 1 || !strings.Contains(out, "FAIL table forked: entry 3: move") || !strings.Contains(out, "3 tables checked, 1 fail") ||
		strings.Contains(out, "sound") || !strings.Contains(errs, "do not replay") {
		t.Errorf("a forked log: %d %q %q", code, out, errs)
	}
}

func TestCheckUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check"}, 2, "--db"},
		{[]string{"check", "--db", "x.db", "extra"}, 2, "no arguments"},
		{[]string{"check", "--db", filepath.Join(t.TempDir(), "missing.db")}, 1, "no such database file"},
	} {
		code, _, errs := jardin(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("jardin %v: %d %q, want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}
