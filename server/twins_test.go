package server

import (
	"slices"
	"strings"
	"testing"
)

// Two bots of one strength at a table read as one player: a newcomer's
// three-player Schlossgarten ended on "Quick bot wins with 22 points; Quick
// bot 2nd with 18 points", the log and the score pad named both the same.
// Seats that would read alike are numbered among themselves, in the
// replay's names and in every event's text.
func TestTwinSeatsReadApart(t *testing.T) {
	ts := startServer(t, "", Config{QuickBots: 3})
	ann := newClient(t, ts.URL, "Ann")
	done := ann.create(createReq{Game: "alices-garden", Seats: []string{"greedy", "random", "greedy"}})
	waitOver(t, ann, done.ID)
	for lang, want := range map[string][]string{
		"en": {"Quick bot 1", "Beginner bot", "Quick bot 2"},
		"fr": {"Robot rapide 1", "Robot débutant", "Robot rapide 2"},
		"de": {"Schneller Bot 1", "Anfänger-Bot", "Schneller Bot 2"},
	} {
		var rp replayJSON
		var raw string
		if code := ann.call("GET", "/api/tables/"+done.ID+"/replay?lang="+lang, nil, &rp); code != 200 {
			t.Fatalf("replay %s: %d", lang, code)
		}
		ann.call("GET", "/api/tables/"+done.ID+"/replay?lang="+lang, nil, &raw)
		if !slices.Equal(rp.Names, want) {
			t.Errorf("%s: names %q, want %q", lang, rp.Names, want)
		}
		if !strings.Contains(raw, want[2]) {
			t.Errorf("%s: no event names %q", lang, want[2])
		}
	}
	// One of a kind keeps its plain name.
	solo := ann.create(createReq{Game: "alices-garden", Seats: []string{"greedy", "random"}})
	waitOver(t, ann, solo.ID)
	var rp replayJSON
	ann.call("GET", "/api/tables/"+solo.ID+"/replay?lang=en", nil, &rp)
	if !slices.Equal(rp.Names, []string{"Quick bot", "Beginner bot"}) {
		t.Errorf("names %q, want them unnumbered", rp.Names)
	}
}
