package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// cmdLoadtest plays many tables against a running server over the real
// protocol: people simulated by programs that pick a legal move at random
// after a think time, one WebSocket per seat. It reports throughput,
// latencies, and what went wrong (lost or duplicated moves, resyncs,
// anything a seat received that it should not have).
func cmdLoadtest(e *env, args []string) error {
	gcForLoad()
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	addr := fs.String("addr", "", "cli.flag.loadtest.addr")
	tables := fs.Int("tables", 100, "cli.flag.loadtest.tables")
	active := fs.Uint("active", 0, "cli.flag.loadtest.active") // unsigned: flag refuses a negative count
	seconds := fs.Float64("seconds", 30, "cli.flag.loadtest.seconds")
	gameID := fs.String("game", "schlossgarten", "cli.flag.loadtest.game")
	players := fs.Int("players", 4, "cli.flag.loadtest.players")
	rate := fs.Float64("rate", 1250, "cli.flag.loadtest.rate")
	jobs := fs.Int("setup-jobs", 32, "cli.flag.loadtest.setup-jobs")
	asJSON := fs.Bool("json", false, "cli.flag.loadtest.json")
	watchers := fs.Int("lobby-watchers", 0, "cli.flag.loadtest.lobby-watchers")
	offline := fs.Bool("offline", false, "cli.flag.loadtest.offline")
	cpuProfile := fs.String("cpuprofile", "", "cli.flag.loadtest.cpuprofile")
	langFlag := fs.String("lang", "", "cli.flag.loadtest.lang")
	if _, err := e.parse(fs, args, 0, 0, "cli.wantNothing"); err != nil {
		return err
	}
	lang, err := e.lang(*langFlag)
	if err != nil {
		return err
	}
	var bases []string
	for _, a := range strings.Split(*addr, ",") {
		u, err := url.Parse(strings.TrimSpace(a))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usageErr("cli.loadAddr")
		}
		if h := u.Hostname(); h != "localhost" && !strings.HasPrefix(h, "127.") && h != "::1" {
			return usageErr("cli.loadLocal")
		}
		bases = append(bases, strings.TrimSuffix(strings.TrimSpace(a), "/"))
	}
	if *tables < 1 || *seconds <= 0 || *players < 1 || *jobs < 1 || *rate < 0 || *watchers < 0 {
		return usageErr("cli.loadPositive")
	}
	if *active == 0 || *active > uint(*tables) {
		*active = uint(*tables)
	}
	lt := &loadtest{bases: bases, game: *gameID, players: *players, dialed: *tables,
		http: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *jobs}}}
	if *rate > 0 {
		lt.think = time.Duration(float64(*active) / *rate * float64(time.Second))
	}
	if *offline {
		// Correspondence-style: the idle tables' players are away, with no
		// socket open (the server keeps such a table in memory until its
		// --idle has passed): one node can hold more tables than sockets.
		lt.dialed = int(*active)
	}
	ctx := e.ctx
	// The tables are public with lobby watchers, so that their changes
	// reach the lobby.
	lt.public = *watchers > 0
	wctx, stopWatchers := context.WithCancel(ctx)
	defer stopWatchers()
	t0 := time.Now()
	fmt.Fprintln(e.stderr, say(lang, "cli.load.settingUp", i18n.N("tables", *tables), i18n.N("players", *players), i18n.S("bases", strings.Join(lt.bases, ", "))))
	if err := lt.setup(ctx, *tables, *jobs); err != nil {
		lt.closeAll()
		return err
	}
	setup := time.Since(t0)
	// The tables in the order they were asked for, so that the first
	// active ones are those whose players connected.
	slices.SortFunc(lt.tables, func(a, b *ltTable) int { return a.index - b.index })
	// The lobby's watchers: each is the person at the first seat of a
	// table (the first W tables), as a player with the lobby open in
	// another tab: their stream hears of their own table's every turn.
	for i := range *watchers {
		tb := lt.tables[i%len(lt.tables)]
		if err := lt.watchLobby(wctx, tb.seats[0].base, tb.seats[0].token); err != nil {
			lt.closeAll()
			return err
		}
	}
	fmt.Fprintln(e.stderr, say(lang, "cli.load.playing", i18n.N("sockets", int(lt.sockets.Load())), i18n.S("setup", f1(setup.Seconds())),
		i18n.S("seconds", strconv.FormatFloat(*seconds, 'g', -1, 64))))
	before, self0 := lt.scrape(), selfCPU()
	lobby0 := lt.lobbyMsgs.Load()
	stopProfile := func() {}
	if *cpuProfile != "" {
		var err error
		if stopProfile, err = startCPUProfile(*cpuProfile); err != nil {
			lt.closeAll()
			return err
		}
	}
	lt.start.Store(time.Now().UnixNano())
	// Only the first active tables play: the others stay as set up, their
	// sockets open, with nothing to say until a move would come.
	for _, tb := range lt.tables[:*active] {
		for _, st := range tb.seats {
			st.kick()
		}
	}
	select {
	case <-time.After(time.Duration(*seconds * float64(time.Second))):
	case <-ctx.Done():
	}
	lt.stopAt.Store(time.Now().UnixNano())
	stopProfile()
	lobbyPlaying := lt.lobbyMsgs.Load() - lobby0
	elapsed := time.Duration(lt.stopAt.Load() - lt.start.Load())
	time.Sleep(500 * time.Millisecond) // let the last answers arrive
	rep := lt.report(elapsed, setup)
	rep.LobbyWatchers, rep.LobbyMessages, rep.LobbyKB = *watchers, lt.lobbyMsgs.Load(), float64(lt.lobbyBytes.Load())/1024
	rep.LobbyEnded, rep.LobbyWhilePlaying = lt.lobbyEnded.Load(), lobbyPlaying
	stopWatchers()
	rep.Command = "jardin loadtest " + strings.Join(args, " ")
	after := lt.scrape()
	for i, b := range lt.bases {
		n := ltNode{URL: b, RSSMB: after[i]["process_resident_memory_bytes"] / (1 << 20),
			CPUSeconds: after[i]["process_cpu_seconds_total"] - before[i]["process_cpu_seconds_total"],
			Tables:     after[i]["jardin_live_tables"], Sockets: after[i]["jardin_sockets"], Relayed: after[i]["jardin_relayed_sockets"]}
		per := func(name string) float64 { return (after[i][name] - before[i][name]) / elapsed.Seconds() }
		n.MovesPerSec = per("jardin_moves_total")
		n.WritesPerSec, n.CommitsPerSec = per("jardin_commit_batch_writes_sum"), per("jardin_commit_batch_writes_count")
		// A forwarded request and its reply are two NATS messages; an
		// update is one, counted on the publisher and on the subscriber.
		n.NATSOutPerSec = 2*per("jardin_cluster_forwarded_total") + per("jardin_cluster_published_total")
		n.NATSInPerSec = per("jardin_cluster_served_total") + per("jardin_cluster_delivered_total")
		rep.Nodes = append(rep.Nodes, n)
		rep.ServerRSSMB += n.RSSMB
		rep.ServerCPUSeconds += n.CPUSeconds
	}
	rep.LoadCPUSeconds = selfCPU() - self0
	if rep.Acked > 0 {
		rep.ServerCPUPerMoveMs = rep.ServerCPUSeconds * 1000 / float64(rep.Acked)
	}
	lt.checkVersions(&rep)
	lt.closeAll()
	if *asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(e.stdout, string(b))
	} else {
		rep.print(e.stdout, lang)
	}
	if rep.Lost > 0 || rep.Duplicated > 0 || rep.Leaks > 0 {
		return shelltext.Errorf("cli.load.failed", i18n.S("lost", itoa(rep.Lost)), i18n.S("dup", itoa(rep.Duplicated)), i18n.S("leaks", itoa(rep.Leaks)))
	}
	return nil
}

