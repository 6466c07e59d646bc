package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/jardin-games/jardin/engine"
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

func cmdBench(e *env, args []string) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	players := fs.Int("players", 0, "only this player count (default: every count)")
	seconds := fs.Float64("seconds", 1, "time per game and player count")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parse(fs, args, 0, 1, "at most one game id: jardin bench [GAME]")
	if err != nil {
		return err
	}
	if *seconds <= 0 {
		return usagef("--seconds must be positive")
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
	}
	if *asJSON {
		b, _ := json.MarshalIndent(results, "", "  ")
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "GAME\tPLAYERS\tGAMES/S\tMOVES/S\tMOVES/GAME\t")
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
		for !s.Over() {
			buf = s.LegalMoves(buf[:0])
			if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
				return r, fmt.Errorf("%s seed %d: legal move rejected: %w", g.ID(), seed, err)
			}
			r.Moves++
		}
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
