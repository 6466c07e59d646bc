package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
)

func cmdReplay(e *env, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	step := fs.Bool("step", false, "draw the table after every move")
	lang := fs.String("lang", "en", "language: en or fr")
	pos, err := parse(fs, args, 1, 1, "a record file: jardin replay RECORD")
	if err != nil {
		return err
	}
	if err := checkLang(*lang); err != nil {
		return err
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	rec, err := record.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	names := make([]string, len(rec.Players))
	for i, p := range rec.Players {
		names[i] = p.Name
		if names[i] == "" {
			names[i] = fmt.Sprintf("Player %d", i+1)
		}
	}
	s, err := record.Replay(e.reg, rec, func(n int, s engine.State, events []engine.Event) {
		st := rec.Moves[n-1]
		fmt.Fprintf(e.stdout, "%3d. %s: %s\n", n, names[st.Player], st.Move)
		for _, ev := range events {
			if ev.Private < 0 {
				fmt.Fprintf(e.stdout, "     %s\n", eventText(ev, names))
			}
		}
		if *step {
			if d, ok := s.(engine.Drawer); ok {
				fmt.Fprintln(e.stdout, d.Draw(engine.Spectator, engine.Style{Lang: *lang}))
			}
		}
	})
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	if !s.Over() {
		fmt.Fprintf(e.stdout, "The record stops before the end of the game (%d moves).\n", len(rec.Moves))
	}
	scorePad(e, s.Result(), names, *lang)
	fmt.Fprintf(e.stdout, "Record OK: %d moves replayed.\n", len(rec.Moves))
	return nil
}

func eventText(ev engine.Event, names []string) string {
	if ev.Actor >= 0 && ev.Actor < len(names) {
		if names[ev.Actor] == "You" {
			return "You " + secondPerson(ev.Text)
		}
		return names[ev.Actor] + " " + ev.Text
	}
	return ev.Text
}

// secondPerson turns the leading verb of an event ("takes", "passes",
// "has") into the form that follows "You".
func secondPerson(text string) string {
	verb, rest, _ := strings.Cut(text, " ")
	switch {
	case verb == "has":
		verb = "have"
	case verb == "is":
		verb = "are"
	case strings.HasSuffix(verb, "sses"), strings.HasSuffix(verb, "shes"), strings.HasSuffix(verb, "ches"), strings.HasSuffix(verb, "xes"):
		verb = strings.TrimSuffix(verb, "es")
	case strings.HasSuffix(verb, "ies"):
		verb = strings.TrimSuffix(verb, "ies") + "y"
	case strings.HasSuffix(verb, "s") && !strings.HasSuffix(verb, "ss"):
		verb = strings.TrimSuffix(verb, "s")
	}
	if rest == "" {
		return verb
	}
	return verb + " " + rest
}
