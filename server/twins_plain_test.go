package server

import (
	"strings"
	"testing"
)

// The pages without JavaScript number two bots of one strength as the page
// and the replay do ("Quick bot 1", "Quick bot 2"): the plain lobby's open
// tables and my tables, and the invite page, named both "Quick bot".
func TestTwinSeatsReadApartWithoutScript(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "alices-garden", Seats: []string{"me", "greedy", "greedy", "open"}, Public: true})
	for _, path := range []string{"/plain", "/join/" + tb.ID, "/join/" + tb.ID + "?lang=fr"} {
		var body string
		if code := ann.call("GET", path, nil, &body); code != 200 {
			t.Fatalf("GET %s: %d", path, code)
		}
		want := []string{"Quick bot 1", "Quick bot 2"}
		if strings.Contains(path, "lang=fr") {
			want = []string{"Robot rapide 1", "Robot rapide 2"}
		}
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("GET %s: no %q in\n%s", path, w, body)
			}
		}
	}
}
