package happygarden

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/i18n"
)

// notationInDrawing matches what the text drawing writes that is notation,
// not words: tile ids (F01, G1, W6), shop slots (B1, T3), flower codes with
// their marks (RD*b), and single letters (the legend's letters, the marks
// of tokens and symbols, the house [R]).
var notationInDrawing = regexp.MustCompile(`\b(?:[FGW][0-9]+|[BT][1-3]|[ROYBVP][DTLSHC]|\pL)\b`)

// wordsOutside is what s, in the pseudo-language, holds outside the
// catalogue's ⟦…⟧ (enginetest.Unwrapped), "" when every word is the
// catalogue's.
func wordsOutside(s string) string { return enginetest.Unwrapped(s) }

// Every word a person reads is the catalogue's: in many random games, every
// event, every move description (its kind, its parts and what they name),
// the page's button for every kind of move, refusals of moves of every kind
// and the text drawing, rendered in the pseudo-language, hold no word
// outside ⟦…⟧ (the drawing's notation aside).
func TestEveryWordIsTheCatalogues(t *testing.T) {
	const xx = i18n.Pseudo
	rng := engine.NewRNG(11)
	games := 0
	for n := 2; n <= 5; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			st, err := Game.New(n, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			games++
			for step := 0; !s.Over(); step++ {
				where := fmt.Sprintf("%d players, seed %d, step %d", n, seed, step)
				legal := s.LegalMoves(nil)
				for _, m := range legal {
					checkDescription(t, s, m, where)
				}
				if step%7 == 0 {
					txt := s.Draw(engine.Spectator, engine.Style{Lang: xx})
					if out := wordsOutside(notationInDrawing.ReplaceAllString(i18n.StripPseudo(txt), "")); out != "" {
						t.Fatalf("%s: the drawing holds %q outside the catalogue:\n%s", where, out, txt)
					}
					// a refusal of each kind of move, with small parts
					for k := mvTake; k <= mvLift; k++ {
						m := mkMove(k, rng.Intn(8), rng.Intn(ncell), rng.Intn(4))
						if err := s.Clone().Apply(m, nil); err != nil {
							if out := wordsOutside(texts.Explain(err, xx)); out != "" {
								t.Fatalf("%s: refusal %q holds %q outside the catalogue", where, texts.Explain(err, xx), out)
							}
						}
					}
				}
				var log engine.Log
				if err := s.Apply(legal[rng.Intn(len(legal))], &log); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				for _, e := range log.Events {
					for v := engine.Spectator; v < n; v++ {
						if !e.VisibleTo(v) {
							continue
						}
						if txt := texts.Render(e, v, xx, nil); wordsOutside(txt) != "" {
							t.Fatalf("%s: event %q reads %q, with %q outside the catalogue", where, e.Key, txt, wordsOutside(txt))
						}
					}
				}
			}
			txt := s.Draw(0, engine.Style{Lang: xx})
			if out := wordsOutside(notationInDrawing.ReplaceAllString(i18n.StripPseudo(txt), "")); out != "" {
				t.Fatalf("the final drawing holds %q outside the catalogue:\n%s", out, txt)
			}
		}
	}
	// Typed moves that do not parse.
	s := bare(2)
	for _, bad := range []string{"", "take", "take B4", "place 2", "place x,y", "place 99,0", "water F14 Z", "gust F15 cat F26",
		"give 9", "lift X1", "lift #3", "jump", "end now"} {
		_, err := s.ParseMove(bad)
		if err == nil {
			t.Fatalf("%q parsed", bad)
		}
		if txt := engine.ErrorIn(err, xx); wordsOutside(txt) != "" {
			t.Errorf("%q: %q holds %q outside the catalogue", bad, txt, wordsOutside(txt))
		}
	}
	// Refused setups.
	for _, opts := range []engine.Options{{"mouse1": "pink", "mouse2": "pink"}} {
		_, err := Game.New(2, 1, opts)
		if txt := texts.Explain(err, xx); err == nil || wordsOutside(txt) != "" {
			t.Errorf("%v: %q", opts, txt)
		}
	}
	_, err := Game.New(6, 1, nil)
	if txt := texts.Explain(err, xx); err == nil || wordsOutside(txt) != "" {
		t.Errorf("6 players: %q", txt)
	}
	t.Logf("%d games", games)
}

