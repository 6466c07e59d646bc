package cluster_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/internal/natstest"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/postgres"
)

// This file composes the primitives the way a server's table registry is
// meant to (the package comment): a toy table whose state is its list of
// moves, owned by one node through a lease, stored in PostgreSQL through a
// batcher, moves forwarded from any node, updates fanned out to the nodes
// where its players are. Three nodes; one dies in the middle.

type toyReq struct {
	Op     string `json:"op"` // "move" or "sync"
	Client string `json:"client"`
	V      int    `json:"v"`
	Move   string `json:"move,omitempty"`
}

type toyReply struct {
	OK       bool     `json:"ok,omitempty"`
	NotOwner bool     `json:"notOwner,omitempty"`
	V        int      `json:"v"`
	Moves    []string `json:"moves,omitempty"` // sync: the whole log
}

type toyUpdate struct {
	Seq  int    `json:"seq"`
	Move string `json:"move"`
}

// toyTable is an owned table: its lease and version, guarded by mu (the
// server's table goroutine).
type toyTable struct {
	mu      sync.Mutex
	lease   *cluster.Lease
	version int
}

type toyNode struct {
	n     *cluster.Node
	batch *store.Batcher
	db    store.Store
	dead  atomic.Bool

	mu     sync.Mutex
	owned  map[string]*toyTable
	locals map[string][]chan toyUpdate // this node's players of a table
}

func newToyNode(t *testing.T, n *cluster.Node, db store.Store) *toyNode {
	tn := &toyNode{n: n, db: db, batch: store.NewBatcher(db, 64), owned: map[string]*toyTable{},
		locals: map[string][]chan toyUpdate{}}
	t.Cleanup(tn.batch.Close)
	return tn
}

// handler serves the other nodes' requests for a table this node owns.
func (tn *toyNode) handler(table string) cluster.Handler {
	return func(ctx context.Context, b []byte) ([]byte, error) {
		var req toyReq
		if err := json.Unmarshal(b, &req); err != nil {
			return nil, err
		}
		tn.mu.Lock()
		tt := tn.owned[table]
		tn.mu.Unlock()
		if tt == nil {
			return nil, errors.New("table starting")
		}
		return json.Marshal(tn.serve(ctx, table, tt, req))
	}
}

// adopt loads a table whose lease this node just took: its version is the
// stored log's length. The table is dropped when the lease ends.
func (tn *toyNode) adopt(ctx context.Context, table string, l *cluster.Lease) (*toyTable, error) {
	log, err := tn.db.Entries(ctx, table, 0)
	if err != nil {
		l.Release(ctx)
		return nil, err
	}
	tt := &toyTable{lease: l, version: len(log)}
	tn.mu.Lock()
	tn.owned[table] = tt
	tn.mu.Unlock()
	go func() {
		<-l.Lost()
		tn.mu.Lock()
		if tn.owned[table] == tt {
			delete(tn.owned, table)
		}
		tn.mu.Unlock()
	}()
	return tt, nil
}

// serve is the owner's side: a move is acknowledged once stored, then
// published to every viewer node in seq order.
func (tn *toyNode) serve(ctx context.Context, table string, tt *toyTable, req toyReq) toyReply {
	tt.mu.Lock()
	defer tt.mu.Unlock()
	if tn.dead.Load() || !tt.lease.Valid() {
		return toyReply{NotOwner: true}
	}
	if req.Op == "sync" {
		log, err := tn.db.Entries(ctx, table, 0)
		if err != nil {
			return toyReply{NotOwner: true}
		}
		r := toyReply{OK: true, V: len(log)}
		for _, e := range log {
			r.Moves = append(r.Moves, e.Move)
		}
		return r
	}
	if req.V != tt.version {
		return toyReply{V: tt.version}
	}
	done := make(chan error, 1)
	seq := tt.version + 1
	tn.batch.Submit(store.Write{Entries: []store.Entry{{Table: table, Seq: seq, Kind: store.KindMove, Move: req.Move,
		Client: req.Client, At: time.Now()}}}, func(err error) { done <- err })
	if err := <-done; err != nil {
		// Another owner stored seq (ErrConflict): this one is stale.
		if log, err := tn.db.Entries(ctx, table, 0); err == nil {
			tt.version = len(log)
		}
		return toyReply{NotOwner: true}
	}
	tt.version = seq
	b, _ := json.Marshal(toyUpdate{Seq: seq, Move: req.Move})
	tt.lease.Publish("all", b)
	return toyReply{OK: true, V: seq}
}

