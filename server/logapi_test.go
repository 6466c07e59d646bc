package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"testing"
)

// TestLogAPI: a table keeps only its recent events in memory, which is all
// a sync carries; GET /api/tables/{id}/log gives the earlier ones, replayed
// from the stored log, as the asking seat may see them: the same events,
// texts and secrets as the live table's for the versions both hold.
func TestLogAPI(t *testing.T) {
	ts := startServer(t, "", Config{QuickBots: 2})
	ann := newClient(t, ts.URL, "Ann")
	bob := newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "greedy", "random"}})

	// Ann plays her first legal move until the log is longer than what a
	// table keeps in memory.
	s := ann.dial(tb.ID, "")
	m := s.next(outSync)
	for i := 0; num(m, "v") <= recentItems+20 && str(m, "status") == "live"; i++ {
		if num(m, "toMove") == 0 && count(m, "legal") > 0 {
			// any move but declaring the game over, to make the game long
			var legal []map[string]string
			json.Unmarshal(m["legal"], &legal)
			k := 0
			for k < len(legal)-1 && legal[k]["kind"] == "end" {
				k++
			}
			s.send(map[string]any{"t": "move", "v": num(m, "v"), "id": fmt.Sprint("a", i), "i": k})
		}
		m = s.next(outUpdate)
	}
	s.close()
	if num(m, "v") <= recentItems {
		t.Fatalf("the game ended at version %d, before the log outgrew the memory (%d entries)", num(m, "v"), recentItems)
	}

	// the sync's events and its version (the bots may play on after it)
	syncEvents := func(c *client, query string) ([]eventOut, int) {
		t.Helper()
		s := c.dial(tb.ID, query)
		defer s.close()
		m := s.next(outSync)
		var evs []eventOut
		if err := json.Unmarshal(m["events"], &evs); err != nil {
			t.Fatal(err)
		}
		return evs, num(m, "v")
	}
	getLog := func(c *client, query string) []eventOut {
		t.Helper()
		var out logJSON
		if code := c.call("GET", "/api/tables/"+tb.ID+"/log?"+query, nil, &out); code != http.StatusOK {
			t.Fatalf("log?%s: %d", query, code)
		}
		return out.Events
	}

	for _, tc := range []struct {
		name      string
		who       *client
		dial, get string
	}{
		{"seated", ann, "", "lang=fr"},
		{"spectator", bob, "seat=-1", "seat=-1&lang=fr"},
		{"unseated is a spectator", bob, "", "lang=fr"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			live, v := syncEvents(tc.who, tc.dial+"&lang=fr")
			if len(live) == 0 || live[0].V <= 1 {
				t.Fatalf("the sync's %d events start at version 1: the test needs a log longer than the memory", len(live))
			}
			all := getLog(tc.who, fmt.Sprintf("%s&before=%d", tc.get, v+1))
			if len(all) < len(live) || all[0].V != 1 {
				t.Fatalf("%d events from version %d, want the whole log from version 1 (the sync has %d)", len(all), all[0].V, len(live))
			}
			for i := 1; i < len(all); i++ {
				if all[i].V < all[i-1].V {
					t.Fatalf("event %d of version %d after one of version %d", i, all[i].V, all[i-1].V)
				}
			}
			// The versions the sync carries read the same in both.
			if tail := all[len(all)-len(live):]; !reflect.DeepEqual(tail, live) {
				for i := range live {
					if !reflect.DeepEqual(tail[i], live[i]) {
						t.Fatalf("the log's last %d events differ from the sync's, first at %d:\n%+v\n%+v", len(live), i, tail[i], live[i])
					}
				}
			}
			// before: only what the sync lacks.
			early := getLog(tc.who, fmt.Sprintf("%s&before=%d", tc.get, live[0].V))
			if !reflect.DeepEqual(early, all[:len(early)]) || len(early) == 0 || early[len(early)-1].V >= live[0].V {
				t.Errorf("before=%d: %d events, last of version %d", live[0].V, len(early), early[len(early)-1].V)
			}
		})
	}

	// A seat's log is its holder's alone; a bad before is refused.
	var body string
	if code := bob.call("GET", "/api/tables/"+tb.ID+"/log?seat=0", nil, &body); code != http.StatusForbidden {
		t.Errorf("Bob asking for Ann's seat: %d %s, want 403", code, body)
	}
	if code := ann.call("GET", "/api/tables/"+tb.ID+"/log?before=x", nil, &body); code != http.StatusBadRequest {
		t.Errorf("before=x: %d, want 400", code)
	}
	if code := ann.call("GET", "/api/tables/nosuchtable/log", nil, &body); code != http.StatusNotFound {
		t.Errorf("no such table: %d, want 404", code)
	}
}