// checkDescription fails t unless move m's description reads in the
// catalogue's words: its kind (move.<kind> for the command line,
// page.move.<kind> for the page), each part's role (part.<role>) and what
// the part names (a component or a place).
func checkDescription(t *testing.T, s *state, m engine.Move, where string) {
	t.Helper()
	d := s.DescribeMove(m)
	for _, id := range []string{"move." + d.Kind, "page.move." + d.Kind} {
		if !texts.Has(id) {
			t.Fatalf("%s: move %q: no message %s", where, s.FormatMove(m), id)
		}
	}
	for _, p := range d.Parts {
		if !texts.Has("part." + p.Name) {
			t.Fatalf("%s: move %q: no message part.%s", where, s.FormatMove(m), p.Name)
		}
		name := texts.Name(p.ID, i18n.Pseudo)
		if name == p.ID {
			name = texts.CellName(p.ID, i18n.Pseudo)
		}
		if out := wordsOutside(name); out != "" {
			t.Fatalf("%s: move %q: part %s %q reads %q, outside the catalogue", where, s.FormatMove(m), p.Name, p.ID, name)
		}
	}
}

// The renderer's words are the catalogue's page.<…> messages: every id it
// reads exists, it picks no language itself (no tr), and every page
// message is read by it.
func TestRendererWords(t *testing.T) {
	src, err := os.ReadFile("../../web/src/games/happygarden.ts")
	if err != nil {
		t.Fatal(err)
	}
	code := string(src)
	if strings.Contains(code, "tr(") || strings.Contains(code, `lang === "fr"`) {
		t.Error("the renderer chooses between languages itself; use ctx.t(\"page.…\")")
	}
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`ctx\.t\("(page\.[a-z0-9.-]+)"`).FindAllStringSubmatch(code, -1) {
		used[m[1]] = true
		if !texts.Has(m[1]) {
			t.Errorf("the renderer reads %s, which the catalogue lacks", m[1])
		}
	}
	if !strings.Contains(code, "ctx.t(`page.move.${") {
		t.Error("the renderer does not name the kinds of moves by page.move.<kind>")
	}
	for _, id := range texts.Bundle().Catalog(i18n.Source).IDs() {
		// page.step.<part> is read by the table page, as the prompt of
		// a move's next part (TestStepPrompts).
		if strings.HasPrefix(id, "page.") && !strings.HasPrefix(id, "page.move.") && !strings.HasPrefix(id, "page.step.") && !used[id] {
			t.Errorf("%s is not read by the renderer", id)
		}
	}
}

// Every part a move description names (part.<name>) has its step prompt
// (page.step.<name>), and every step prompt names a part.
func TestStepPrompts(t *testing.T) {
	for _, id := range texts.Bundle().Catalog(i18n.Source).IDs() {
		if name, ok := strings.CutPrefix(id, "part."); ok && !texts.Has("page.step."+name) {
			t.Errorf("part %s has no step prompt page.step.%s", name, name)
		}
		if name, ok := strings.CutPrefix(id, "page.step."); ok && !texts.Has("part."+name) {
			t.Errorf("page.step.%s names no part of a move", name)
		}
	}
}