type loadtest struct {
	bases   []string // the nodes: seat s of table i connects to bases[(i+s)%len]
	game    string
	players int
	dialed  int // tables 0..dialed-1 open their seats' sockets
	think   time.Duration
	http    *http.Client
	tables  []*ltTable
	mu      sync.Mutex
	sockets atomic.Int64
	start   atomic.Int64
	stopAt  atomic.Int64

	// The lobby's watchers (--lobby-watchers): messages and bytes read,
	// streams the server ended.
	public                            bool
	lobbyMsgs, lobbyBytes, lobbyEnded atomic.Int64

	// Counters over all sockets.
	moves, acks, resyncs, refused, leaks, dup, errs, over atomic.Int64
	latMu                                                 sync.Mutex
	ackLat, lastLat                                       []time.Duration
}

type ltTable struct {
	id      string
	index   int // order of setup
	lt      *loadtest
	seats   []*ltSeat
	mu      sync.Mutex
	sent    map[int]time.Time // version a move was made on → when it was sent
	got     map[int]int       // version → seats that received it
	acked   int               // highest acknowledged version
	version int               // highest version any seat saw
}

// ltNext is what a seat's next move needs of the latest state message.
type ltNext struct{ v, toMove, legal int }

type ltSeat struct {
	tb    *ltTable
	base  string // the node this seat talks to
	seat  int
	token string
	ws    *websocket.Conn
	rng   *rand.Rand
	mu    sync.Mutex
	// last: of the latest sync or update, what the seat's next move
	// needs (hasLast: one came).
	last    ltNext
	hasLast bool
	seen    int // highest version received
	// held says whether the seat holds a view of version seen, as a page
	// does: from a sync, then patched by each update (docs/server.md,
	// "update"); an update must follow it.
	held  bool
	asked int // syncs asked for on a gap
	syncs int
	seq   int
	timer *time.Timer
}

