package schlossgarten

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/i18n"
)

// badPositions are position files written wrong, text and JSON, that
// between them reach every error.position.* message of the catalogue.
func badPositions() []string {
	empty := strings.Repeat(". . . . . . .\n", 7)
	emptyJSON := strings.Repeat(`". . . . . . .", `, 6) + `". . . . . . ."`
	ones := strings.Repeat(" 1", nSquares+1)
	onesJSON := "1" + strings.Repeat(", 1", nSquares)
	return []string{
		"",
		"null",
		"{\n  \"player\": \"red\",\n  \"board\": [,]\n}",
		`{"game": "english-gardens", "player": "red", "board": []}`,
		`{"player": "red", "board": [], "colour": 1}`,
		`{"board": []}`,
		`{"player": "red"}`,
		`{"player": "green", "board": []}`,
		`{"player": "red", "tiles": [4], "board": []}`,
		`{"player": "red", "tiles": [` + onesJSON + `], "board": []}`,
		`{"player": "red", "board": [` + emptyJSON + `, ". . . . . . ."]}`,
		`{"player": "red", "board": [". . .", ` + strings.Repeat(`". . . . . . .", `, 5) + `". . . . . . ."]}`,
		`{"player": "red", "tiles": [1], "board": [` + emptyJSON + `]}`,
		"player: red\nboard:\n" + empty + "tiles: 3\n",
		"player: red\nboard:\n" + empty + ". . . . . . .\n",
		"nonsense\n",
		"player: red\nplayer: blue\n",
		"game: happy-garden\n",
		"player: green\n",
		"player: red\ntiles: x\n",
		"player: red\ntiles:" + ones + "\n",
		"player: red\nboard: . . .\n",
		"player: red\ncolour: red\n",
		"player: red\n" + strings.Repeat("x", 1<<20+1) + "\n",
		"tiles: 1\n",
		"player: red\n",
		"player: red\nboard:\n. . .\n",
		"player: red\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + ". . . . . . Xr\n",
		"player: red\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + ". . . . . . abc\n",
		"player: red\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + ". . . . . Pr .\n",
		"player: red\ntiles: 1 2\nboard:\n" + strings.Repeat(". . . . . . .\n", 6) + "hr . . . . . .\n",
		"player: red\ntiles:" + strings.Repeat(" 1", 18) + "\nboard:\n" + "Lr Lr Tr Tr Hr Hr hr\nLr . Tr . Pr Pr cr\nLb Lb Tb Tb . . .\nLb . Tb . . . .\n" + strings.Repeat(". . . . . . .\n", 3),
	}
}

// placeholder is a message argument left unfilled.
var placeholder = regexp.MustCompile(`\{[a-z]`)

// TestPositionErrorWords: every error of a position file is the
// catalogue's: rendered in the pseudo-language it leaves no letter outside
// ⟦…⟧, in French and German it holds no unfilled {argument}, in German no English message, and every
// error.position.* message is reached.
func TestPositionErrorWords(t *testing.T) {
	reached := map[string]bool{}
	for _, in := range badPositions() {
		what := strconv.Quote(in)
		if len(what) > 60 {
			what = what[:60] + "…"
		}
		_, err := game{}.ScorePosition([]byte(in))
		if err == nil {
			t.Fatalf("%s scored", what)
		}
		var te *engine.TextError
		if !errors.As(err, &te) {
			t.Fatalf("%s: error %v is no catalogue's", what, err)
		}
		for e := err; e != nil; e = errors.Unwrap(e) {
			if te, ok := e.(*engine.TextError); ok {
				reached[te.ID] = true
				if en := te.Message(i18n.Source); strings.Contains(catalog().Explain(err, "de"), en) {
					t.Errorf("%s in German holds the English %q", what, en)
				}
			}
		}
		if xx := catalog().Explain(err, i18n.Pseudo); enginetest.Unwrapped(xx) != "" {
			t.Errorf("%s in xx: %q holds %q outside the catalogue", what, xx, enginetest.Unwrapped(xx))
		}
		for _, lang := range []string{"fr", "de"} {
			if got := catalog().Explain(err, lang); placeholder.MatchString(got) {
				t.Errorf("%s in %s: %q", what, lang, got)
			}
		}
	}
	for _, id := range catalog().Bundle().Catalog(i18n.Source).IDs() {
		if strings.HasPrefix(id, "error.position.") && !reached[id] {
			t.Errorf("no position file reaches %s", id)
		}
	}
}

// TestPositionErrorsGerman: position errors as a German player reads them,
// with the game's German terms.
func TestPositionErrorsGerman(t *testing.T) {
	board := "board:\n" + strings.Repeat(". . . . . . .\n", 6)
	for _, tc := range []struct{ in, want string }{
		{"", "die Datei ist leer: erwartet werden „player: FARBE“"},
		{"player: grün\n", "Zeile 1: Spieler „grün“: erwartet wird rot, blau, weiß oder gelb"},
		{"player: rot\ntiles: 4\n", "Zeile 2: Plättchen „4“: jedes gesammelte Landschaftsplättchen ist 1, 2 oder 3 Punkte wert"},
		{"player: rot\nplayer: blau\n", "Zeile 2: „player“ zweimal angegeben (zuerst in Zeile 1)"},
		{"player: rot\n", "„board:“ fehlt, gefolgt von 7 Reihen mit je 7 Feldern"},
		{"player: rot\nboard:\n. . .\n", "Spielplan: 1 Reihe, erwartet werden 7"},
		{"player: rot\n" + board + ". . . . . Pr .\n",
			"Spielplan: das Element Pr (Wasserbecken, Rot) bedeckt 5,6, das ist nicht seine Form (zwei Felder nebeneinander) (SG-T17)"},
		{"player: rot\n" + board + ". . . . . . Xr\n", "Zeile 9: Feld „Xr“ auf 6,6: erwartet wird ., 1-3, # oder ein Elementcode"},
		{"player: rot\ntiles: 1 2\n" + board + "hr . . . . . .\n",
			"Zeile 2: 2 Landschaftsplättchen gesammelt, aber auf dem Spielplan liegt nur 1 Feld unter Elementen"},
		{`{"player": "rot"}`, "Feld „board“ fehlt: erwartet werden 7 Reihen mit je 7 Feldern, die oberste Reihe zuerst"},
		{`{"player": "green", "board": []}`, "Feld „player“: „green“: erwartet wird rot, blau, weiß oder gelb"},
	} {
		_, err := game{}.ScorePosition([]byte(tc.in))
		if got := catalog().Explain(err, "de"); !strings.Contains(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}
