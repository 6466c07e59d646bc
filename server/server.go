// Package server is `jardin serve`: online tables over HTTP and WebSocket.
//
// One goroutine per live table owns its engine state (table.go); HTTP
// handlers and sockets only send it functions to run. Every move is stored
// (group commit, store.Batcher) before anyone hears of it. What reaches a
// socket is built per seat from View(seat), the events that seat may see and
// the descriptions of its own legal moves, and nothing else: the seed and
// the notation of the moves stay on the server until the game is over.
// docs/server.md documents the HTTP API and the protocol.
package server

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/internal/metrics"
	"github.com/jardin-games/jardin/store"
)

// Clock modes.
const (
	clockNone     = store.ClockNone
	clockRealtime = store.ClockRealtime
	clockAsync    = store.ClockAsync
)

// Config is the server's settings; zero fields take the defaults of
// Defaults (docs/server.md lists them with the flags that set them).
type Config struct {
	// BaseURL is the address people reach the server at, for links in
	// notifications and "continue on another device" (e.g.
	// https://jardin.example.org).
	BaseURL string
	// Origins are extra host patterns allowed to open WebSockets and post
	// forms from another origin (the server's own host always is).
	Origins []string
	// SecureCookies marks the identity cookie Secure (behind HTTPS).
	SecureCookies bool

	MaxFrame   int           // largest client message, bytes
	Queue      int           // messages waiting per connection before it is dropped as a slow reader
	Ping       time.Duration // ping period (and time to answer)
	Rate       float64       // client messages per second per connection (sustained)
	Burst      int           // client messages in a burst
	ChatLines  int           // chat lines per seat per ChatWindow
	ChatWindow time.Duration
	MaxTables  int // open and live tables an identity may sit at
	BotTables  int // open and live tables a bot identity may sit at (botapi.go; 0: 8)
	BotMoves   int // moves per second a bot identity may make by HTTP (botapi.go; 0: 20)
	// ArenaTables: bot arena tables kept going (botarena.go; 0: no arena),
	// looked after every ArenaEvery (0: 10 s).
	ArenaTables int
	ArenaEvery  time.Duration
	CreateRate  int // tables an identity may create per hour
	// IdentityEvery and IdentityBurst: one new identity per IdentityEvery
	// per client address, IdentityBurst at once; WriteEvery and WriteBurst
	// the same for every write (POST…) per address and per identity.
	IdentityEvery time.Duration
	IdentityBurst int
	WriteEvery    time.Duration
	WriteBurst    int
	// HintEvery and HintBurst: the hints one identity may ask (a search
	// each, hints.go): a burst, then one every HintEvery.
	HintEvery time.Duration
	HintBurst int
	// TrustProxy takes the client's address from X-Forwarded-For (the last
	// address, the one the proxy in front appended) instead of the
	// connection's: only behind a proxy that sets it.
	TrustProxy bool
	Grace      time.Duration // realtime: a person away this long on their turn is replaced by greedy
	Idle       time.Duration // a table nobody needs is unloaded after this long
	IdleCheck  time.Duration
	// LobbyPeriod: the live lobby sends each watcher at most one message
	// per period (lobbyhub.go).
	LobbyPeriod time.Duration
	// LobbyPerAddr: live lobby streams one address may hold open.
	LobbyPerAddr int
	BotBudget    time.Duration // base time budget of a bot decision (search levels get multiples)
	QuickBots    int           // workers for random and greedy bots
	SearchBots   int           // workers for ismcts bots
	BatchMax     int           // writes per store transaction at most
	Heartbeat    time.Duration
	DueCheck     time.Duration // how often stored async deadlines are looked for
	// RelayBeat (cluster): how often a node re-announces to the owners the
	// sockets it relays. An owner drops a relayed socket not announced for
	// three beats (its detach was lost), and a relayed socket that missed
	// the last updates of its stream learns it within two.
	RelayBeat time.Duration

	// Analyses is how many finished tables the coach analyses at once
	// (analysis.go), each as it ends. 0: none as it ends, only when its
	// replay first asks, one at a time. Defaults has 1; zero stays zero
	// (tests finish games without paying for analyses they do not read).
	Analyses int

	// WebhookPrivate lets webhooks reach loopback and private addresses
	// (tests, a relay on the same host). Off by default: a webhook is a URL
	// typed by anyone, and must not probe the server's network.
	WebhookPrivate bool
	SMTPAddr       string // host:port of an SMTP server for e-mail notifications ("": none)
	SMTPFrom       string

	// Cluster, when set, makes this server one node of several sharing
	// the store (PostgreSQL) through NATS (docs/scaling.md): Start joins
	// with it (its OnOrphan, OnSessionEnd and Log are the server's) and
	// Close leaves. Nil: a single node.
	Cluster *cluster.Config
	// Collectors are more Prometheus series for /metrics (the PostgreSQL
	// store's pool, for one).
	Collectors []metrics.Collector

	// Now is the clock (tests); nil is time.Now.
	Now func() time.Time
	Log *slog.Logger
}

