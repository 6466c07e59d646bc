// Command jardin plays garden board games by their printed rules: in the
// terminal against bots or hot-seat, in bot tournaments, and as a scorer
// and replayer of records. Run "jardin help" for the commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// env is what a command needs from the outside world, so that tests can run
// commands in-process.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	reg    *engine.Registry
	isTTY  bool // stdout is a terminal: colours, screen clearing
	errTTY bool // stderr is a terminal: sim's progress bar
	// readFile reads an input file; nil is os.ReadFile.
	readFile func(name string) ([]byte, error)
	// thinkAfter is how long a bot thinks before play says so; 0 is
	// thinkingDelay.
	thinkAfter time.Duration

	lines *lineReader // stdin by lines, started by the first prompt
	// getenv reads the environment (the language: LC_ALL, LC_MESSAGES,
	// LANG); nil is os.Getenv.
	getenv func(string) string
}

func (e *env) env(k string) string {
	if e.getenv != nil {
		return e.getenv(k)
	}
	return os.Getenv(k)
}

// envLang is the language the environment asks for, by POSIX precedence.
func (e *env) envLang() string {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := e.env(k); v != "" {
			return v
		}
	}
	return ""
}

// lang is a command's language: its --lang, else the environment's, else
// English (i18n.Negotiate over the shell catalogue's languages).
func (e *env) lang(flagVal string) (string, error) {
	if flagVal != "" {
		if !shelltext.Known(flagVal) {
			return "", usageErr("cli.badLang", i18n.S("langs", strings.Join(shelltext.Offered(), ", ")),
				i18n.S("lang", strconv.Quote(flagVal)))
		}
		return flagVal, nil
	}
	return shelltext.Negotiate(nil, e.envLang()), nil
}

// argLang is the language of a command line before its command parses it:
// a valid --lang among args, else the environment's. For the messages of
// run itself (usage, errors).
func (e *env) argLang(args []string) string {
	for i, a := range args {
		v, ok := strings.CutPrefix(a, "--lang=")
		if !ok && (a == "--lang" || a == "-lang") && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if ok && shelltext.Known(v) {
			return v
		}
	}
	l, _ := e.lang("")
	return l
}

// say is message id of the shell catalogue in lang.
func say(lang, id string, args ...i18n.Arg) string { return shelltext.T(lang, id, args...) }

// read reads an input file; a file missing or forbidden is an error of
// the catalogue (fileError).
func (e *env) read(name string) ([]byte, error) {
	read := os.ReadFile
	if e.readFile != nil {
		read = e.readFile
	}
	data, err := read(name)
	if err != nil {
		return nil, fileError(name, err)
	}
	return data, nil
}

// usageError is bad usage: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }

func (e usageError) Unwrap() error { return e.err }

// usageErr is bad usage worded by the shell catalogue.
func usageErr(id string, args ...i18n.Arg) error { return usageError{shelltext.Errorf(id, args...)} }

// wrapUsage is bad usage: message id around another package's error.
func wrapUsage(id string, err error, args ...i18n.Arg) error {
	return usageError{shelltext.Wrap(id, err, args...)}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// The first Ctrl-C ends the command cleanly (a game is abandoned and its
	// record saved); after it, a second one kills at once as usual.
	go func() {
		<-ctx.Done()
		stop()
	}()
	e := &env{ctx: ctx, stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, reg: games.Registry(),
		isTTY: isTerminal(os.Stdout), errTTY: isTerminal(os.Stderr)}
	os.Exit(run(e, os.Args[1:]))
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

var commands = map[string]func(*env, []string) error{
	"games":    cmdGames,
	"rules":    cmdRules,
	"play":     cmdPlay,
	"replay":   cmdReplay,
	"analyze":  cmdAnalyze,
	"score":    cmdScore,
	"sim":      cmdSim,
	"bench":    cmdBench,
	"serve":    cmdServe,
	"loadtest": cmdLoadtest,
	"check":    cmdCheck,
}

func run(e *env, args []string) int {
	lang := e.argLang(args)
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(e.stdout, say(lang, "cli.usage"))
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintln(e.stderr, say(lang, "cli.unknownCommand", i18n.S("command", strconv.Quote(args[0]))))
		return 2
	}
	err := cmd(e, args[1:])
	e.closeInput()
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintln(e.stderr, say(lang, "cli.usageError", i18n.S("command", args[0]), i18n.S("message", oneLine(errText(err, lang)))))
		return 2
	default:
		fmt.Fprintln(e.stderr, say(lang, "cli.error", i18n.S("command", args[0]), i18n.S("message", oneLine(errText(err, lang)))))
		return 1
	}
}

