package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// benchResult is one game and player count's random-playout speed.
type benchResult struct {
	Game        string  `json:"game"`
	Players     int     `json:"players"`
	Games       int     `json:"games"`
	Moves       int     `json:"moves"`
	Seconds     float64 `json:"seconds"`
	GamesPerSec float64 `json:"gamesPerSecond"`
	MovesPerSec float64 `json:"movesPerSecond"`
}

// maxBenchSeconds bounds --seconds: an hour per measurement is already far
// more than any figure needs.
const maxBenchSeconds = 3600

func cmdBench(e *env, args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	players := fs.Int("players", 0, "cli.flag.bench.players")
	seconds := fs.Float64("seconds", 1, "cli.flag.bench.seconds")
	asJSON := fs.Bool("json", false, "cli.flag.bench.json")
	withBots := fs.Bool("bots", false, "cli.flag.bench.bots")
	botKind := fs.String("bot", "ismcts", "cli.flag.bench.bot")
	langFlag := fs.String("lang", "", "cli.flag.bench.lang")
	pos, err := e.parse(fs, args, 0, 1, "cli.wantBench")
	if err != nil {
		return err
	}
	lang, err := e.lang(*langFlag)
	if err != nil {
		return err
	}
	// NaN passes every comparison, and Inf or 1e300 overflow a duration:
	// each would "measure" one game.
	if math.IsNaN(*seconds) || *seconds <= 0 || *seconds > maxBenchSeconds {
		return usageErr("cli.benchSeconds", i18n.N("max", maxBenchSeconds), i18n.S("got", fmt.Sprint(*seconds)))
	}
	list := e.reg.All()
	if len(pos) == 1 {
		g, err := e.game(pos[0])
		if err != nil {
			return err
		}
		list = []engine.Game{g}
	}
	var results []benchResult
	var botResults []botBench
	for _, g := range list {
		lo, hi := g.Players()
		if *players != 0 {
			if err := checkPlayers(g, *players); err != nil {
				return err
			}
			lo, hi = *players, *players
		}
		for n := lo; n <= hi; n++ {
			r, err := playouts(e, g, n, time.Duration(*seconds*float64(time.Second)))
			if err != nil {
				return err
			}
			results = append(results, r)
		}
		if *withBots {
			n := min(max(lo, 3), hi)
			if *players != 0 {
				n = *players
			}
			r, err := botSpeed(e, g, n, *botKind, time.Duration(*seconds*float64(time.Second)))
			if err != nil {
				return err
			}
			botResults = append(botResults, r)
		}
	}
	if *asJSON {
		out := any(results)
		if *withBots {
			out = map[string]any{"playouts": results, "ismcts": botResults}
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	if *withBots {
		defer func() {
			tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintln(tw, "\n"+say(lang, "cli.bench.botColumns"))
			for _, r := range botResults {
				fmt.Fprintf(tw, "%s\t%d\t%.0f\t\n", r.Game, r.Players, r.IterationsPerSec)
			}
			tw.Flush()
		}()
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, say(lang, "cli.bench.columns"))
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.0f\t%.1f\t\n", r.Game, r.Players, r.GamesPerSec, r.MovesPerSec,
			float64(r.Moves)/float64(r.Games))
	}
	return tw.Flush()
}

// playouts plays uniformly random games on one goroutine (one core) for d:
// setup, move generation and apply, as a bot's rollouts would.
func playouts(e *env, g engine.Game, n int, d time.Duration) (benchResult, error) {
	rng := engine.NewRNG(uint64(n))
	buf := make([]engine.Move, 0, 256)
	r := benchResult{Game: g.ID(), Players: n}
	start := time.Now()
	for seed := uint64(1); ; seed++ {
		if err := e.ctx.Err(); err != nil {
			return r, err
		}
		s, err := g.New(n, seed, nil)
		if err != nil {
			return r, err
		}
		k, nb, err := engine.RandomPlayout(s, &rng, -1, buf)
		if err != nil {
			return r, fmt.Errorf("seed %d: %w", seed, err)
		}
		buf = nb
		r.Moves += k
		r.Games++
		if el := time.Since(start); el >= d {
			r.Seconds = el.Seconds()
			break
		}
	}
	r.GamesPerSec = float64(r.Games) / r.Seconds
	r.MovesPerSec = float64(r.Moves) / r.Seconds
	return r, nil
}

// botBench is the speed of the ismcts bot at the start of a game.
type botBench struct {
	Game             string  `json:"game"`
	Players          int     `json:"players"`
	Bot              string  `json:"bot"`
	Iterations       int     `json:"iterations"`
	Seconds          float64 `json:"seconds"`
	IterationsPerSec float64 `json:"iterationsPerSecond"`
}

// botSpeed runs single-tree ismcts searches of 5,000 iterations from the
// first real decision of an n-player game for about d.
func botSpeed(e *env, g engine.Game, n int, kind string, d time.Duration) (botBench, error) {
	const per = 5000
	r := botBench{Game: g.ID(), Players: n, Bot: kind}
	s, err := g.New(n, 1, nil)
	if err != nil {
		return r, err
	}
	// A forced move is not searched: start at the first real choice.
	for len(s.LegalMoves(nil)) == 1 {
		if err := s.Apply(s.LegalMoves(nil)[0], nil); err != nil {
			return r, err
		}
	}
	if kind != "ismcts" && !strings.HasPrefix(kind, "ismcts:") {
		return r, usageErr("cli.benchBot")
	}
	b, err := bots.New(kind+fmt.Sprintf(":%d", per), 1)
	if err != nil {
		return r, wrapUsage("cli.benchBotErr", err)
	}
	start := time.Now()
	for time.Since(start) < d || r.Iterations == 0 {
		if _, err := b.Choose(e.ctx, s.Determinize(s.ToMove(), uint64(r.Iterations))); err != nil {
			return r, err
		}
		r.Iterations += per
	}
	r.Seconds = time.Since(start).Seconds()
	r.IterationsPerSec = float64(r.Iterations) / r.Seconds
	return r, nil
}
