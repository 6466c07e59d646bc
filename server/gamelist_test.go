package server

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

func TestCleanHelpDropsRuleReferences(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"mouse (house) colour of seat 1; colours must differ (HP-S2)", "mouse (house) colour of seat 1; colours must differ"},
		{"seat that starts (1-based, SG-S7), or random", "seat that starts (1-based), or random"},
		{"solo only: the automa's difficulty, which sets your starting gold and tools (HG-SO1)", "solo only: the automa's difficulty, which sets your starting gold and tools"},
		{"colour of seat 1 (SG-S2); seats must have distinct colours", "colour of seat 1; seats must have distinct colours"},
		{"seat that starts (1-based), or random", "seat that starts (1-based), or random"},
	} {
		if got := cleanHelp(tc.in); got != tc.want {
			t.Errorf("cleanHelp(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// rawID is what a person must never read in the lobby: a rule's id, an
// option's or a value's id left as it is.
var rawID = regexp.MustCompile(`\b[A-Z]{2}-[A-Z]*\d|^[a-z]+\d$|^option\.|^about`)

// GET /api/games words every game, option and value in the request's
// language: a label for each, none of them an id.
func TestGamesListIsWorded(t *testing.T) {
	ts := startServer(t, "", Config{})
	anon := &client{t: t, base: ts.URL}
	for _, lang := range []string{"en", "fr", "de"} {
		var games []gameJSON
		if code := anon.call("GET", "/api/games?lang="+lang, nil, &games); code != 200 || len(games) != 5 {
			t.Fatalf("%s: GET /api/games: %d, %d games", lang, code, len(games))
		}
		for _, g := range games {
			if g.Name == "" || g.Name != g.Title[lang] {
				t.Errorf("%s %s: name %q, titles %v", lang, g.ID, g.Name, g.Title)
			}
			for _, s := range []string{g.About, g.Duration} {
				if rawID.MatchString(s) {
					t.Errorf("%s %s: about or duration %q is an id", lang, g.ID, s)
				}
			}
			for _, o := range g.Options {
				if o.Label == "" || o.Label == o.Name || rawID.MatchString(o.Label) || rawID.MatchString(o.Help) || o.Help == "" {
					t.Errorf("%s %s: option %s reads %q (help %q)", lang, g.ID, o.Name, o.Label, o.Help)
				}
				for _, v := range o.Values {
					l := o.Labels[v]
					if l == "" || rawID.MatchString(l) {
						t.Errorf("%s %s: option %s value %s reads %q", lang, g.ID, o.Name, v, l)
					}
				}
			}
		}
	}
	// French words where the game's catalogue has them: happy-garden's
	// mouse colours.
	var fr []gameJSON
	anon.call("GET", "/api/games?lang=fr", nil, &fr)
	for _, g := range fr {
		for _, o := range g.Options {
			if o.Name == "mouse1" && o.Labels["blue"] != "Bleue" && o.Labels["blue"] != "Bleu" {
				t.Errorf("happy-garden mouse1=blue in French: %q", o.Labels["blue"])
			}
		}
	}
}

// Each game's sample is a real position some moves in, with its words;
// the same on every call.
func TestGameSamples(t *testing.T) {
	ts := startServer(t, "", Config{})
	anon := &client{t: t, base: ts.URL}
	var games []gameJSON
	anon.call("GET", "/api/games", nil, &games)
	for _, g := range games {
		var a, b sampleJSON
		if code := anon.call("GET", "/api/games/"+g.ID+"/sample?lang=de", nil, &a); code != 200 {
			t.Fatalf("%s sample: %d", g.ID, code)
		}
		anon.call("GET", "/api/games/"+g.ID+"/sample?lang=de", nil, &b)
		if a.Game != g.ID || a.Ply < 1 || a.Players < g.Min || len(a.View) < 10 || len(a.Texts) == 0 {
			t.Errorf("%s sample: game %q, ply %d, %d players, view %d bytes, %d texts", g.ID, a.Game, a.Ply, a.Players, len(a.View), len(a.Texts))
		}
		if string(a.View) != string(b.View) {
			t.Errorf("%s: two samples differ", g.ID)
		}
		if a.Texts["title"].Name != "" && a.Texts["title"].Name != g.Title["de"] {
			t.Errorf("%s: sample texts not in German", g.ID)
		}
		for id, c := range a.Texts {
			if c.Help != "" {
				t.Errorf("%s sample: %s carries its help", g.ID, id)
				break
			}
		}
		var v any
		if err := json.Unmarshal(a.View, &v); err != nil {
			t.Errorf("%s sample view: %v", g.ID, err)
		}
		if strings.Contains(string(a.View), `"seed"`) {
			t.Errorf("%s sample shows a seed", g.ID)
		}
	}
	if code := anon.call("GET", "/api/games/chess/sample", nil, nil); code != 404 {
		t.Errorf("unknown game's sample: %d, want 404", code)
	}
}

func TestFavicon(t *testing.T) {
	ts := startServer(t, "", Config{})
	for _, path := range []string{"/favicon.svg", "/favicon.ico"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(string(b), "<svg") {
			t.Errorf("GET %s: %d %s %.20q", path, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
	}
}
