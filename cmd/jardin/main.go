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
	"strings"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

const usage = `jardin plays garden board games by their printed rules.

Usage:
  jardin games [--json]                       list the games, players and options
  jardin rules GAME [--lang en|fr]            the rules as implemented, and every component
  jardin play GAME [--players N] [--seats you,greedy,…] [--seed S] [--options k=v,…]
                   [--lang en|fr] [--color auto|always|never] [--record FILE] [--jobs N]
                                              play in the terminal against bots, or hot-seat
  jardin replay RECORD [--step] [--lang en|fr]
                                              check a record and show the game
  jardin score POSITION [--game GAME] [--json] [--lang en|fr]
                                              score a finished garden
  jardin sim GAME --players N --games K [--seats greedy,random,…] [--seed S]
                  [--jobs J] [--options k=v,…] [--rotate] [--out FILE.json|FILE.csv]
                  [--plot FILE.svg] [--quiet]
                                              bot tournaments
  jardin bench [GAME] [--players N] [--seconds S] [--bots [--bot KIND]] [--json]
                                              random playouts and ismcts iterations per second
  jardin serve [--addr HOST:PORT] [--db FILE] [flags in docs/server.md]
                                              online tables and the web page (open http://localhost:8080/)
  jardin loadtest --addr URL --tables N --seconds S [--game G] [--rate R] [--json]
                                              play many tables against a server, report latency
  jardin check --db FILE|postgres://…         replay every table of a server's database, name those that fail

Seats and bots: you (a human at this terminal), random, greedy, and
ismcts[:easy|medium|hard|expert|ITERATIONS|DURATION][:jN] (see docs/bots.md).
Exit status: 0 success, 1 rejected input, 2 bad usage.
`

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
}

// read reads an input file.
func (e *env) read(name string) ([]byte, error) {
	if e.readFile != nil {
		return e.readFile(name)
	}
	return os.ReadFile(name)
}

// usageError is bad usage: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

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
	"score":    cmdScore,
	"sim":      cmdSim,
	"bench":    cmdBench,
	"serve":    cmdServe,
	"loadtest": cmdLoadtest,
	"check":    cmdCheck,
}

func run(e *env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(e.stdout, usage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "jardin: unknown command %q; run \"jardin help\"\n", args[0])
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
		fmt.Fprintf(e.stderr, "jardin %s: %s (see \"jardin help\")\n", args[0], oneLine(err.Error()))
		return 2
	default:
		fmt.Fprintf(e.stderr, "jardin %s: %s\n", args[0], oneLine(err.Error()))
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

// parse reads flags and positional arguments in any order, and checks the
// number of positional arguments.
func parse(fs *flag.FlagSet, args []string, minPos, maxPos int, what string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usagef("%v", err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) < minPos || len(pos) > maxPos {
		return nil, usagef("want %s", what)
	}
	return pos, nil
}

func (e *env) game(id string) (engine.Game, error) {
	g, err := e.reg.Lookup(id)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return g, nil
}

func parseOptions(s string) (engine.Options, error) {
	o, err := engine.ParseOptions(s)
	if err != nil {
		return nil, usagef("--options: %v", err)
	}
	return o, nil
}

func checkLang(lang string) error {
	if lang != "en" && lang != "fr" {
		return usagef("--lang: want en or fr, not %q", lang)
	}
	return nil
}
