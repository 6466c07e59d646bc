package main

import (
	"errors"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// The command line's errors from other packages that a person reads as
// the whole explanation (a flag mistyped, a file missing, a game or bot
// misspelt) are worded here from the catalogue (cli.err.*), in the
// command's language, instead of in those packages' English.

// flagErrors matches the package flag's refusals (it has no error types):
// the unknown flag, the flag without its value, a value it cannot read,
// and an argument that is not a flag. The groups are the flag's name and,
// for a value, the value.
var flagErrors = []struct {
	re *regexp.Regexp
	id string
}{
	{regexp.MustCompile(`^flag provided but not defined: -+(.*)$`), "cli.err.flagUnknown"},
	{regexp.MustCompile(`^flag needs an argument: -+(.*)$`), "cli.err.flagNeedsValue"},
	{regexp.MustCompile(`^invalid (?:boolean )?value "((?:[^"\\]|\\.)*)" for (?:flag )?-+([^:]*): .*value out of range$`), "cli.err.flagRange"},
	{regexp.MustCompile(`^invalid (?:boolean )?value "((?:[^"\\]|\\.)*)" for (?:flag )?-+([^:]*): `), "cli.err.flagValue"},
	{regexp.MustCompile(`^bad flag syntax: (.*)$`), "cli.err.flagSyntax"},
}

// flagError is the package flag's err as a usage error of the catalogue;
// one it words otherwise is kept as it is.
func flagError(err error) error {
	msg := err.Error()
	for _, f := range flagErrors {
		m := f.re.FindStringSubmatch(msg)
		switch {
		case m == nil:
			continue
		case len(m) == 3: // the value, quoted by flag, then the name
			v, uerr := strconv.Unquote(`"` + m[1] + `"`)
			if uerr != nil {
				v = m[1]
			}
			return usageErr(f.id, i18n.S("flag", printable(m[2], 100)), i18n.S("value", strconv.Quote(printable(v, 100))))
		}
		return usageErr(f.id, i18n.S("flag", printable(m[1], 100)))
	}
	return usageError{err}
}

// fileError is the error of reading file name: the catalogue's words for
// a file missing or forbidden, the system's for the rarer others.
func fileError(name string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return shelltext.Errorf("cli.err.noFile", i18n.S("file", strconv.Quote(printable(name, 200))))
	case errors.Is(err, fs.ErrPermission):
		return shelltext.Errorf("cli.err.fileDenied", i18n.S("file", strconv.Quote(printable(name, 200))))
	}
	return err
}

// unknownGame is the usage error of a game id the registry does not know.
func (e *env) unknownGame(id string) error {
	ids := make([]string, 0, len(e.reg.All()))
	for _, g := range e.reg.All() {
		ids = append(ids, g.ID())
	}
	slices.Sort(ids)
	return usageErr("cli.err.unknownGame", i18n.S("game", strconv.Quote(printable(id, 100))), i18n.S("known", strings.Join(ids, ", ")))
}

// botError is a bot kind's refusal: an unknown kind from the catalogue;
// a known kind's bad parameters (ismcts:…) in the bots' words.
func botError(kind string, err error) error {
	base, _, _ := strings.Cut(strings.ToLower(kind), ":")
	if !slices.Contains(bots.Kinds(), base) {
		return usageErr("cli.err.unknownBot", i18n.S("bot", strconv.Quote(printable(kind, 100))), i18n.S("known", strings.Join(bots.Kinds(), ", ")))
	}
	return wrapUsage("cli.simSeats", err)
}
