package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
)

// errInjected is the failure of a store that is "down" in these tests.
var errInjected = errors.New("injected store fault: the database does not answer")

// flakyStore is a real store whose every call fails while down (a disk
// I/O error, a database restarting), and whose next commits can be made
// ambiguous: stored, but reported failed, as when the connection is lost
// during COMMIT. Everything else is the real store underneath.
type flakyStore struct {
	store.Store
	down      atomic.Bool
	ambiguous atomic.Int64 // commits still to report failed after storing them
	// downAtCommit: the store goes down at the next commit (which fails),
	// so that a write fails after the request that made it was read.
	downAtCommit atomic.Bool
	// chatDown: reading chat lines fails (the rest answers).
	chatDown atomic.Bool
}

func (f *flakyStore) fault() error {
	if f.down.Load() {
		return errInjected
	}
	return nil
}

func (f *flakyStore) Commit(ctx context.Context, ws []store.Write) []error {
	errs := make([]error, len(ws))
	if f.downAtCommit.CompareAndSwap(true, false) {
		f.down.Store(true)
	}
	if err := f.fault(); err != nil {
		for i := range errs {
			errs[i] = err
		}
		return errs
	}
	errs = f.Store.Commit(ctx, ws)
	if f.ambiguous.Load() > 0 && f.ambiguous.Add(-1) >= 0 {
		for i, err := range errs {
			if err == nil {
				errs[i] = fmt.Errorf("commit outcome unknown (stored): %w", errInjected)
			}
		}
	}
	return errs
}

func (f *flakyStore) Table(ctx context.Context, id string) (store.Table, error) {
	if err := f.fault(); err != nil {
		return store.Table{}, err
	}
	return f.Store.Table(ctx, id)
}

func (f *flakyStore) Tables(ctx context.Context, q store.Query) ([]store.Table, error) {
	if err := f.fault(); err != nil {
		return nil, err
	}
	return f.Store.Tables(ctx, q)
}

func (f *flakyStore) Entries(ctx context.Context, table string, after int) ([]store.Entry, error) {
	if err := f.fault(); err != nil {
		return nil, err
	}
	return f.Store.Entries(ctx, table, after)
}

func (f *flakyStore) ChatLines(ctx context.Context, table string, n int) ([]store.Chat, error) {
	if err := f.fault(); err != nil {
		return nil, err
	}
	if f.chatDown.Load() {
		return nil, errInjected
	}
	return f.Store.ChatLines(ctx, table, n)
}

func (f *flakyStore) IdentityByToken(ctx context.Context, h []byte) (store.Identity, error) {
	if err := f.fault(); err != nil {
		return store.Identity{}, err
	}
	return f.Store.IdentityByToken(ctx, h)
}

func (f *flakyStore) Identity(ctx context.Context, id string) (store.Identity, error) {
	if err := f.fault(); err != nil {
		return store.Identity{}, err
	}
	return f.Store.Identity(ctx, id)
}

func (f *flakyStore) CreateTable(ctx context.Context, t store.Table) error {
	if err := f.fault(); err != nil {
		return err
	}
	return f.Store.CreateTable(ctx, t)
}

func (f *flakyStore) Heartbeat(ctx context.Context, node string, at time.Time) error {
	if err := f.fault(); err != nil {
		return err
	}
	return f.Store.Heartbeat(ctx, node, at)
}

func (f *flakyStore) Ping(ctx context.Context) error {
	if err := f.fault(); err != nil {
		return err
	}
	return f.Store.Ping(ctx)
}

// startFlaky is a server on a real SQLite file behind a flakyStore.
func startFlaky(t *testing.T) (*testServer, *flakyStore) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "jardin.db")
	db, err := sqlite.Open(path, sqlite.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	fs := &flakyStore{Store: db}
	srv, hs := startLoopback(t, Config{Log: quietLog(), Rate: 10000, Burst: 10000}, fs)
	ts := &testServer{Server: srv, URL: hs.URL, http: hs, db: db, path: path}
	t.Cleanup(ts.stop)
	return ts, fs
}

