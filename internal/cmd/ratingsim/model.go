package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The model mode stands in for real games where they are too slow to play by
// the thousand: it fits a Plackett-Luce strength to each bot in each game from
// real games (written by play), then draws as many games as wanted from those
// strengths, many times over, and says how many games the ratings need to
// find the order. It is a model of the bots, calibrated on their games, not
// their games.

// fit returns the Plackett-Luce strengths of the bots in truth's order that
// make games most likely (Hunter's MM algorithm, 2004). Players tied in a
// game are taken in a random order (rng); every bot is also given one win
// and one loss against a bot of strength 1, so a bot that never won (or
// never lost) keeps a finite strength.
func fit(games []Game, truth []string, rng *rand.Rand) ([]float64, error) {
	idx := map[string]int{}
	for i, k := range truth {
		idx[k] = i
	}
	// Each game as its finishing order of bot indices, best first.
	var orders [][]int
	for _, g := range games {
		o := make([]int, len(g.Seats))
		for i := range o {
			o[i] = i
		}
		rng.Shuffle(len(o), func(a, b int) { o[a], o[b] = o[b], o[a] })
		sort.SliceStable(o, func(a, b int) bool { return g.Ranks[o[a]] < g.Ranks[o[b]] })
		for i, s := range o {
			k, ok := idx[g.Seats[s]]
			if !ok {
				return nil, fmt.Errorf("game %d: bot %q is not in the pool %v", g.N, g.Seats[s], truth)
			}
			o[i] = k
		}
		orders = append(orders, o)
	}
	n := len(truth)
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for range 500 {
		wins := make([]float64, n)
		den := make([]float64, n)
		for i := range n { // the prior: one win and one loss against strength 1
			wins[i] = 1
			den[i] = 2 / (gamma[i] + 1)
		}
		for _, o := range orders {
			for j := 0; j < len(o)-1; j++ {
				wins[o[j]]++
				sum := 0.0
				for _, k := range o[j:] {
					sum += gamma[k]
				}
				for _, k := range o[j:] {
					den[k] += 1 / sum
				}
			}
		}
		for i := range gamma {
			gamma[i] = wins[i] / den[i]
		}
	}
	return gamma, nil
}

// draw is a game of the model: players bots drawn at random from the pool,
// placed by Plackett-Luce with strengths gamma (no ties).
func draw(rng *rand.Rand, id string, n int, truth []string, gamma []float64) Game {
	lo, hi := 2, min(4, len(truth))
	players := lo + rng.IntN(hi-lo+1)
	perm := rng.Perm(len(truth))[:players]
	g := Game{N: n, Game: id, Ranks: make([]int, players)}
	for _, k := range perm {
		g.Seats = append(g.Seats, truth[k])
	}
	left := slices.Clone(perm)
	seatOf := map[int]int{}
	for s, k := range perm {
		seatOf[k] = s
	}
	for place := 1; len(left) > 0; place++ {
		sum := 0.0
		for _, k := range left {
			sum += gamma[k]
		}
		x := rng.Float64() * sum
		pick := len(left) - 1
		for i, k := range left {
			if x < gamma[k] {
				pick = i
				break
			}
			x -= gamma[k]
		}
		g.Ranks[seatOf[left[pick]]] = place
		left = slices.Delete(left, pick, pick+1)
	}
	return g
}

