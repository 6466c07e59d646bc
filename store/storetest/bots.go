package storetest

import (
	"errors"
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/store"
)

// testBotIdentities: an identity becomes a bot once (a second time is a
// conflict that changes nothing; no identity, not found), bots list by
// name, and invitations are indexed per seat, replaced, listed per bot
// oldest first and dropped.
func testBotIdentities(t *testing.T, s store.Store) {
	for _, id := range []store.Identity{{ID: "i1", Name: "Zed", Created: at(0)}, {ID: "i2", Name: "Ann", Created: at(0)},
		{ID: "i3", Name: "Bob", Created: at(0)}} {
		if err := s.CreateIdentity(ctx, id, []byte("hash-"+id.ID)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.BotIdentity(ctx, "i1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("BotIdentity of a person: err %v, want ErrNotFound", err)
	}
	if err := s.MakeBot(ctx, "nosuch", at(1)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("MakeBot of no identity: err %v, want ErrNotFound", err)
	}
	if got, err := s.BotIdentities(ctx, 0); err != nil || len(got) != 0 {
		t.Fatalf("BotIdentities before any = %v, %v", got, err)
	}
	if err := s.MakeBot(ctx, "i1", at(1)); err != nil {
		t.Fatal(err)
	}
	if err := s.MakeBot(ctx, "i1", at(5)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("MakeBot twice: err %v, want ErrConflict", err)
	}
	want := store.Bot{Identity: "i1", Name: "Zed", Since: at(1)}
	if got, err := s.BotIdentity(ctx, "i1"); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("BotIdentity = %+v, %v; want %+v (the first time kept)", got, err, want)
	}
	if err := s.MakeBot(ctx, "i2", at(2)); err != nil {
		t.Fatal(err)
	}
	got, err := s.BotIdentities(ctx, 0)
	if err != nil || len(got) != 2 || got[0].Name != "Ann" || got[1].Name != "Zed" {
		t.Fatalf("BotIdentities = %+v, %v; want Ann then Zed", got, err)
	}
	if got, err := s.BotIdentities(ctx, 1); err != nil || len(got) != 1 || got[0].Identity != "i2" {
		t.Errorf("BotIdentities(limit 1) = %+v, %v", got, err)
	}
	// A rename shows in the bot's name: it is the identity's.
	if err := s.UpdateIdentity(ctx, store.Identity{ID: "i1", Name: "Zed 2"}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.BotIdentity(ctx, "i1"); err != nil || got.Name != "Zed 2" {
		t.Errorf("after a rename: %+v, %v", got, err)
	}

	// Invitations.
	if got, err := s.Invitations(ctx, "i1"); err != nil || len(got) != 0 {
		t.Fatalf("Invitations before any = %v, %v", got, err)
	}
	invs := []store.Invitation{{Table: "t2", Seat: 1, Bot: "i1", At: at(3)}, {Table: "t1", Seat: 2, Bot: "i1", At: at(2)},
		{Table: "t1", Seat: 1, Bot: "i2", At: at(2)}}
	for _, inv := range invs {
		if err := s.PutInvitation(ctx, inv); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PutInvitation(ctx, store.Invitation{Table: "t3", Seat: 0, Bot: "nosuch", At: at(2)}); err == nil {
		t.Error("an invitation of no identity was stored")
	}
	got2, err := s.Invitations(ctx, "i1")
	if err != nil || !reflect.DeepEqual(got2, []store.Invitation{invs[1], invs[0]}) {
		t.Fatalf("Invitations(i1) = %+v, %v; want oldest first %+v", got2, err, []store.Invitation{invs[1], invs[0]})
	}
	// The seat's invitation replaced: now i2's.
	if err := s.PutInvitation(ctx, store.Invitation{Table: "t2", Seat: 1, Bot: "i2", At: at(4)}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Invitations(ctx, "i1"); err != nil || len(got) != 1 || got[0].Table != "t1" {
		t.Errorf("after replacing t2/1: Invitations(i1) = %+v, %v", got, err)
	}
	if err := s.DropInvitation(ctx, "t1", 1); err != nil {
		t.Fatal(err)
	}
	if err := s.DropInvitation(ctx, "t1", 1); err != nil {
		t.Errorf("dropping it again: %v", err)
	}
	if got, err := s.Invitations(ctx, "i2"); err != nil || len(got) != 1 || got[0].Table != "t2" || got[0].Seat != 1 {
		t.Errorf("after dropping t1/1: Invitations(i2) = %+v, %v", got, err)
	}

	// The arena: opting in and out, and its tables.
	if err := s.SetArena(ctx, "i3", true); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetArena of a person: err %v, want ErrNotFound", err)
	}
	if err := s.SetArena(ctx, "i1", true); err != nil {
		t.Fatal(err)
	}
	if b, err := s.BotIdentity(ctx, "i1"); err != nil || !b.Arena {
		t.Errorf("after opting in: %+v, %v", b, err)
	}
	if b, err := s.BotIdentity(ctx, "i2"); err != nil || b.Arena {
		t.Errorf("the other bot: %+v, %v", b, err)
	}
	if err := s.SetArena(ctx, "i1", false); err != nil {
		t.Fatal(err)
	}
	if b, err := s.BotIdentity(ctx, "i1"); err != nil || b.Arena {
		t.Errorf("after opting out: %+v, %v", b, err)
	}
	if err := s.PutArenaTable(ctx, store.ArenaTable{Table: "nosuch", Game: "g", Players: 2, At: at(1)}); err == nil {
		t.Error("an arena table that does not exist was recorded")
	}
	for i, id := range []string{"a2", "a1"} {
		if err := s.CreateTable(ctx, sampleTable(id)); err != nil {
			t.Fatal(err)
		}
		if err := s.PutArenaTable(ctx, store.ArenaTable{Table: id, Game: "english-gardens", Players: 2, At: at(10 + i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PutArenaTable(ctx, store.ArenaTable{Table: "a1", Game: "english-gardens", Players: 2, At: at(12)}); err == nil {
		t.Error("an arena table recorded twice")
	}
	ats, err := s.ArenaTables(ctx, at(0), 0)
	if err != nil || len(ats) != 2 || ats[0].Table != "a2" || ats[1].Table != "a1" || ats[1].At != at(11) || ats[0].Players != 2 {
		t.Fatalf("ArenaTables = %+v, %v; want a2 then a1", ats, err)
	}
	if ats, err := s.ArenaTables(ctx, at(11), 0); err != nil || len(ats) != 1 || ats[0].Table != "a1" {
		t.Errorf("ArenaTables since 11 = %+v, %v", ats, err)
	}
	if ats, err := s.ArenaTables(ctx, at(0), 1); err != nil || len(ats) != 1 || ats[0].Table != "a2" {
		t.Errorf("ArenaTables limit 1 = %+v, %v", ats, err)
	}
}