func (lt *loadtest) post(ctx context.Context, base, path, token string, body, out any) error {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, "POST", base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := lt.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	rb, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return fmt.Errorf("POST %s: %s: %s", path, resp.Status, strings.TrimSpace(string(rb)))
	}
	if out != nil {
		return json.Unmarshal(rb, out)
	}
	return nil
}

// setup creates the tables (one identity per seat, the others join by the
// invite) and opens every seat's socket.
func (lt *loadtest) setup(ctx context.Context, n, jobs int) error {
	work := make(chan int)
	errc := make(chan error, jobs)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if err := lt.setupTable(ctx, i); err != nil {
					select {
					case errc <- err:
					default:
					}
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		select {
		case err := <-errc:
			close(work)
			wg.Wait()
			return err
		case work <- i:
		case <-ctx.Done():
			close(work)
			wg.Wait()
			return ctx.Err()
		}
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
	}
	return nil
}

func (lt *loadtest) setupTable(ctx context.Context, i int) error {
	tb := &ltTable{lt: lt, index: i, sent: map[int]time.Time{}, got: map[int]int{}}
	for s := 0; s < lt.players; s++ {
		var me struct{ Token string }
		base := lt.bases[(i+s)%len(lt.bases)]
		if err := lt.post(ctx, base, "/api/me", "", map[string]string{"name": fmt.Sprintf("load%d-%d", i, s)}, &me); err != nil {
			return err
		}
		tb.seats = append(tb.seats, &ltSeat{tb: tb, base: base, seat: s, token: me.Token, rng: rand.New(rand.NewPCG(uint64(i), uint64(s)))})
	}
	seats := []string{"me"}
	for s := 1; s < lt.players; s++ {
		seats = append(seats, "open")
	}
	var created struct{ ID, Invite string }
	if err := lt.post(ctx, tb.seats[0].base, "/api/tables", tb.seats[0].token, map[string]any{"game": lt.game, "seats": seats,
		"undo": false, "public": lt.public}, &created); err != nil {
		return err
	}
	tb.id = created.ID
	for s := 1; s < lt.players; s++ {
		if err := lt.post(ctx, tb.seats[s].base, "/api/tables/"+tb.id+"/join", tb.seats[s].token,
			map[string]any{"invite": created.Invite, "seat": s}, nil); err != nil {
			return err
		}
	}
	lt.mu.Lock()
	lt.tables = append(lt.tables, tb)
	lt.mu.Unlock()
	if i >= lt.dialed {
		return nil
	}
	for _, st := range tb.seats {
		if err := st.dial(ctx); err != nil {
			return err
		}
	}
	return nil
}

func (st *ltSeat) dial(ctx context.Context) error {
	lt := st.tb.lt
	u := "ws" + strings.TrimPrefix(st.base, "http") + "/ws/tables/" + st.tb.id + "?seat=" + strconv.Itoa(st.seat)
	h := http.Header{"Authorization": {"Bearer " + st.token}}
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(dctx, u, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return fmt.Errorf("table %s seat %d: %w", st.tb.id, st.seat, err)
	}
	ws.SetReadLimit(4 << 20)
	st.ws = ws
	lt.sockets.Add(1)
	go st.read()
	return nil
}

func (lt *loadtest) closeAll() {
	for _, tb := range lt.tables {
		for _, st := range tb.seats {
			if st.ws != nil {
				st.ws.CloseNow()
			}
			st.mu.Lock()
			if st.timer != nil {
				st.timer.Stop()
			}
			st.mu.Unlock()
		}
	}
}

