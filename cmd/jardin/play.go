package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/sim"
)

// thinkingDelay is how long a bot may think before play says it is
// thinking: below it the answer feels immediate.
const thinkingDelay = 500 * time.Millisecond

func cmdPlay(e *env, args []string) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	players := fs.Int("players", 0, "cli.flag.play.players")
	seats := fs.String("seats", "", "cli.flag.play.seats")
	seed := fs.Uint64("seed", 0, "cli.flag.play.seed")
	optStr := fs.String("options", "", "cli.flag.play.options")
	langFlag := fs.String("lang", "", "cli.flag.play.lang")
	colour := fs.String("color", "auto", "cli.flag.play.color")
	recPath := fs.String("record", "", "cli.flag.play.record")
	jobs := fs.Int("jobs", 1, "cli.flag.play.jobs")
	pos, err := e.parse(fs, args, 1, 1, "cli.wantGame", i18n.S("command", "play"))
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
	kinds, err := seatKinds(*seats, *players, true)
	if err != nil {
		return err
	}
	if *jobs < 1 {
		return usageErr("cli.jobs")
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
	style := engine.Style{Lang: lang}
	switch *colour {
	case "always":
		style.Color = true
	case "auto":
		style.Color = e.isTTY && os.Getenv("NO_COLOR") == ""
	case "never":
	default:
		return usageErr("cli.color")
	}
	if *seed == 0 {
		*seed = engine.RandomSeed()
	}
	s, err := g.New(len(kinds), *seed, opts)
	if err != nil {
		return usageError{err} // the game's words, in lang (errText)
	}
	botList, err := sim.NewBots(replaceHumans(kinds), *seed)
	if err != nil {
		return usageError{err}
	}
	tb := &table{e: e, g: g, seed: *seed, start: s.Clone(), s: s, style: style, lang: lang,
		bots: make([]bots.Bot, len(kinds)), keyboard: nobody, pending: map[int][]logLine{}}
	for i, k := range kinds {
		if k == "you" {
			tb.humans = append(tb.humans, i)
		} else {
			tb.bots[i] = botList[i]
		}
	}
	tb.t = newTexts(g, lang, seatNames(kinds, len(tb.humans), lang))
	switch len(tb.humans) {
	case 0:
		tb.keyboard = engine.Spectator
	case 1:
		tb.keyboard = tb.humans[0]
	}
	if *recPath != "" {
		// Checked now, not after an hour of play.
		if tb.recFile, err = openOut("--record", *recPath); err != nil {
			return err
		}
		defer tb.recFile.discard()
	}
	tb.rec = &record.Record{Format: record.Version, Game: g.ID(), Options: opts, Seed: *seed}
	recNames := seatNames(kinds, len(tb.humans), "en")
	for i, k := range kinds {
		kind := k
		if k == "you" {
			kind = "human"
		}
		tb.rec.Players = append(tb.rec.Players, record.Seat{Name: recNames[i], Kind: kind})
	}
	tb.replayHint = fmt.Sprintf("jardin play %s --seats %s", g.ID(), strings.Join(kinds, ","))
	if *optStr != "" {
		tb.replayHint += " --options " + *optStr
	}
	return tb.play()
}

// nobody is the keyboard before a hot-seat game's first human turn.
const nobody = -2

// table is one game at the terminal.
type table struct {
	e      *env
	g      engine.Game
	seed   uint64
	start  engine.State // before the first move: undo replays from it
	s      engine.State
	moves  []engine.Move
	rec    *record.Record
	bots   []bots.Bot // nil at human seats
	humans []int      // the human seats
	t      *texts     // the game's words and the seat names, in lang
	lang   string
	style  engine.Style
	// keyboard is whoever reads the screen now: the one human, the
	// hot-seat human who played last (nobody before the first), or the
	// spectator in a game of bots. What is printed is what it may see.
	keyboard int
	// pending holds, per viewer, the log lines it has not read yet: in
	// hot-seat each human reads what happened since their last turn when
	// it comes back.
	pending    map[int][]logLine
	recFile    *outFile
	replayHint string
	buf        []engine.Move
}

