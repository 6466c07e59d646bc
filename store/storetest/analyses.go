package storetest

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/store"
)

// testAnalyses: an analysis is kept byte for byte per table, replaced by a
// later one, refused for a table that does not exist, and ErrNotFound
// before it is stored.
func testAnalyses(t *testing.T, s store.Store) {
	if _, err := s.Analysis(ctx, "t1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("analysis of no table: err %v, want ErrNotFound", err)
	}
	if err := s.PutAnalysis(ctx, "nosuch", []byte(`{}`)); err == nil {
		t.Error("an analysis of a table that does not exist was stored")
	}
	if _, err := s.Analysis(ctx, "nosuch"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after a refused put: err %v, want ErrNotFound", err)
	}
	for _, id := range []string{"t1", "t2"} {
		if err := s.CreateTable(ctx, sampleTable(id)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Analysis(ctx, "t1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("analysis not stored yet: err %v, want ErrNotFound", err)
	}
	// Byte for byte: spacing and key order a JSON column would rewrite,
	// text beyond ASCII, and a size past a page.
	first := []byte(`{"z": 1,  "a":[0.1, 2.50], "name":"Zoë ✿"}`)
	big := []byte(`{"decisions":[` + strings.Repeat(`{"step":1,"best":"take 3","loss":0.125},`, 2000) + `{}]}`)
	if err := s.PutAnalysis(ctx, "t1", first); err != nil {
		t.Fatal(err)
	}
	if err := s.PutAnalysis(ctx, "t2", big); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Analysis(ctx, "t1"); err != nil || !bytes.Equal(got, first) {
		t.Fatalf("Analysis(t1) = %q, %v; want %q", got, err, first)
	}
	if got, err := s.Analysis(ctx, "t2"); err != nil || !bytes.Equal(got, big) {
		t.Fatalf("Analysis(t2): %d bytes, %v; want the %d stored", len(got), err, len(big))
	}
	// A later analysis replaces the first; the other table's is untouched.
	second := []byte(`{"again":true}`)
	if err := s.PutAnalysis(ctx, "t1", second); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Analysis(ctx, "t1"); err != nil || !bytes.Equal(got, second) {
		t.Errorf("after replacing: %q, %v; want %q", got, err, second)
	}
	if got, err := s.Analysis(ctx, "t2"); err != nil || !bytes.Equal(got, big) {
		t.Errorf("the other table's analysis changed: %d bytes, %v", len(got), err)
	}
}
