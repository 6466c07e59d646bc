package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
)

// errStopped ends a stepped replay the reader left.
var errStopped = shelltext.Errorf("cli.replayStopped")

func cmdReplay(e *env, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	step := fs.Bool("step", false, "cli.flag.replay.step")
	langFlag := fs.String("lang", "", "cli.flag.replay.lang")
	pos, err := e.parse(fs, args, 1, 1, "cli.wantRecord")
	if err != nil {
		return err
	}
	l, err := e.lang(*langFlag)
	if err != nil {
		return err
	}
	lang := &l
	data, err := e.read(pos[0])
	if err != nil {
		return err
	}
	name := printable(pos[0], 200)
	rec, err := record.Parse(data)
	if err != nil {
		return shelltext.Wrap("cli.inFile", err, i18n.S("file", name))
	}
	names := make([]string, len(rec.Players))
	for i, p := range rec.Players {
		names[i] = safeName(p.Name)
		if names[i] == "" {
			names[i] = say(*lang, "cli.player", i18n.N("n", i+1))
		}
	}
	g, err := e.reg.Lookup(rec.Game)
	if err != nil {
		return shelltext.Wrap("cli.inFile", err, i18n.S("file", name))
	}
	t := newTexts(g, *lang, names)
	// A lone human is recorded as "You": read the events as that seat would
	// ("You take…", not "You takes…"), still showing public events only.
	reader := engine.Spectator
	for i, p := range rec.Players {
		if p.Kind == "human" && isYou(p.Name) {
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
			fmt.Fprint(e.stdout, say(*lang, "cli.replayPrompt"))
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
		return shelltext.Wrap("cli.inFile", err, i18n.S("file", name))
	}
	if !stopped {
		replacements(e.stdout, rec, names, len(rec.Moves), *lang)
	}
	if stopped {
		if e.ctx.Err() != nil {
			return shelltext.Wrap("cli.err.interrupted", errStopped)
		}
		return nil
	}
	if !s.Over() {
		fmt.Fprintln(e.stdout, say(*lang, "cli.replayShort", i18n.N("n", len(rec.Moves))))
	}
	scorePad(e.stdout, s.Result(), t)
	fmt.Fprintln(e.stdout, say(*lang, "cli.replayOK", i18n.N("n", len(rec.Moves))))
	return nil
}

// isYou reports whether a recorded name is the lone human's "You" in one
// of the shell's languages (play records it so).
func isYou(name string) bool {
	for _, l := range shelltext.Langs() {
		if name == say(l, "cli.you") {
			return true
		}
	}
	return false
}

// replacements says which seats a bot took over after the first k moves.
func replacements(w io.Writer, rec *record.Record, names []string, k int, lang string) {
	for i, p := range rec.Players {
		if rp := p.Replaced; rp != nil && rp.After == k {
			fmt.Fprintf(w, "     %s\n", say(lang, "cli.replaced", i18n.S("name", names[i]), i18n.S("bot", rp.By)))
		}
	}
}
