package storetest

import (
	"testing"

	"github.com/jardin-games/jardin/store"
)

// testBoards: a leaderboard is read in one query with the names, people and
// bot identities apart, by ordinal, within the limit and the game.
func testBoards(t *testing.T, s store.Store) {
	for _, id := range []store.Identity{{ID: "p1", Name: "Ann"}, {ID: "p2", Name: "Bea"}, {ID: "b1", Name: "Robo"}} {
		if err := s.CreateIdentity(ctx, id, []byte("hash-"+id.ID)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.MakeBot(ctx, "b1", at(1)); err != nil {
		t.Fatal(err)
	}
	tb := sampleTable("t1")
	tb.Rated, tb.Status, tb.Undo, tb.Result = true, store.StatusOver, false, []byte(`{}`)
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	ch := func(player string, seat int, mu, sigma float64) store.RatingChange {
		return store.RatingChange{Table: "t1", Game: "english-gardens", Player: player, Seat: seat, Place: seat + 1,
			Mu: mu, Sigma: sigma, Games: 1, Won: seat == 0}
	}
	// Bea's Mu is higher but her ordinal (Mu − 3·Sigma) lower: 30−24 < 20−6.
	if err := s.RateTable(ctx, "t1", at(2), []store.RatingChange{ch("b1", 0, 40, 1), ch("p1", 1, 20, 2), ch("p2", 2, 30, 8)}); err != nil {
		t.Fatal(err)
	}
	people, err := s.Board(ctx, "english-gardens", false, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(people) != 2 || people[0].Name != "Ann" || people[1].Name != "Bea" || people[0].Bot || people[0].Games != 1 ||
		people[0].Wins != 0 || people[0].Mu != 20 || people[0].Sigma != 2 || !people[0].Updated.Equal(at(2)) {
		t.Fatalf("people's board = %+v; want Ann then Bea, not bots", people)
	}
	bots, err := s.Board(ctx, "english-gardens", true, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(bots) != 1 || bots[0].Player != "b1" || bots[0].Name != "Robo" || !bots[0].Bot || bots[0].Wins != 1 {
		t.Fatalf("bots' board = %+v; want Robo alone, a bot", bots)
	}
	if got, err := s.Board(ctx, "english-gardens", false, 1); err != nil || len(got) != 1 || got[0].Player != "p1" {
		t.Fatalf("board limited to 1 = %+v, %v", got, err)
	}
	if got, err := s.Board(ctx, "alices-garden", false, 10); err != nil || len(got) != 0 {
		t.Fatalf("board of a game nobody played = %+v, %v", got, err)
	}
	// The end of a table: each seat's rating before and after, in seat order.
	if settled, ds, err := s.TableDeltas(ctx, "nosuch"); err != nil || settled || len(ds) != 0 {
		t.Fatalf("TableDeltas of no table = %v %+v %v", settled, ds, err)
	}
	tb2 := sampleTable("t2")
	tb2.Rated, tb2.Status, tb2.Undo, tb2.Result = true, store.StatusOver, false, []byte(`{}`)
	if err := s.CreateTable(ctx, tb2); err != nil {
		t.Fatal(err)
	}
	if settled, ds, err := s.TableDeltas(ctx, "t2"); err != nil || settled || len(ds) != 0 {
		t.Fatalf("TableDeltas of an unsettled table = %v %+v %v", settled, ds, err)
	}
	second := store.RatingChange{Table: "t2", Game: "english-gardens", Player: "p1", Seat: 1, Place: 1, Mu: 24, Sigma: 1.5, Games: 2, Won: true}
	first := store.RatingChange{Table: "t2", Game: "english-gardens", Player: "p3", Seat: 0, Place: 2, Mu: 22, Sigma: 7, Games: 1}
	if err := s.CreateIdentity(ctx, store.Identity{ID: "p3", Name: "Cy"}, []byte("hash-p3")); err != nil {
		t.Fatal(err)
	}
	if err := s.RateTable(ctx, "t2", at(3), []store.RatingChange{second, first}); err != nil {
		t.Fatal(err)
	}
	settled, ds, err := s.TableDeltas(ctx, "t2")
	if err != nil || !settled || len(ds) != 2 {
		t.Fatalf("TableDeltas(t2) = %v %+v %v", settled, ds, err)
	}
	if d := ds[0]; d.Seat != 0 || d.Player != "p3" || d.HadRating || d.Mu != 22 || d.Games != 1 {
		t.Errorf("a first rated game: %+v; want no rating before", d)
	}
	if d := ds[1]; d.Seat != 1 || d.Player != "p1" || !d.HadRating || d.BeforeMu != 20 || d.BeforeSigma != 2 || d.Mu != 24 || !d.Won || d.Place != 1 {
		t.Errorf("a second rated game: %+v; want 20±2 before, 24 after", d)
	}
	if settled, ds, err := s.TableDeltas(ctx, "t1"); err != nil || !settled || len(ds) != 3 || ds[1].HadRating {
		t.Errorf("TableDeltas(t1) = %v %+v %v; want three first games", settled, ds, err)
	}
}