// logLine is one rendered event, with the number of the move that made it
// (taking a move back drops its lines).
type logLine struct {
	move int
	text string
}

var (
	errUndone    = shelltext.Errorf("cli.errUndone")
	errAbandoned = shelltext.Errorf("cli.errAbandoned")
	errInputEnd  = shelltext.Errorf("cli.errInputEnd")
)

// seatNames names the seats in lang: "You" for a lone human, "Player N" for
// hot-seat humans, and bots by kind and seat: "greedy (seat 2)".
func seatNames(kinds []string, humans int, lang string) []string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		switch {
		case k == "you" && humans == 1:
			names[i] = say(lang, "cli.you")
		case k == "you":
			names[i] = say(lang, "cli.player", i18n.N("n", i+1))
		default:
			names[i] = say(lang, "cli.botSeat", i18n.S("kind", k), i18n.N("n", i+1))
		}
	}
	return names
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

func (tb *table) out() io.Writer { return tb.e.stdout }

// say prints message id in the table's language, as a line.
func (tb *table) say(id string, args ...i18n.Arg) {
	fmt.Fprintln(tb.out(), say(tb.lang, id, args...))
}

func (tb *table) play() error {
	n := len(tb.t.names)
	tb.say("cli.welcome", i18n.S("game", tb.g.Title(tb.lang)), i18n.N("n", n))
	for !tb.s.Over() {
		p := tb.s.ToMove()
		var m engine.Move
		var err error
		if tb.bots[p] != nil {
			m, err = tb.botMove(p)
		} else {
			m, err = tb.humanMove(p)
			if errors.Is(err, errUndone) {
				continue
			}
		}
		if err != nil {
			return tb.abandon(err)
		}
		if err := tb.apply(p, m); err != nil {
			return err
		}
	}
	return tb.finish()
}

// apply plays m for p, records it and hands its events to every viewer.
func (tb *table) apply(p int, m engine.Move) error {
	note := tb.s.FormatMove(m)
	var log engine.Log
	if err := tb.s.Apply(m, &log); err != nil {
		return fmt.Errorf("move %q: %w", note, err)
	}
	tb.moves = append(tb.moves, m)
	tb.rec.Moves = append(tb.rec.Moves, record.Step{Player: p, Move: note})
	num := len(tb.moves)
	// Each viewer gets the events it may see, in its own words. A move's
	// notation never reaches another seat: it can name hidden things
	// (which hand card went), the public events never do.
	for _, q := range tb.viewers() {
		shown := 0
		for _, ev := range log.Events {
			if ev.VisibleTo(q) {
				tb.pending[q] = append(tb.pending[q], logLine{num, tb.t.event(ev, q)})
				shown++
			}
		}
		if shown == 0 && q != p {
			tb.pending[q] = append(tb.pending[q], logLine{num, say(tb.lang, "cli.moves", i18n.S("name", tb.t.names[p]))})
		}
	}
	tb.flush(tb.keyboard)
	return nil
}

// viewers are the humans, or the spectator when only bots play.
func (tb *table) viewers() []int {
	if len(tb.humans) == 0 {
		return []int{engine.Spectator}
	}
	return tb.humans
}

// flush prints the log lines q has not read.
func (tb *table) flush(q int) {
	if q == nobody {
		return
	}
	for _, l := range tb.pending[q] {
		fmt.Fprintln(tb.out(), wrap(l.text, 80, "  ", "    "))
	}
	tb.pending[q] = tb.pending[q][:0]
}

// botMove asks p's bot for a move, saying so when it thinks long.
func (tb *table) botMove(p int) (engine.Move, error) {
	type answer struct {
		m   engine.Move
		err error
	}
	ch := make(chan answer, 1)
	s, n := tb.s, len(tb.moves)
	go func() {
		m, err := sim.BotMove(tb.e.ctx, tb.bots[p], s, tb.seed, n)
		ch <- answer{m, err}
	}()
	delay := tb.e.thinkAfter
	if delay <= 0 {
		delay = thinkingDelay
	}
	timer := time.NewTimer(delay)
	defer timer.Stop()
	var a answer
	select {
	case a = <-ch:
	case <-timer.C:
		fmt.Fprintln(tb.out(), "  "+say(tb.lang, "cli.thinking", i18n.S("name", tb.t.names[p])))
		a = <-ch
	}
	if a.err != nil && tb.e.ctx.Err() != nil {
		return 0, tb.e.ctx.Err()
	}
	return a.m, a.err
}