// German reads as German: a few sentences, with the plural forms right.
func TestGerman(t *testing.T) {
	de := func(id string, args ...i18n.Arg) string { return texts.T("de", id, args...) }
	for _, c := range []struct{ got, want string }{
		{texts.Title("de"), "Happy Garden"},
		{texts.Name("F01", "de"), "rote Margerite"},
		{texts.Name("F07", "de"), "rotes Herz"},
		{texts.Name("F06", "de"), "roter Stern"},
		{texts.Name("F45", "de"), "rosa Stern"},
		{texts.Render(engine.Event{Actor: 0, Key: "take", Args: []engine.Arg{engine.Comp("F25"), engine.Cell("shop:B1")}}, 0, "de", []string{"Anna"}),
			"Du nimmst das Plättchen „blaue Margerite“ aus der Gärtnerei (unteres Regal, links)"},
		{texts.Render(engine.Event{Actor: 1, Key: "worm_put", Args: []engine.Arg{engine.Comp("F10")}}, 0, "de", []string{"Anna", "Ben"}),
			"Ben legt einen Regenwurm auf das Plättchen „orangefarbene Tulpe“"},
		{texts.Render(engine.Event{Actor: 1, Key: "token_reveal", Args: []engine.Arg{engine.Comp("turn:gust"), engine.Num(3)}}, 0, "de", []string{"Anna", "Ben"}),
			"Ben deckt das Rundenplättchen Windstoß auf (Runde 3)"},
		{de("draw.count.wheelbarrow", i18n.N("n", 1)), "1 Schubkarre"},
		{de("draw.count.wheelbarrow", i18n.N("n", 2)), "2 Schubkarren"},
		{de("draw.count.worm-mole", i18n.N("n", 0)), "0 Regenwürmer/Maulwürfe"},
		{de("page.supply.2", i18n.N("butterflies", 1), i18n.N("cans", 3)), "1 Schmetterling, 3 Gießkannen"},
		{de("error.parse.args", i18n.S("verb", "end"), i18n.N("n", 0), i18n.S("example", "end")), "„end“ nimmt kein Argument: Schreibe „end“"},
		{de("error.parse.args", i18n.S("verb", "give"), i18n.N("n", 1), i18n.S("example", "give 2")), "„give“ nimmt 1 Argument: Schreibe „give 2“"},
		{de("error.repot.cost", i18n.N("n", 1)), "Umtopfen kostet 2 Schubkarren, und du hast 1"},
		{de("error.mouse.taken", i18n.N("seat", 2), i18n.S("colour", "pink")), "die Maus von Platz 2 kann nicht rosa sein: Ein anderer Platz hat diese Farbe schon gewählt"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
	// A refusal in German names its rule and says what is wrong.
	s := bare(2)
	lay(s, 0, "F28", 2, 0)
	stock(s, "F29")
	play(t, s, "take B1")
	err := s.Apply(mustParse(t, s, "place 2,1"), nil)
	if got, want := texts.Explain(err, "de"), engine.T("de", "refusal", i18n.S("rule", "HP-T16"), i18n.S("reason", "neben diesem Feld liegt eine gleiche Blume")); got != want {
		t.Errorf("refusal in German: %q, want %q", got, want)
	}
	// The drawing in German.
	if d := s.Draw(0, engine.Style{Lang: "de"}); !strings.Contains(d, "Gärtnerei") || !strings.Contains(d, "Vorrat:") || strings.Contains(d, "Supply") {
		t.Errorf("German drawing:\n%s", d)
	}
	// A colour typed by its German name.
	if m, err := s.ParseMove("water F28 gelb"); err != nil || s.FormatMove(m) != "water F28 Y" {
		t.Errorf("water F28 gelb: %v %q", err, s.FormatMove(m))
	}
}

func mustParse(t *testing.T, s *state, txt string) engine.Move {
	t.Helper()
	m, err := s.ParseMove(txt)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// positionErrors are position files (jardin score) written wrong, one for
// each error of the game's reader and a few of the engine's JSON checks.
var positionErrors = []string{
	"", `null`, `{`, `{"mouse": "red", "colour": 3}`, `{"game": "english-gardens", "mouse": "red", "tiles": []}`,
	"{\n  \"mouse\": \"red\",\n  \"tiles\": [,]\n}", `{"mouse": "red", "tiles": [{"tile": "F01", "x": "2", "y": 0}]}`,
	`{"tiles": []}`,
	`{"mouse": "red"}`,
	`{"mouse": "grey", "tiles": []}`,
	`{"mouse": "red", "opponent_butterflies": [1, 1, 1, 1, 1], "tiles": []}`,
	`{"mouse": "red", "opponent_butterflies": [1, -1], "tiles": []}`,
	`{"mouse": "red", "tiles": [` + strings.Repeat(`{},`, maxOwn) + `{}]}`,
	`{"mouse": "red", "tiles": [{"x": 2, "y": 0}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F99", "x": 2, "y": 0}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0}, {"tile": "f01", "x": 3, "y": 0}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "y": 0}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 99, "y": 0}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 0, "y": 0}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0}, {"tile": "F02", "x": 2, "y": 0}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "worms": 51}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "watered": "grey"}]}`,
	`{"mouse": "red", "tiles": [{"tile": "W1", "x": 2, "y": 0, "watered": "blue"}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "butterflies": 7}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "worms": 9, "moles": 8}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "happy": false}, {"tile": "F42", "x": 2, "y": 1}]}`,
	`{"mouse": "red", "bonus": false, "tiles": [{"tile": "F01", "x": 0, "y": -1}, {"tile": "F10", "x": 1, "y": -1},
	  {"tile": "F20", "x": -1, "y": 0}, {"tile": "F30", "x": -1, "y": 1}, {"tile": "F40", "x": 2, "y": 0},
	  {"tile": "F05", "x": 2, "y": 1}, {"tile": "F15", "x": 0, "y": 2}, {"tile": "F25", "x": 1, "y": 2}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F14", "x": 2, "y": 0, "watered": "B"}, {"tile": "F28", "x": 3, "y": 0}]}`,
	`{"mouse": "red", "tiles": [{"tile": "G1", "x": 2, "y": 0}, {"tile": "G2", "x": 2, "y": 1}]}`,
	`{"mouse": "red", "tiles": [{"tile": "W1", "x": 0, "y": -1}, {"tile": "W2", "x": 0, "y": 2}]}`,
	`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0}, {"tile": "F10", "x": 5, "y": 5}]}`,
}

// What is wrong with a position file is the catalogue's words, down to the
// innermost cause: rendered in the pseudo-language, no letter is left
// outside ⟦…⟧, and every error.position.<…> message of the game is reached.
func TestPositionErrorsInPseudo(t *testing.T) {
	ps := Game.(engine.PositionScorer)
	reached := map[string]bool{}
	for _, in := range positionErrors {
		_, err := ps.ScorePosition([]byte(in))
		if err == nil {
			t.Fatalf("position %q scored", in)
		}
		for e := err; e != nil; e = errors.Unwrap(e) {
			if te, ok := e.(*engine.TextError); ok {
				reached[te.ID] = true
			}
		}
		if txt := engine.ErrorIn(err, i18n.Pseudo); wordsOutside(txt) != "" || !strings.HasPrefix(txt, "⟦") {
			t.Errorf("position %q: %q holds %q outside the catalogue", in, txt, wordsOutside(txt))
		}
	}
	for _, id := range texts.Bundle().Catalog(i18n.Source).IDs() {
		if strings.HasPrefix(id, "error.position.") && !reached[id] {
			t.Errorf("no malformed position reaches %s", id)
		}
	}
}

// A position file's errors in German.
func TestPositionErrorsInGerman(t *testing.T) {
	ps := Game.(engine.PositionScorer)
	for in, want := range map[string]string{
		`{"mouse": "grau", "tiles": []}`: "Feld „mouse“: unbekannte Farbe „grau“ (rot, orange, gelb, blau, violett, rosa)",
		`{"mouse": "red"}`:               `Feld „tiles“ fehlt: Zähle die Plättchen des Gartens auf ("tiles": [] für einen Garten ohne Plättchen)`,
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 0, "y": 0}]}`: "tiles[0]: das Feld (0,0) gehört zum Haus (das Haus bedeckt (0,0)–(1,1))",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0}, {"tile": "F10", "x": 5, "y": 5}]}`: "tiles[1]: das Plättchen F10 OT auf (5,5) ist nicht über " +
			"benachbarte Plättchen mit dem Haus verbunden (HP-T16.2): Jedes Plättchen berührt das Haus oder ein damit verbundenes Plättchen",
		`{"mouse": "red", "tiles": [{"tile": "G1", "x": 2, "y": 0}, {"tile": "G2", "x": 2, "y": 1}]}`: "tiles[0]: der Gartenzwerg G1 auf (2,0) liegt neben dem " +
			"Gartenzwerg G2 (HP-T16.4): Leg einen der beiden woandershin",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "worms": 9, "moles": 8}]}`: "Regenwürmer und Maulwürfe: 17 in diesem Garten, aber das Spiel " +
			"hat nur 16 Regenwurm- und Maulwurfmarker",
		`{"mouse": "red", "colour": 3}`: "unbekanntes Feld „colour“",
	} {
		_, err := ps.ScorePosition([]byte(in))
		if got := engine.ErrorIn(err, "de"); got != want {
			t.Errorf("%s:\ngot  %q\nwant %q", in, got, want)
		}
	}
}
