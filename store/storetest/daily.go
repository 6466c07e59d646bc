package storetest

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/store"
)

// dailyTable is a solo table dealt to identity as a daily deal.
func dailyTable(id, identity string) store.Table {
	tb := sampleTable(id)
	tb.Players, tb.Public, tb.Status, tb.Owner = 1, false, store.StatusLive, identity
	tb.Seats = []store.Seat{{Kind: store.SeatHuman, Identity: identity, Name: identity}}
	return tb
}

// testDailies: a play is stored with its table at once and found by its
// key and its table; a second play of the same day's game is ErrConflict
// and stores nothing, not even its table; the plays of a day list each
// table's status and result with the person's name; the days an identity
// finished are those whose table is over, each once, latest first.
func testDailies(t *testing.T, s store.Store) {
	for _, id := range []string{"ann", "bob"} {
		if err := s.CreateIdentity(ctx, store.Identity{ID: id, Name: "N-" + id, Created: at(0)}, []byte("h-"+id)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.DailyOf(ctx, "2026-11-29", "english-gardens", "ann"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("DailyOf before any: %v, want ErrNotFound", err)
	}
	if _, err := s.DailyByTable(ctx, "d1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("DailyByTable before any: %v, want ErrNotFound", err)
	}
	ann := store.Daily{Day: "2026-11-29", Game: "english-gardens", Identity: "ann", Table: "d1", Seat: 0, Started: at(5)}
	if err := s.CreateDaily(ctx, ann, dailyTable("d1", "ann")); err != nil {
		t.Fatal(err)
	}
	if got, err := s.DailyOf(ctx, ann.Day, ann.Game, "ann"); err != nil || !reflect.DeepEqual(got, ann) {
		t.Fatalf("DailyOf = %+v, %v; want %+v", got, err, ann)
	}
	if got, err := s.DailyByTable(ctx, "d1"); err != nil || !reflect.DeepEqual(got, ann) {
		t.Fatalf("DailyByTable = %+v, %v; want %+v", got, err, ann)
	}
	if got, err := s.Table(ctx, "d1"); err != nil || got.Owner != "ann" || got.Public {
		t.Fatalf("the daily's table: %+v, %v", got, err)
	}
	// The same deal again: refused, and its table not stored.
	again := ann
	again.Table, again.Started = "d2", at(6)
	if err := s.CreateDaily(ctx, again, dailyTable("d2", "ann")); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second play of the same deal: %v, want ErrConflict", err)
	}
	if _, err := s.Table(ctx, "d2"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the refused play's table was stored: %v", err)
	}
	if got, err := s.DailyOf(ctx, ann.Day, ann.Game, "ann"); err != nil || got.Table != "d1" {
		t.Fatalf("after the refused play: %+v, %v; want table d1", got, err)
	}
	// A table id taken already: refused, no play stored.
	bob := store.Daily{Day: ann.Day, Game: ann.Game, Identity: "bob", Table: "d1", Started: at(7)}
	if err := s.CreateDaily(ctx, bob, dailyTable("d1", "bob")); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a play on an existing table id: %v, want ErrConflict", err)
	}
	if _, err := s.DailyOf(ctx, ann.Day, ann.Game, "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the refused play was stored: %v", err)
	}
	// A daily whose table is not the one given is refused.
	if err := s.CreateDaily(ctx, store.Daily{Day: ann.Day, Game: ann.Game, Identity: "bob", Table: "x"}, dailyTable("d9", "bob")); err == nil {
		t.Fatal("a daily naming another table than the one given was stored")
	}
	bob.Table = "d3"
	if err := s.CreateDaily(ctx, bob, dailyTable("d3", "bob")); err != nil {
		t.Fatal(err)
	}
	// Other days and games are other deals.
	for i, d := range []store.Daily{
		{Day: "2026-11-29", Game: "alices-garden", Identity: "ann", Table: "d4", Started: at(8)},
		{Day: "2026-11-28", Game: "english-gardens", Identity: "ann", Table: "d5", Started: at(1)},
		{Day: "2026-11-27", Game: "english-gardens", Identity: "ann", Table: "d6", Started: at(0)},
	} {
		if err := s.CreateDaily(ctx, d, dailyTable(d.Table, "ann")); err != nil {
			t.Fatalf("play %d: %v", i, err)
		}
	}
	// Bob finishes: his table is over with a result.
	over := dailyTable("d3", "bob")
	over.Status, over.Updated, over.Result = store.StatusOver, at(60), []byte(`{"players":[{"total":42}]}`)
	over.Seats[0].Zombie, over.Seats[0].Bot = true, "greedy" // he left; a bot played on
	if errs := s.Commit(ctx, []store.Write{{Table: &over}}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	plays, err := s.DailyPlays(ctx, "2026-11-29", "english-gardens")
	if err != nil {
		t.Fatal(err)
	}
	if len(plays) != 2 {
		t.Fatalf("DailyPlays: %d plays, want 2: %+v", len(plays), plays)
	}
	if p := plays[0]; !reflect.DeepEqual(p.Daily, ann) || p.Name != "N-ann" || p.Status != store.StatusLive || len(p.Result) != 0 || p.Zombie {
		t.Errorf("first play %+v, want ann's, live, no result, hers", p)
	}
	if p := plays[1]; p.Identity != "bob" || p.Table != "d3" || p.Name != "N-bob" || p.Status != store.StatusOver ||
		!bytes.Equal(p.Result, over.Result) || !p.Updated.Equal(at(60)) || !p.Zombie {
		t.Errorf("second play %+v, want bob's, over at %v with %s, played on by a bot", p, at(60), over.Result)
	}
	if plays, err := s.DailyPlays(ctx, "2026-11-30", "english-gardens"); err != nil || len(plays) != 0 {
		t.Errorf("a day nobody played: %v, %v", plays, err)
	}
	// Days finished: ann finishes the 27th, and both games of the 29th.
	for _, id := range []string{"d6", "d1", "d4"} {
		tb := dailyTable(id, "ann")
		tb.Status, tb.Updated, tb.Result = store.StatusOver, at(90), []byte(`{}`)
		if errs := s.Commit(ctx, []store.Write{{Table: &tb}}); errs[0] != nil {
			t.Fatal(errs[0])
		}
	}
	if days, err := s.DailyDays(ctx, "ann", 0); err != nil || !reflect.DeepEqual(days, []string{"2026-11-29", "2026-11-27"}) {
		t.Errorf("ann's days = %v, %v; want the 29th (once) and the 27th (the 28th is not over)", days, err)
	}
	if days, err := s.DailyDays(ctx, "ann", 1); err != nil || !reflect.DeepEqual(days, []string{"2026-11-29"}) {
		t.Errorf("ann's last day = %v, %v", days, err)
	}
	if days, err := s.DailyDays(ctx, "nobody", 0); err != nil || len(days) != 0 {
		t.Errorf("nobody's days = %v, %v", days, err)
	}
}

// testDailySecret: the first secret offered is kept, and returned to every
// later caller whatever they offer.
func testDailySecret(t *testing.T, s store.Store) {
	if _, err := s.DailySecret(ctx, nil); err == nil {
		t.Error("an empty secret was accepted")
	}
	first := []byte{0, 1, 2, 0xff, 'a'}
	got, err := s.DailySecret(ctx, first)
	if err != nil || !bytes.Equal(got, first) {
		t.Fatalf("DailySecret = %x, %v; want %x", got, err, first)
	}
	if got, err := s.DailySecret(ctx, []byte("another")); err != nil || !bytes.Equal(got, first) {
		t.Fatalf("second DailySecret = %q, %v; want the first %x", got, err, first)
	}
}
