package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
)

// errStopped ends a stepped replay the reader left.
var errStopped = errors.New("replay stopped")

func cmdReplay(e *env, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	step := fs.Bool("step", false, "draw the table after every move and wait for Enter")
	lang := fs.String("lang", "en", "language: en or fr")
	pos, err := parse(fs, args, 1, 1, "a record file: jardin replay RECORD")
	if err != nil {
		return err
	}
	if err := checkLang(*lang); err != nil {
		return err
	}
	data, err := e.read(pos[0])
	if err != nil {
		return err
	}
	name := printable(pos[0], 200)
	rec, err := record.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	names := make([]string, len(rec.Players))
	for i, p := range rec.Players {
		names[i] = safeName(p.Name)
		if names[i] == "" {
			names[i] = tr(*lang, "Player ", "Joueur ") + fmt.Sprint(i+1)
		}
	}
	g, err := e.reg.Lookup(rec.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	t := newTexts(g, *lang, names)
	// A lone human is recorded as "You": read the events as that seat would
	// ("You take…", not "You takes…"), still showing public events only.
	reader := engine.Spectator
	for i, p := range rec.Players {
		if p.Kind == "human" && (p.Name == "You" || p.Name == "Vous") {
			reader = i
		}
	}
	waiting := *step
	var stopped bool
	s, err := record.Replay(e.reg, rec, func(n int, s engine.State, events []engine.Event) {
		if stopped {
			return
		}
		st := rec.Moves[n-1]
		replacements(e.stdout, rec, names, n-1, *lang)
		// A finished record's notation is public: the game is over.
		fmt.Fprintf(e.stdout, "%3d. %s: %s\n", n, names[st.Player], st.Move)
		for _, ev := range events {
			if ev.Private < 0 {
				fmt.Fprintf(e.stdout, "     %s\n", t.event(ev, reader))
			}
		}
		if !*step {
			return
		}
		if d, ok := s.(engine.Drawer); ok {
			fmt.Fprintln(e.stdout, d.Draw(engine.Spectator, engine.Style{Lang: *lang}))
		}
		if waiting && n < len(rec.Moves) {
			fmt.Fprint(e.stdout, tr(*lang, "Enter: next move, q: stop > ", "Entrée : coup suivant, q : arrêter > "))
			line, err := e.readLine()
			switch {
			case errors.Is(err, io.EOF):
				waiting = false // nobody to wait for: show the rest
				fmt.Fprintln(e.stdout)
			case err != nil && !errors.Is(err, errLineTooLong):
				stopped = true
			case strings.EqualFold(strings.TrimSpace(line), "q"):
				stopped = true
			}
		}
	})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if !stopped {
		replacements(e.stdout, rec, names, len(rec.Moves), *lang)
	}
	if stopped {
		if e.ctx.Err() != nil {
			return fmt.Errorf("%w (interrupted)", errStopped)
		}
		return nil
	}
	if !s.Over() {
		fmt.Fprintf(e.stdout, tr(*lang, "The record stops before the end of the game (%d moves).\n",
			"La partie enregistrée s'arrête avant la fin (%d coups).\n"), len(rec.Moves))
	}
	scorePad(e.stdout, s.Result(), t)
	fmt.Fprintf(e.stdout, tr(*lang, "Record OK: %d moves replayed.\n", "Partie valide : %d coups rejoués.\n"), len(rec.Moves))
	return nil
}

// replacements says which seats a bot took over after the first k moves.
func replacements(w io.Writer, rec *record.Record, names []string, k int, lang string) {
	for i, p := range rec.Players {
		if rp := p.Replaced; rp != nil && rp.After == k {
			fmt.Fprintf(w, "     %s\n", tr(lang, names[i]+" is replaced by a "+rp.By+" bot", names[i]+" est remplacé·e par un robot "+rp.By))
		}
	}
}
