package server

import "testing"

// A rated table that rated nobody says why on GET /api/tables/{id}/rating:
// the seats whose person never moved (the page names them instead of
// saying the game changed ratings); a rated table says nothing of it.
func TestTableRatingNamesWhoNeverMoved(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	farm := playRated(t, ts, ann, bob, 0)
	waitSettled(t, ts, farm)
	var got tableRatingJSON
	if code := ann.call("GET", "/api/tables/"+farm+"/rating", nil, &got); code != 200 {
		t.Fatalf("rating: %d", code)
	}
	if !got.Rated || !got.Settled || len(got.Seats) != 0 || len(got.Unmoved) != 1 || got.Unmoved[0] != 1 {
		t.Fatalf("Bob resigned before moving: %+v, want settled, no seat, unmoved [1]", got)
	}
	left := playRated(t, ts, ann, bob, 6)
	waitSettled(t, ts, left)
	got = tableRatingJSON{}
	if code := ann.call("GET", "/api/tables/"+left+"/rating", nil, &got); code != 200 {
		t.Fatalf("rating: %d", code)
	}
	if len(got.Seats) != 2 || got.Unmoved != nil {
		t.Fatalf("Bob left after moving: %+v, want two seats and no unmoved", got)
	}
}
