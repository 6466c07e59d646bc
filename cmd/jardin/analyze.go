package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jardin-games/jardin/coach"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
)

// cmdAnalyze reviews a finished game's record (docs/coach.md): for each
// decision of a seat, the move played and the best move found, valued in
// expected final points of that seat from what it knew then.
func cmdAnalyze(e *env, args []string) error {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	seat := fs.Int("seat", -1, "cli.flag.analyze.seat")
	asJSON := fs.Bool("json", false, "cli.flag.analyze.json")
	budgetFlag := fs.String("budget", coach.DefaultBudget, "cli.flag.analyze.budget")
	seed := fs.Uint64("seed", 1, "cli.flag.analyze.seed")
	jobs := fs.Int("jobs", 0, "cli.flag.analyze.jobs")
	langFlag := fs.String("lang", "", "cli.flag.analyze.lang")
	pos, err := e.parse(fs, args, 1, 1, "cli.wantRecord")
	if err != nil {
		return err
	}
	lang, err := e.lang(*langFlag)
	if err != nil {
		return err
	}
	budget, err := coach.ParseBudget(*budgetFlag)
	if err != nil {
		return usageErr("cli.analyze.badBudget", i18n.S("budget", strconv.Quote(printable(*budgetFlag, 40))))
	}
	if *jobs < 0 {
		*jobs = 0
	}
	data, err := e.read(pos[0])
	if err != nil {
		return err
	}
	name := printable(pos[0], 200)
	rec, err := record.Parse(data)
	if err != nil {
		return shelltext.Wrap("cli.inFile", err, i18n.S("file", name))
	}
	var seats []int
	if *seat != -1 {
		if *seat < 0 || *seat >= len(rec.Players) {
			return usageErr("cli.analyze.badSeat", i18n.N("seat", *seat), i18n.N("last", len(rec.Players)-1))
		}
		seats = []int{*seat}
	}
	g, positions, err := coach.Positions(e.reg, rec, seats)
	switch {
	case errors.Is(err, coach.ErrNotOver):
		return shelltext.Wrap("cli.inFile", shelltext.Errorf("cli.analyze.notOver"), i18n.S("file", name))
	case err != nil:
		return shelltext.Wrap("cli.inFile", err, i18n.S("file", name))
	}
	names := make([]string, len(rec.Players))
	for i, p := range rec.Players {
		names[i] = safeName(p.Name)
		if names[i] == "" {
			names[i] = say(lang, "cli.player", i18n.N("n", i+1))
		}
	}
	opts := coach.Options{Budget: budget, Seed: *seed, Seats: seats, Jobs: *jobs}
	// The bar redraws one line: only a terminal shows that as a bar.
	if e.errTTY {
		opts.Progress = analyzeProgress(e.stderr, lang, time.Now())
	}
	rep, err := coach.Analyze(e.ctx, g, names, positions, opts)
	if e.errTTY {
		fmt.Fprintln(e.stderr)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		return writeAnalysisJSON(e.stdout, rep, rec, lang)
	}
	printAnalysis(e.stdout, rep, lang)
	return nil
}

// analyzeProgress draws "[####....] 12/60 decisions analysed" on one
// terminal line.
func analyzeProgress(w io.Writer, lang string, start time.Time) func(done, total int) {
	var mu sync.Mutex
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		const width = 30
		bar := strings.Repeat("#", done*width/total) + strings.Repeat(".", width-done*width/total)
		fmt.Fprintf(w, "\r[%s] %s, %s ", bar, say(lang, "cli.analyze.progress", i18n.N("done", done), i18n.N("total", total)),
			time.Since(start).Round(time.Second))
	}
}

func writeAnalysisJSON(w io.Writer, rep *coach.Report, rec *record.Record, lang string) error {
	out := rep.Review(rec, lang)
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return fmt.Errorf("analysis as JSON: %w", err)
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// printAnalysis writes the review as a table in lang: each seat's mean loss
// and costliest decisions, then every decision with its values.
func printAnalysis(w io.Writer, rep *coach.Report, lang string) {
	fmt.Fprintln(w, wrap(say(lang, "cli.analyze.head", i18n.S("game", rep.Game.Title(lang))), 100, "", ""))
	for _, s := range rep.Seats {
		fmt.Fprintln(w)
		fmt.Fprintln(w, say(lang, "cli.analyze.seat", i18n.S("name", s.Name), i18n.N("n", s.Decisions),
			i18n.S("loss", coach.Points(s.MeanLoss, lang)), i18n.S("error", coach.Points(s.MeanLossError, lang))))
		if len(s.Costliest) == 0 {
			fmt.Fprintln(w, "  "+say(lang, "cli.analyze.noCostly"))
			continue
		}
		fmt.Fprintln(w, "  "+say(lang, "cli.analyze.costliest"))
		for _, i := range s.Costliest {
			fmt.Fprintln(w, wrap(rep.Explain(rep.Decisions[i], lang), 100, "  - ", "    "))
		}
	}
	fmt.Fprintln(w)
	cols := []string{say(lang, "cli.analyze.colMove"), say(lang, "cli.analyze.colPlayer"), say(lang, "cli.analyze.colPlayed"),
		say(lang, "cli.analyze.colBest"), say(lang, "cli.analyze.colLoss"), say(lang, "cli.analyze.colWhat")}
	nameW := utf8.RuneCountInString(cols[1])
	for _, n := range rep.Names {
		nameW = max(nameW, utf8.RuneCountInString(n))
	}
	nameW = min(nameW, 24)
	fmt.Fprintf(w, "%s  %s  %s  %s  %s  %s\n", padL(cols[0], 5), pad(cols[1], nameW), padL(cols[2], 8), padL(cols[3], 8),
		padL(cols[4], 12), cols[5])
	for _, d := range rep.Decisions {
		loss := coach.Points(d.Loss, lang) + " ± " + coach.Points(d.Error, lang)
		fmt.Fprintf(w, "%s  %s  %s  %s  %s  %s\n", padL(strconv.Itoa(d.Step), 5), pad(rep.Names[d.Seat], nameW),
			padL(coach.Points(d.PlayedValue, lang), 8), padL(coach.Points(d.BestValue, lang), 8), padL(loss, 12),
			rep.Words(d, d.Played, lang))
		if d.Best != d.Played {
			fmt.Fprintf(w, "%s  %s\n", strings.Repeat(" ", 5+2+nameW+2+8+2+8+2+12),
				say(lang, "cli.analyze.better", i18n.S("best", rep.Words(d, d.Best, lang))))
		}
	}
}

// pad and padL fill s to n characters, left-aligned and right-aligned,
// clipping what is longer.
func pad(s string, n int) string {
	c := utf8.RuneCountInString(s)
	if c >= n {
		return string([]rune(s)[:n])
	}
	return s + strings.Repeat(" ", n-c)
}

func padL(s string, n int) string {
	if c := utf8.RuneCountInString(s); c < n {
		return strings.Repeat(" ", n-c) + s
	}
	return s
}