// humanMove hands the keyboard to p if another human had it, then asks.
func (tb *table) humanMove(p int) (engine.Move, error) {
	if len(tb.humans) > 1 && tb.keyboard != p {
		if err := tb.handover(p); err != nil {
			return 0, err
		}
	}
	tb.flush(p)
	return tb.ask(p)
}

// clearScreen moves to the top left, clears the screen and, where the
// terminal keeps one, its scrollback.
const clearScreen = "\x1b[H\x1b[2J\x1b[3J"

// handover hides the table between two human seats: the screen is cleared
// (on a terminal) and holds nothing but whose turn it is until they press
// Enter, so that nothing private of the last player stays in view.
func (tb *table) handover(p int) error {
	if tb.e.isTTY {
		fmt.Fprint(tb.out(), clearScreen)
	}
	fmt.Fprintln(tb.out())
	tb.say("cli.pass", i18n.S("name", tb.t.names[p]))
	if _, err := tb.e.readLine(); err != nil && !errors.Is(err, errLineTooLong) {
		return inputErr(err)
	}
	if tb.e.isTTY {
		fmt.Fprint(tb.out(), clearScreen)
	}
	tb.keyboard = p
	tb.say("cli.toPlay", i18n.S("name", tb.t.names[p]))
	return nil
}

func inputErr(err error) error {
	if errors.Is(err, io.EOF) {
		return errInputEnd
	}
	return err
}

// maxMoveText is the longest answer tried as a move's notation; longer
// input is no move of any game, and is not echoed back.
const maxMoveText = 200

// ask shows p the choices, then the table, and reads a move; bad input is
// explained and asked again, the state untouched.
func (tb *table) ask(p int) (engine.Move, error) {
	e := tb.e
	tb.buf = tb.s.LegalMoves(tb.buf[:0])
	ch := newChooser(tb.t, tb.s, append([]engine.Move(nil), tb.buf...))
	undo := tb.undoable(p)
	header := say(tb.lang, "cli.yourMoves")
	if len(tb.humans) > 1 {
		header = say(tb.lang, "cli.yourMovesOf", i18n.S("name", tb.t.names[p]))
	}
	if undo {
		header += say(tb.lang, "cli.undoHint")
	}
	if pr := tb.t.prompt(tb.s, p); pr != "" {
		header = wrap(pr, 80, "", "") + "\n" + header
	}
	st := ch.show(tb.out(), header)
	tb.draw(p)
	for {
		fmt.Fprint(tb.out(), "> ")
		raw, err := e.readLine()
		if errors.Is(err, errLineTooLong) {
			tb.say("cli.lineTooLong", i18n.N("kib", maxLine>>10))
			continue
		}
		if err != nil {
			return 0, inputErr(err)
		}
		line := strings.TrimSpace(strings.ToValidUTF8(raw, "\uFFFD"))
		word, arg, _ := strings.Cut(line, " ")
		word = strings.ToLower(word)
		if strings.HasPrefix(line, "?") && len(line) > 1 {
			word, arg = "info", strings.TrimSpace(line[1:])
		}
		if c := command(tb.lang, word); c != "" {
			word = c
		}
		switch word {
		case "":
			continue
		case "?", "help", "aide":
			tb.help(undo)
			continue
		case "board", "table", "plateau":
			tb.draw(p)
			continue
		case "moves", "coups":
			st = ch.show(tb.out(), header)
			continue
		case "back", "retour":
			if !ch.back() {
				tb.say("cli.nothingBack")
			}
			st = ch.show(tb.out(), header)
			continue
		case "score", "scores":
			for i, n := range tb.t.names {
				fmt.Fprintf(tb.out(), "  %s: %d\n", n, tb.s.Score(i))
			}
			continue
		case "info":
			tb.info(p, strings.TrimSpace(arg))
			continue
		case "undo", "annuler":
			if !undo {
				tb.say("cli.cannotUndo")
				continue
			}
			tb.takeBack()
			return 0, errUndone
		case "quit", "exit", "q", "quitter":
			return 0, errAbandoned
		}
		var m engine.Move
		if k, err := strconv.Atoi(line); err == nil {
			var done, ok bool
			m, done, ok = ch.pick(st, k)
			if !ok {
				tb.say("cli.noChoice", i18n.N("k", k), i18n.N("n", st.count()))
				continue
			}
			if !done {
				st = ch.show(tb.out(), header)
				continue
			}
		} else {
			if len(line) > maxMoveText {
				tb.say("cli.tooLong")
				continue
			}
			m, err = tb.s.ParseMove(line)
			if err != nil {
				// The game's notation error, in the game's words.
				tb.say("cli.notUnderstood", i18n.S("err", printable(tb.t.explain(err), 300)))
				continue
			}
			// Check on a copy, so that a rejected move cannot touch the game.
			if err := tb.s.Clone().Apply(m, nil); err != nil {
				tb.say("cli.illegal", i18n.S("err", printable(tb.t.explain(err), 300)))
				continue
			}
		}
		if tb.s.NumPlayers() == 1 && tb.ends(m) {
			ok, err := tb.confirm("cli.confirmEnd")
			if err != nil {
				return 0, err
			}
			if !ok {
				st = ch.show(tb.out(), header)
				continue
			}
		}
		return m, nil
	}
}

