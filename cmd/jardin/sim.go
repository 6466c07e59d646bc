package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/jardin-games/jardin/i18n"
	"io"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/sim"
)

// maxSimGames bounds --games: the report holds every game's totals.
const maxSimGames = 10_000_000

func cmdSim(e *env, args []string) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	players := fs.Int("players", 0, "cli.flag.sim.players")
	nGames := fs.Int("games", 100, "cli.flag.sim.games")
	seats := fs.String("seats", "", "cli.flag.sim.seats")
	seed := fs.Uint64("seed", 1, "cli.flag.sim.seed")
	jobs := fs.Int("jobs", runtime.NumCPU(), "cli.flag.sim.jobs")
	optStr := fs.String("options", "", "cli.flag.sim.options")
	out := fs.String("out", "", "cli.flag.sim.out")
	quiet := fs.Bool("quiet", false, "cli.flag.sim.quiet")
	plot := fs.String("plot", "", "cli.flag.sim.plot")
	rot := fs.Bool("rotate", false, "cli.flag.sim.rotate")
	langFlag := fs.String("lang", "", "cli.flag.sim.lang")
	pos, err := e.parse(fs, args, 1, 1, "cli.wantSim")
	if err != nil {
		return err
	}
	lang, err := e.lang(*langFlag)
	if err != nil {
		return err
	}
	g, err := e.game(pos[0])
	if err != nil {
		return err
	}
	kinds, err := seatKinds(*seats, *players, false)
	if err != nil {
		return err
	}
	if err := checkPlayers(g, len(kinds)); err != nil {
		return err
	}
	if *nGames < 1 || *jobs < 1 {
		return usageErr("cli.simGames")
	}
	if *nGames > maxSimGames {
		// The report keeps every game's totals: two billion games would
		// not fit in memory, and would not end anyway.
		return usageErr("cli.simMax", i18n.N("n", maxSimGames))
	}
	opts, err := parseOptions(*optStr)
	if err != nil {
		return err
	}
	if _, err := g.New(len(kinds), *seed, opts); err != nil {
		return usageError{err} // the game's words, in lang (errText)
	}
	if *out != "" {
		if ext := filepath.Ext(*out); ext != ".json" && ext != ".csv" {
			return usageErr("cli.simOut")
		}
	}
	if *plot != "" && filepath.Ext(*plot) != ".svg" {
		return usageErr("cli.simPlot")
	}
	// Open the output files now: a typo in a path must not cost the run.
	var outF, plotF *outFile
	if *out != "" {
		if outF, err = openOut("--out", *out); err != nil {
			return err
		}
		defer outF.discard()
	}
	if *plot != "" {
		if plotF, err = openOut("--plot", *plot); err != nil {
			return err
		}
		defer plotF.discard()
	}
	cfg := sim.Config{Game: g, Seats: kinds, Games: *nGames, Seed: *seed, Options: opts, Jobs: *jobs, Rotate: *rot}
	// The bar redraws one line with a carriage return: only a terminal
	// shows that as a bar; a log file would get one line per game.
	bar := !*quiet && e.errTTY
	if bar {
		cfg.Progress = progress(e.stderr, time.Now())
	}
	rep, err := sim.Run(e.ctx, cfg)
	if bar {
		fmt.Fprintln(e.stderr)
	}
	if err != nil {
		return err
	}
	printReport(e.stdout, rep, newTexts(g, lang, nil), g.Title(lang))
	if plotF != nil {
		var b bytes.Buffer
		if err := sim.WriteSVG(&b, rep); err != nil {
			return fmt.Errorf("writing %s: %w", *plot, err)
		}
		if err := plotF.write(b.Bytes()); err != nil {
			return err
		}
	}
	if outF != nil {
		var b bytes.Buffer
		if strings.HasSuffix(*out, ".json") {
			j, _ := json.MarshalIndent(rep, "", "  ")
			b.Write(append(j, '\n'))
		} else if err := writeCSV(&b, rep); err != nil {
			return fmt.Errorf("writing %s: %w", *out, err)
		}
		if err := outF.write(b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// progress draws "games done / total, ETA" on one terminal line.
func progress(w io.Writer, start time.Time) func(done, total int) {
	var mu sync.Mutex
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		el := time.Since(start)
		eta := time.Duration(float64(el) / float64(done) * float64(total-done))
		const width = 30
		bar := strings.Repeat("#", done*width/total) + strings.Repeat(".", width-done*width/total)
		fmt.Fprintf(w, "\r[%s] %d/%d games, %s elapsed, ETA %s ", bar, done, total,
			el.Round(time.Second), eta.Round(time.Second))
	}
}

// seatKinds reads --seats; human seats ("you") are allowed only for play.
func seatKinds(s string, players int, humans bool) ([]string, error) {
	var kinds []string
	if s != "" {
		for _, k := range strings.Split(s, ",") {
			k = strings.ToLower(strings.TrimSpace(k))
			if k == "you" || k == "human" {
				if !humans {
					return nil, usageErr("cli.simHuman")
				}
				kinds = append(kinds, "you")
				continue
			}
			if _, err := bots.New(k, 0); err != nil {
				return nil, botError(k, err)
			}
			kinds = append(kinds, k)
		}
	}
	switch {
	case len(kinds) == 0:
		if players == 0 {
			players = 2
		}
		for i := 0; i < players; i++ {
			if humans && i == 0 {
				kinds = append(kinds, "you")
			} else {
				kinds = append(kinds, "greedy")
			}
		}
	case players != 0 && players != len(kinds):
		return nil, usageErr("cli.simPlayers", i18n.N("players", players), i18n.N("n", len(kinds)))
	}
	return kinds, nil
}

func checkPlayers(g interface{ Players() (int, int) }, n int) error {
	lo, hi := g.Players()
	if n < lo || n > hi {
		return usageErr("cli.simRange", i18n.N("lo", lo), i18n.N("hi", hi), i18n.N("n", n))
	}
	return nil
}

func printReport(w io.Writer, r *sim.Report, t *texts, title string) {
	lang := t.lang
	f1 := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
	f2 := func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
	f0 := func(x float64) string { return strconv.FormatFloat(x, 'f', 0, 64) }
	pct := func(iv sim.Interval) []i18n.Arg {
		return []i18n.Arg{i18n.S("rate", f1(100*iv.Rate)), i18n.S("lo", f1(100*iv.Lo)), i18n.S("hi", f1(100*iv.Hi))}
	}
	seat := func(s sim.SeatReport) string {
		return say(lang, "cli.simSeat", i18n.N("n", s.Seat), i18n.S("kind", s.Kind))
	}
	fmt.Fprintln(w, say(lang, "cli.simHead", i18n.S("game", title), i18n.N("players", r.Players), i18n.N("games", r.Games),
		i18n.S("first", strconv.FormatUint(r.Seed, 10)), i18n.S("last", strconv.FormatUint(r.Seed+uint64(r.Games)-1, 10))))
	fmt.Fprintln(w, say(lang, "cli.simDecisions", i18n.S("mean", f1(r.Moves.Mean)), i18n.S("sd", f1(r.Moves.SD)),
		i18n.S("min", f0(r.Moves.Min)), i18n.S("max", f0(r.Moves.Max))))
	if r.Rotated {
		fmt.Fprintln(w, say(lang, "cli.simRotated"))
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, say(lang, "cli.simColumns"))
	for _, s := range r.Seats {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s (%s)\t\n", s.Seat, s.Kind, f1(s.Wins),
			say(lang, "cli.simRate", pct(s.WinRate)...), f2(s.Total.Mean), f2(s.Total.SD))
	}
	tw.Flush()
	fmt.Fprintln(w, "\n"+say(lang, "cli.simByCategory"))
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprint(tw, say(lang, "cli.simCategoryCol")+"\t")
	for _, s := range r.Seats {
		fmt.Fprint(tw, say(lang, "cli.simSeatCol", i18n.N("n", s.Seat), i18n.S("kind", s.Kind))+"\t")
	}
	fmt.Fprintln(tw)
	for _, c := range r.Categories {
		fmt.Fprintf(tw, "%s\t", t.category(c.ID))
		for _, s := range r.Seats {
			st := s.ByCat[c.ID]
			fmt.Fprintf(tw, "%s (%s)\t", f2(st.Mean), f2(st.SD))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintln(w, "\n"+say(lang, "cli.simTotals"))
	for _, s := range r.Seats {
		q := s.Total
		fmt.Fprintf(w, "  %s: %s / %s / %s (%s–%s)\n", seat(s), f0(q.P10), f0(q.Median), f0(q.P90), f0(q.Min), f0(q.Max))
	}
	fmt.Fprintln(w, "\n"+say(lang, "cli.simThinking"))
	for _, s := range r.Seats {
		fmt.Fprintf(w, "  %s: %s\n", seat(s), say(lang, "cli.simThinkLine", i18n.S("mean", fmtMS(s.Think.MeanMS)),
			i18n.S("max", fmtMS(s.Think.MaxMS)), i18n.N("n", s.Think.Decisions)))
	}
	if len(r.Positions) > 0 {
		fmt.Fprintln(w, "\n"+say(lang, "cli.simPosition"))
		for _, p := range r.Positions {
			fmt.Fprintln(w, "  "+say(lang, "cli.simPositionLine", append(pct(p.WinRate), i18n.N("n", p.Position))...))
		}
	}
	if len(r.Components) > 0 {
		fmt.Fprintln(w, "\n"+say(lang, "cli.simComponents"))
		show := r.Components
		if len(show) > 10 {
			show = append(append([]sim.ComponentReport(nil), show[:5]...), show[len(show)-5:]...)
		}
		for _, c := range show {
			name := c.Component
			if t.cat != nil {
				name = t.cat.Name(c.Component, lang)
			}
			fmt.Fprintf(w, "  %-55s %s\n", name, say(lang, "cli.simComponentLine",
				append(pct(c.WinRate), i18n.N("held", c.Held), i18n.S("lift", f2(c.Lift)))...))
		}
	}
	for _, s := range r.Seats {
		ratings := make([]string, 0, len(s.Ratings))
		for rating := range s.Ratings {
			ratings = append(ratings, rating)
		}
		sort.Strings(ratings)
		for _, rating := range ratings {
			fmt.Fprintln(w, say(lang, "cli.simRatingLine", i18n.S("seat", seat(s)), i18n.S("rating", t.rating(rating)),
				i18n.N("games", s.Ratings[rating])))
		}
	}
}

// fmtMS prints a duration in milliseconds readably: 0.042 ms, 12.3 ms, 850 ms.
func fmtMS(ms float64) string {
	switch {
	case ms < 1:
		return fmt.Sprintf("%.3f ms", ms)
	case ms < 100:
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.0f ms", ms)
}

func writeCSV(w io.Writer, r *sim.Report) error {
	cw := csv.NewWriter(w)
	head := []string{"game", "players", "games", "seat", "bot", "wins", "win_rate", "win_lo", "win_hi", "total_mean", "total_sd", "think_mean_ms", "think_max_ms"}
	for _, c := range r.Categories {
		head = append(head, c.ID+"_mean", c.ID+"_sd")
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, s := range r.Seats {
		row := []string{r.Game, strconv.Itoa(r.Players), strconv.Itoa(r.Games), strconv.Itoa(s.Seat), s.Kind,
			f(s.Wins), f(s.WinRate.Rate), f(s.WinRate.Lo), f(s.WinRate.Hi), f(s.Total.Mean), f(s.Total.SD),
			f(s.Think.MeanMS), f(s.Think.MaxMS)}
		for _, c := range r.Categories {
			row = append(row, f(s.ByCat[c.ID].Mean), f(s.ByCat[c.ID].SD))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