// A move whose write fails while the store is down is not applied: once
// the store answers again, the table shows the position before it (the
// same player to move, at the same version), and the log replays. On the
// old code the refused move stayed applied in memory: the sync after the
// outage showed the other seat to move at version 0.
func TestStoreDownMoveNotApplied(t *testing.T) {
	ts, fs := startFlaky(t)
	ann, bob, tb := seatedPair(t, ts.URL)
	socks := []*sock{ann.dial(tb.ID, ""), bob.dial(tb.ID, "")}
	socks[1].next(outSync)
	m := socks[0].next(outSync)
	p := num(m, "toMove")
	if num(m, "v") != 0 || p < 0 || p > 1 {
		t.Fatalf("first sync at version %d, seat %d to move", num(m, "v"), p)
	}
	mover, c := socks[p], []*client{ann, bob}[p]
	fs.down.Store(true)
	mover.send(map[string]any{"t": "move", "v": 0, "id": "a1", "i": 0})
	m = mover.next(outRefused)
	if str(m, "reason") != string(refStore) || str(m, "id") != "a1" {
		t.Fatalf("refusal %s %s, want store for a1", str(m, "reason"), str(m, "id"))
	}
	// The table could not be read back: it leaves memory and its sockets
	// are told to reconnect rather than shown anything.
	if _, err := mover.tryNext(5*time.Second, "never"); err == nil || mover.err == nil {
		t.Fatalf("the socket stayed open after a failed reload (%v)", err)
	}
	fs.down.Store(false)
	mover = c.dial(tb.ID, "since=0")
	m = mover.next(outSync)
	if num(m, "v") != 0 || num(m, "toMove") != p {
		t.Fatalf("after the outage: sync at version %d with seat %d to move, want version 0 and seat %d to move",
			num(m, "v"), num(m, "toMove"), p)
	}
	mover.send(map[string]any{"t": "move", "v": 0, "id": "a2", "i": 0})
	if m := mover.next(outAck, outRefused); str(m, "t") != outAck || num(m, "v") != 1 {
		t.Fatalf("the move after the outage: %s %s", str(m, "t"), str(m, "reason"))
	}
	checkStoredLogs(t, ts.db, tb.ID)
}

// A person leaving a live table whose write fails (the store going down
// with it) is still seated once the store answers: the seat is not
// handed to a bot in memory only. On the old code the seat stayed a
// zombie in memory, and the bot moved for a person who had not left.
func TestLeaveWhileStoreDown(t *testing.T) {
	ts, fs := startFlaky(t)
	ann, _, tb := seatedPair(t, ts.URL)
	fs.downAtCommit.Store(true)
	var out string
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/leave", nil, &out); code == 200 {
		t.Fatalf("leave answered 200 (%s) though its write failed", out)
	}
	fs.down.Store(false)
	var got tableJSON
	if code := ann.call("GET", "/api/tables/"+tb.ID, nil, &got); code != 200 {
		t.Fatalf("table after the outage: %d", code)
	}
	if got.Seats[0].Zombie || got.Version != 0 {
		t.Fatalf("after a failed leave: seat 0 zombie %v at version %d, want Ann still seated at version 0", got.Seats[0].Zombie, got.Version)
	}
	if code := ann.call("POST", "/api/tables/"+tb.ID+"/leave", nil, &out); code != 200 {
		t.Fatalf("leave once the store answers: %d %s", code, out)
	}
	checkStoredLogs(t, ts.db, tb.ID)
}

