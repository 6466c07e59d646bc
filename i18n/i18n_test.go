package i18n

import (
	"strings"
	"testing"
	"testing/fstest"
)

func mustParse(t *testing.T, lang, data string) *Catalog {
	t.Helper()
	c, err := Parse(lang, []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestFormat(t *testing.T) {
	const en = `{
		"plain": "Open tables",
		"take": "{actor} takes {card}",
		"left": "{n, plural, =0 {no card left} one {# card left} other {# cards left}}",
		"two": "{a, plural, one {# tile} other {# tiles}} and {b, plural, one {# card} other {# cards}}",
		"sel": "{who, select, you {You take} other {{who} takes}} {n, plural, one {a card} other {# cards}}",
		"hash": "row #{n}"
	}`
	c := mustParse(t, "en", en)
	fr := mustParse(t, "fr", `{"left": "{n, plural, one {# carte restante} other {# cartes restantes}}"}`)
	de := mustParse(t, "de", `{"left": "{n, plural, one {# Karte übrig} other {# Karten übrig}}"}`)
	for _, tc := range []struct {
		c    *Catalog
		id   string
		args []Arg
		want string
	}{
		{c, "plain", nil, "Open tables"},
		{c, "take", []Arg{S("actor", "Ann"), S("card", "the rose")}, "Ann takes the rose"},
		{c, "take", []Arg{S("actor", "Ann")}, "Ann takes {card}"},
		{c, "left", []Arg{N("n", 0)}, "no card left"},
		{c, "left", []Arg{N("n", 1)}, "1 card left"},
		{c, "left", []Arg{N("n", 5)}, "5 cards left"},
		{c, "two", []Arg{N("a", 1), N("b", 2)}, "1 tile and 2 cards"},
		{c, "sel", []Arg{S("who", "you"), N("n", 1)}, "You take a card"},
		{c, "sel", []Arg{S("who", "Bob"), N("n", 3)}, "Bob takes 3 cards"},
		{c, "hash", []Arg{N("n", 2)}, "row #2"},
		{c, "missing.id", nil, "missing.id"},
		// French: 0 and 1 are "one"; German: only 1.
		{fr, "left", []Arg{N("n", 0)}, "0 carte restante"},
		{fr, "left", []Arg{N("n", 1)}, "1 carte restante"},
		{fr, "left", []Arg{N("n", 2)}, "2 cartes restantes"},
		{de, "left", []Arg{N("n", 0)}, "0 Karten übrig"},
		{de, "left", []Arg{N("n", 1)}, "1 Karte übrig"},
	} {
		if got := tc.c.T(tc.id, tc.args...); got != tc.want {
			t.Errorf("%s %s %v: got %q, want %q", tc.c.Lang, tc.id, tc.args, got, tc.want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for _, m := range []string{
		"{", "}", "a {b", "{b c}", "{}", "{n, plural, one {x}}", "{n, plural, one {x} other {y}",
		"{n, plural, one x other {y}}", "{n, number, other {x}}", "{n, plural}", "{n, plural, other {x}",
	} {
		if _, err := compile(m); err == nil {
			t.Errorf("%q: compiled, want an error", m)
		}
	}
}

func TestBundle(t *testing.T) {
	fsys := fstest.MapFS{
		"en.json": {Data: []byte(`{"a": "Hello {name}", "b": "{n, plural, one {# day} other {# days}}"}`)},
		"fr.json": {Data: []byte(`{"a": "Bonjour {name}", "b": "{n, plural, one {# jour} other {# jours}}"}`)},
		"de.json": {Data: []byte(`{"a": "Hallo {name}", "b": "{n, plural, one {# Tag} other {# Tage}}"}`)},
	}
	b, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(b.Langs(), " "), "en de fr xx"; got != want {
		t.Errorf("Langs: %q, want %q", got, want)
	}
	if got := b.T("de", "a", S("name", "Ann")); got != "Hallo Ann" {
		t.Errorf("de: %q", got)
	}
	if got := b.T("xx", "b", N("n", 2)); got != "⟦2 days⟧" {
		t.Errorf("xx: %q", got)
	}
	if got := b.T("it", "a", S("name", "Ann")); got != "Hello Ann" {
		t.Errorf("unknown language: %q", got)
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct{ fr, want string }{
		{`{"a": "Bonjour"}`, `lacks "b"`},
		{`{"a": "Bonjour {who}", "b": "x {n}"}`, `"a" has arguments {who}`},
		{`{"a": "Bonjour {name}", "b": "x {n}", "c": "?"}`, `"c" is not in en`},
	} {
		_, err := Load(fstest.MapFS{
			"en.json": {Data: []byte(`{"a": "Hello {name}", "b": "{n} days"}`)},
			"fr.json": {Data: []byte(tc.fr)},
		})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("fr %s: error %v, want %q", tc.fr, err, tc.want)
		}
	}
	if _, err := Load(fstest.MapFS{"fr.json": {Data: []byte(`{}`)}}); err == nil {
		t.Error("a bundle without en.json loaded")
	}
}

func TestNegotiate(t *testing.T) {
	av := []string{"en", "de", "fr", "xx"}
	for _, tc := range []struct {
		explicit []string
		accept   string
		want     string
	}{
		{nil, "", "en"},
		{[]string{"fr"}, "de", "fr"},
		{[]string{"it", "de"}, "", "de"},
		{[]string{"xx"}, "", "xx"},
		{nil, "xx", "en"},
		{nil, "fr-CH, fr;q=0.9, en;q=0.8", "fr"},
		{nil, "it, de;q=0.5", "de"},
		{nil, "de-AT", "de"},
		{nil, "ja", "en"},
		{nil, "de_DE.UTF-8", "de"},
		{nil, "fr_FR", "fr"},
		{nil, "C", "en"},
		{nil, ";;;", "en"},
	} {
		if got := Negotiate(av, tc.explicit, tc.accept); got != tc.want {
			t.Errorf("Negotiate(%v, %q) = %q, want %q", tc.explicit, tc.accept, got, tc.want)
		}
	}
}

func FuzzCompile(f *testing.F) {
	for _, s := range []string{"", "a {b} c", "{n, plural, =0 {none} one {# x} other {# y}}",
		"{w, select, a {{x}} other {#}}", "{n, plural, other {{m, plural, one {#} other {#}}}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, m string) {
		n, err := compile(m)
		if err != nil {
			return
		}
		c := &Catalog{Lang: "en", msgs: map[string]node{"m": n}}
		c.T("m", N("n", 3), S("w", "a"), S("b", "B"))
		n.args(nil)
	})
}

func BenchmarkT(b *testing.B) {
	c, err := Parse("fr", []byte(`{"m": "{actor} prend {n, plural, one {# carte} other {# cartes}} de {card}"}`))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		c.T("m", S("actor", "Ann"), N("n", 3), S("card", "la rose"))
	}
}

func TestStripPseudo(t *testing.T) {
	for in, want := range map[string]string{
		"⟦⟦Happy Garden⟧ — 2 players. Type a move⟧ Ann": " Ann",
		"a ⟦b⟧ c ⟦d ⟦e⟧ f⟧ g":                           "a  c  g",
		"⟧x⟦":                                           "x",
	} {
		if got := StripPseudo(in); got != want {
			t.Errorf("StripPseudo(%q) = %q, want %q", in, got, want)
		}
	}
}

// French catalogues are set with no-break spaces before ? ! ; : and inside
// « » (a line must not break before the mark); marks without a space before
// them are not prose and stay as written.
func TestFrenchTypography(t *testing.T) {
	c, err := Parse("fr", []byte(`{"resign": "Abandonner ?", "say": "{name} dit : « {text} » !", "x": "Bravo  ; HÔTE:PORT, /?lang=fr"}`))
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{
		"resign": "Abandonner\u202f?",
		"say":    "Ann dit\u00a0: «\u00a0oui\u00a0»\u202f!",
		"x":      "Bravo\u202f; HÔTE:PORT, /?lang=fr",
	} {
		got := c.T(id, S("name", "Ann"), S("text", "oui"))
		if got != want || PlainSpaceBeforeMark(got) >= 0 {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
		if src := c.Source(id); PlainSpaceBeforeMark(src) >= 0 {
			t.Errorf("%s: the page's source %q keeps a plain space", id, src)
		}
	}
	// other languages are as written
	en, err := Parse("en", []byte(`{"a": "Really ?"}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := en.T("a"); got != "Really ?" {
		t.Errorf("en: %q", got)
	}
}
