package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/sim"
)

func cmdPlay(e *env, args []string) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	players := fs.Int("players", 0, "number of players (default: the number of seats, or 2)")
	seats := fs.String("seats", "", "who sits where: you, random, greedy (default: you then greedy bots)")
	seed := fs.Uint64("seed", 0, "game seed (default: from the clock, printed)")
	optStr := fs.String("options", "", "game options, name=value,…")
	lang := fs.String("lang", "en", "language: en or fr")
	colour := fs.String("color", "auto", "colours: auto, always or never")
	recPath := fs.String("record", "", "write the game record to FILE when the game ends")
	jobs := fs.Int("jobs", 1, "search trees per ismcts seat, run in parallel (a seat's own :jN wins)")
	pos, err := parse(fs, args, 1, 1, "a game id: jardin play GAME")
	if err != nil {
		return err
	}
	if err := checkLang(*lang); err != nil {
		return err
	}
	g, err := e.game(pos[0])
	if err != nil {
		return err
	}
	kinds, err := seatKinds(*seats, *players, true)
	if err != nil {
		return err
	}
	if *jobs < 1 {
		return usagef("--jobs must be at least 1")
	}
	if *jobs > 1 {
		for i, k := range kinds {
			if strings.HasPrefix(k, "ismcts") && !strings.Contains(k, ":j") {
				kinds[i] = fmt.Sprintf("%s:j%d", k, *jobs)
			}
		}
	}
	if err := checkPlayers(g, len(kinds)); err != nil {
		return err
	}
	opts, err := parseOptions(*optStr)
	if err != nil {
		return err
	}
	style := engine.Style{Lang: *lang}
	switch *colour {
	case "always":
		style.Color = true
	case "auto":
		style.Color = e.isTTY && os.Getenv("NO_COLOR") == ""
	case "never":
	default:
		return usagef("--color: want auto, always or never")
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	s, err := g.New(len(kinds), *seed, opts)
	if err != nil {
		return usagef("%v", err)
	}
	names := make([]string, len(kinds))
	humans := 0
	bs := make([]bots.Bot, len(kinds))
	for i, k := range kinds {
		if k == "you" {
			humans++
			names[i] = fmt.Sprintf("You (%d)", i+1)
			continue
		}
		names[i] = fmt.Sprintf("%s bot (%d)", k, i+1)
	}
	if humans == 1 {
		for i, k := range kinds {
			if k == "you" {
				names[i] = "You"
			}
		}
	}
	botList, err := sim.NewBots(replaceHumans(kinds), *seed)
	if err != nil {
		return usagef("%v", err)
	}
	for i, k := range kinds {
		if k != "you" {
			bs[i] = botList[i]
		}
	}
	rec := &record.Record{Format: record.Version, Game: g.ID(), Options: opts, Seed: *seed}
	for i, k := range kinds {
		kind := k
		if k == "you" {
			kind = "human"
		}
		rec.Players = append(rec.Players, record.Seat{Name: names[i], Kind: kind})
	}
	fmt.Fprintf(e.stdout, "%s — %d players, seed %d. Type a move's number or its notation; ? for help.\n",
		g.Title(*lang), len(kinds), *seed)
	in := bufio.NewScanner(e.stdin)
	// Events a human may see: with one human, theirs; hot-seat, public only.
	viewer := engine.Spectator
	if humans == 1 {
		for i, k := range kinds {
			if k == "you" {
				viewer = i
			}
		}
	}
	var buf []engine.Move
	for n := 0; !s.Over(); n++ {
		p := s.ToMove()
		var m engine.Move
		if bs[p] != nil {
			m, err = sim.BotMove(e.ctx, bs[p], s, *seed, n)
			if err != nil {
				return err
			}
		} else {
			if viewer == engine.Spectator || humans > 1 {
				fmt.Fprintf(e.stdout, "\n=== %s to play ===\n", names[p])
			}
			m, err = ask(e, in, s, p, names, style, buf)
			if err != nil {
				if *recPath != "" {
					_ = writeRecord(*recPath, rec)
				}
				return err
			}
		}
		txt := s.FormatMove(m)
		var log engine.Log
		if err := s.Apply(m, &log); err != nil {
			return fmt.Errorf("move %q: %w", txt, err)
		}
		rec.Moves = append(rec.Moves, record.Step{Player: p, Move: txt})
		// Others' moves are shown through their events only: a move's
		// notation can name hidden things (which hand card was discarded
		// face down), the public events never do.
		shown := 0
		for _, ev := range log.Events {
			if ev.VisibleTo(viewer) || (humans > 1 && ev.Private == p) {
				fmt.Fprintf(e.stdout, "  %s\n", eventText(ev, names))
				shown++
			}
		}
		if shown == 0 && p != viewer {
			fmt.Fprintf(e.stdout, "  %s moves\n", names[p])
		}
	}
	if d, ok := s.(engine.Drawer); ok {
		fmt.Fprintln(e.stdout, d.Draw(viewer, style))
	}
	res := s.Result()
	rec.Result = &res
	fmt.Fprintln(e.stdout, "\nFinal score pad:")
	scorePad(e, res, names, *lang)
	if *recPath != "" {
		if err := writeRecord(*recPath, rec); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "Record written to %s\n", *recPath)
	}
	return nil
}

func replaceHumans(kinds []string) []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k
		if k == "you" {
			out[i] = "random" // placeholder, never asked
		}
	}
	return out
}

func writeRecord(path string, rec *record.Record) error {
	b, err := rec.Marshal()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// ask shows the table and the legal moves to the human at seat p and reads
// a move; bad input is explained and asked again, the state untouched.
func ask(e *env, in *bufio.Scanner, s engine.State, p int, names []string, style engine.Style, buf []engine.Move) (engine.Move, error) {
	show := func() {
		if d, ok := s.(engine.Drawer); ok {
			fmt.Fprintln(e.stdout, d.Draw(p, style))
		}
		buf = s.LegalMoves(buf[:0])
		fmt.Fprintf(e.stdout, "Your moves, %s:\n", names[p])
		for i, m := range buf {
			fmt.Fprintf(e.stdout, "  %2d) %s\n", i+1, s.FormatMove(m))
		}
	}
	show()
	for {
		fmt.Fprint(e.stdout, "> ")
		if !in.Scan() {
			if err := in.Err(); err != nil {
				return 0, err
			}
			return 0, fmt.Errorf("input ended before the game was over")
		}
		line := strings.TrimSpace(in.Text())
		switch line {
		case "":
			continue
		case "?", "help":
			fmt.Fprintln(e.stdout, "Type the number of a move, or the move itself (e.g. as listed). "+
				"Commands: board (show the table again), score, quit.")
			continue
		case "board", "moves":
			show()
			continue
		case "score":
			for i := range names {
				fmt.Fprintf(e.stdout, "  %s: %d\n", names[i], s.Score(i))
			}
			continue
		case "quit", "exit", "q":
			return 0, fmt.Errorf("game abandoned")
		}
		if k, err := strconv.Atoi(line); err == nil {
			if k < 1 || k > len(buf) {
				fmt.Fprintf(e.stdout, "No move %d: choose 1 to %d.\n", k, len(buf))
				continue
			}
			return buf[k-1], nil
		}
		m, err := s.ParseMove(line)
		if err != nil {
			fmt.Fprintf(e.stdout, "Not understood: %v\n", err)
			continue
		}
		// Check on a copy, so that a rejected move cannot touch the game.
		if err := s.Clone().Apply(m, nil); err != nil {
			fmt.Fprintf(e.stdout, "Illegal: %v\n", err)
			continue
		}
		return m, nil
	}
}
