package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"

	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/store"
)

// beat makes relayed sockets announced every 200 ms.
func beat(c *Config) { c.RelayBeat = 200 * time.Millisecond }

// A fan-out update lost between the nodes (dropped on the relaying node,
// as NATS drops messages for a slow subscriber) is a gap: the relayed
// socket is closed with "reconnect", the client reconnects with the
// version it has and resyncs, and it ends with exactly the stored log —
// no version seen twice, skipped or out of order. The update dropped may
// be the last before Bob's turn, which no later update reveals as a gap:
// the relay beat finds it (the owner says how many it sent).
func TestClusterRelayGapResyncs(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	var dropped atomic.Int64
	dropOne := func(c *Config) {
		c.Cluster.DropUpdate = func(table, viewer string, seq uint64) bool {
			// The relayed socket's 6th update (the sync is its 1st), once.
			return strings.HasPrefix(viewer, "r") && seq == 6 && dropped.CompareAndSwap(0, 1)
		}
	}
	a, b := startNode(t, dsn, url, "a", beat), startNode(t, dsn, url, "b", beat, dropOne)
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, b.URL, "Bob")
	no := false
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Undo: &no})
	ann.dial(tb.ID, "").close() // a takes the table
	bob.join(tb.ID, tb.Invite)
	urls := []string{a.URL, b.URL}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	d := playDuel(ctx, t, ann, bob, tb.ID, urls, func(int) bool { return true }, 9)
	d.wg.Wait()
	if t.Failed() {
		return
	}
	if dropped.Load() != 1 {
		t.Fatal("no update was dropped")
	}
	if b.node.Stats().Leases != 0 {
		t.Fatal("node b took the table: Bob's socket was not relayed")
	}
	es, err := b.db.Entries(context.Background(), tb.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	var rec string
	if code := bob.call("GET", "/api/tables/"+tb.ID+"/record", nil, &rec); code != 200 {
		t.Fatalf("record: %d %s", code, rec)
	}
	for _, p := range d.players {
		for _, bad := range p.check.bad {
			t.Errorf("seat %d: %s", p.seat, bad)
		}
		if p.check.v != len(es) {
			t.Errorf("seat %d ended at version %d, %d entries stored", p.seat, p.check.v, len(es))
		}
		checkRecord(t, rec, p.check.v)
		for id, v := range p.acked {
			if v > len(es) || es[v-1].Client != id {
				t.Errorf("seat %d: move %s acknowledged at %d is not stored there", p.seat, id, v)
			}
		}
	}
	// The gap closes Bob's relayed socket (more than once would be a beat
	// that found an update slower than a beat: harmless, and rare).
	if d.players[1].conns < 2 || d.players[0].conns != 1 {
		t.Errorf("sockets opened: Ann %d (want 1), Bob %d (want 2: the gap closes his relayed socket)",
			d.players[0].conns, d.players[1].conns)
	}
	t.Logf("one update to Bob's relayed socket dropped: %d sockets, game over at version %d", d.players[1].conns, d.players[1].check.v)
}

// A relayed socket whose detach never reaches the owner (lost in transit)
// is dropped there after three relay beats without an announcement, so
// that the seat is shown offline (and a realtime grace period may start);
// a live relayed socket, announced every beat, is kept.
func TestClusterLostDetachConverges(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	a, b := startNode(t, dsn, url, "a", beat), startNode(t, dsn, url, "b", beat)
	b.faults.noDetach.Store(true)
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, b.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	sa := ann.dial(tb.ID, "")
	sa.next(outSync)
	bob.join(tb.ID, tb.Invite)
	sb := bob.dial(tb.ID, "") // relayed by b
	sb.next(outSync)
	if b.node.Stats().Leases != 0 {
		t.Fatal("node b took the table")
	}
	online := func() int {
		tt, err := a.local(context.Background(), tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		n := -1
		if err := tt.do(func() { n = tt.online[1] }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	time.Sleep(5 * 200 * time.Millisecond) // five beats: announced, kept
	if n := online(); n != 1 {
		t.Fatalf("Bob's live relayed socket: seat online %d times, want 1", n)
	}
	sb.close()
	closed := time.Now()
	for online() != 0 {
		if time.Since(closed) > 10*time.Second {
			t.Fatal("Bob's seat still online 10 s after his relayed socket closed without a detach")
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("detach lost: Bob's seat offline on the owner %.0f ms after his socket closed (beat 200 ms)", ms(time.Since(closed)))
}

// A forwarded answer bigger than NATS's max payload even gzipped (a long
// game's replay) comes in parts: the relaying node fetches the rest from
// the owner and answers with the whole body, gzipped or not as the client
// asked. The NATS server here takes 4 KB messages, so that an ordinary
// game's replay is "big".
func TestClusterBigForwardedAnswer(t *testing.T) {
	dsn := pg.dsn(t)
	const maxPayload = 4 << 10
	url := natstest.Start(t, func(o *natsserver.Options) { o.MaxPayload = maxPayload }).ClientURL()
	a, b := startNode(t, dsn, url, "a"), startNode(t, dsn, url, "b")
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, b.URL, "Bob")
	no := false
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Undo: &no})
	sa := ann.dial(tb.ID, "")
	sa.next(outSync)
	bob.join(tb.ID, tb.Invite) // forwarded to a
	bob.base = a.URL
	sb := bob.dial(tb.ID, "") // both sockets on the owner: nothing big is relayed
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, s := range []*sock{sa, sb} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.play(i, rand.New(rand.NewPCG(uint64(i), 3)), func(map[string]json.RawMessage) {})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("seat %d: %v", i, err)
		}
	}
	get := func(base, path, enc string) ([]byte, *http.Response) {
		t.Helper()
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Accept-Encoding", enc)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("GET %s%s: %d %v", base, path, resp.StatusCode, err)
		}
		return body, resp
	}
	path := "/api/tables/" + tb.ID + "/replay"
	plain, _ := get(a.URL, path, "identity")
	zipped, resp := get(a.URL, path, "gzip")
	if resp.Header.Get("Content-Encoding") != "gzip" || len(zipped) <= maxPayload {
		t.Fatalf("the replay is %d bytes, %d gzipped (%q): not bigger than the max payload %d, the test proves nothing",
			len(plain), len(zipped), resp.Header.Get("Content-Encoding"), maxPayload)
	}
	served := a.node.Stats().Served
	gotPlain, resp := get(b.URL, path, "identity")
	if !bytes.Equal(gotPlain, plain) || resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("replay through b, no gzip: %d bytes (%q), want the owner's %d", len(gotPlain), resp.Header.Get("Content-Encoding"), len(plain))
	}
	gotZipped, resp := get(b.URL, path, "gzip")
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("replay through b asked gzipped: Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	} else if unz, err := gunzipped(gotZipped); err != nil || !bytes.Equal(unz, plain) {
		t.Errorf("replay through b, gzipped: %d bytes unpacked, want %d (%v)", len(unz), len(plain), err)
	}
	t.Logf("replay: %d bytes, %d gzipped (max payload %d): whole through b, gzipped or not, in %d requests to the owner for the two",
		len(plain), len(zipped), maxPayload, a.node.Stats().Served-served)
	if left := a.relay.Stats().Parts; left != 0 {
		t.Errorf("the owner still keeps %d big answers", left)
	}
}