// ends reports whether m ends the game.
func (tb *table) ends(m engine.Move) bool {
	c := tb.s.Clone()
	return c.Apply(m, nil) == nil && c.Over()
}

// confirm asks a yes-or-no question; only yes (cli.yes's words: y, yes,
// o, oui, j, ja…) is yes.
func (tb *table) confirm(id string) (bool, error) {
	fmt.Fprint(tb.out(), say(tb.lang, id))
	line, err := tb.e.readLine()
	if err != nil && !errors.Is(err, errLineTooLong) {
		return false, inputErr(err)
	}
	a := strings.ToLower(strings.TrimSpace(line))
	return a != "" && slices.Contains(strings.Fields(say(tb.lang, "cli.yes")), a), nil
}

func (tb *table) help(undo bool) {
	tb.say("cli.help")
	lines := []string{"cli.help.board", "cli.help.moves", "cli.help.back", "cli.help.score", "cli.help.info"}
	if undo {
		lines = append(lines, "cli.help.undo")
	}
	lines = append(lines, "cli.help.quit")
	for _, id := range lines {
		fmt.Fprintf(tb.out(), "  %s\n", say(tb.lang, id))
	}
}

// info explains a component: by id or name, or, without a query, lists the
// components on p's table.
func (tb *table) info(p int, query string) {
	t := tb.t
	if t.cat == nil {
		tb.say("cli.noTexts")
		return
	}
	if query == "" {
		comps := t.onTable(tb.s.View(p))
		if len(comps) == 0 {
			tb.say("cli.noneOnTable")
			return
		}
		tb.say("cli.onTable")
		for _, c := range comps {
			fmt.Fprintf(tb.out(), "  %s [%s]\n", t.cat.Name(c.ID, tb.lang), c.ID)
		}
		return
	}
	found := t.findComponents(query)
	switch {
	case len(found) == 0:
		if t.cat.Known(query) {
			fmt.Fprintf(tb.out(), "  %s\n", t.cat.Name(query, tb.lang))
			return
		}
		tb.say("cli.noMatch", i18n.S("query", record.Clip(query, 40)))
	case len(found) > maxMatches:
		tb.say("cli.manyMatch", i18n.N("n", len(found)), i18n.S("query", record.Clip(query, 40)))
		for _, c := range found[:maxMatches] {
			fmt.Fprintf(tb.out(), "  %s [%s]\n", t.cat.Name(c.ID, tb.lang), c.ID)
		}
	default:
		for _, c := range found {
			fmt.Fprintf(tb.out(), "  %s\n", t.describe(c))
		}
	}
}

