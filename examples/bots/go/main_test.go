package main

import (
	"context"
	"io"
	"log"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/server"
	"github.com/jardin-games/jardin/store/sqlite"
)

// TestPlaysEveryGameToTheEnd starts a real server (SQLite in a temporary
// folder), makes the example a bot identity, and has a person invite it to
// a table of every game at every player count, the other seats random bots:
// the example accepts each invitation from its stream and plays its seat by
// HTTP until every table is over, which the person then reads from the
// server.
func TestPlaysEveryGameToTheEnd(t *testing.T) {
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "jardin.db"), sqlite.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cfg := server.Defaults()
	cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.IdentityBurst, cfg.WriteBurst = 1000, 100000
	cfg.MaxTables, cfg.BotTables, cfg.BotMoves, cfg.Analyses = 100, 100, 1000, 0
	srv := server.New(cfg, db, games.Registry(), nil)
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	bot := &Bot{Server: hs.URL, HTTP: hs.Client(), Rand: rand.New(rand.NewPCG(1, 2)), Log: testLog()}
	if err := bot.Register(ctx, "Random Robin"); err != nil {
		t.Fatal(err)
	}
	botID, err := bot.ID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	person := &Bot{Server: hs.URL, HTTP: hs.Client()}
	var me struct{ Token string }
	if err := person.call(ctx, "POST", "/api/me", map[string]string{"name": "Ann"}, &me); err != nil {
		t.Fatal(err)
	}
	person.Token = me.Token

	type tbl struct{ id, game string }
	var tables []tbl
	for _, g := range games.Registry().All() {
		lo, hi := g.Players()
		for n := lo; n <= hi; n++ {
			seats := []string{"bot:" + botID}
			for len(seats) < n {
				seats = append(seats, "random")
			}
			var out struct{ ID string }
			if err := person.call(ctx, "POST", "/api/tables", map[string]any{"game": g.ID(), "seats": seats}, &out); err != nil {
				t.Fatalf("%s for %d: %v", g.ID(), n, err)
			}
			tables = append(tables, tbl{out.ID, g.ID()})
		}
	}
	var wg sync.WaitGroup
	var runErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		runErr = bot.Run(ctx, len(tables))
	}()
	wg.Wait()
	if runErr != nil {
		t.Fatalf("the bot stopped after %d of %d tables: %v", bot.Ended, len(tables), runErr)
	}
	for _, tb := range tables {
		var got struct {
			Status string
			Seats  []struct {
				Name    string
				Program bool
			}
		}
		if err := person.call(ctx, "GET", "/api/tables/"+tb.id, nil, &got); err != nil {
			t.Fatal(err)
		}
		if got.Status != "over" || got.Seats[0].Name != "Random Robin" || !got.Seats[0].Program {
			t.Errorf("%s (%s): status %s, seat 0 %+v; want over, played by the bot", tb.id, tb.game, got.Status, got.Seats[0])
		}
	}
	t.Logf("%d tables of %d games played to the end", len(tables), len(games.Registry().All()))
	_ = http.StatusOK
}

// testLog is the bot's log: silent unless JARDIN_TEST_LOG is set.
func testLog() *log.Logger {
	if os.Getenv("JARDIN_TEST_LOG") != "" {
		return log.New(os.Stderr, "bot: ", log.Lmicroseconds)
	}
	return log.New(io.Discard, "", 0)
}
