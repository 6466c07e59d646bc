package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/jardin-games/jardin/rating"
)

// ladder rates one pool of bots game after game and follows how well the
// order of their ordinals matches the true order.
type ladder struct {
	truth   []string // weakest first
	r       map[string]rating.Rating
	played  map[string]int
	games   int
	rightAt int // games after which the order has been right ever since; -1 if wrong now
	first   int // games after which the order was first right; -1 if never
	rows    []row
	fixed   map[string]bool // bots whose rating does not move (anchors already calibrated)
}

// row is the ladder after some games.
type row struct {
	games    int
	pairs    float64 // fraction of pairs of bots in the true order
	tau      float64 // Kendall's tau between the ordinals' order and the true one
	ordinals []float64
	sigmas   []float64
	played   []int
}

func newLadder(truth []string) *ladder {
	l := &ladder{truth: truth, r: map[string]rating.Rating{}, played: map[string]int{}, rightAt: -1, first: -1}
	for _, k := range truth {
		l.r[k] = rating.Default().New()
	}
	return l
}

func (l *ladder) add(g Game) error {
	in := make([]rating.Rating, len(g.Seats))
	for i, k := range g.Seats {
		r, ok := l.r[k]
		if !ok {
			return fmt.Errorf("game %d: bot %q is not in the pool %v", g.N, k, l.truth)
		}
		in[i] = r
	}
	out, err := rating.Update(g.Ranks, in)
	if err != nil {
		return fmt.Errorf("game %d: %w", g.N, err)
	}
	for i, k := range g.Seats {
		if !l.fixed[k] {
			l.r[k] = out[i]
		}
		l.played[k]++
	}
	l.games++
	if pairs, _ := l.order(); pairs == 1 {
		if l.rightAt < 0 {
			l.rightAt = l.games
		}
		if l.first < 0 {
			l.first = l.games
		}
	} else {
		l.rightAt = -1
	}
	return nil
}

// order compares the ordinals' order with the true one: the fraction of pairs
// in the right order and Kendall's tau (equal ordinals count half).
func (l *ladder) order() (pairs, tau float64) {
	var right, total float64
	for i := range l.truth {
		for j := i + 1; j < len(l.truth); j++ {
			weak, strong := l.r[l.truth[i]].Ordinal(), l.r[l.truth[j]].Ordinal()
			switch {
			case strong > weak:
				right++
			case strong == weak:
				right += 0.5
			}
			total++
		}
	}
	return right / total, 2*right/total - 1
}

func (l *ladder) snapshot() {
	pairs, tau := l.order()
	w := row{games: l.games, pairs: pairs, tau: tau}
	for _, k := range l.truth {
		w.ordinals = append(w.ordinals, l.r[k].Ordinal())
		w.sigmas = append(w.sigmas, l.r[k].Sigma)
		w.played = append(w.played, l.played[k])
	}
	l.rows = append(l.rows, w)
}

func rate(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	every := fs.Int("every", 0, "print the ladder every K games of a game (default: at 5, 10, 20, 50, 100, 200, ...)")
	pool := fs.String("bots", defaultBots, "bot kinds, weakest first: the order to recover")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("rate: name the files written by play")
	}
	gs, err := readGames(fs.Args())
	if err != nil {
		return err
	}
	return report(w, gs, strings.Split(*pool, ","), *every)
}

// checkpoint reports whether the ladder is shown after k games.
func checkpoint(k, every int) bool {
	if every > 0 {
		return k%every == 0
	}
	for base := 1; base <= k; base *= 10 {
		if k == base*5 || k == base*10 || k == base*20 {
			return true
		}
	}
	return false
}

// report rates the games of each game on its own ladder (ratings are per
// game) and all of them on one, and prints how the order was recovered.
func report(w io.Writer, gs []Game, truth []string, every int) error {
	ladders := map[string]*ladder{}
	var ids []string
	all := newLadder(truth)
	for _, g := range gs {
		l, ok := ladders[g.Game]
		if !ok {
			l = newLadder(truth)
			ladders[g.Game] = l
			ids = append(ids, g.Game)
		}
		if err := l.add(g); err != nil {
			return err
		}
		if checkpoint(l.games, every) {
			l.snapshot()
		}
		if err := all.add(g); err != nil {
			return err
		}
		if checkpoint(all.games, every) {
			all.snapshot()
		}
	}
	ids = append(ids, "all games, one ladder")
	ladders[ids[len(ids)-1]] = all
	fmt.Fprintf(w, "%d games; true order, weakest first: %s\n", len(gs), strings.Join(truth, " < "))
	for _, id := range ids {
		l := ladders[id]
		if len(l.rows) == 0 || l.rows[len(l.rows)-1].games != l.games {
			l.snapshot()
		}
		fmt.Fprintf(w, "\n## %s: %d games; order first right after %s, right for good after %s\n",
			id, l.games, count(l.first), count(l.rightAt))
		fmt.Fprintf(w, "| games | pairs right | Kendall tau | %s |\n", strings.Join(slices.Collect(func(yield func(string) bool) {
			for _, k := range truth {
				if !yield(k + " ordinal (σ, games)") {
					return
				}
			}
		}), " | "))
		fmt.Fprintf(w, "|%s\n", strings.Repeat(" ---: |", 3+len(truth)))
		for _, r := range l.rows {
			fmt.Fprintf(w, "| %d | %.2f | %+.2f |", r.games, r.pairs, r.tau)
			for i := range truth {
				fmt.Fprintf(w, " %.1f (%.2f, %d) |", r.ordinals[i], r.sigmas[i], r.played[i])
			}
			fmt.Fprintln(w)
		}
	}
	return nil
}

func count(n int) string {
	if n < 0 {
		return "never"
	}
	return fmt.Sprintf("%d games", n)
}
