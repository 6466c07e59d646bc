package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// upTo is message id in lang up to its first string argument: what a line
// of it starts with whatever the figures.
func upTo(lang, id string, args ...i18n.Arg) string {
	for _, name := range []string{"p50", "lost", "rss", "bases"} {
		args = append(args, i18n.S(name, "\x00"))
	}
	s, _, _ := strings.Cut(shelltext.T(lang, id, args...), "\x00")
	return s
}

// bench's headings are in --lang (its figures are the same in every
// language).
func TestBenchHeadingsInTheirLanguage(t *testing.T) {
	for _, lang := range []string{"en", "fr", "de"} {
		code, out, errs := jardin(t, "", "bench", "alices-garden", "--players", "2", "--seconds", "0.05", "--bots", "--bot", "ismcts:50", "--lang", lang)
		if code != 0 {
			t.Fatalf("bench (%s): %d %s", lang, code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		for _, id := range []string{"cli.bench.columns", "cli.bench.botColumns"} {
			want := strings.Join(strings.Fields(shelltext.T(lang, id)), " ")
			found := false
			for _, l := range lines {
				found = found || strings.Join(strings.Fields(l), " ") == want
			}
			if !found {
				t.Errorf("bench (%s): no heading %q in\n%s", lang, want, out)
			}
		}
		if lang != "en" && (strings.Contains(out, "GAMES/S") || strings.Contains(out, "ONE CORE")) {
			t.Errorf("bench (%s): English headings in\n%s", lang, out)
		}
	}
}

// loadtest's progress lines and summary are in --lang; --json keeps its
// keys whatever the language.
func TestLoadtestInTheirLanguage(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	db := filepath.Join(t.TempDir(), "jardin.db")
	done := make(chan int, 1)
	go func() {
		done <- run(term{ctx: ctx}.env("", pw, io.Discard), []string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--sync", "normal", "--identity-burst", "100000", "--write-burst", "100000"})
		pw.Close()
	}()
	buf := make([]byte, 200)
	n, _ := pr.Read(buf)
	_, addr, ok := strings.Cut(string(buf[:n]), "serving on ")
	addr, _, _ = strings.Cut(addr, " ")
	if !ok {
		t.Fatalf("serve said %q", buf[:n])
	}
	go io.Copy(io.Discard, pr)
	for _, lang := range []string{"en", "fr", "de"} {
		code, out, errs := term{}.run(t, "", "loadtest", "--addr", "http://"+addr, "--tables", "2", "--players", "2", "--seconds", "0.5",
			"--rate", "20", "--game", "alices-garden", "--lang", lang)
		if code != 0 {
			t.Fatalf("loadtest (%s): %d %s %s", lang, code, out, errs)
		}
		if want := upTo(lang, "cli.load.settingUp", i18n.N("tables", 2), i18n.N("players", 2)); !strings.Contains(errs, want) {
			t.Errorf("loadtest (%s): no %q in its progress %q", lang, want, errs)
		}
		for _, id := range []string{"cli.load.ack", "cli.load.last", "cli.load.counts", "cli.load.server"} {
			if want := upTo(lang, id); !strings.Contains(out, "\n"+want) {
				t.Errorf("loadtest (%s): no line starting %q in\n%s", lang, want, out)
			}
		}
		if lang != "en" && (strings.Contains(out, "acknowledged") || strings.Contains(errs, "setting up")) {
			t.Errorf("loadtest (%s): English in\n%s%s", lang, errs, out)
		}
	}
	code, out, _ := term{}.run(t, "", "loadtest", "--addr", "http://"+addr, "--tables", "1", "--players", "2", "--seconds", "0.2",
		"--game", "alices-garden", "--json", "--lang", "de")
	if code != 0 || !strings.Contains(out, `"movesPerSecond"`) || !strings.Contains(out, `"ackP50ms"`) {
		t.Errorf("loadtest --json --lang de: %d %s", code, out)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}