// do acts on a table from this node: locally if it owns it, else through
// the owner, acquiring it when there is none.
func (tn *toyNode) do(ctx context.Context, table string, req toyReq) (toyReply, error) {
	if tn.dead.Load() {
		return toyReply{}, errors.New("node dead")
	}
	tn.mu.Lock()
	tt := tn.owned[table]
	tn.mu.Unlock()
	if tt != nil {
		return tn.serve(ctx, table, tt, req), nil
	}
	b, _ := json.Marshal(req)
	out, err := tn.n.Do(ctx, table, b, func(ctx context.Context, l *cluster.Lease) ([]byte, error) {
		tt, err := tn.adopt(ctx, table, l)
		if err != nil {
			return nil, err
		}
		return json.Marshal(tn.serve(ctx, table, tt, req))
	}, tn.handler(table))
	var r toyReply
	if err == nil {
		err = json.Unmarshal(out, &r)
	}
	return r, err
}

// watch delivers the table's updates to ch: one cluster subscription per
// table on this node, fanned out to its local players.
func (tn *toyNode) watch(table string, ch chan toyUpdate) error {
	tn.mu.Lock()
	first := len(tn.locals[table]) == 0
	tn.locals[table] = append(tn.locals[table], ch)
	tn.mu.Unlock()
	if !first {
		return nil
	}
	_, err := tn.n.Subscribe(table, "all", func(u cluster.Update) {
		var up toyUpdate
		if json.Unmarshal(u.Data, &up) != nil {
			return
		}
		tn.mu.Lock()
		defer tn.mu.Unlock()
		for _, c := range tn.locals[table] {
			select {
			case c <- up:
			default: // a slow player resyncs on the gap
			}
		}
	})
	return err
}

// A player: attached to one node (another when that one dies), it moves at
// its turn, applies updates in order, resyncs on a gap. Everything it
// applies must end as the stored log.
type toyPlayer struct {
	id, table string
	turn      int // moves when version%2 == turn
	node      int
	moves     []string       // the log as this player applied it
	acked     map[int]string // seq → move acknowledged to this player
	resyncs   int
	bad       []string // syncs that did not extend what the player had applied
	trace     []string
}

func (p *toyPlayer) tr(f string, a ...any) {
	p.trace = append(p.trace, fmt.Sprintf(f, a...))
	if len(p.trace) > 14 {
		p.trace = p.trace[1:]
	}
}