// watchLobby opens one stream of the live lobby (GET /api/lobby) as the
// identity of token and reads it on its own goroutine until ctx ends,
// counting its messages.
func (lt *loadtest) watchLobby(ctx context.Context, base, token string) error {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/api/lobby", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	// The lobby's stream lasts: not lt.http, whose requests time out.
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("lobby stream: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return fmt.Errorf("lobby stream: %s (serve --lobby-streams-per-addr)", resp.Status)
	}
	go func() {
		defer resp.Body.Close()
		rd := bufio.NewReaderSize(resp.Body, 64<<10)
		for {
			line, err := rd.ReadSlice('\n')
			if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
				if ctx.Err() == nil {
					lt.lobbyEnded.Add(1)
				}
				return
			}
			lt.lobbyBytes.Add(int64(len(line)))
			if bytes.HasPrefix(line, []byte("data: ")) {
				lt.lobbyMsgs.Add(1)
			}
		}
	}()
	return nil
}

func (lt *loadtest) running() bool { return lt.start.Load() != 0 && lt.stopAt.Load() == 0 }

// read handles what the server sends this seat, each message read into
// one buffer the seat keeps (Conn.Read would allocate each anew).
func (st *ltSeat) read() {
	lt := st.tb.lt
	var buf bytes.Buffer
	for {
		_, r, err := st.ws.Reader(context.Background())
		if err == nil {
			buf.Reset()
			_, err = buf.ReadFrom(r)
		}
		if err != nil {
			if lt.running() {
				lt.errs.Add(1)
			}
			return
		}
		st.handle(buf.Bytes(), time.Now())
	}
}

// handle is what the seat does with message b from the server, read at
// now: the checks (leaks, gaps, duplicates, resyncs) and the next move.
// b is not kept.
func (st *ltSeat) handle(b []byte, now time.Time) {
	lt := st.tb.lt
	var m ltMsg
	if err := parseLtMsg(b, &m); err != nil {
		lt.errs.Add(1)
		return
	}
	// Nothing of the game's secrets may reach a seat while it is live.
	if m.seed {
		lt.leaks.Add(1)
	}
	if bytes.Contains(b, []byte(`"seed"`)) {
		lt.leaks.Add(1)
	}
	if m.record && !bytes.Contains(m.status, []byte(`"over"`)) {
		lt.leaks.Add(1)
	}
	switch {
	case m.is("sync"), m.is("update"):
		if !st.onView(&m, b) {
			return // a gap: a sync was asked for
		}
		st.onState(&m, now)
	case m.is("ack"):
		st.tb.onAck(m.v, now)
	case m.is("refused"):
		lt.refused.Add(1)
	case m.is("error"):
		lt.errs.Add(1)
	}
}

// onView follows the seat's view: a sync's or an update's whole view, or
// an update's patch of the view of version from. An update that does not
// follow the version held is a gap: the seat asks for a sync (counted as a
// resync when it comes) and reports false. The view itself is not kept:
// nothing reads it (a page would draw it), and decoding every view and
// patch with encoding/json was a third of the load generator's CPU a
// move; what a page needs of it is checked: a patch is JSON and comes
// after the version held, a whole view is JSON.
func (st *ltSeat) onView(m *ltMsg, b []byte) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if m.is("update") {
		if m.from != st.seen || !st.held {
			st.asked++
			if st.ws != nil {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				st.ws.Write(ctx, websocket.MessageText, []byte(`{"t":"sync"}`))
			}
			return false
		}
		if m.patch != nil {
			if !json.Valid(m.patch) {
				st.tb.lt.errs.Add(1)
				return false
			}
			return true
		}
	}
	if !json.Valid(b) {
		st.tb.lt.errs.Add(1)
		return false
	}
	st.held = m.view
	return true
}

func (st *ltSeat) onState(m *ltMsg, now time.Time) {
	lt := st.tb.lt
	v := m.v
	st.mu.Lock()
	if m.is("sync") {
		st.syncs++
		if st.syncs > 1 {
			lt.resyncs.Add(1)
		}
	} else if v <= st.seen {
		lt.dup.Add(1) // the same version twice, or out of order
	}
	st.seen = max(st.seen, v)
	st.last, st.hasLast = ltNext{v: v, toMove: m.toMove, legal: m.legal}, true
	st.mu.Unlock()
	if m.is("update") {
		st.tb.onUpdate(v, now)
	}
	if string(m.status) == `"over"` {
		if st.seat == 0 {
			lt.over.Add(1)
		}
		return
	}
	if lt.running() {
		st.kick()
	}
}

