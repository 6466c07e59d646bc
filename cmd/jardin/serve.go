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
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/internal/storeopen"
	"github.com/jardin-games/jardin/server"
	"github.com/jardin-games/jardin/web"
)

// cmdServe runs the server until SIGINT or SIGTERM (docs/server.md).
func cmdServe(e *env, args []string) error {
	d := server.Defaults()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", ":8080", "cli.flag.serve.addr")
	db := fs.String("db", "jardin.db", "cli.flag.serve.db")
	sync := fs.String("sync", "full", "cli.flag.serve.sync")
	natsURL := fs.String("nats", "", "cli.flag.serve.nats")
	nodeName := fs.String("node", "", "cli.flag.serve.node")
	leaseTTL := fs.Duration("lease-ttl", 5*time.Second, "cli.flag.serve.lease-ttl")
	natsReplicas := fs.Int("nats-replicas", 1, "cli.flag.serve.nats-replicas")
	natsCreds := fs.String("nats-creds", "", "cli.flag.serve.nats-creds")
	dbConns := fs.Int("db-conns", 0, "cli.flag.serve.db-conns")
	base := fs.String("base-url", "", "cli.flag.serve.base-url")
	origins := fs.String("origin", "", "cli.flag.serve.origin")
	secure := fs.Bool("secure-cookies", false, "cli.flag.serve.secure-cookies")
	logFormat := fs.String("log", "text", "cli.flag.serve.log")
	debugAddr := fs.String("debug-addr", "", "cli.flag.serve.debug-addr")
	cfg := d
	fs.IntVar(&cfg.MaxFrame, "max-frame", d.MaxFrame, "cli.flag.serve.max-frame")
	fs.IntVar(&cfg.Queue, "queue", d.Queue, "cli.flag.serve.queue")
	fs.Float64Var(&cfg.Rate, "rate", d.Rate, "cli.flag.serve.rate")
	fs.IntVar(&cfg.Burst, "burst", d.Burst, "cli.flag.serve.burst")
	fs.IntVar(&cfg.ChatLines, "chat-lines", d.ChatLines, "cli.flag.serve.chat-lines")
	fs.DurationVar(&cfg.ChatWindow, "chat-window", d.ChatWindow, "cli.flag.serve.chat-window")
	fs.IntVar(&cfg.MaxTables, "max-tables", d.MaxTables, "cli.flag.serve.max-tables")
	fs.IntVar(&cfg.CreateRate, "create-rate", d.CreateRate, "cli.flag.serve.create-rate")
	fs.DurationVar(&cfg.IdentityEvery, "identity-every", d.IdentityEvery, "cli.flag.serve.identity-every")
	fs.IntVar(&cfg.IdentityBurst, "identity-burst", d.IdentityBurst, "cli.flag.serve.identity-burst")
	fs.IntVar(&cfg.LobbyPerAddr, "lobby-streams-per-addr", d.LobbyPerAddr, "cli.flag.serve.lobby-streams-per-addr")
	fs.DurationVar(&cfg.WriteEvery, "write-every", d.WriteEvery, "cli.flag.serve.write-every")
	fs.IntVar(&cfg.WriteBurst, "write-burst", d.WriteBurst, "cli.flag.serve.write-burst")
	fs.DurationVar(&cfg.HintEvery, "hint-every", d.HintEvery, "cli.flag.serve.hint-every")
	fs.IntVar(&cfg.HintBurst, "hint-burst", d.HintBurst, "cli.flag.serve.hint-burst")
	fs.BoolVar(&cfg.TrustProxy, "trust-proxy", false, "cli.flag.serve.trust-proxy")
	fs.DurationVar(&cfg.Grace, "grace", d.Grace, "cli.flag.serve.grace")
	fs.DurationVar(&cfg.Idle, "idle", d.Idle, "cli.flag.serve.idle")
	fs.DurationVar(&cfg.Ping, "ping", d.Ping, "cli.flag.serve.ping")
	fs.DurationVar(&cfg.RelayBeat, "relay-beat", d.RelayBeat, "cli.flag.serve.relay-beat")
	fs.DurationVar(&cfg.BotBudget, "bot-budget", d.BotBudget, "cli.flag.serve.bot-budget")
	fs.IntVar(&cfg.QuickBots, "quick-bots", d.QuickBots, "cli.flag.serve.quick-bots")
	fs.IntVar(&cfg.SearchBots, "search-bots", d.SearchBots, "cli.flag.serve.search-bots")
	fs.IntVar(&cfg.BotTables, "bot-tables", server.DefaultBotTables, "cli.flag.serve.bot-tables")
	fs.IntVar(&cfg.BotMoves, "bot-moves", server.DefaultBotMoves, "cli.flag.serve.bot-moves")
	fs.IntVar(&cfg.ArenaTables, "arena", 0, "cli.flag.serve.arena")
	fs.IntVar(&cfg.Analyses, "analyses", d.Analyses, "cli.flag.serve.analyses")
	fs.IntVar(&cfg.BatchMax, "batch", d.BatchMax, "cli.flag.serve.batch")
	fs.StringVar(&cfg.SMTPAddr, "smtp", "", "cli.flag.serve.smtp")
	fs.StringVar(&cfg.SMTPFrom, "smtp-from", d.SMTPFrom, "cli.flag.serve.smtp-from")
	fs.BoolVar(&cfg.WebhookPrivate, "webhook-private", false, "cli.flag.serve.webhook-private")
	if _, err := e.parse(fs, args, 0, 0, "cli.wantNothing"); err != nil {
		return err
	}
	pgURL := storeopen.IsURL(*db)
	if *natsURL != "" && !pgURL {
		return usageErr("cli.serveNATSdb")
	}
	if *natsURL == "" && *natsCreds != "" {
		return usageErr("cli.serveCreds")
	}
	if *natsReplicas < 1 || *natsReplicas > 5 {
		return usageErr("cli.serveReplicas")
	}
	if cfg.Analyses < 0 || cfg.Analyses > 64 {
		return usageErr("cli.serveAnalyses")
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
	st, pool, err := storeopen.Open(e.ctx, *db, storeopen.Options{Synchronous: *sync, MaxConns: int32(*dbConns)})
	if errors.Is(err, storeopen.ErrNoPostgres) {
		return usageErr("cli.noPostgres")
	}
	if err != nil {
		return dbError(*db, err)
	}
	defer st.Close()
	if pool != nil {
		cfg.Collectors = append(cfg.Collectors, pool)
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
		// FlusherTimeout: nats.go writes to the socket inline when its
		// buffer fills, so a publish (a table's goroutine sending to a
		// relayed socket) waits for a stalled connection — a minute by
		// default. A node stalled for a lease TTL has lost its tables
		// anyway: give up the connection then, and reconnect
		// (docs/concurrency.md).
		opts := []nats.Option{nats.Name("jardin " + name), nats.MaxReconnects(-1), nats.ReconnectWait(250 * time.Millisecond),
			nats.RetryOnFailedConnect(true), nats.FlusherTimeout(max(*leaseTTL, 2*time.Second))}
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
	// Shutdown waits for the requests in flight: the live lobby's streams
	// last, so they end as it begins (their browsers reconnect).
	hs.RegisterOnShutdown(srv.EndStreams)
	cfg.Log.Info("jardin serve", "addr", l.Addr().String(), "url", cfg.BaseURL, "db", dbName, "nats", redactURL(*natsURL))
	lang, _ := e.lang("") // the environment's: serve has no --lang
	fmt.Fprintln(e.stdout, say(lang, "cli.err.serving", i18n.S("addr", l.Addr().String()), i18n.S("url", cfg.BaseURL+"/")))
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