// A commit that stored the move but reported a failure (the connection
// lost during COMMIT) is acknowledged once the table is read back, and a
// resent client id is acknowledged at the same version, never applied
// twice.
func TestAmbiguousCommitAcknowledgedOnce(t *testing.T) {
	ts, fs := startFlaky(t)
	ann, bob, tb := seatedPair(t, ts.URL)
	socks := []*sock{ann.dial(tb.ID, ""), bob.dial(tb.ID, "")}
	socks[1].next(outSync)
	p := num(socks[0].next(outSync), "toMove")
	mover, other := socks[p], socks[1-p]
	fs.ambiguous.Store(1)
	mover.send(map[string]any{"t": "move", "v": 0, "id": "a1", "i": 0})
	m := mover.next(outAck, outRefused)
	if str(m, "t") != outAck || num(m, "v") != 1 {
		t.Fatalf("a move stored by an ambiguous commit: %s v%d %s, want ack at version 1", str(m, "t"), num(m, "v"), str(m, "reason"))
	}
	if m := other.next(outSync, outUpdate); num(m, "v") != 1 {
		t.Fatalf("the other seat sees version %d", num(m, "v"))
	}
	mover.send(map[string]any{"t": "move", "v": 0, "id": "a1", "i": 0})
	if m := mover.next(outAck, outRefused); str(m, "t") != outAck || num(m, "v") != 1 {
		t.Fatalf("resent a1: %s v%d, want ack at version 1", str(m, "t"), num(m, "v"))
	}
	es, err := ts.db.Entries(context.Background(), tb.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].Client != "a1" {
		t.Fatalf("stored %d entries (%+v), want a1 once", len(es), es)
	}
	checkStoredLogs(t, ts.db, tb.ID)
}

