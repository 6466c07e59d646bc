package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/server"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/postgres"
	"github.com/jardin-games/jardin/store/sqlite"
	"github.com/jardin-games/jardin/web"
)

// cmdServe runs the server until SIGINT or SIGTERM (docs/server.md).
func cmdServe(e *env, args []string) error {
	d := server.Defaults()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", ":8080", "listen on HOST:PORT")
	db := fs.String("db", "jardin.db", "SQLite file (created if missing), or a PostgreSQL URL postgres://USER@HOST:PORT/DB (libpq's PG* variables fill in the rest, e.g. PGPASSWORD)")
	sync := fs.String("sync", "full", "SQLite synchronous: full (a commit survives a power cut) or normal (survives a crash of the process)")
	natsURL := fs.String("nats", "", "NATS servers (nats://HOST:4222[,…]): join the other nodes on the same PostgreSQL (docs/scaling.md)")
	nodeName := fs.String("node", "", "this node's name in cluster sessions and logs (default: the host name)")
	leaseTTL := fs.Duration("lease-ttl", 5*time.Second, "with --nats: a silent node's tables move to another after this long; one setting for the cluster: the first node sets it, a node started with another adopts it and says so (docs/deploy.md)")
	natsReplicas := fs.Int("nats-replicas", 1, "with --nats: replicas of the lease buckets when a node creates them (3 with a cluster of three NATS servers; docs/deploy.md)")
	natsCreds := fs.String("nats-creds", "", "with --nats: a NATS credentials file (user JWT and NKey seed)")
	dbConns := fs.Int("db-conns", 0, "PostgreSQL: connections in the pool (0: the larger of 4 and the number of CPUs)")
	base := fs.String("base-url", "", "address people reach the server at, for links (default http://ADDR)")
	origins := fs.String("origin", "", "extra origins allowed for WebSockets and forms, comma-separated (host patterns or scheme://host)")
	secure := fs.Bool("secure-cookies", false, "mark the identity cookie Secure (behind HTTPS)")
	logFormat := fs.String("log", "text", "log format: text or json")
	debugAddr := fs.String("debug-addr", "", "serve Go's profiler (net/http/pprof) on this separate HOST:PORT, e.g. 127.0.0.1:6060")
	cfg := d
	fs.IntVar(&cfg.MaxFrame, "max-frame", d.MaxFrame, "largest client WebSocket message, bytes")
	fs.IntVar(&cfg.Queue, "queue", d.Queue, "messages waiting per connection before it is closed as a slow reader")
	fs.Float64Var(&cfg.Rate, "rate", d.Rate, "client messages per second per connection")
	fs.IntVar(&cfg.Burst, "burst", d.Burst, "client messages in a burst")
	fs.IntVar(&cfg.ChatLines, "chat-lines", d.ChatLines, "chat lines per seat per --chat-window")
	fs.DurationVar(&cfg.ChatWindow, "chat-window", d.ChatWindow, "window of the chat rate limit")
	fs.IntVar(&cfg.MaxTables, "max-tables", d.MaxTables, "open and live tables one identity may sit at")
	fs.IntVar(&cfg.CreateRate, "create-rate", d.CreateRate, "tables one identity may create per hour")
	fs.DurationVar(&cfg.Grace, "grace", d.Grace, "realtime: a player away this long on their turn is replaced by a greedy bot")
	fs.DurationVar(&cfg.Idle, "idle", d.Idle, "unload a table nobody needs after this long (async tables wait in the database)")
	fs.DurationVar(&cfg.Ping, "ping", d.Ping, "WebSocket ping period")
	fs.DurationVar(&cfg.RelayBeat, "relay-beat", d.RelayBeat, "with --nats: how often a node re-announces the sockets it relays to the tables' owners (an owner drops one not announced for 3 beats)")
	fs.DurationVar(&cfg.BotBudget, "bot-budget", d.BotBudget, "time budget of a bot move (ismcts levels: 1x easy, 2x medium, 4x hard, 8x expert)")
	fs.IntVar(&cfg.QuickBots, "quick-bots", d.QuickBots, "workers for random and greedy bots")
	fs.IntVar(&cfg.SearchBots, "search-bots", d.SearchBots, "workers for ismcts bots")
	fs.IntVar(&cfg.BatchMax, "batch", d.BatchMax, "writes per database transaction at most (group commit)")
	fs.StringVar(&cfg.SMTPAddr, "smtp", "", "SMTP server HOST:PORT for \"your turn\" e-mails (none if empty)")
	fs.StringVar(&cfg.SMTPFrom, "smtp-from", d.SMTPFrom, "sender address of e-mails")
	fs.BoolVar(&cfg.WebhookPrivate, "webhook-private", false, "let webhooks reach loopback and private addresses")
	if _, err := e.parse(fs, args, 0, 0, "cli.wantNothing"); err != nil {
		return err
	}
	pgURL := strings.HasPrefix(*db, "postgres://") || strings.HasPrefix(*db, "postgresql://")
	if *natsURL != "" && !pgURL {
		return usageErr("cli.serveNATSdb")
	}
	if *natsURL == "" && *natsCreds != "" {
		return usageErr("cli.serveCreds")
	}
	if *natsReplicas < 1 || *natsReplicas > 5 {
		return usageErr("cli.serveReplicas")
	}
	var h slog.Handler = slog.NewTextHandler(e.stderr, nil)
	switch *logFormat {
	case "text":
	case "json":
		h = slog.NewJSONHandler(e.stderr, nil)
	default:
		return usageErr("cli.serveLog")
	}
	cfg.Log = slog.New(h)
	cfg.SecureCookies = *secure
	for _, o := range strings.Split(*origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			cfg.Origins = append(cfg.Origins, o)
		}
	}
	var st store.Store
	if pgURL {
		pg, err := postgres.Open(e.ctx, *db, postgres.Options{MaxConns: int32(*dbConns)})
		if err != nil {
			return err
		}
		defer pg.Close()
		st = pg
		cfg.Collectors = append(cfg.Collectors, pg.Collector())
	} else {
		sq, err := sqlite.Open(*db, sqlite.Options{Synchronous: *sync})
		if err != nil {
			return err
		}
		defer sq.Close()
		st = sq
	}
	dbName := *db
	if pgURL {
		dbName = redactURL(*db)
	}
	if *natsURL != "" {
		name := *nodeName
		if name == "" {
			name, _ = os.Hostname()
		}
		// RetryOnFailedConnect: a node started before NATS (or while it
		// restarts) waits for it; cluster.Join says so in the log and
		// returns once NATS answers, or when the node is stopped.
		opts := []nats.Option{nats.Name("jardin " + name), nats.MaxReconnects(-1), nats.ReconnectWait(250 * time.Millisecond),
			nats.RetryOnFailedConnect(true)}
		if *natsCreds != "" {
			opts = append(opts, nats.UserCredentials(*natsCreds))
		}
		nc, err := nats.Connect(*natsURL, opts...)
		if err != nil {
			return fmt.Errorf("--nats %s: %w", redactURL(*natsURL), err)
		}
		// Closed after the server has left the cluster (deferred first,
		// runs last).
		defer nc.Close()
		cfg.Cluster = &cluster.Config{Conn: nc, Name: name, TTL: *leaseTTL, Replicas: *natsReplicas}
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	cfg.BaseURL = strings.TrimSuffix(*base, "/")
	if cfg.BaseURL == "" {
		host := l.Addr().String()
		if h, p, err := net.SplitHostPort(host); err == nil && (h == "::" || h == "0.0.0.0" || h == "") {
			host = net.JoinHostPort("localhost", p)
		}
		cfg.BaseURL = "http://" + host
	}
	gcForServing()
	ctx, stop := signal.NotifyContext(e.ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	srv := server.New(cfg, st, e.reg, web.Assets())
	if err := srv.Start(ctx); err != nil {
		l.Close()
		return err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		MaxHeaderBytes: 32 << 10}
	cfg.Log.Info("jardin serve", "addr", l.Addr().String(), "url", cfg.BaseURL, "db", dbName, "nats", redactURL(*natsURL))
	fmt.Fprintf(e.stdout, "jardin: serving on %s (open %s/)\n", l.Addr(), cfg.BaseURL)
	if *debugAddr != "" {
		// A separate listener, so that the profiler is never on the public
		// address by mistake.
		dl, err := net.Listen("tcp", *debugAddr)
		if err != nil {
			return err
		}
		defer dl.Close()
		mux := http.NewServeMux()
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
		go http.Serve(dl, mux)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(l) }()
	select {
	case err := <-errc:
		srv.Close()
		return err
	case <-ctx.Done():
	}
	cfg.Log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		cfg.Log.Error("shutdown", "err", err)
	}
	srv.Close()
	return nil
}

// redactURL hides the password of a URL (or of each of a comma-separated
// list) for logs.
func redactURL(s string) string {
	var out []string
	for _, one := range strings.Split(s, ",") {
		if u, err := url.Parse(one); err == nil && u.User != nil {
			if _, ok := u.User.Password(); ok {
				u.User = url.UserPassword(u.User.Username(), "xxxxx")
				one = u.String()
			}
		}
		out = append(out, one)
	}
	return strings.Join(out, ",")
}
