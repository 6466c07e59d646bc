package server

import (
	"encoding/json"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/store"
)

// A person who gave up has not won, even when the bot that finished their
// game scored the most; the one who stayed is first (the player page's
// games won, the lobby's "won").
func TestRankOfLeaver(t *testing.T) {
	res, _ := json.Marshal(engine.Result{Final: true, Players: []engine.PlayerResult{{Total: 30, Rank: 1}, {Total: 20, Rank: 2}, {Total: 10, Rank: 3}}})
	tb := store.Table{Status: store.StatusOver, Result: res, Seats: []store.Seat{
		{Kind: store.SeatHuman, Identity: "ann", Zombie: true, Bot: "greedy"},
		{Kind: store.SeatHuman, Identity: "bob"},
		{Kind: store.SeatBot, Bot: "greedy"},
	}}
	for seat, want := range []int{0, 1, 2} {
		if got := rankOf(tb, seat); got != want {
			t.Errorf("seat %d: rank %d, want %d", seat, got, want)
		}
	}
	tb.Status = store.StatusLive
	if got := rankOf(tb, 1); got != 0 {
		t.Errorf("a live table ranks %d", got)
	}
}