// checkStoredLogs replays the stored log of each table as a server
// loading it would: every one must replay.
func checkStoredLogs(t *testing.T, st store.Store, ids ...string) {
	t.Helper()
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	n, err := CheckTables(context.Background(), st, games.Registry(), func(id string, err error) {
		t.Errorf("stored log does not replay: %v", err)
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < len(ids) {
		t.Errorf("%d tables checked, want at least %d", n, len(ids))
	}
}

// faultSeat plays one seat through store faults: it reconnects (from the
// last version it saw) whenever its socket closes or cannot be opened,
// tolerates "store" refusals, and notes every acknowledgement.
type faultSeat struct {
	c     *client
	table string
	seat  int
	check versionCheck
	acked map[string]int // client id → version
	ids   int
	// reconnects counts the sockets it had to open again.
	reconnects int
	last       []string // the last messages received, for a stalled game's report
	undos      int      // undos sent
}

// run plays until the game is over or ctx ends; onAck is called (under
// no lock) after each acknowledgement.
func (p *faultSeat) run(ctx context.Context, rng *rand.Rand, onAck func()) error {
	for first := true; ; first = false {
		if ctx.Err() != nil {
			return fmt.Errorf("seat %d of %s: %w at version %d; last messages: %s", p.seat, p.table, ctx.Err(), p.check.v, p.last)
		}
		q := ""
		if !first {
			q = fmt.Sprintf("since=%d", p.check.v)
			p.reconnects++
		}
		s, err := p.c.tryDial(p.table, q)
		if err != nil {
			time.Sleep(50 * time.Millisecond) // the store is down: 5xx at the handshake
			continue
		}
		over, err := p.playOn(ctx, s, rng, onAck)
		s.close()
		if err != nil || over {
			return err
		}
	}
}

func (p *faultSeat) note(m map[string]json.RawMessage) {
	line := fmt.Sprintf("%s v%d from%d toMove%d legal%d %s %s %s", str(m, "t"), num(m, "v"), num(m, "from"), num(m, "toMove"),
		count(m, "legal"), str(m, "status"), str(m, "id"), str(m, "reason"))
	p.last = append(p.last, line)
	if len(p.last) > 6 {
		p.last = p.last[1:]
	}
}

// playOn plays on one socket; it returns when the game is over (true) or
// the socket closed (false).
func (p *faultSeat) playOn(ctx context.Context, s *sock, rng *rand.Rand, onAck func()) (bool, error) {
	for ctx.Err() == nil {
		m, err := s.tryNext(2*time.Second, outSync, outUpdate, outRefused, outAck)
		if err != nil {
			if s.err != nil {
				return false, nil // closed: reconnect
			}
			continue
		}
		p.check.see(m)
		p.note(m)
		switch str(m, "t") {
		case outAck:
			p.acked[str(m, "id")] = num(m, "v")
			onAck()
			continue
		case outRefused:
			switch refusalReason(str(m, "reason")) {
			case refStale, refStore:
				continue // a sync follows, or the socket closes
			}
			return false, fmt.Errorf("seat %d of %s: refused: %s %s", p.seat, p.table, str(m, "reason"), str(m, "message"))
		}
		if store.Status(str(m, "status")) == store.StatusOver {
			return true, nil
		}
		if str(m, "t") == outSync && num(m, "you") != p.seat {
			// The handshake could not read the identity (the store was
			// down) and seated the socket as a spectator: try again, as a
			// client that knows its seat would. (Handshakes answering 503
			// then are another part of issue 28.)
			time.Sleep(50 * time.Millisecond)
			return false, nil
		}
		n := count(m, "legal")
		if num(m, "toMove") != p.seat || n == 0 {
			continue
		}
		p.ids++
		id := fmt.Sprintf("s%d-%d", p.seat, p.ids)
		if num(m, "undo") > 0 && rng.IntN(3) == 0 {
			s.send(map[string]any{"t": "undo", "v": num(m, "v"), "id": id})
			p.undos++
			continue
		}
		s.send(map[string]any{"t": "move", "v": num(m, "v"), "id": id, "i": rng.IntN(n)})
	}
	return false, nil
}

// faultGames plays duels on every game at url, calling fault(acks, p) after
// each acknowledgement of seat p (under a lock: acks counts them all); it fails the
// test unless every game ends, every stored log replays (checked on st,
// the store under any fault injection) and every acknowledged move is
// stored at its version. It returns the seats, for more checks.
func faultGames(t *testing.T, url string, st store.Store, fault func(acks int, p *faultSeat)) []*faultSeat {
	t.Helper()
	var seats []*faultSeat
	var ids []string
	no := false
	yes := true
	// Duels on every game (two with undo, which the players use), and a
	// person against a greedy bot: every kind of write goes through the
	// faults.
	for i, g := range []string{"english-gardens", "alices-garden", "hanging-gardens", "happy-garden", "schlossgarten", "english-gardens"} {
		undo := &no
		if i == 3 || i == 5 {
			undo = &yes
		}
		ann, bob := newClient(t, url, fmt.Sprintf("Ann%d", i)), newClient(t, url, fmt.Sprintf("Bob%d", i))
		tb := ann.create(createReq{Game: g, Seats: []string{"me", "open"}, Undo: undo})
		bob.join(tb.ID, tb.Invite)
		ids = append(ids, tb.ID)
		for s, c := range []*client{ann, bob} {
			seats = append(seats, &faultSeat{c: c, table: tb.ID, seat: s, acked: map[string]int{}})
		}
	}
	cid := newClient(t, url, "Cid")
	tb := cid.create(createReq{Game: "alices-garden", Seats: []string{"me", "greedy"}, Undo: &no})
	ids = append(ids, tb.ID)
	seats = append(seats, &faultSeat{c: cid, table: tb.ID, seat: 0, acked: map[string]int{}})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var mu sync.Mutex
	acks := 0
	var wg sync.WaitGroup
	errs := make([]error, len(seats))
	for i, p := range seats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = p.run(ctx, rand.New(rand.NewPCG(uint64(i), 28)), func() {
				mu.Lock()
				defer mu.Unlock()
				acks++
				fault(acks, p)
			})
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	checkAcked(t, st, seats)
	checkStoredLogs(t, st, ids...)
	return seats
}

// checkAcked: every acknowledged move is stored at the version of its
// acknowledgement, by its seat; no socket saw a version twice or go back.
func checkAcked(t *testing.T, st store.Store, seats []*faultSeat) {
	t.Helper()
	for _, p := range seats {
		for _, bad := range p.check.bad {
			t.Errorf("table %s seat %d: %s", p.table, p.seat, bad)
		}
		es, err := st.Entries(context.Background(), p.table, 0)
		if err != nil {
			t.Fatal(err)
		}
		for id, v := range p.acked {
			if v < 1 || v > len(es) || es[v-1].Client != id || es[v-1].Seat != p.seat {
				t.Errorf("table %s seat %d: move %s acknowledged at version %d is not stored there", p.table, p.seat, id, v)
			}
		}
	}
}

// Six games on SQLite while the store goes down three times (every call
// fails, as on a disk I/O error) and two commits are ambiguous: the games
// go on to their end, every acknowledged move is stored at its version and
// every stored log replays. On the old code a move refused while the
// store was down stayed applied in memory and the logs forked.
func TestSQLiteFaultsPlayOn(t *testing.T) {
	ts, fs := startFlaky(t)
	outage := func(d time.Duration) {
		fs.down.Store(true)
		time.AfterFunc(d, func() { fs.down.Store(false) })
	}
	seats := faultGames(t, ts.URL, ts.db, func(acks int, _ *faultSeat) {
		switch acks {
		case 40, 120, 200:
			outage(300 * time.Millisecond)
		case 80, 160:
			fs.ambiguous.Store(1)
		}
	})
	t.Logf("3 outages and 2 ambiguous commits: %s", summary(seats))
}

// summary sums up what the seats did, for the tests' logs.
func summary(seats []*faultSeat) string {
	reconnects, acked, undos := 0, 0, 0
	for _, p := range seats {
		reconnects += p.reconnects
		acked += len(p.acked)
		undos += p.undos
	}
	return fmt.Sprintf("%d moves and undos acknowledged (%d undos sent), %d reconnections, every stored log replays",
		acked, undos, reconnects)
}

// seatedPair is Ann and Bob seated at a new english-gardens table without undo.
func seatedPair(t *testing.T, url string) (ann, bob *client, tb createdJSON) {
	t.Helper()
	ann, bob = newClient(t, url, "Ann"), newClient(t, url, "Bob")
	no := false
	tb = ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Undo: &no})
	bob.join(tb.ID, tb.Invite)
	return ann, bob, tb
}