// kick schedules this seat's move if it is to play: after a think time
// drawn around the mean that gives the offered rate.
func (st *ltSeat) kick() {
	st.mu.Lock()
	defer st.mu.Unlock()
	m := st.last
	if !st.hasLast || m.toMove != st.seat || m.legal == 0 {
		return
	}
	v := m.v
	i := st.rng.IntN(m.legal)
	d := time.Duration(0)
	if t := st.tb.lt.think; t > 0 {
		d = time.Duration((0.5 + st.rng.Float64()) * float64(t))
	}
	if st.timer != nil {
		st.timer.Stop()
	}
	st.timer = time.AfterFunc(d, func() { st.move(v, i) })
}

func (st *ltSeat) move(v, i int) {
	lt := st.tb.lt
	if !lt.running() {
		return
	}
	st.mu.Lock()
	st.seq++
	seq := st.seq
	st.mu.Unlock()
	// {"t":"move","v":V,"id":"mSEAT-SEQ","i":I}, as json.Marshal of a map
	// wrote it (its keys sorted), without the map.
	b := make([]byte, 0, 64)
	b = strconv.AppendInt(append(b, `{"i":`...), int64(i), 10)
	b = strconv.AppendInt(append(b, `,"id":"m`...), int64(st.seat), 10)
	b = strconv.AppendInt(append(b, '-'), int64(seq), 10)
	b = strconv.AppendInt(append(b, `","t":"move","v":`...), int64(v), 10)
	b = append(b, '}')
	st.tb.mu.Lock()
	st.tb.sent[v+1] = time.Now()
	st.tb.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := st.ws.Write(ctx, websocket.MessageText, b); err != nil {
		lt.errs.Add(1)
		return
	}
	lt.moves.Add(1)
}

func (tb *ltTable) onAck(v int, now time.Time) {
	tb.mu.Lock()
	sent, ok := tb.sent[v]
	tb.acked = max(tb.acked, v)
	tb.mu.Unlock()
	if ok {
		tb.lt.acks.Add(1)
		tb.lt.latMu.Lock()
		tb.lt.ackLat = append(tb.lt.ackLat, now.Sub(sent))
		tb.lt.latMu.Unlock()
	}
}

func (tb *ltTable) onUpdate(v int, now time.Time) {
	tb.mu.Lock()
	tb.version = max(tb.version, v)
	tb.got[v]++
	last := tb.got[v] == len(tb.seats)
	sent, ok := tb.sent[v]
	if last {
		delete(tb.got, v)
		delete(tb.sent, v)
	}
	tb.mu.Unlock()
	if last && ok {
		tb.lt.latMu.Lock()
		tb.lt.lastLat = append(tb.lt.lastLat, now.Sub(sent))
		tb.lt.latMu.Unlock()
	}
}

// checkVersions asks the server each table's version: a move acknowledged
// but not there is lost.
func (lt *loadtest) checkVersions(rep *ltReport) {
	for _, tb := range lt.tables {
		req, _ := http.NewRequest("GET", tb.seats[0].base+"/api/tables/"+tb.id, nil)
		resp, err := lt.http.Do(req)
		if err != nil {
			rep.Errors++
			continue
		}
		var out struct{ Version int }
		json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		tb.mu.Lock()
		if out.Version < tb.acked {
			rep.Lost += tb.acked - out.Version
		}
		for _, st := range tb.seats {
			st.mu.Lock()
			if st.seen < tb.acked {
				rep.Unseen++
			}
			st.mu.Unlock()
		}
		tb.mu.Unlock()
	}
}

// scrape reads each node's /metrics: the series without labels, by name
// (process CPU and memory, jardin_*).
func (lt *loadtest) scrape() []map[string]float64 {
	out := make([]map[string]float64, len(lt.bases))
	for i, b := range lt.bases {
		out[i] = map[string]float64{}
		resp, err := lt.http.Get(b + "/metrics")
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			name, v, ok := strings.Cut(sc.Text(), " ")
			if !ok || strings.HasPrefix(name, "#") || strings.Contains(name, "{") {
				continue
			}
			f, _ := strconv.ParseFloat(v, 64)
			out[i][name] = f
		}
		resp.Body.Close()
	}
	return out
}

