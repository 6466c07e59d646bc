package storetest

import (
	"errors"
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/store"
)

// testRatings: a table's outcome is stored once, all or nothing, only for a
// finished rated table, and only from the ratings it was computed from;
// ratings, leaderboard, history and the unsettled tables read it back.
func testRatings(t *testing.T, s store.Store) {
	mk := func(id string, rated bool, status store.Status, updated int) {
		t.Helper()
		tb := sampleTable(id)
		tb.Rated, tb.Status, tb.Updated, tb.Undo, tb.Result = rated, status, at(updated), false, []byte(`{}`)
		if err := s.CreateTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	mk("r2", true, store.StatusOver, 20)
	mk("r1", true, store.StatusOver, 10)
	mk("r3", true, store.StatusOver, 30)
	mk("casual", false, store.StatusOver, 5)
	mk("live", true, store.StatusLive, 5)
	if got, err := s.Table(ctx, "r1"); err != nil || !got.Rated {
		t.Fatalf("a rated table reads back as rated %v, %v", got.Rated, err)
	}
	if got, err := s.Table(ctx, "casual"); err != nil || got.Rated {
		t.Fatalf("a casual table reads back as rated %v, %v", got.Rated, err)
	}
	if got, err := s.UnsettledTables(ctx, 10); err != nil || !reflect.DeepEqual(got, []string{"r1", "r2", "r3"}) {
		t.Fatalf("UnsettledTables = %v, %v; want r1 r2 r3 (the finished rated ones, oldest first)", got, err)
	}
	if got, err := s.UnsettledTables(ctx, 1); err != nil || !reflect.DeepEqual(got, []string{"r1"}) {
		t.Fatalf("UnsettledTables(1) = %v, %v", got, err)
	}
	ch := func(table, player string, seat, place, games int, mu float64) store.RatingChange {
		return store.RatingChange{Table: table, Game: "english-gardens", Player: player, Seat: seat, Place: place,
			Mu: mu, Sigma: 8 - float64(games)/10, Games: games, Won: place == 1}
	}
	// Only a finished rated table changes a rating.
	for _, id := range []string{"casual", "live", "nosuch"} {
		if err := s.RateTable(ctx, id, at(40), []store.RatingChange{ch(id, "i1", 0, 1, 1, 30)}); !errors.Is(err, store.ErrNotRated) {
			t.Errorf("RateTable(%s): %v, want ErrNotRated", id, err)
		}
	}
	if rs, err := s.PlayerRatings(ctx, "english-gardens", []string{"i1"}); err != nil || len(rs) != 0 {
		t.Fatalf("after refused ratings: %v, %v; want none", rs, err)
	}
	if err := s.RateTable(ctx, "r1", at(41), []store.RatingChange{ch("r1", "i1", 0, 1, 1, 30), ch("r1", "i2", 1, 2, 1, 20)}); err != nil {
		t.Fatal(err)
	}
	// Submitted again: refused, nothing counted twice.
	if err := s.RateTable(ctx, "r1", at(42), []store.RatingChange{ch("r1", "i1", 0, 1, 2, 35)}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("the same table rated twice: %v, want ErrConflict", err)
	}
	// A change computed from a rating that is not the current one (i1 has
	// played 1 game, not 0): refused, and the valid change before it too.
	if err := s.RateTable(ctx, "r2", at(43), []store.RatingChange{ch("r2", "i2", 0, 1, 2, 26), ch("r2", "i1", 1, 2, 1, 31)}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a stale change: %v, want ErrConflict", err)
	}
	// A change of another table: refused.
	if err := s.RateTable(ctx, "r2", at(43), []store.RatingChange{ch("r1", "i2", 0, 1, 2, 26)}); err == nil {
		t.Error("a change naming another table was stored")
	}
	want := map[string]store.PlayerRating{
		"i1": {Player: "i1", Game: "english-gardens", Mu: 30, Sigma: 7.9, Games: 1, Wins: 1, Updated: at(41)},
		"i2": {Player: "i2", Game: "english-gardens", Mu: 20, Sigma: 7.9, Games: 1, Wins: 0, Updated: at(41)},
	}
	if rs, err := s.PlayerRatings(ctx, "english-gardens", []string{"i1", "i2", "i3"}); err != nil || !reflect.DeepEqual(rs, want) {
		t.Fatalf("PlayerRatings = %+v, %v\nwant %+v", rs, err, want)
	}
	if rs, err := s.PlayerRatings(ctx, "schlossgarten", []string{"i1"}); err != nil || len(rs) != 0 {
		t.Errorf("ratings at another game: %v, %v", rs, err)
	}
	if settled, chs, err := s.TableRating(ctx, "r2"); err != nil || settled || len(chs) != 0 {
		t.Fatalf("after refused writes r2 is settled %v with %v, %v", settled, chs, err)
	}
	// Now from the current ratings: i2 wins.
	if err := s.RateTable(ctx, "r2", at(50), []store.RatingChange{ch("r2", "i2", 0, 1, 2, 33), ch("r2", "i1", 1, 2, 2, 28)}); err != nil {
		t.Fatal(err)
	}
	// Settled without rating anyone (a table nobody's rating may learn from).
	if err := s.RateTable(ctx, "r3", at(60), nil); err != nil {
		t.Fatal(err)
	}
	if settled, chs, err := s.TableRating(ctx, "r3"); err != nil || !settled || len(chs) != 0 {
		t.Errorf("r3: settled %v with %v, %v; want settled, no change", settled, chs, err)
	}
	if got, err := s.UnsettledTables(ctx, 10); err != nil || len(got) != 0 {
		t.Errorf("UnsettledTables after settling all = %v, %v", got, err)
	}
	settled, chs, err := s.TableRating(ctx, "r2")
	wantR2 := []store.RatingChange{ch("r2", "i2", 0, 1, 2, 33), ch("r2", "i1", 1, 2, 2, 28)}
	wantR2[0].At, wantR2[1].At = at(50), at(50)
	if err != nil || !settled || !reflect.DeepEqual(chs, wantR2) {
		t.Fatalf("TableRating(r2) = %v %+v, %v\nwant %+v", settled, chs, err, wantR2)
	}
	board, err := s.Leaderboard(ctx, "english-gardens", 10)
	if err != nil || len(board) != 2 || board[0].Player != "i2" || board[1].Player != "i1" || board[0].Wins != 1 || board[1].Wins != 1 || board[0].Games != 2 {
		t.Fatalf("Leaderboard = %+v, %v; want i2 (33 − 3·7.8) above i1, one win and two games each", board, err)
	}
	if board, err := s.Leaderboard(ctx, "english-gardens", 1); err != nil || len(board) != 1 || board[0].Player != "i2" {
		t.Errorf("Leaderboard(1) = %+v, %v", board, err)
	}
	hist, err := s.RatingHistory(ctx, "i1", 10)
	if err != nil || len(hist) != 2 || hist[0].Table != "r1" || hist[1].Table != "r2" || hist[1].Place != 2 || hist[1].Mu != 28 {
		t.Fatalf("RatingHistory(i1) = %+v, %v; want r1 then r2", hist, err)
	}
	if hist, err := s.RatingHistory(ctx, "i1", 1); err != nil || len(hist) != 1 || hist[0].Table != "r2" {
		t.Errorf("RatingHistory(i1, 1) = %+v, %v; want the last, r2", hist, err)
	}
	if hist, err := s.RatingHistory(ctx, "nobody", 10); err != nil || len(hist) != 0 {
		t.Errorf("RatingHistory(nobody) = %+v, %v", hist, err)
	}
}