func TestToyTablesNodeDies(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	db, err := postgres.Open(t.Context(), pg.DB(t), postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const ttl = time.Second
	const tables, perTable = 12, 40
	var nodes []*toyNode
	conns := make([]func(), 3)
	for i := range 3 {
		nc := natstest.Connect(t, url)
		conns[i] = nc.Close
		n := joinWith(t, cluster.Config{Conn: nc, Name: fmt.Sprint("n", i), TTL: ttl, RequestTimeout: 500 * time.Millisecond})
		nodes = append(nodes, newToyNode(t, n, db))
	}
	for i := range tables {
		if err := db.CreateTable(t.Context(), store.Table{ID: fmt.Sprint("g", i), Game: "toy", Players: 2,
			Status: store.StatusLive}); err != nil {
			t.Fatal(err)
		}
	}
	var acked atomic.Int64
	var ownedAtDeath int
	killed := make(chan struct{})
	go func() {
		for acked.Load() < tables*perTable/3 {
			time.Sleep(5 * time.Millisecond)
		}
		// Node 2 dies: nothing more from it reaches NATS or PostgreSQL.
		ownedAtDeath = nodes[2].n.Stats().Leases
		nodes[2].dead.Store(true)
		conns[2]()
		close(killed)
	}()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var players []*toyPlayer
	var wg sync.WaitGroup
	for i := range tables {
		for turn := range 2 {
			// The first mover's node takes the table: every node owns some.
			node := i % 3
			if turn == 1 {
				node = rand.IntN(3)
			}
			p := &toyPlayer{id: fmt.Sprintf("g%d/p%d", i, turn), table: fmt.Sprint("g", i), turn: turn,
				node: node, acked: map[int]string{}}
			players = append(players, p)
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := p.play(ctx, nodes, perTable, &acked); err != nil {
					t.Errorf("%s: %v\n%s", p.id, err, strings.Join(p.trace, "\n"))
				}
			}()
		}
	}
	wg.Wait()
	<-killed
	takenOver := uint64(0)
	for _, tn := range nodes[:2] {
		takenOver += tn.n.Stats().TakenOver
	}
	for _, p := range players {
		log, err := db.Entries(t.Context(), p.table, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != perTable {
			t.Errorf("%s: %d moves stored, want %d", p.table, len(log), perTable)
		}
		for seq, m := range p.acked {
			if seq > len(log) || log[seq-1].Move != m || log[seq-1].Client != p.id {
				t.Errorf("%s: acknowledged move %d %q is not the stored one", p.id, seq, m)
			}
		}
		for _, b := range p.bad {
			t.Errorf("%s: %s", p.id, b)
		}
		var stored []string
		for _, e := range log {
			stored = append(stored, e.Move)
		}
		if fmt.Sprint(p.moves) != fmt.Sprint(stored) {
			t.Errorf("%s applied %v\nstored %v", p.id, p.moves, stored)
		}
	}
	resyncs := 0
	for _, p := range players {
		resyncs += p.resyncs
	}
	t.Logf("%d tables × %d moves over 3 nodes, node 2 killed after %d acknowledged moves owning %d tables: %d taken over, %d resyncs",
		tables, perTable, tables*perTable/3, ownedAtDeath, takenOver, resyncs)
	if ownedAtDeath == 0 || takenOver != uint64(ownedAtDeath) {
		t.Errorf("node 2 owned %d tables when it died, %d were taken over", ownedAtDeath, takenOver)
	}
}

func (p *toyPlayer) play(ctx context.Context, nodes []*toyNode, total int, acked *atomic.Int64) error {
	updates := make(chan toyUpdate, 4*total)
	attach := func() error {
		for {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			tn := nodes[p.node]
			updates = make(chan toyUpdate, 4*total)
			if err := tn.watch(p.table, updates); err == nil {
				if err := p.sync(ctx, tn); err == nil {
					return nil
				}
			}
			p.node = (p.node + 1) % len(nodes) // reconnect elsewhere
			time.Sleep(10 * time.Millisecond)
		}
	}
	if err := attach(); err != nil {
		return err
	}
	for len(p.moves) < total {
		if ctx.Err() != nil {
			return fmt.Errorf("stuck at %d moves: %w", len(p.moves), ctx.Err())
		}
		if len(p.moves)%2 == p.turn {
			v := len(p.moves)
			move := fmt.Sprintf("%s:%d", p.id, v+1)
			r, err := nodes[p.node].do(ctx, p.table, toyReq{Op: "move", Client: p.id, V: v, Move: move})
			p.tr("node %d move v%d: %+v %v", p.node, v, r, err)
			switch {
			case err != nil && nodes[p.node].dead.Load():
				p.node = (p.node + 1) % len(nodes)
				if err := attach(); err != nil {
					return err
				}
				continue
			case err != nil || r.NotOwner:
				time.Sleep(20 * time.Millisecond) // a takeover is under way
				continue
			case r.OK:
				p.acked[r.V] = move
				acked.Add(1)
			}
		}
		select {
		case u := <-updates:
			p.tr("update %d (have %d)", u.Seq, len(p.moves))
			switch {
			case u.Seq == len(p.moves)+1:
				p.moves = append(p.moves, u.Move)
			case u.Seq > len(p.moves)+1:
				p.resyncs++
				if err := p.sync(ctx, nodes[p.node]); err != nil {
					p.node = (p.node + 1) % len(nodes)
					if err := attach(); err != nil {
						return err
					}
				}
			}
		case <-time.After(300 * time.Millisecond):
			// No update: maybe the owner died after storing; look again.
			p.resyncs++
			if err := p.sync(ctx, nodes[p.node]); err != nil {
				p.node = (p.node + 1) % len(nodes)
				if err := attach(); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// sync replaces the player's view by the stored log, through the owner.
func (p *toyPlayer) sync(ctx context.Context, tn *toyNode) error {
	r, err := tn.do(ctx, p.table, toyReq{Op: "sync", Client: p.id})
	p.tr("sync: ok %v v %d err %v", r.OK, r.V, err)
	if err != nil {
		return err
	}
	if !r.OK {
		return errors.New("not owner")
	}
	// The log only grows: what the player applied must be its prefix.
	if len(r.Moves) < len(p.moves) || fmt.Sprint(r.Moves[:len(p.moves)]) != fmt.Sprint(p.moves) {
		p.bad = append(p.bad, fmt.Sprintf("sync %v does not extend what was applied %v", r.Moves, p.moves))
	}
	p.moves = r.Moves
	return nil
}
