// Package storetest is the conformance suite every store.Store
// implementation runs: the same behaviour on SQLite and PostgreSQL.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/store"
)

// Run runs the suite; open returns a new, empty store for each subtest.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"Identities", testIdentities},
		{"Links", testLinks},
		{"Tables", testTables},
		{"Log", testLog},
		{"GroupCommit", testGroupCommit},
		{"ConcurrentFence", testConcurrentFence},
		{"Queries", testQueries},
		{"Chat", testChat},
		{"Heartbeat", testHeartbeat},
		{"Analyses", testAnalyses},
		{"Forks", testForks},
		{"Duplicates", testDuplicates},
		{"Passkeys", testPasskeys},
		{"Dailies", testDailies},
		{"DailySecret", testDailySecret},
		{"Ratings", testRatings},
		{"Boards", testBoards},
		{"BotIdentities", testBotIdentities},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() { s.Close() })
			tc.fn(t, s)
		})
	}
}

var ctx = context.Background()

// at is a time with millisecond precision, as stores keep it.
func at(sec int) time.Time { return time.UnixMilli(1_800_000_000_000 + int64(sec)*1000) }

func testIdentities(t *testing.T, s store.Store) {
	id := store.Identity{ID: "i1", Name: "Ann", Lang: "fr", Created: at(0)}
	if err := s.CreateIdentity(ctx, id, []byte("hash-1")); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateIdentity(ctx, store.Identity{ID: "i2", Name: "Bob"}, []byte("hash-1")); err == nil {
		t.Error("a second identity with the same token hash was stored")
	}
	got, err := s.IdentityByToken(ctx, []byte("hash-1"))
	if err != nil || !reflect.DeepEqual(got, id) {
		t.Fatalf("IdentityByToken = %+v, %v; want %+v", got, err, id)
	}
	if _, err := s.IdentityByToken(ctx, []byte("hash-2")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown token: err %v, want ErrNotFound", err)
	}
	if err := s.AddToken(ctx, "i1", []byte("hash-2")); err != nil {
		t.Fatal(err)
	}
	if got, err := s.IdentityByToken(ctx, []byte("hash-2")); err != nil || got.ID != "i1" {
		t.Errorf("second token: %+v, %v", got, err)
	}
	id.Name, id.Webhook, id.Email, id.Lang = "Annie", "http://127.0.0.1:1/hook", "ann@example.org", "de"
	if err := s.UpdateIdentity(ctx, id); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Identity(ctx, "i1"); err != nil || !reflect.DeepEqual(got, id) {
		t.Errorf("after update: %+v, %v; want %+v", got, err, id)
	}
	if err := s.UpdateIdentity(ctx, store.Identity{ID: "nobody"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("update of a missing identity: %v, want ErrNotFound", err)
	}
	if _, err := s.Identity(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("missing identity: %v, want ErrNotFound", err)
	}
}

func testLinks(t *testing.T, s store.Store) {
	if err := s.CreateIdentity(ctx, store.Identity{ID: "i1", Name: "Ann"}, []byte("tok")); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateLink(ctx, []byte("code"), "i1", at(60)); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateLink(ctx, []byte("old"), "i1", at(10)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UseLink(ctx, []byte("old"), at(20)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("expired link: %v, want ErrNotFound", err)
	}
	if id, err := s.UseLink(ctx, []byte("code"), at(20)); err != nil || id != "i1" {
		t.Errorf("UseLink = %q, %v", id, err)
	}
	if _, err := s.UseLink(ctx, []byte("code"), at(20)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("link used twice: %v, want ErrNotFound", err)
	}
}

func sampleTable(id string) store.Table {
	return store.Table{
		ID: id, Game: "english-gardens", Players: 2, Options: map[string]string{"first": "1"},
		Seed:   1<<63 + 12345, // past 2^53 and int64: stores must keep all 64 bits
		Seats:  []store.Seat{{Kind: "human", Identity: "i1", Name: "Ann"}, {Kind: "bot", Bot: "ismcts:easy", Name: "bot"}},
		Clock:  store.Clock{Mode: "realtime", Base: 5 * time.Minute, Increment: 3 * time.Second},
		Public: true, Undo: true, NoHints: true, Invite: "inv", Owner: "i1", Status: store.StatusOpen,
		Created: at(0), Updated: at(0),
	}
}

func testTables(t *testing.T, s store.Store) {
	tb := sampleTable("t1")
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, tb); !errors.Is(err, store.ErrConflict) {
		t.Errorf("same id twice: %v, want ErrConflict", err)
	}
	got, err := s.Table(ctx, "t1")
	if err != nil || !reflect.DeepEqual(got, tb) {
		t.Fatalf("Table = %+v, %v\nwant %+v", got, err, tb)
	}
	if _, err := s.Table(ctx, "t2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("missing table: %v, want ErrNotFound", err)
	}
	tb.Status, tb.Deadline, tb.Result, tb.Rematch, tb.Updated = store.StatusOver, at(99), []byte(`{"final":true}`), "t9", at(5)
	tb.Remind = at(80)
	tb.Seats[1].Zombie, tb.Seats[1].ZombieAt = true, 7
	errs := s.Commit(ctx, []store.Write{{Table: &tb}})
	if errs[0] != nil {
		t.Fatal(errs[0])
	}
	got, err = s.Table(ctx, "t1")
	if err != nil || !reflect.DeepEqual(got, tb) {
		t.Errorf("after update: %+v, %v\nwant %+v", got, err, tb)
	}
	// A rematch offer is in the seats (it survives a restart), and
	// answers change as people answer: a declined offer, a new one.
	for _, answers := range [][2]store.RematchAnswer{{store.RematchOffered, ""}, {store.RematchOffered, store.RematchAgreed},
		{store.RematchAgreed, store.RematchDeclined}, {"", store.RematchOffered}} {
		tb.Seats[0].Rematch, tb.Seats[1].Rematch = answers[0], answers[1]
		if errs := s.Commit(ctx, []store.Write{{Table: &tb}}); errs[0] != nil {
			t.Fatal(errs[0])
		}
		if got, err := s.Table(ctx, "t1"); err != nil || !reflect.DeepEqual(got.Seats, tb.Seats) {
			t.Errorf("rematch answers %v: %+v, %v", answers, got.Seats, err)
		}
	}
	// Why a seat was handed to a bot is the zombie entry's Move.
	z := store.Entry{Table: "t1", Seq: 1, Kind: store.KindZombie, Seat: 1, Move: "away:300", At: at(6)}
	if errs := s.Commit(ctx, []store.Write{{Entries: []store.Entry{z}}}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	if es, err := s.Entries(ctx, "t1", 0); err != nil || len(es) != 1 || es[0].Kind != store.KindZombie || es[0].Move != "away:300" {
		t.Errorf("zombie entry read back: %+v, %v", es, err)
	}
	// A reminder sent is a zero Remind, stored as such.
	tb.Remind = time.Time{}
	if errs := s.Commit(ctx, []store.Write{{Table: &tb}}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	if got, err = s.Table(ctx, "t1"); err != nil || !got.Remind.IsZero() {
		t.Errorf("reminder cleared: Remind %v, %v", got.Remind, err)
	}
	missing := sampleTable("nope")
	if errs := s.Commit(ctx, []store.Write{{Table: &missing}}); !errors.Is(errs[0], store.ErrNotFound) {
		t.Errorf("update of a missing table: %v, want ErrNotFound", errs[0])
	}
}

func entry(table string, seq int) store.Entry {
	return store.Entry{Table: table, Seq: seq, Kind: store.KindMove, Seat: seq % 2, Move: fmt.Sprintf("m%d", seq),
		Client: fmt.Sprintf("c%d", seq), At: at(seq), Clocks: []int64{int64(seq), 1000}}
}

func testLog(t *testing.T, s store.Store) {
	if err := s.CreateTable(ctx, sampleTable("t1")); err != nil {
		t.Fatal(err)
	}
	want := []store.Entry{entry("t1", 1), entry("t1", 2)}
	want[1].Clocks = nil
	if errs := s.Commit(ctx, []store.Write{{Entries: want}}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	got, err := s.Entries(ctx, "t1", 0)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Entries = %+v, %v\nwant %+v", got, err, want)
	}
	if got, _ := s.Entries(ctx, "t1", 1); len(got) != 1 || got[0].Seq != 2 {
		t.Errorf("Entries after 1 = %+v", got)
	}
	if tb, _ := s.Table(ctx, "t1"); tb.Version != 2 {
		t.Errorf("version %d after two entries, want 2", tb.Version)
	}
	// The fence: an entry whose seq is stored is refused, and nothing of its
	// write is applied (not the other entry, not the table row).
	tb := sampleTable("t1")
	tb.Status = store.StatusAborted
	errs := s.Commit(ctx, []store.Write{{Entries: []store.Entry{entry("t1", 3), entry("t1", 2)}, Table: &tb}})
	if !errors.Is(errs[0], store.ErrConflict) {
		t.Fatalf("seq 2 again: %v, want ErrConflict", errs[0])
	}
	if got, _ := s.Entries(ctx, "t1", 0); len(got) != 2 {
		t.Errorf("%d entries after a refused write, want 2", len(got))
	}
	if tb, _ := s.Table(ctx, "t1"); tb.Status != store.StatusOpen {
		t.Errorf("a refused write changed the table: status %s", tb.Status)
	}
}

// Many writes of several tables in one Commit: a conflict refuses only its
// own write.
func testGroupCommit(t *testing.T, s store.Store) {
	for _, id := range []string{"a", "b", "c"} {
		if err := s.CreateTable(ctx, sampleTable(id)); err != nil {
			t.Fatal(err)
		}
	}
	if errs := s.Commit(ctx, []store.Write{{Entries: []store.Entry{entry("b", 1)}}}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	writes := []store.Write{
		{Entries: []store.Entry{entry("a", 1)}},
		{Entries: []store.Entry{entry("b", 1)}}, // already stored
		{Entries: []store.Entry{entry("c", 1)}, Chat: &store.Chat{Table: "c", Seq: 1, Seat: 0, Name: "Ann", Text: "hi", At: at(1)}},
		{Entries: []store.Entry{entry("a", 2)}},
	}
	errs := s.Commit(ctx, writes)
	for i, want := range []error{nil, store.ErrConflict, nil, nil} {
		if !errors.Is(errs[i], want) && !(want == nil && errs[i] == nil) {
			t.Errorf("write %d: %v, want %v", i, errs[i], want)
		}
	}
	for id, n := range map[string]int{"a": 2, "b": 1, "c": 1} {
		if got, _ := s.Entries(ctx, id, 0); len(got) != n {
			t.Errorf("table %s: %d entries, want %d", id, len(got), n)
		}
	}
	// Through a Batcher, from many goroutines: every write is committed
	// once and told so.
	bt := store.NewBatcher(s, 64)
	var wg sync.WaitGroup
	for _, id := range []string{"a", "b", "c"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 3; seq < 40; seq++ {
				done := make(chan error, 1)
				bt.Submit(store.Write{Entries: []store.Entry{entry(id, seq)}}, func(err error) { done <- err })
				if err := <-done; err != nil {
					t.Errorf("%s#%d: %v", id, seq, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	bt.Close()
	for id, n := range map[string]int{"a": 39, "b": 38, "c": 38} {
		if got, _ := s.Entries(ctx, id, 0); len(got) != n {
			t.Errorf("table %s: %d entries after the batcher, want %d", id, len(got), n)
		}
	}
	called := false
	bt.Submit(store.Write{}, func(err error) { called = err != nil })
	if !called {
		t.Error("Submit after Close did not fail at once")
	}
}

// Two writers racing for the same seq: exactly one wins.
func testConcurrentFence(t *testing.T, s store.Store) {
	if err := s.CreateTable(ctx, sampleTable("t")); err != nil {
		t.Fatal(err)
	}
	for seq := 1; seq <= 20; seq++ {
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for w := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e := entry("t", seq)
				e.Client = fmt.Sprintf("writer%d", w)
				errs[w] = s.Commit(ctx, []store.Write{{Entries: []store.Entry{e}}})[0]
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, store.ErrConflict):
				t.Fatalf("seq %d: %v", seq, err)
			}
		}
		if ok != 1 {
			t.Fatalf("seq %d: %d writers succeeded, want 1", seq, ok)
		}
	}
	if got, _ := s.Entries(ctx, "t", 0); len(got) != 20 {
		t.Errorf("%d entries, want 20", len(got))
	}
}

func testQueries(t *testing.T, s store.Store) {
	mk := func(id string, sec int, status store.Status, public bool, owner string, deadline time.Time, seated ...string) {
		tb := sampleTable(id)
		tb.Created, tb.Status, tb.Public, tb.Owner, tb.Deadline = at(sec), status, public, owner, deadline
		tb.Seats = nil
		for _, who := range seated {
			tb.Seats = append(tb.Seats, store.Seat{Kind: "human", Identity: who, Name: who})
		}
		tb.Seats = append(tb.Seats, store.Seat{Kind: "open"})
		if err := s.CreateTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	mk("t1", 1, store.StatusOpen, true, "ann", time.Time{}, "ann")
	mk("t2", 2, store.StatusOpen, false, "bob", time.Time{}, "bob")
	mk("t3", 3, store.StatusLive, true, "ann", at(100), "ann", "bob")
	mk("t4", 4, store.StatusLive, false, "cid", at(50), "cid")
	mk("t5", 5, store.StatusOver, true, "ann", time.Time{}, "ann")
	// Reminders: t3's at 75, t4's at 20 (CreateTable stores them too).
	for id, when := range map[string]time.Time{"t3": at(75), "t4": at(20)} {
		tb, _ := s.Table(ctx, id)
		tb.Remind = when
		if errs := s.Commit(ctx, []store.Write{{Table: &tb}}); errs[0] != nil {
			t.Fatal(errs[0])
		}
	}
	rm := sampleTable("t6")
	rm.Created, rm.Status, rm.Deadline, rm.Remind = at(6), store.StatusLive, at(300), at(250)
	if err := s.CreateTable(ctx, rm); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Table(ctx, "t6"); !got.Remind.Equal(at(250)) {
		t.Errorf("created with a reminder at %v: %v", at(250), got.Remind)
	}
	ids := func(q store.Query) []string {
		ts, err := s.Tables(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tb := range ts {
			out = append(out, tb.ID)
		}
		return out
	}
	for _, tc := range []struct {
		q    store.Query
		want []string
	}{
		{store.Query{}, []string{"t6", "t5", "t4", "t3", "t2", "t1"}},
		{store.Query{Status: []store.Status{store.StatusOpen}, Public: true}, []string{"t1"}},
		{store.Query{Status: []store.Status{store.StatusOpen, store.StatusLive}}, []string{"t6", "t4", "t3", "t2", "t1"}},
		{store.Query{RemindTo: at(21)}, []string{"t4"}},
		{store.Query{RemindTo: at(20)}, nil},
		{store.Query{Status: []store.Status{store.StatusLive}, RemindTo: at(260)}, []string{"t6", "t4", "t3"}},
		{store.Query{Identity: "bob"}, []string{"t3", "t2"}},
		{store.Query{Identity: "ann", Limit: 2}, []string{"t5", "t3"}},
		{store.Query{DueFrom: at(0), DueTo: at(60)}, []string{"t4"}},
		{store.Query{DueFrom: at(0), DueTo: at(200)}, []string{"t4", "t3"}},
		{store.Query{DueFrom: at(60), DueTo: at(200)}, []string{"t3"}},
		// No DueFrom: every deadline before DueTo (PostgreSQL found none).
		{store.Query{DueTo: at(60)}, []string{"t4"}},
	} {
		if got := ids(tc.q); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tables(%+v) = %v, want %v", tc.q, got, tc.want)
		}
	}
	if n, err := s.CountCreated(ctx, "ann", at(2)); err != nil || n != 2 {
		t.Errorf("CountCreated = %d, %v; want 2", n, err)
	}
	// Since the zero time: all of them (PostgreSQL counted none).
	if n, err := s.CountCreated(ctx, "ann", time.Time{}); err != nil || n != 3 {
		t.Errorf("CountCreated since the zero time = %d, %v; want 3", n, err)
	}
	// Seats taken later are found too.
	tb, _ := s.Table(ctx, "t1")
	tb.Seats[1] = store.Seat{Kind: "human", Identity: "dan", Name: "Dan"}
	if errs := s.Commit(ctx, []store.Write{{Table: &tb}}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	if got := ids(store.Query{Identity: "dan"}); !reflect.DeepEqual(got, []string{"t1"}) {
		t.Errorf("Dan's tables: %v", got)
	}
}

func testChat(t *testing.T, s store.Store) {
	if err := s.CreateTable(ctx, sampleTable("t")); err != nil {
		t.Fatal(err)
	}
	var want []store.Chat
	for i := 1; i <= 5; i++ {
		c := store.Chat{Table: "t", Seq: i, Seat: i%3 - 1, Name: "n", Text: fmt.Sprintf("<b>%d</b>", i), At: at(i)}
		if errs := s.Commit(ctx, []store.Write{{Chat: &c}}); errs[0] != nil {
			t.Fatal(errs[0])
		}
		want = append(want, c)
	}
	got, err := s.ChatLines(ctx, "t", 3)
	if err != nil || !reflect.DeepEqual(got, want[2:]) {
		t.Errorf("ChatLines = %+v, %v\nwant %+v", got, err, want[2:])
	}
	if errs := s.Commit(ctx, []store.Write{{Chat: &want[0]}}); !errors.Is(errs[0], store.ErrConflict) {
		t.Errorf("chat seq again: %v, want ErrConflict", errs[0])
	}
}

func testHeartbeat(t *testing.T, s store.Store) {
	if got, err := s.LastHeartbeat(ctx); err != nil || !got.IsZero() {
		t.Errorf("no heartbeat yet: %v, %v", got, err)
	}
	for _, hb := range []struct {
		node string
		sec  int
	}{{"n1", 10}, {"n2", 30}, {"n1", 20}} {
		if err := s.Heartbeat(ctx, hb.node, at(hb.sec)); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := s.LastHeartbeat(ctx); err != nil || !got.Equal(at(30)) {
		t.Errorf("LastHeartbeat = %v, %v; want %v", got, err, at(30))
	}
	if err := s.Ping(ctx); err != nil {
		t.Error(err)
	}
}