// draw shows the table as p sees it.
func (tb *table) draw(p int) {
	if d, ok := tb.s.(engine.Drawer); ok {
		fmt.Fprintln(tb.out(), d.Draw(p, tb.style))
	}
}

// undoable reports whether p may take back its last move now, by the
// engine's rule (engine.Undoable).
func (tb *table) undoable(p int) bool {
	n := len(tb.moves)
	if n == 0 || tb.rec.Moves[n-1].Player != p {
		return false
	}
	return engine.Undoable(tb.start, tb.moves, p) > 0
}

// takeBack replays the game without its last move.
func (tb *table) takeBack() {
	k := len(tb.moves) - 1
	s := tb.start.Clone()
	for _, m := range tb.moves[:k] {
		if err := s.Apply(m, nil); err != nil {
			panic(fmt.Sprintf("replaying a move that was legal: %v", err)) // the engine is deterministic
		}
	}
	note := tb.rec.Moves[k].Move
	tb.s, tb.moves, tb.rec.Moves = s, tb.moves[:k], tb.rec.Moves[:k]
	for q, lines := range tb.pending {
		kept := lines[:0]
		for _, l := range lines {
			if l.move <= k {
				kept = append(kept, l)
			}
		}
		tb.pending[q] = kept
	}
	tb.say("cli.takenBack", i18n.S("move", note))
}

// finish shows the end of the game: the table, the score pad, the seed.
func (tb *table) finish() error {
	viewer := tb.keyboard
	if len(tb.humans) != 1 {
		viewer = engine.Spectator // the table is everyone's now
	}
	tb.draw(viewer)
	res := tb.s.Result()
	tb.rec.Result = &res
	fmt.Fprintln(tb.out())
	tb.say("cli.finalPad")
	scorePad(tb.out(), res, tb.t)
	tb.showSeed()
	if tb.recFile != nil {
		b, err := tb.rec.Marshal()
		if err != nil {
			return err
		}
		if err := tb.recFile.write(b); err != nil {
			return err
		}
		tb.say("cli.recordWritten", i18n.S("file", tb.recFile.path))
	}
	return nil
}

// showSeed prints the seed, once the game is over: it fixes the whole deal,
// so showing it earlier would show every hidden card to whoever can replay.
func (tb *table) showSeed() {
	tb.say("cli.seed", i18n.S("seed", strconv.FormatUint(tb.seed, 10)), i18n.S("command", tb.replayHint))
}

// abandon ends the game early (quit, Ctrl-C, the input ending, a bot
// failing), saving the record so far when one was asked for.
func (tb *table) abandon(why error) error {
	if isInterrupt(why) {
		why = shelltext.Errorf("cli.errInterrupted")
	}
	fmt.Fprintln(tb.out())
	tb.say("cli.abandoned")
	tb.showSeed()
	if tb.recFile != nil {
		b, err := tb.rec.Marshal()
		if err == nil {
			err = tb.recFile.write(b)
		}
		if err != nil {
			return fmt.Errorf("%w; %w", why, shelltext.Errorf("cli.recordFailed", i18n.S("cause", err.Error())))
		}
		n := len(tb.rec.Moves)
		tb.say("cli.recordSoFar", i18n.N("n", n), i18n.S("file", tb.recFile.path))
	}
	if errors.Is(why, errAbandoned) {
		return why
	}
	return fmt.Errorf("%w: %w", errAbandoned, why)
}

// commands are the play prompt's commands; each is typed as any word of its
// cli.cmd.* message in the table's language (English and French words are
// also always accepted, in the prompt's own switch).
var promptCommands = []string{"board", "moves", "back", "score", "info", "undo", "quit"}

// command is the prompt command word names in lang, or "".
func command(lang, word string) string {
	for _, c := range promptCommands {
		if slices.Contains(strings.Fields(say(lang, "cli.cmd."+c)), word) {
			return c
		}
	}
	return ""
}
