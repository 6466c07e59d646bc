package server

import (
	"testing"
	"unicode"
)

// The lobby's "who plays first" choices are labels in a list, read as a
// person says them: capitalised, a seat named as the seat rows name it
// ("Seat 1", as page.seatN), random said as a drawing ("Drawn at random").
// A newcomer read "seat 1" and "random" in lowercase, in every language.
func TestFirstPlayerChoicesReadAsLabels(t *testing.T) {
	ts := startServer(t, "", Config{})
	anon := &client{t: t, base: ts.URL}
	want := map[string][2]string{
		"en": {"Drawn at random", "Seat 1"},
		"fr": {"Tiré au sort", "Place 1"},
		"de": {"Ausgelost", "Platz 1"},
	}
	for lang, w := range want {
		var games []gameJSON
		if code := anon.call("GET", "/api/games?lang="+lang, nil, &games); code != 200 {
			t.Fatalf("%s: GET /api/games: %d", lang, code)
		}
		seen := 0
		for _, g := range games {
			for _, o := range g.Options {
				if o.Name != "first" {
					continue
				}
				seen++
				if o.Labels["random"] != w[0] || o.Labels["1"] != w[1] {
					t.Errorf("%s %s: first player random=%q 1=%q, want %q and %q", lang, g.ID, o.Labels["random"], o.Labels["1"], w[0], w[1])
				}
				for v, l := range o.Labels {
					if r := []rune(l); len(r) == 0 || !unicode.IsUpper(r[0]) {
						t.Errorf("%s %s: first player %s reads %q, not a capitalised label", lang, g.ID, v, l)
					}
				}
			}
		}
		if seen == 0 {
			t.Fatalf("%s: no game offers the first-player option", lang)
		}
	}
}

// Every option's label, help line and value labels start with a capital in
// every language (the lobby shows them as labels; "blue", "rouge" read as
// unfinished).
func TestOptionWordsAreLabels(t *testing.T) {
	ts := startServer(t, "", Config{})
	anon := &client{t: t, base: ts.URL}
	for _, lang := range []string{"en", "fr", "de"} {
		var games []gameJSON
		if code := anon.call("GET", "/api/games?lang="+lang, nil, &games); code != 200 {
			t.Fatalf("%s: GET /api/games: %d", lang, code)
		}
		n := 0
		for _, g := range games {
			for _, o := range g.Options {
				words := []string{o.Label, o.Help}
				for _, l := range o.Labels {
					words = append(words, l)
				}
				for _, w := range words {
					n++
					if r := []rune(w); len(r) > 0 && unicode.IsLower(r[0]) {
						t.Errorf("%s %s option %s: %q starts in lowercase", lang, g.ID, o.Name, w)
					}
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no option words", lang)
		}
	}
}