// A sync reads nothing from the database on the table's goroutine: the
// chat's last lines are the table's own (issue 24). With the store's chat
// unreadable after the table loaded, a new socket's sync still carries
// every line said, in order; on the old code the sync read them from the
// store and carried none.
func TestSyncChatFromMemory(t *testing.T) {
	ts, fs := startFlaky(t)
	ann, bob, tb := seatedPair(t, ts.URL)
	a := ann.dial(tb.ID, "")
	a.next(outSync)
	for _, text := range []string{"hello", "again"} {
		a.send(map[string]any{"t": "chat", "text": text})
		a.next(outChat)
	}
	fs.chatDown.Store(true)
	b := bob.dial(tb.ID, "")
	var chat []chatOut
	json.Unmarshal(b.next(outSync)["chat"], &chat)
	if len(chat) != 2 || chat[0].Text != "hello" || chat[1].Text != "again" || chat[0].Seat != 0 {
		t.Fatalf("the sync's chat: %+v, want Ann's two lines", chat)
	}
}

// keepChat keeps the last chatKept lines, oldest first.
func TestKeepChat(t *testing.T) {
	var tb table
	for i := range chatKept + 7 {
		tb.keepChat(chatOut{Text: strconv.Itoa(i)})
	}
	if len(tb.chatLog) != chatKept || tb.chatLog[0].Text != "7" || tb.chatLog[chatKept-1].Text != strconv.Itoa(chatKept+6) {
		t.Fatalf("kept %d lines from %q to %q", len(tb.chatLog), tb.chatLog[0].Text, tb.chatLog[len(tb.chatLog)-1].Text)
	}
}