// maxErrorLine caps an error line: errors quote their input, and an input
// can be megabytes.
const maxErrorLine = 1000

// oneLine makes an error message one printable line: lines joined, control
// characters and invalid UTF-8 escaped (an error may quote a file), and at
// most maxErrorLine characters.
func oneLine(s string) string {
	return printable(strings.ReplaceAll(strings.TrimSpace(s), "\n", "; "), maxErrorLine)
}

// errText is err in lang: the shell's words from its catalogue, the games'
// from the engine.
func errText(err error, lang string) string { return shelltext.Text(err, lang, engine.ErrorIn) }

// parse reads flags and positional arguments in any order, and checks the
// number of positional arguments; what (a message id) says what they are.
func (e *env) parse(fs *flag.FlagSet, args []string, minPos, maxPos int, what string, whatArgs ...i18n.Arg) ([]string, error) {
	pos, err := parse(fs, args, minPos, maxPos)
	if errors.Is(err, flag.ErrHelp) {
		e.help(fs, e.argLang(args))
		return nil, err
	}
	var ue usageError
	if errors.As(err, &ue) && ue.err == errPositional {
		return nil, wrapUsage("cli.want", shelltext.Errorf(what, whatArgs...))
	}
	return pos, err
}

// help prints a command's usage to stdout: its synopsis, what it does and
// its flags (each flag's usage is a message id, cli.flag.<command>.<name>),
// with their defaults, wrapped to the terminal's 80 columns.
func (e *env) help(fs *flag.FlagSet, lang string) {
	cmd := fs.Name()
	var b strings.Builder
	b.WriteString(say(lang, "cli.helpUsage", i18n.S("synopsis", say(lang, "cli.synopsis."+cmd))) + "\n")
	b.WriteString(wrap(say(lang, "cli.about."+cmd), 80, "", "") + "\n")
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			b.WriteString("\n" + say(lang, "cli.helpFlags") + "\n")
			first = false
		}
		name, _ := flag.UnquoteUsage(f)
		head := "  --" + f.Name
		if name != "" {
			head += " " + strings.ToUpper(name)
		}
		text := say(lang, f.Usage)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			text += " (" + say(lang, "cli.helpDefault", i18n.S("value", f.DefValue)) + ")"
		}
		b.WriteString(head + "\n" + wrap(text, 80, "      ", "      ") + "\n")
	})
	fmt.Fprint(e.stdout, b.String())
}

// wrap breaks s into lines of at most width columns (runes), the first
// starting with first, the others with rest; a word longer than a line
// stays whole. Line breaks in s are kept.
func wrap(s string, width int, first, rest string) string {
	var lines []string
	for i, para := range strings.Split(s, "\n") {
		indent := first
		if i > 0 {
			indent = rest
		}
		line, empty := indent, true
		for _, w := range i18n.Words(para) {
			if !empty && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width {
				lines = append(lines, line)
				line, empty = rest, true
			}
			if !empty {
				line += " "
			}
			line += w
			empty = false
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// errPositional: parse found too many or too few positional arguments.
var errPositional = errors.New("positional arguments")

// parse reads flags and positional arguments in any order, and checks the
// number of positional arguments.
func parse(fs *flag.FlagSet, args []string, minPos, maxPos int) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, flagError(err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) < minPos || len(pos) > maxPos {
		return nil, usageError{errPositional}
	}
	return pos, nil
}

func (e *env) game(id string) (engine.Game, error) {
	g, err := e.reg.Lookup(id)
	if err != nil {
		return nil, e.unknownGame(id)
	}
	return g, nil
}

func parseOptions(s string) (engine.Options, error) {
	o, err := engine.ParseOptions(s)
	if err != nil {
		return nil, wrapUsage("cli.options", err)
	}
	return o, nil
}
