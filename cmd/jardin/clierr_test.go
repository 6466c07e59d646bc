package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/shelltext"
)

// The mistakes a person makes on the command line (a flag mistyped, a file
// missing, a game, bot or option misspelt) are explained in the command's
// language, never in another package's English.
func TestCLIErrorsInLanguage(t *testing.T) {
	english := []string{"flag provided", "invalid value", "needs an argument", "bad flag syntax", "no such file",
		"unknown game", "unknown bot", "not allowed", "not a flag", "out of range"}
	for _, c := range []struct {
		args []string
		code int
		en   string // the English explanation
	}{
		{[]string{"play", "--bogus"}, 2, "--bogus is not a flag of this command"},
		{[]string{"sim", "alices-garden", "--games", "x"}, 2, `--games: "x" is not a value it takes`},
		{[]string{"play", "alices-garden", "--seed"}, 2, "--seed needs a value"},
		{[]string{"sim", "alices-garden", "--games", "99999999999999999999"}, 2, `--games: "99999999999999999999" is out of range`},
		{[]string{"play", "---x"}, 2, "---x: not a flag"},
		{[]string{"play", "nogame"}, 2, `unknown game "nogame" (known: alices-garden, english-gardens`},
		{[]string{"play", "alices-garden", "--seats", "you,nobot"}, 2, `--seats: unknown bot "nobot" (known: random, greedy, ismcts)`},
		{[]string{"sim", "alices-garden", "--players", "2", "--games", "1", "--options", "side=Z"}, 2, `option side="Z" not allowed`},
		{[]string{"score", "/nonexistent/record.json"}, 1, `there is no file "/nonexistent/record.json"`},
		{[]string{"replay", "/nonexistent/record.json"}, 1, `there is no file "/nonexistent/record.json"`},
	} {
		for _, lang := range []string{"en", "fr", "de"} {
			code, _, errs := jardin(t, "", append([]string{c.args[0], "--lang", lang}, c.args[1:]...)...)
			if code != c.code {
				t.Errorf("%s (%s): exit %d, want %d: %s", c.args, lang, code, c.code, errs)
			}
			if lang == "en" {
				if !strings.Contains(errs, c.en) {
					t.Errorf("%s: %q, want %q", c.args, errs, c.en)
				}
				continue
			}
			for _, w := range english {
				if strings.Contains(errs, w) {
					t.Errorf("%s (%s): %q is in English", c.args, lang, errs)
				}
			}
		}
	}
}

// Every flag of every command is described by its catalogue message
// (cli.flag.<command>.<flag>) in the help's language: none is written in
// code.
func TestFlagUsagesCatalogued(t *testing.T) {
	flagLine := regexp.MustCompile(`^  --([a-z-]+)`)
	collapse := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for cmd := range commands {
		for _, lang := range []string{"en", "fr", "de"} {
			_, out, _ := jardin(t, "", cmd, "--help", "--lang", lang)
			flat := collapse(out)
			for _, l := range strings.Split(out, "\n") {
				m := flagLine.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				id := "cli.flag." + cmd + "." + m[1]
				if !shelltext.Bundle().Has(id) {
					t.Errorf("%s --%s: no message %s", cmd, m[1], id)
					continue
				}
				if text := collapse(shelltext.T(lang, id)); !strings.Contains(flat, text) {
					t.Errorf("%s --help (%s): --%s is not described by %s (%q)", cmd, lang, m[1], id, text)
				}
			}
		}
	}
}

// check sums up and gives its verdict in the environment's language.
func TestCheckInLanguage(t *testing.T) {
	db := checkDB(t, true)
	for lang, want := range map[string][2]string{
		"fr_FR.UTF-8": {"3 tables vérifiées, 1 en échec", "des tables ne se rejouent pas"},
		"de_DE.UTF-8": {"3 Tische geprüft, 1 fehlerhaft", "einige Tische lassen sich nicht nachspielen"},
	} {
		c := term{getenv: func(k string) string {
			if k == "LANG" {
				return lang
			}
			return ""
		}}
		code, out, errs := c.run(t, "", "check", "--db", db)
		if code != 1 || !strings.Contains(out, want[0]) || !strings.Contains(out, "FAIL table forked") || !strings.Contains(errs, want[1]) {
			t.Errorf("LANG=%s: exit %d, %q, %q; want %q and %q", lang, code, out, errs, want[0], want[1])
		}
	}
}

// jardin games heads its columns in the environment's language.
func TestGamesHeadInLanguage(t *testing.T) {
	for lang, want := range map[string]string{"": "TITLE", "fr_FR.UTF-8": "TITRE", "de_DE.UTF-8": "TITEL"} {
		c := term{getenv: func(k string) string {
			if k == "LANG" {
				return lang
			}
			return ""
		}}
		code, out, _ := c.run(t, "", "games")
		if head, _, _ := strings.Cut(out, "\n"); code != 0 || !strings.Contains(head, want) {
			t.Errorf("LANG=%s: %d, head %q, want %q", lang, code, head, want)
		}
	}
}
