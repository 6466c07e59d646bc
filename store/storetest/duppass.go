package storetest

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
)

// testDuplicates: a duplicate joins its original's group (started then),
// a duplicate of a duplicate joins the same group, the original is listed
// first, a duplicate of a missing table stores nothing, and an id that
// exists is ErrConflict with no group row left behind.
func testDuplicates(t *testing.T, s store.Store) {
	if got, err := s.Duplicates(ctx, "a"); err != nil || got != nil {
		t.Fatalf("Duplicates of no table = %v, %v; want nil", got, err)
	}
	a := sampleTable("a")
	a.Created = at(10)
	if err := s.CreateTable(ctx, a); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Duplicates(ctx, "a"); err != nil || got != nil {
		t.Fatalf("Duplicates of a lone table = %v, %v; want nil", got, err)
	}
	b := sampleTable("b")
	b.Created = at(5) // earlier than a: the original is still listed first
	if err := s.CreateDuplicate(ctx, b, "a"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Table(ctx, "b"); err != nil || got.Seed != a.Seed {
		t.Fatalf("the duplicate's row: %+v, %v", got, err)
	}
	c := sampleTable("c")
	c.Created = at(20)
	if err := s.CreateDuplicate(ctx, c, "b"); err != nil {
		t.Fatal(err)
	}
	want := []string{"a", "b", "c"}
	for _, id := range want {
		if got, err := s.Duplicates(ctx, id); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Duplicates(%s) = %v, %v; want %v", id, got, err, want)
		}
	}
	if err := s.CreateDuplicate(ctx, sampleTable("d"), "nosuch"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("duplicate of a missing table: %v, want ErrNotFound", err)
	}
	if _, err := s.Table(ctx, "d"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused duplicate's table was stored: %v", err)
	}
	if err := s.CreateDuplicate(ctx, sampleTable("c"), "a"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("duplicate with a stored id: %v, want ErrConflict", err)
	}
	// A second group is apart from the first.
	for _, id := range []string{"x", "y"} {
		tb := sampleTable(id)
		var err error
		if id == "x" {
			err = s.CreateTable(ctx, tb)
		} else {
			err = s.CreateDuplicate(ctx, tb, "x")
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if got, err := s.Duplicates(ctx, "y"); err != nil || !reflect.DeepEqual(got, []string{"x", "y"}) {
		t.Errorf("Duplicates(y) = %v, %v", got, err)
	}
	if got, err := s.Duplicates(ctx, "a"); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("after another group: Duplicates(a) = %v, %v; want %v", got, err, want)
	}
}

// testPasskeys: passkeys by id and by identity, a stored id refused, the
// data replaced; a challenge is used once, not after it expires, not as
// another kind.
func testPasskeys(t *testing.T, s store.Store) {
	for _, id := range []string{"i1", "i2"} {
		if err := s.CreateIdentity(ctx, store.Identity{ID: id, Name: id, Created: at(0)}, []byte("tok-"+id)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Passkey(ctx, []byte("k1")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no passkey: %v, want ErrNotFound", err)
	}
	k1 := store.Passkey{ID: []byte{0, 1, 0xff}, Identity: "i1", Data: []byte(`{"n":1}`), Created: at(1)}
	k2 := store.Passkey{ID: []byte("k2"), Identity: "i1", Data: []byte(`{"n":2}`), Created: at(2)}
	k3 := store.Passkey{ID: []byte("k3"), Identity: "i2", Data: []byte(`{}`), Created: at(3)}
	for _, k := range []store.Passkey{k2, k1, k3} {
		if err := s.AddPasskey(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddPasskey(ctx, store.Passkey{ID: k1.ID, Identity: "i2", Data: []byte(`{}`), Created: at(4)}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second passkey with k1's id: %v, want ErrConflict", err)
	}
	if err := s.AddPasskey(ctx, store.Passkey{ID: []byte("k9"), Identity: "nobody", Data: []byte(`{}`), Created: at(4)}); err == nil {
		t.Error("a passkey of no identity was stored")
	}
	if got, err := s.Passkey(ctx, k1.ID); err != nil || !reflect.DeepEqual(got, k1) {
		t.Errorf("Passkey(k1) = %+v, %v; want %+v", got, err, k1)
	}
	if got, err := s.PasskeysOf(ctx, "i1"); err != nil || !reflect.DeepEqual(got, []store.Passkey{k1, k2}) {
		t.Errorf("PasskeysOf(i1) = %+v, %v", got, err)
	}
	if got, err := s.PasskeysOf(ctx, "nobody"); err != nil || len(got) != 0 {
		t.Errorf("PasskeysOf(nobody) = %+v, %v", got, err)
	}
	if err := s.UpdatePasskey(ctx, k1.ID, []byte(`{"n":7}`)); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Passkey(ctx, k1.ID); err != nil || !bytes.Equal(got.Data, []byte(`{"n":7}`)) {
		t.Errorf("after UpdatePasskey: %+v, %v", got, err)
	}
	if err := s.UpdatePasskey(ctx, []byte("nosuch"), []byte(`{}`)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("update of no passkey: %v, want ErrNotFound", err)
	}

	now := time.Now()
	if err := s.PutChallenge(ctx, []byte("c1"), "register", "i1", []byte("session-1"), now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.PutChallenge(ctx, []byte("c1"), "login", "", []byte("again"), now.Add(time.Minute)); err == nil {
		t.Error("a second challenge with the same hash was stored")
	}
	if err := s.PutChallenge(ctx, []byte("c2"), "login", "", []byte("session-2"), now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.PutChallenge(ctx, []byte("c3"), "login", "", []byte("session-3"), now.Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if id, data, err := s.UseChallenge(ctx, []byte("c1"), "register", now); err != nil || id != "i1" || string(data) != "session-1" {
		t.Errorf("UseChallenge(c1) = %q, %q, %v", id, data, err)
	}
	if _, _, err := s.UseChallenge(ctx, []byte("c1"), "register", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a challenge used twice: %v, want ErrNotFound", err)
	}
	if _, _, err := s.UseChallenge(ctx, []byte("c2"), "register", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a login challenge used to register: %v, want ErrNotFound", err)
	}
	if _, _, err := s.UseChallenge(ctx, []byte("c2"), "login", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a challenge used as another kind stays usable: %v, want ErrNotFound", err)
	}
	if _, _, err := s.UseChallenge(ctx, []byte("c3"), "login", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an expired challenge: %v, want ErrNotFound", err)
	}
	if _, _, err := s.UseChallenge(ctx, []byte("nosuch"), "login", now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown challenge: %v, want ErrNotFound", err)
	}
}
