package postgres_test

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
)

func newTable(t *testing.T, s store.Store, id string) {
	t.Helper()
	if err := s.CreateTable(t.Context(), store.Table{ID: id, Game: "g", Players: 2, Status: store.StatusLive}); err != nil {
		t.Fatal(err)
	}
}

func move(table string, seq int, client string) store.Entry {
	return store.Entry{Table: table, Seq: seq, Kind: store.KindMove, Move: fmt.Sprint("m", seq), Client: client,
		At: time.UnixMilli(1_800_000_000_000 + int64(seq))}
}

// Within one group, a write that repeats another's (table, seq) is refused
// and the first is stored; a write on a missing table is refused alone.
func TestCommitGroupEdges(t *testing.T) {
	db := open(t, pg.DB(t))
	defer db.Close()
	newTable(t, db, "a")
	newTable(t, db, "b")
	missing := store.Table{ID: "nope", Status: store.StatusLive}
	empty := move("b", 1, "x")
	empty.Clocks = []int64{}
	errs := db.Commit(t.Context(), []store.Write{
		{Entries: []store.Entry{move("a", 1, "first")}},
		{Entries: []store.Entry{move("a", 1, "second")}},
		{Entries: []store.Entry{move("a", 2, "y"), move("a", 2, "z")}},
		{Entries: []store.Entry{move("nope", 1, "w")}, Table: &missing},
		{Entries: []store.Entry{empty}},
		{Entries: []store.Entry{move("a", 2, "ok")}},
	})
	for i, want := range []error{nil, store.ErrConflict, store.ErrConflict, store.ErrNotFound, nil, nil} {
		if want == nil && errs[i] != nil || want != nil && !errors.Is(errs[i], want) {
			t.Errorf("write %d: %v, want %v", i, errs[i], want)
		}
	}
	got, err := db.Entries(t.Context(), "a", 0)
	if err != nil || len(got) != 2 || got[0].Client != "first" || got[1].Client != "ok" {
		t.Errorf("a's log: %+v, %v", got, err)
	}
	if got, _ := db.Entries(t.Context(), "nope", 0); len(got) != 0 {
		t.Errorf("a refused write's entry was stored: %+v", got)
	}
	if got, _ := db.Entries(t.Context(), "b", 0); len(got) != 1 || !reflect.DeepEqual(got[0], empty) {
		t.Errorf("b's log: %+v, want %+v (an empty clock list stays empty, not nil)", got, empty)
	}
	if tb, _ := db.Table(t.Context(), "a"); tb.Version != 2 {
		t.Errorf("a's version %d, want 2", tb.Version)
	}
}

// Two stores on one database (two nodes) write the same tables at once
// through their batchers, each believing it owns every table: every seq is
// stored exactly once, and each writer is told it succeeded exactly for the
// entries that are its own.
func TestTwoNodesFence(t *testing.T) {
	dsn := pg.DB(t)
	nodes := []store.Store{open(t, dsn), open(t, dsn)}
	defer nodes[0].Close()
	defer nodes[1].Close()
	const tables, moves = 6, 25
	for i := range tables {
		newTable(t, nodes[0], fmt.Sprint("t", i))
	}
	type result struct {
		node, table, seq int
		err              error
	}
	var mu sync.Mutex
	var results []result
	var wg sync.WaitGroup
	for n, st := range nodes {
		bt := store.NewBatcher(st, 16)
		defer bt.Close()
		for tb := range tables {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id := fmt.Sprint("t", tb)
				for seq := 1; seq <= moves; seq++ {
					done := make(chan error, 1)
					tbl := store.Table{ID: id, Game: "g", Players: 2, Status: store.StatusLive, Version: seq,
						Options: map[string]string{"by": fmt.Sprint(n)}}
					bt.Submit(store.Write{Entries: []store.Entry{move(id, seq, fmt.Sprint("node", n))}, Table: &tbl},
						func(err error) { done <- err })
					err := <-done
					mu.Lock()
					results = append(results, result{n, tb, seq, err})
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	won := map[[2]int]int{} // (table, seq) → node told it won
	for _, r := range results {
		switch {
		case r.err == nil:
			if prev, ok := won[[2]int{r.table, r.seq}]; ok {
				t.Errorf("t%d#%d: both node %d and node %d were told they stored it", r.table, r.seq, prev, r.node)
			}
			won[[2]int{r.table, r.seq}] = r.node
		case !errors.Is(r.err, store.ErrConflict):
			t.Errorf("t%d#%d on node %d: %v", r.table, r.seq, r.node, r.err)
		}
	}
	for tb := range tables {
		log, err := nodes[1].Entries(t.Context(), fmt.Sprint("t", tb), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != moves {
			t.Errorf("t%d: %d entries, want %d", tb, len(log), moves)
		}
		for _, e := range log {
			n, ok := won[[2]int{tb, e.Seq}]
			if !ok || e.Client != fmt.Sprint("node", n) {
				t.Errorf("t%d#%d stored by %s, but node %d (told: %v) was told it won", tb, e.Seq, e.Client, n, ok)
			}
		}
	}
}
