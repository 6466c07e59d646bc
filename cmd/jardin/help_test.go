package main

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// Every command answers --help with its synopsis and each flag's words from
// the catalogue, in every language, on lines of at most 80 columns (a
// default value may be longer), and exits 0.
func TestCommandHelp(t *testing.T) {
	for cmd := range commands {
		for _, lang := range []string{"en", "fr", "de"} {
			code, out, errs := jardin(t, "", cmd, "--help", "--lang", lang)
			if code != 0 || errs != "" {
				t.Fatalf("%s --help (%s): exit %d, stderr %q", cmd, lang, code, errs)
			}
			if strings.Contains(out, "cli.") {
				t.Errorf("%s --help (%s) shows a message id:\n%s", cmd, lang, out)
			}
			if !strings.Contains(out, "jardin "+cmd) {
				t.Errorf("%s --help (%s) has no synopsis:\n%s", cmd, lang, out)
			}
			if cmd != "check" && !strings.Contains(out, "  --") {
				t.Errorf("%s --help (%s) lists no flag:\n%s", cmd, lang, out)
			}
			for _, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n > 80 && !strings.Contains(l, "(") {
					t.Errorf("%s --help (%s): line of %d columns: %q", cmd, lang, n, l)
				}
			}
		}
	}
	_, out, _ := jardin(t, "", "serve", "--help")
	for _, want := range []string{"--addr", "listen on HOST:PORT", "--db", "--grace"} {
		if !strings.Contains(out, want) {
			t.Errorf("serve --help lacks %q:\n%s", want, out)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		in, first, rest string
		width           int
		want            string
	}{
		{"a b c", "", "", 80, "a b c"},
		{"aaa bbb ccc", "  ", "    ", 9, "  aaa bbb\n    ccc"},
		{"averyveryverylongword x", "", "", 5, "averyveryverylongword\nx"},
		{"one\ntwo", "> ", "  ", 80, "> one\n  two"},
		{"", "  ", "  ", 80, "  "},
	} {
		if got := wrap(c.in, c.width, c.first, c.rest); got != c.want {
			t.Errorf("wrap(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}

// The terminal's event lines (indented by two) fit 80 columns (they were
// 123). The choices (a number, words and the notation) and the game's
// drawing are laid out by their own code; the closing lines keep the
// replay command on one line, to copy.
func TestPlayLinesFit80Columns(t *testing.T) {
	code, out, errs := jardin(t, strings.Repeat("1\n", 400), "play", "hanging-gardens", "--seats", "you,greedy,greedy", "--seed", "5", "--color", "never", "--lang", "de")
	if code != 0 {
		t.Fatalf("play: exit %d: %s", code, errs)
	}
	choice := regexp.MustCompile(`^\s*\d+\) `)
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimPrefix(l, "> ") // the input prompt, answered without an echo
		if !strings.HasPrefix(l, "  ") || choice.MatchString(l) || strings.Contains(l, "~ ") {
			continue
		}
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
}