// Defaults returns the default configuration.
func Defaults() Config {
	return Config{
		MaxFrame: 8192, Queue: 64, Ping: 20 * time.Second,
		Rate: 20, Burst: 40, ChatLines: 5, ChatWindow: 10 * time.Second,
		MaxTables: 30, CreateRate: 60, IdentityEvery: 2 * time.Minute, IdentityBurst: 10, WriteEvery: 100 * time.Millisecond, WriteBurst: 60, HintEvery: 10 * time.Second, HintBurst: 3, Grace: 90 * time.Second, Idle: 2 * time.Minute, IdleCheck: 10 * time.Second, LobbyPeriod: lobbyPeriod, LobbyPerAddr: lobbyPerAddr,
		BotBudget: time.Second, QuickBots: 1, SearchBots: 2, Analyses: 1, BatchMax: 512,
		Heartbeat: time.Second, DueCheck: time.Second, RelayBeat: 5 * time.Second, SMTPFrom: "jardin@localhost",
	}
}

func (c *Config) fill() {
	d := Defaults()
	set := func(dst *int, v int) {
		if *dst <= 0 {
			*dst = v
		}
	}
	setD := func(dst *time.Duration, v time.Duration) {
		if *dst <= 0 {
			*dst = v
		}
	}
	set(&c.MaxFrame, d.MaxFrame)
	set(&c.Queue, d.Queue)
	set(&c.Burst, d.Burst)
	set(&c.ChatLines, d.ChatLines)
	set(&c.MaxTables, d.MaxTables)
	set(&c.CreateRate, d.CreateRate)
	set(&c.IdentityBurst, d.IdentityBurst)
	set(&c.WriteBurst, d.WriteBurst)
	set(&c.HintBurst, d.HintBurst)
	setD(&c.HintEvery, d.HintEvery)
	set(&c.QuickBots, d.QuickBots)
	set(&c.SearchBots, d.SearchBots)
	set(&c.BatchMax, d.BatchMax)
	setD(&c.Ping, d.Ping)
	setD(&c.IdentityEvery, d.IdentityEvery)
	setD(&c.WriteEvery, d.WriteEvery)
	setD(&c.ChatWindow, d.ChatWindow)
	setD(&c.Grace, d.Grace)
	setD(&c.Idle, d.Idle)
	setD(&c.IdleCheck, d.IdleCheck)
	setD(&c.LobbyPeriod, d.LobbyPeriod)
	set(&c.LobbyPerAddr, d.LobbyPerAddr)
	setD(&c.BotBudget, d.BotBudget)
	setD(&c.Heartbeat, d.Heartbeat)
	setD(&c.DueCheck, d.DueCheck)
	setD(&c.RelayBeat, d.RelayBeat)
	if c.Rate <= 0 {
		c.Rate = d.Rate
	}
	if c.SMTPFrom == "" {
		c.SMTPFrom = d.SMTPFrom
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
}

// Server serves online tables.
type Server struct {
	// identities and writes are the rate limits (limits.go).
	identities, writes *limiter
	// analyses are the coach's reviews of finished tables (analysis.go).
	analyses analysisPool
	hints    *limiter   // hints asked per identity (hints.go)
	passkeys *limiter   // passkey ceremonies begun per address (passkey.go)
	daily    dailyState // the daily seeds' secret (daily.go)
	rater    *rater     // settles finished rated tables (ratings.go)

	boardReads *limiter // leaderboard reads per address (ratings_pages.go)

	cfg      Config
	st       store.Store
	reg      *engine.Registry
	log      *slog.Logger
	batch    *store.Batcher
	pool     *botPool
	met      *serverMetrics
	notify   *notifier
	nodeID   string    // this server's name in the heartbeats
	lastBeat time.Time // the last heartbeat before this server started
	quit     chan struct{}
	bg       sync.WaitGroup
	handler  http.Handler
	assets   fs.FS
	enc      encoders
	static   *staticSet // assets ready to send (assets.go), built by routes
	lobby    *lobbyHub  // the live lobby's fan-out (lobbyhub.go)
	deepw    *deepPool  // the tables' deep work (deep.go)
	botapi   botAPI     // the bot API's streams and limits (botapi.go)

	node      *cluster.Node  // nil: a single node
	relay     *cluster.Relay // the node's relay to the other nodes' tables (cluster.go); nil: a single node
	nodeReady chan struct{}  // closed once node is set (the cluster's callbacks wait for it)

	mu      sync.Mutex
	tables  map[string]*table
	loading map[string]chan struct{} // tables being loaded (or acquired) on this node, closed when done
	closed  bool

	// faults are injected by tests only.
	faults struct {
		noDetach     atomic.Bool                       // a relayed socket's detach is never sent
		beforeCommit atomic.Pointer[func(store.Write)] // called with each table write before it is submitted
	}
}

// New makes a server on st playing the games of reg; assets are the web
// page's static files, served under /static/ (nil: none). Start loads the
// tables.
func New(cfg Config, st store.Store, reg *engine.Registry, assets fs.FS) *Server {
	cfg.fill()
	// Faults of the store are marked where they happen (guardedStore), so
	// that every answer built on a failed query says "retry"; the batcher
	// writes through the store itself.
	s := &Server{cfg: cfg, st: guardedStore{st}, reg: reg, log: cfg.Log, quit: make(chan struct{}), tables: map[string]*table{},
		assets: assets, loading: map[string]chan struct{}{},
		nodeReady: make(chan struct{})}
	s.nodeID = s.newID()
	s.deepw = newDeepPool(deepWorkers())
	s.lobby = newLobbyHub(s.now, cfg.LobbyPeriod, cfg.LobbyPerAddr)
	s.met = newMetrics(func() float64 {
		s.mu.Lock()
		defer s.mu.Unlock()
		return float64(len(s.tables))
	})
	s.met.reg.Register(cfg.Collectors...)
	s.lobbyMetrics()
	s.batch = store.NewBatcher(st, cfg.BatchMax)
	s.batch.OnCommit = func(n int, d time.Duration) {
		s.met.batchSize.Observe(float64(n))
		s.met.commitTime.Observe(d.Seconds())
	}
	s.pool = newBotPool(s, cfg.QuickBots, cfg.SearchBots)
	s.notify = newNotifier(s)
	s.identities = newLimiter(cfg.IdentityEvery, cfg.IdentityBurst, s.now)
	s.writes = newLimiter(cfg.WriteEvery, cfg.WriteBurst, s.now)
	s.hints = newLimiter(cfg.HintEvery, cfg.HintBurst, s.now)
	s.passkeys = newLimiter(passkeyEvery, passkeyBurst, s.now) // passkey.go
	s.boardReads = newLimiter(boardEvery, boardBurst, s.now)   // ratings_pages.go
	s.handler = s.forwardHTTP(s.limitWrites(s.routes()))
	return s
}

// Start resumes every live table where it was (realtime clocks get back the
// time the server was down) and starts the heartbeat and the deadline
// scheduler.
func (s *Server) Start(ctx context.Context) error {
	hb, err := s.st.LastHeartbeat(ctx)
	if err != nil {
		return err
	}
	s.lastBeat = hb
	if err := s.st.Heartbeat(ctx, s.nodeID, s.now()); err != nil {
		return err
	}
	if err := s.joinCluster(ctx); err != nil {
		return err
	}
	s.startLobby()
	live, err := s.st.Tables(ctx, store.Query{Status: []store.Status{store.StatusLive}})
	if err != nil {
		return err
	}
	for _, tb := range live {
		if s.node != nil && !s.node.Mine(tb.ID) {
			continue // another node resumes it (or takes it when asked)
		}
		if _, err := s.table(ctx, tb.ID, true); err != nil && !errors.Is(err, errElsewhere) {
			s.log.Error("resume table", "table", tb.ID, "err", err)
		}
	}
	if len(live) > 0 {
		s.log.Info("tables resumed", "count", len(live), "down_since", hb)
	}
	s.every(s.cfg.Heartbeat, s.heartbeat)
	s.every(s.cfg.DueCheck, s.loadDue)
	s.startRatings()
	if s.cfg.ArenaTables > 0 {
		s.every(cmp.Or(s.cfg.ArenaEvery, 10*time.Second), s.arenaTick) // botarena.go
	}
	return nil
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Close stops every table (their sockets are told to reconnect), the bots
// and the batcher, and writes a last heartbeat. Call it after the HTTP
// server has stopped taking requests.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	tables := make([]*table, 0, len(s.tables))
	for _, t := range s.tables {
		tables = append(tables, t)
	}
	s.mu.Unlock()
	close(s.quit)
	s.closeRelays()
	for _, t := range tables {
		<-t.done
	}
	s.bg.Wait()
	s.deepw.close() // the tables have ended; a late deep call runs inline
	s.pool.close()
	s.batch.Close()
	s.notify.close()
	s.leaveCluster()
	if err := s.st.Heartbeat(context.Background(), s.nodeID, s.now()); err != nil {
		s.log.Error("last heartbeat", "err", err)
	}
}

func (s *Server) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}

