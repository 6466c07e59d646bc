package shelltext

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/i18n"
)

// TestCatalogue: the shell's catalogue loads, every language has exactly
// English's ids with the same arguments (i18n.Load checks it), and there
// are English, French and German.
func TestCatalogue(t *testing.T) {
	if err := Bundle().Check(); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"en", "fr", "de", "xx"} {
		if !Known(l) {
			t.Errorf("no %s", l)
		}
	}
	if got := strings.Join(Offered(), " "); got != "en de fr" {
		t.Errorf("Offered() = %q", got)
	}
	for _, l := range Offered() {
		for _, id := range Bundle().Catalog("en").IDs() {
			if strings.TrimSpace(Bundle().Catalog(l).Source(id)) == "" {
				t.Errorf("%s: %s is empty", l, id)
			}
		}
	}
}

// TestGermanIsGerman: a sample of German messages differs from English and
// carries no common English word (proper names and syntax aside).
func TestGermanIsGerman(t *testing.T) {
	english := []string{" the ", " is ", " your ", " you ", " and ", " move ", " moves ", " table ", " game ", " seat ", " player"}
	en, de := Bundle().Catalog("en"), Bundle().Catalog("de")
	same := 0
	for _, id := range en.IDs() {
		d := " " + strings.ToLower(de.Source(id)) + " "
		if d == " "+strings.ToLower(en.Source(id))+" " {
			same++
		}
		if strings.HasPrefix(id, "cli.usage") || strings.HasPrefix(id, "cli.cmd.") {
			continue // command syntax: flag names, seat kinds, English commands kept as aliases
		}
		for _, w := range english {
			if strings.Contains(d, w) {
				t.Errorf("de %s: %q has the English %q", id, de.Source(id), strings.TrimSpace(w))
			}
		}
	}
	// the same in both: names (jardin), formats, Bot, Chat, Revanche…
	if same > 60 {
		t.Errorf("%d German messages are the English ones", same)
	}
}

func TestError(t *testing.T) {
	e := Errorf("err.tooManyTables", i18n.N("n", 3))
	if e.Error() != "you already sit at 3 open or live tables" {
		t.Errorf("Error() = %q", e.Error())
	}
	wrapped := fmt.Errorf("create: %w", e)
	if got := Text(wrapped, "fr", nil); got != "create: vous êtes déjà à 3 tables ouvertes ou en cours" {
		t.Errorf("Text(fr) = %q", got)
	}
	cause := errors.New("unknown option x")
	w := Wrap("err.options", cause)
	if w.Error() != "options: unknown option x" || !errors.Is(w, cause) {
		t.Errorf("Wrap: %q", w.Error())
	}
	if got := Text(w, "de", func(err error, lang string) string { return "[" + lang + "]" + err.Error() }); got != "Optionen: [de]unknown option x" {
		t.Errorf("Text(de) = %q", got)
	}
	if got := Text(errors.New("plain"), "de", nil); got != "plain" {
		t.Errorf("Text(plain) = %q", got)
	}
	if got := T("xx", "err.noTable"); got != "⟦no such table⟧" {
		t.Errorf("xx: %q", got)
	}
}

func TestPage(t *testing.T) {
	p := Page("de")
	if p["yourTurn"] != "Du bist am Zug" || p["lang.name"] != "Deutsch" {
		t.Errorf("Page(de): %q %q", p["yourTurn"], p["lang.name"])
	}
	if _, ok := p["cli.usage"]; ok {
		t.Error("Page carries the command line's words")
	}
}
