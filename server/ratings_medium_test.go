package server

import (
	"testing"

	"github.com/jardin-games/jardin/store"
)

// The Medium bot (the lobby's default level, "ismcts:medium" or "ismcts")
// is calibrated at every game, above the Beginner bot, and a rated table
// accepts it.
func TestRatedMediumBot(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	for _, g := range ts.reg.All() {
		med, ok := anchorOf(g.ID(), "ismcts:medium")
		if !ok {
			t.Fatalf("%s: the Medium bot is not calibrated", g.ID())
		}
		if low, _ := anchorOf(g.ID(), "random"); med.Ordinal() <= low.Ordinal() {
			t.Errorf("%s: Medium %.1f not above Beginner %.1f", g.ID(), med.Ordinal(), low.Ordinal())
		}
	}
	for _, kind := range []string{"ismcts:medium", "ismcts"} {
		tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", kind}, Clock: ratedClock, Public: true, Rated: true})
		st, err := ts.db.Table(t.Context(), tb.ID)
		if err != nil || !st.Rated || st.Seats[1].Kind != store.SeatBot {
			t.Fatalf("rated table with %s: %+v, %v", kind, st, err)
		}
	}
}