// An owner whose write reaches PostgreSQL after its lease expired — the
// new owner having loaded the table before it — does not acknowledge it:
// its sockets are told to reconnect, and no client ever sees the new
// owner's sync one version behind a move it saw acknowledged. Node a's
// write is held just before it is submitted while a is cut off from NATS
// and b takes the table over.
func TestClusterLateWriteNotAcknowledged(t *testing.T) {
	dsn := pg.dsn(t)
	url := natstest.Start(t).ClientURL()
	a, b := startNode(t, dsn, url, "a"), startNode(t, dsn, url, "b")
	ann, bob := newClient(t, a.URL, "Ann"), newClient(t, b.URL, "Bob")
	no := false
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Undo: &no})
	ann.dial(tb.ID, "").close() // a takes the table
	bob.join(tb.ID, tb.Invite)
	held, release := make(chan struct{}), make(chan struct{})
	var writes atomic.Int64
	var holding atomic.Bool
	hold := func(w store.Write) {
		// Ann's first move after the 10th write: she is on a, and sees it
		// acknowledged unless a holds the acknowledgement back.
		if len(w.Entries) == 1 && w.Entries[0].Table == tb.ID && writes.Add(1) > 10 &&
			w.Entries[0].Kind == store.KindMove && w.Entries[0].Seat == 0 && holding.CompareAndSwap(false, true) {
			close(held)
			<-release
		}
	}
	a.faults.beforeCommit.Store(&hold)
	var cut atomic.Bool
	alive := func(i int) bool { return i != 0 || !cut.Load() }
	urls := []string{a.URL, b.URL}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	d := playDuel(ctx, t, ann, bob, tb.ID, urls, alive, 21)
	select {
	case <-held:
	case <-ctx.Done():
		t.Fatal("node a never wrote Ann's move")
	}
	cut.Store(true)
	a.nc.Close() // to the others a is dead; its write waits
	cutAt := time.Now()
	// b takes the table over (on demand, as Ann and Bob reconnect: an
	// orphan nobody needs is not loaded) and has loaded it.
	for {
		_, err := b.local(ctx, tb.ID)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	tookOver := time.Since(cutAt)
	close(release) // a's write lands now, after its lease expired, before b's first write
	d.wg.Wait()
	if t.Failed() {
		return
	}
	es, err := b.db.Entries(context.Background(), tb.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range d.players {
		for _, bad := range p.check.bad {
			t.Errorf("seat %d: %s", p.seat, bad)
		}
		for id, v := range p.acked {
			if v > len(es) || es[v-1].Client != id {
				t.Errorf("seat %d: move %s acknowledged at %d is not stored there", p.seat, id, v)
			}
		}
	}
	for i, e := range es {
		if e.Seq != i+1 {
			t.Fatalf("entry %d has seq %d", i+1, e.Seq)
		}
	}
	t.Logf("a's write of Ann's move held while b took over (%.0f ms after the cut) and stored after: not acknowledged; game over at version %d, %d entries",
		ms(tookOver), d.players[0].check.v, len(es))
}

// gunzipped unpacks a gzipped body.
func gunzipped(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}