func model(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("model", flag.ContinueOnError)
	n := fs.Int("games", 2000, "games of each game per run")
	runs := fs.Int("runs", 200, "runs, each with its own draws")
	seed := fs.Uint64("seed", 1, "seed of the first run")
	pool := fs.String("bots", defaultBots, "bot kinds, weakest first: the order to recover")
	given := fs.String("strengths", "", "strengths of the bots, comma-separated, instead of a fit on FILE")
	if err := fs.Parse(args); err != nil {
		return err
	}
	truth := strings.Split(*pool, ",")
	if (fs.NArg() == 0) == (*given == "") || *n < 1 || *runs < 1 {
		return errors.New("model: name the files written by play, or give -strengths; -games and -runs at least 1")
	}
	var gs []Game
	var fixed []float64
	if *given != "" {
		for _, f := range strings.Split(*given, ",") {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil || !(x > 0) || math.IsInf(x, 0) {
				return fmt.Errorf("model: -strengths: %q is not a positive number", f)
			}
			fixed = append(fixed, x)
		}
		if len(fixed) != len(truth) {
			return fmt.Errorf("model: %d strengths for %d bots", len(fixed), len(truth))
		}
	} else {
		var err error
		if gs, err = readGames(fs.Args()); err != nil {
			return err
		}
	}
	byGame := map[string][]Game{}
	var ids []string
	for _, g := range gs {
		if _, ok := byGame[g.Game]; !ok {
			ids = append(ids, g.Game)
		}
		byGame[g.Game] = append(byGame[g.Game], g)
	}
	if fixed != nil {
		ids = []string{"given strengths"}
		fmt.Fprintf(w, "Plackett-Luce strengths given, %d runs of %d model games each\n\n", *runs, *n)
	} else {
		fmt.Fprintf(w, "Plackett-Luce strengths fitted on %d real games, then %d runs of %d model games each; order assumed %s\n\n",
			len(gs), *runs, *n, strings.Join(truth, " < "))
	}
	fmt.Fprintf(w, "| game | real games | strengths (%s) | order of the fit, weakest first | right for good after: median | 90%% of runs | never | after 10 / 20 / 50 / 100 / 200 / %d games: pairs right (mean), whole order right (share of runs) |\n", strings.Join(truth, ", "), *n)
	fmt.Fprintln(w, "| --- | ---: | --- | --- | ---: | ---: | ---: | --- |")
	for _, id := range ids {
		gamma := fixed
		if gamma == nil {
			var err error
			if gamma, err = fit(byGame[id], truth, rand.New(rand.NewPCG(*seed, 0))); err != nil {
				return err
			}
		}
		norm := gamma[0]
		var strengths []string
		for _, x := range gamma {
			strengths = append(strengths, fmt.Sprintf("%.3g", x/norm))
		}
		// The ladder must find the order the games have, which is the fit's:
		// the order assumed may be wrong (a bot weaker than thought).
		byStrength := slices.Clone(truth)
		sort.SliceStable(byStrength, func(a, b int) bool {
			return gamma[slices.Index(truth, byStrength[a])] < gamma[slices.Index(truth, byStrength[b])]
		})
		sorted := slices.Clone(gamma)
		slices.Sort(sorted)
		marks := []int{10, 20, 50, 100, 200, *n}
		pairs := make([]float64, len(marks))
		whole := make([]float64, len(marks))
		var at []int
		never := 0
		for r := range *runs {
			rng := rand.New(rand.NewPCG(*seed+uint64(r), 1))
			l := newLadder(byStrength)
			for i := range *n {
				if err := l.add(draw(rng, id, i, byStrength, sorted)); err != nil {
					return err
				}
				if m := slices.Index(marks, l.games); m >= 0 {
					p, _ := l.order()
					pairs[m] += p / float64(*runs)
					if p == 1 {
						whole[m] += 1 / float64(*runs)
					}
				}
			}
			if l.rightAt < 0 {
				never++
			} else {
				at = append(at, l.rightAt)
			}
		}
		slices.Sort(at)
		q := func(f float64) string {
			k := int(math.Ceil(f*float64(*runs))) - 1
			if k >= len(at) {
				return "never"
			}
			return fmt.Sprint(at[k])
		}
		var ps []string
		for m, p := range pairs {
			ps = append(ps, fmt.Sprintf("%.2f, %.0f%%", p, 100*whole[m]))
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %d | %s |\n", id, len(byGame[id]), strings.Join(strengths, " : "),
			strings.Join(byStrength, " < "), q(0.5), q(0.9), never, strings.Join(ps, " / "))
	}
	return nil
}