// every runs f every d on its own goroutine until the server closes.
func (s *Server) every(d time.Duration, f func()) {
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		tk := time.NewTicker(d)
		defer tk.Stop()
		for {
			select {
			case <-s.quit:
				return
			case <-tk.C:
				f()
			}
		}
	}()
}

// heartbeat stores that this server is alive (a restart charges realtime
// clocks up to the last one).
func (s *Server) heartbeat() {
	if err := s.st.Heartbeat(context.Background(), s.nodeID, s.now()); err != nil {
		s.log.Error("heartbeat", "err", err)
	}
}

// loadDue loads the unloaded tables whose stored deadline has come, so that
// an async deadline fires even when nobody looks at the table (and after a
// restart). Loading a table whose deadline passed replaces the late player.
func (s *Server) loadDue() {
	due, err := s.st.Tables(context.Background(), store.Query{Status: []store.Status{store.StatusLive},
		DueFrom: time.UnixMilli(1), DueTo: s.now().Add(s.cfg.DueCheck)})
	if err != nil {
		s.log.Error("due tables", "err", err)
		return
	}
	// Reminders come before deadlines (remind.go): their tables too.
	reminders, err := s.st.Tables(context.Background(), store.Query{Status: []store.Status{store.StatusLive},
		RemindTo: s.now().Add(s.cfg.DueCheck)})
	if err != nil {
		s.log.Error("tables due a reminder", "err", err)
		return
	}
	due = append(due, reminders...)
	for _, tb := range due {
		if s.node != nil && !s.node.Mine(tb.ID) {
			// Its owner fires it, or the node rendezvous hashing
			// names: one node loads it, and the lease and the
			// store's (table, seq) key make the deadline fire once.
			continue
		}
		if _, err := s.table(context.Background(), tb.ID, false); err != nil && !errors.Is(err, errElsewhere) {
			s.log.Error("load due table", "table", tb.ID, "err", err)
		}
	}
}