// ltNode is what one node's /metrics said of the run.
type ltNode struct {
	URL           string  `json:"url"`
	RSSMB         float64 `json:"rssMB"`
	CPUSeconds    float64 `json:"cpuSeconds"`
	Tables        float64 `json:"liveTables"`
	Sockets       float64 `json:"sockets"`
	Relayed       float64 `json:"relayedSockets"`
	MovesPerSec   float64 `json:"movesPerSecond"` // moves stored by this node (as the tables' owner)
	WritesPerSec  float64 `json:"dbWritesPerSecond"`
	CommitsPerSec float64 `json:"dbTransactionsPerSecond"`
	NATSOutPerSec float64 `json:"natsOutPerSecond"`
	NATSInPerSec  float64 `json:"natsInPerSecond"`
}

// selfCPU is the CPU time this process has used, in seconds.
func selfCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

type ltReport struct {
	Command      string  `json:"command"`
	Game         string  `json:"game"`
	Tables       int     `json:"tables"`
	Sockets      int64   `json:"sockets"`
	SetupSeconds float64 `json:"setupSeconds"`
	Seconds      float64 `json:"seconds"`
	Moves        int64   `json:"moves"`
	Acked        int64   `json:"acked"`
	MovesPerSec  float64 `json:"movesPerSecond"`
	AckP50ms     float64 `json:"ackP50ms"`
	AckP99ms     float64 `json:"ackP99ms"`
	LastP50ms    float64 `json:"lastUpdateP50ms"`
	LastP99ms    float64 `json:"lastUpdateP99ms"`
	Lost         int     `json:"lost"`
	Unseen       int     `json:"unseen"`
	Duplicated   int64   `json:"duplicated"`
	Resyncs      int64   `json:"resyncs"`
	Refused      int64   `json:"refused"`
	Leaks        int64   `json:"leaks"`
	Errors       int64   `json:"errors"`
	GamesOver    int64   `json:"gamesOver"`
	// The lobby's watchers: messages they read (from their opening to the
	// end of the run), their size, and streams the server ended early.
	LobbyWatchers int     `json:"lobbyWatchers,omitempty"`
	LobbyMessages int64   `json:"lobbyMessages,omitempty"`
	LobbyKB       float64 `json:"lobbyKB,omitempty"`
	LobbyEnded    int64   `json:"lobbyEnded,omitempty"`
	// LobbyWhilePlaying: of LobbyMessages, those read during the measured
	// time (the rest came while the tables were created and filled).
	LobbyWhilePlaying int64   `json:"lobbyMessagesWhilePlaying,omitempty"`
	ServerRSSMB       float64 `json:"serverRssMB"`
	// CPU time used while playing: by the server (from its /metrics), per
	// acknowledged move, and by this load generator. On a machine shared
	// with other work, these say what the figures above would be on an
	// idle one.
	ServerCPUSeconds   float64 `json:"serverCpuSeconds"`
	ServerCPUPerMoveMs float64 `json:"serverCpuPerMoveMs"`
	LoadCPUSeconds     float64 `json:"loadgenCpuSeconds"`
	// Nodes: per server (RSS and CPU above are their sums).
	Nodes []ltNode `json:"nodes,omitempty"`
}

func pct(d []time.Duration, p float64) float64 {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	i := min(int(p*float64(len(d))), len(d)-1)
	return float64(d[i].Microseconds()) / 1000
}

func (lt *loadtest) report(elapsed, setup time.Duration) ltReport {
	lt.latMu.Lock()
	defer lt.latMu.Unlock()
	return ltReport{Game: lt.game, Tables: len(lt.tables), Sockets: lt.sockets.Load(), SetupSeconds: setup.Seconds(),
		Seconds: elapsed.Seconds(), Moves: lt.moves.Load(), Acked: lt.acks.Load(),
		MovesPerSec: float64(lt.acks.Load()) / elapsed.Seconds(),
		AckP50ms:    pct(lt.ackLat, .50), AckP99ms: pct(lt.ackLat, .99),
		LastP50ms: pct(lt.lastLat, .50), LastP99ms: pct(lt.lastLat, .99),
		Duplicated: lt.dup.Load(), Resyncs: lt.resyncs.Load(), Refused: lt.refused.Load(), Leaks: lt.leaks.Load(),
		Errors: lt.errs.Load(), GamesOver: lt.over.Load()}
}
