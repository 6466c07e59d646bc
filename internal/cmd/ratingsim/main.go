// Command ratingsim checks that the rating model (package rating) recovers the
// known strength order of jardin's bots from the rankings of games they play,
// and how many games that takes (issue 26; figures in docs/ratings.md).
//
//	ratingsim play [flags]   play real games between bots, one JSON line each
//	ratingsim rate FILE...   rate those games in order and report
//	ratingsim model FILE...  fit the bots' strengths on those games, then
//	                         rate many runs of games drawn from that model
//	ratingsim anchors FILE...  the bots' ratings at the end of those games,
//	                         per game, as the server's anchors (JSON)
//
// play is deterministic: game i of a run is played with seed -seed+i, by a
// player count and a draw of bots that depend only on that seed, so a run can
// be stopped and its first games replayed exactly. Games are written in order
// whatever -jobs, so the file of a stopped run is a prefix of a longer one.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/sim"
)

// Game is one played game as a line of the output.
type Game struct {
	N     int      `json:"n"` // index in the run
	Game  string   `json:"game"`
	Seed  uint64   `json:"seed"`
	Seats []string `json:"seats"` // bot kind by seat
	Ranks []int    `json:"ranks"` // place by seat, 1 for the winner(s)
	Score []int    `json:"score"` // total by seat
	Ms    int64    `json:"ms"`    // wall time of the game
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "play":
		err = play(os.Args[2:])
	case "rate":
		err = rate(os.Args[2:], os.Stdout)
	case "model":
		err = model(os.Args[2:], os.Stdout)
	case "anchors":
		err = anchors(os.Args[2:], os.Stdout)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ratingsim:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: ratingsim play [-games N] [-seed S] [-jobs J] [-only GAME,...] [-bots KIND,...] [-out FILE]\n       ratingsim rate [-every K] [-bots KIND,...] FILE...\n       ratingsim model [-games N] [-runs R] [-seed S] [-bots KIND,...] FILE...\n       ratingsim anchors [-bots KIND,...] [-command TEXT] FILE...")
	os.Exit(2)
}

// defaultBots is the pool, weakest first: the order the ratings must find.
const defaultBots = "random,greedy,ismcts:easy,ismcts:medium"

func play(args []string) error {
	fs := flag.NewFlagSet("play", flag.ExitOnError)
	n := fs.Int("games", 2000, "games to play in all, spread over the games in turn")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	jobs := fs.Int("jobs", 1, "games played at once")
	only := fs.String("only", "", "comma-separated game ids (default: every game)")
	pool := fs.String("bots", defaultBots, "bot kinds, weakest first")
	out := fs.String("out", "", "output file (default: standard output); appended to")
	skip := fs.Int("skip", 0, "skip the first K games of the run (to resume a stopped one)")
	with := fs.String("with", "", "a bot kind seated at every game, beside -bots (to calibrate it against them)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 || *jobs < 1 || *skip < 0 {
		return errors.New("-games and -jobs must be at least 1, -skip at least 0")
	}
	all := games.Registry().All()
	var gs []engine.Game
	if *only == "" {
		gs = all
	} else {
		for _, id := range strings.Split(*only, ",") {
			g, err := games.Registry().Lookup(id)
			if err != nil {
				return err
			}
			gs = append(gs, g)
		}
	}
	kinds := strings.Split(*pool, ",")
	if len(kinds) < 2 && *with == "" || len(kinds) < 1 {
		return errors.New("-bots needs at least two kinds, or one with -with")
	}
	w := io.Writer(os.Stdout)
	if *out != "" {
		f, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	// Workers play games in any order; the writer emits them in order.
	type done struct {
		g   Game
		err error
	}
	next := make(chan int)
	results := make(chan done)
	var wg sync.WaitGroup
	for range *jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g, err := playOne(ctx, gs, kinds, *with, i, *seed+uint64(i))
				results <- done{g, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := *skip; i < *n; i++ {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	pending := map[int]Game{}
	want := *skip
	enc := json.NewEncoder(w)
	start := time.Now()
	var firstErr error
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
				stop()
			}
			continue
		}
		pending[r.g.N] = r.g
		for {
			g, ok := pending[want]
			if !ok {
				break
			}
			delete(pending, want)
			if err := enc.Encode(g); err != nil {
				return err
			}
			want++
			if want%50 == 0 {
				fmt.Fprintf(os.Stderr, "%d games, %s\n", want, time.Since(start).Round(time.Second))
			}
		}
	}
	if firstErr != nil {
		return fmt.Errorf("stopped after %d games: %w", want, firstErr)
	}
	return ctx.Err()
}

// setup is game i's game, player count and seating, from its seed alone.
// A with kind sits at every game, the others drawn from kinds: every game
// then tells something of the bot being calibrated (it is the one whose
// games are costly), and the seat order is still drawn.
func setup(gs []engine.Game, kinds []string, with string, i int, seed uint64) (engine.Game, []string) {
	g := gs[i%len(gs)]
	lo, hi := g.Players()
	pool := len(kinds)
	if with != "" {
		pool++
	}
	lo, hi = max(lo, 2), min(hi, 4, pool)
	rng := rand.New(rand.NewPCG(seed, 26))
	players := lo + rng.IntN(hi-lo+1)
	seats := slices.Clone(kinds)
	rng.Shuffle(len(seats), func(a, b int) { seats[a], seats[b] = seats[b], seats[a] })
	if with == "" {
		return g, seats[:players]
	}
	seats = append(seats[:players-1:players-1], with)
	rng.Shuffle(len(seats), func(a, b int) { seats[a], seats[b] = seats[b], seats[a] })
	return g, seats
}

func playOne(ctx context.Context, gs []engine.Game, kinds []string, with string, i int, seed uint64) (Game, error) {
	g, seats := setup(gs, kinds, with, i, seed)
	start := time.Now()
	_, s, err := sim.Play(ctx, g, seed, nil, seats)
	if err != nil {
		return Game{}, fmt.Errorf("game %d (%s, seed %d, %v): %w", i, g.ID(), seed, seats, err)
	}
	res := s.Result()
	out := Game{N: i, Game: g.ID(), Seed: seed, Seats: seats, Ms: time.Since(start).Milliseconds()}
	for _, p := range res.Players {
		out.Ranks = append(out.Ranks, p.Rank)
		out.Score = append(out.Score, p.Total)
	}
	return out, nil
}

// readGames reads the games of files in order.
func readGames(files []string) ([]Game, error) {
	var all []Game
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			var g Game
			if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			if len(g.Seats) != len(g.Ranks) || len(g.Seats) == 0 {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %d seats, %d places", name, line, len(g.Seats), len(g.Ranks))
			}
			all = append(all, g)
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return all, nil
}