var errClosed = errors.New("the server is shutting down")

// table returns the live table id, loading it from the store if needed.
// In a cluster, a table another node owns is errElsewhere.
func (s *Server) table(ctx context.Context, id string, giveBack bool) (*table, error) {
	t, owner, err := s.open(ctx, id, giveBack)
	if err != nil {
		return nil, err
	}
	if t == nil {
		return nil, fmt.Errorf("table %s is owned by %s: %w", id, owner, errElsewhere)
	}
	return t, nil
}

// open returns the live table id if this node has it or can take it
// (loading it from the store), else the session of the node that owns it.
// giveBack: the table resumes after this server was down (Start).
func (s *Server) open(ctx context.Context, id string, giveBack bool) (*table, string, error) {
	for attempt := 0; ; attempt++ {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			return nil, "", errClosed
		}
		if t, ok := s.tables[id]; ok {
			s.mu.Unlock()
			return t, "", nil
		}
		if ch := s.loading[id]; ch != nil {
			// One load of a table at a time on a node.
			s.mu.Unlock()
			select {
			case <-ch:
				continue
			case <-ctx.Done():
				return nil, "", ctx.Err()
			}
		}
		ch := make(chan struct{})
		s.loading[id] = ch
		s.mu.Unlock()
		t, owner, err := s.load(ctx, id, giveBack)
		s.mu.Lock()
		delete(s.loading, id)
		close(ch)
		if err == nil && t != nil {
			if s.closed {
				s.mu.Unlock()
				t.release()
				return nil, "", errClosed
			}
			s.tables[id] = t
			go t.run()
		}
		s.mu.Unlock()
		if errors.Is(err, errRetry) && attempt < 20 {
			// This node's lease of the table is being released (the table
			// just unloaded): take it again in a moment.
			select {
			case <-time.After(10 * time.Millisecond):
				continue
			case <-ctx.Done():
				return nil, "", ctx.Err()
			}
		}
		return t, owner, err
	}
}

