package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// parseLtMsg reads what encoding/json reads of the same messages: the
// members the load generator acts on, whatever their order, spacing and
// escapes, and stops at the view.
func TestParseLtMsgIsJSON(t *testing.T) {
	for _, msg := range []string{
		`{"t":"update","v":12,"from":11,"status":"live","toMove":2,"legal":[{"id":"a","name":"x \"]}\\"},{"id":"b"}],"seats":[{"n":"\u00e9"}],"clocks":{},"patch":{"a":{"[]":{"3":1}}}}`,
		`{"t":"sync","v":3,"table":{"id":"t1"},"you":0,"from":2,"status":"over","toMove":-1,"seats":[],"clocks":{"x":[1,2]},"watching":0,"record":"{\"seed\":1}","view":{"board":[1,2,3]},"result":{}}`,
		`{ "t" : "ack" , "v" : 7 , "id" : "m1-2" }`,
		`{"t":"refused","v":4,"reason":"stale","message":"no"}`,
		`{"t":"update","v":5,"from":4,"status":"live","toMove":0,"legal":[],"seats":[],"clocks":{},"view":{"seed":"x"}}`,
		`{"t":"chat","line":{"text":"{\"t\":\"ack\"}"}}`,
		`{}`,
	} {
		var m ltMsg
		if err := parseLtMsg([]byte(msg), &m); err != nil {
			t.Fatalf("%s: %v", msg, err)
		}
		var w struct {
			T      string
			V      int
			From   int
			ToMove int
			Status json.RawMessage
			Legal  []json.RawMessage
			Seed   *json.RawMessage
			Record *string
			View   *json.RawMessage
			Patch  json.RawMessage
		}
		if err := json.Unmarshal([]byte(msg), &w); err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprintf("%s %d %d %d %s %d %v %v %v %s", m.t, m.v, m.from, m.toMove, m.status, m.legal, m.seed, m.record, m.view, m.patch)
		tq, _ := json.Marshal(w.T)
		if w.T == "" {
			tq = nil
		}
		want := fmt.Sprintf("%s %d %d %d %s %d %v %v %v %s", tq, w.V, w.From, w.ToMove, w.Status, len(w.Legal), w.Seed != nil, w.Record != nil, w.View != nil, w.Patch)
		if got != want {
			t.Errorf("%s:\nread     %s\njson says %s", msg, got, want)
		}
	}
	for _, bad := range []string{``, `[]`, `{"t":"ack"`, `{"v":1.5}`, `{"v":"1"}`, `{"legal":{}}`, `{"t" "x"}`, `{"a":1,}`} {
		var m ltMsg
		if err := parseLtMsg([]byte(bad), &m); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}

// Each of the load generator's detections fires on a message that should
// set it off, read as the seats read them (handle), and only then.
func TestLoadtestDetects(t *testing.T) {
	newTable := func() (*loadtest, *ltSeat) {
		lt := &loadtest{}
		tb := &ltTable{lt: lt, sent: map[int]time.Time{}, got: map[int]int{}}
		tb.seats = []*ltSeat{{tb: tb, seat: 0}}
		lt.tables = []*ltTable{tb}
		return lt, tb.seats[0]
	}
	sync := `{"t":"sync","v":3,"status":"live","toMove":1,"seats":[],"view":{"a":1}}`
	update := func(from, v int, rest string) string {
		return fmt.Sprintf(`{"t":"update","v":%d,"from":%d,"status":"live","toMove":1,"seats":[]%s}`, v, from, rest)
	}
	type counts struct{ leaks, dup, resyncs, errs, refused, asked, seen int64 }
	for _, tc := range []struct {
		name string
		msgs []string
		want counts
	}{
		{"a sync and the updates that follow", []string{sync, update(3, 4, `,"patch":{"a":2}`), update(4, 5, `,"view":{"a":3}`)}, counts{seen: 5}},
		{"a seed in a view", []string{sync, update(3, 4, `,"view":{"seed":1}`)}, counts{leaks: 1, seen: 4}},
		{"a seed in a patch", []string{sync, update(3, 4, `,"patch":{"x":{"seed":1}}`)}, counts{leaks: 1, seen: 4}},
		{"a seed member", []string{`{"t":"chat","seed":12}`}, counts{leaks: 2}},
		{"a record while live", []string{sync, update(3, 4, `,"record":"{}","patch":{}`)}, counts{leaks: 1, seen: 4}},
		{"a record once over", []string{`{"t":"update","v":4,"from":3,"status":"over","toMove":-1,"record":"{}","patch":{}}`}, counts{asked: 1}},
		{"the same version twice", []string{sync, update(3, 4, `,"patch":{}`), update(4, 4, `,"patch":{}`)}, counts{dup: 1, seen: 4}},
		{"a gap", []string{sync, update(4, 5, `,"patch":{}`)}, counts{asked: 1, seen: 3}},
		{"an update before any view", []string{update(0, 1, `,"patch":{}`)}, counts{asked: 1}},
		{"a resync", []string{sync, sync}, counts{resyncs: 1, seen: 3}},
		{"a patch that is not JSON", []string{sync, update(3, 4, `,"patch":{"a":}`)}, counts{errs: 1, seen: 3}},
		{"a message that is not JSON", []string{`{"t":"ack","v":}`}, counts{errs: 1}},
		{"a whole view that is not JSON", []string{sync, update(3, 4, `,"view":{"a":[}`)}, counts{errs: 1, seen: 3}},
		{"an error", []string{`{"t":"error","message":"x"}`}, counts{errs: 1}},
		{"a refusal", []string{`{"t":"refused","v":3}`}, counts{refused: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lt, st := newTable()
			for _, m := range tc.msgs {
				st.handle([]byte(m), time.Now())
			}
			got := counts{lt.leaks.Load(), lt.dup.Load(), lt.resyncs.Load(), lt.errs.Load(), lt.refused.Load(), int64(st.asked), int64(st.seen)}
			if got != tc.want {
				t.Errorf("%+v, want %+v", got, tc.want)
			}
		})
	}
}

// A move acknowledged but not in the table's version afterwards is lost;
// a seat that did not see the last acknowledged version is counted.
func TestLoadtestLostAndUnseen(t *testing.T) {
	version := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/tables/") {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, `{"id":"t1","version":%d}`, version)
	}))
	defer srv.Close()
	for _, tc := range []struct {
		version, acked int
		seen           []int
		lost, unseen   int
	}{
		{5, 5, []int{5, 5}, 0, 0},
		{3, 5, []int{5, 5}, 2, 0},
		{5, 5, []int{5, 4}, 0, 1},
	} {
		version = tc.version
		lt := &loadtest{http: srv.Client()}
		tb := &ltTable{lt: lt, id: "t1", acked: tc.acked}
		for s, seen := range tc.seen {
			tb.seats = append(tb.seats, &ltSeat{tb: tb, seat: s, base: srv.URL, seen: seen})
		}
		lt.tables = []*ltTable{tb}
		var rep ltReport
		lt.checkVersions(&rep)
		if rep.Lost != tc.lost || rep.Unseen != tc.unseen || rep.Errors != 0 {
			t.Errorf("version %d, acked %d, seen %v: lost %d unseen %d errors %d, want %d and %d", tc.version, tc.acked, tc.seen, rep.Lost, rep.Unseen, rep.Errors, tc.lost, tc.unseen)
		}
	}
}
