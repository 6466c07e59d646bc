package server

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/store"
)

// seedTable stores a live english-gardens table between ann and bob with
// moves entries of play (first legal moves), as a game left mid-way.
func seedTable(t *testing.T, st store.Store, ann, bob *client, clock store.Clock, moves int) string {
	t.Helper()
	g, err := games.Registry().Lookup("english-gardens")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ResolveOptions(g.Options(), nil)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	tb := store.Table{ID: strings.ToLower(b32.EncodeToString(randBytes(10))), Game: g.ID(), Players: 2, Options: opts,
		Seed: uint64(now.UnixNano()), Clock: clock, Invite: "x", Owner: ann.id, Status: store.StatusLive,
		Created: now, Updated: now, Seats: []store.Seat{{Kind: "human", Identity: ann.id, Name: ann.name},
			{Kind: "human", Identity: bob.id, Name: bob.name}}}
	state, err := g.New(2, tb.Seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	var w store.Write
	for seq := 1; seq <= moves && !state.Over(); seq++ {
		m := state.LegalMoves(nil)[0]
		e := store.Entry{Table: tb.ID, Seq: seq, Kind: store.KindMove, Seat: state.ToMove(), Move: state.FormatMove(m), At: now}
		if clock.Mode == clockRealtime {
			e.Clocks = []int64{clock.Base.Milliseconds(), clock.Base.Milliseconds()}
		}
		if err := state.Apply(m, nil); err != nil {
			t.Fatal(err)
		}
		w.Entries = append(w.Entries, e)
	}
	tb.Version = len(w.Entries)
	if err := st.CreateTable(context.Background(), tb); err != nil {
		t.Fatal(err)
	}
	w.Table = &tb
	if errs := st.Commit(context.Background(), []store.Write{w}); errs[0] != nil {
		t.Fatal(errs[0])
	}
	return tb.ID
}

// A node dies owning many idle tables (live games nobody plays: no socket,
// no clock, no bot) and a few busy ones (realtime clocks running). The
// survivor takes over the busy ones and loads none of the idle ones; an
// idle table loads on demand when someone asks for it. The figures (time
// until every orphan is settled, tables loaded) go to docs/scaling.md;
// JARDIN_TAKEOVER_IDLE sets the number of idle tables (default 60).
func TestClusterTakeoverLoadsOnlyBusyTables(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	a, b := startNode(t, dsn, url, "a"), startNode(t, dsn, url, "b")
	ann, bob := newClient(t, b.URL, "Ann"), newClient(t, b.URL, "Bob")
	idle, busy := 60, 4
	if n, err := strconv.Atoi(os.Getenv("JARDIN_TAKEOVER_IDLE")); err == nil {
		idle = n
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var idleIDs, busyIDs []string
	for i := range idle + busy {
		clock := store.Clock{Mode: clockNone}
		if i >= idle {
			clock = store.Clock{Mode: clockRealtime, Base: 10 * time.Minute}
		}
		id := seedTable(t, a.db, ann, bob, clock, 40)
		if _, err := a.table(ctx, id, false); err != nil { // a owns every table
			t.Fatal(err)
		}
		if i < idle {
			idleIDs = append(idleIDs, id)
		} else {
			busyIDs = append(busyIDs, id)
		}
	}
	kv, err := jetstream.New(b.nc)
	if err != nil {
		t.Fatal(err)
	}
	owners, err := kv.KeyValue(ctx, "jardin_tables")
	if err != nil {
		t.Fatal(err)
	}
	dead := a.node.Session()
	a.nc.Close() // to the others a is dead
	cut := time.Now()
	for len(ownedBy(ctx, t, owners, dead)) > 0 && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
	settled := time.Since(cut)
	for _, id := range busyIDs {
		if _, err := b.local(ctx, id); err != nil {
			t.Fatalf("busy table %s not taken over: %v", id, err)
		}
	}
	busyBack := time.Since(cut)
	b.mu.Lock()
	loaded := len(b.tables)
	b.mu.Unlock()
	t.Logf("%d idle and %d busy tables of a dead node (40 moves each): every orphan settled %.0f ms after the cut, busy ones running %.0f ms after; %d tables loaded by the survivor",
		idle, busy, ms(settled), ms(busyBack), loaded)
	if loaded != busy {
		t.Errorf("the survivor loaded %d tables: want the %d busy ones only", loaded, busy)
	}
	// An idle table loads on demand.
	var out tableJSON
	t0 := time.Now()
	if code := ann.call("GET", "/api/tables/"+idleIDs[0], nil, &out); code != 200 || out.Version != 40 {
		t.Fatalf("idle table on demand: %d, version %d", code, out.Version)
	}
	t.Logf("an idle table loaded on demand in %.0f ms", ms(time.Since(t0)))
	if _, err := b.local(ctx, idleIDs[0]); err != nil {
		t.Fatalf("the idle table asked for is not on b: %v", err)
	}
}