// tableFor is table for a request.
func (s *Server) tableFor(ctx context.Context, id string) (*table, error) {
	if len(id) > 64 {
		return nil, fmt.Errorf("table %.64s…: %w", id, store.ErrNotFound)
	}
	return s.table(ctx, id, false)
}

// withTable runs f on table id's goroutine, loading it again if it was
// unloaded meanwhile.
func (s *Server) withTable(ctx context.Context, id string, f func(t *table)) error {
	for range 3 {
		t, err := s.tableFor(ctx, id)
		if err != nil {
			return err
		}
		if err := t.do(func() { f(t) }); !errors.Is(err, errUnloaded) {
			return err
		}
	}
	return errUnloaded
}

// forget drops t from the live tables (its lease is lost).
func (s *Server) forget(t *table) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tables[t.id] == t {
		delete(s.tables, t.id)
	}
}

// unload forgets t if nothing is waiting for it; t's goroutine then stops.
func (s *Server) unload(t *table) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(t.inbox) > 0 || s.tables[t.id] != t {
		return false
	}
	delete(s.tables, t.id)
	return true
}

func randBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand: " + err.Error()) // never fails on Linux
	}
	return b
}

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// newID is a table or node id: 80 random bits, lower-case base32.
func (s *Server) newID() string { return strings.ToLower(b32.EncodeToString(randBytes(10))) }

// newCode is an invite or link code: 128 random bits.
func (s *Server) newCode() string { return base64.RawURLEncoding.EncodeToString(randBytes(16)) }

// newToken is an identity token: 256 random bits.
func newToken() string { return base64.RawURLEncoding.EncodeToString(randBytes(32)) }

func (s *Server) newSeed() uint64 { return binary.LittleEndian.Uint64(randBytes(8)) }

func (s *Server) metricsHandler() http.Handler {
	return s.met.reg.Handler()
}
