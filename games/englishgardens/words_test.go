package englishgardens

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/i18n"
)

// notationRE matches the notation the text drawing prints beside the
// catalogue's words so that a player can type moves (h2, r1c3, c1, #12,
// 1:): it is no word, and the pseudo-language check skips it.
var notationRE = regexp.MustCompile(`\b(h[1-4]|r[1-3]c[1-3]|[cr][1-3])\b|#[0-9]+`)

// unwrapped is what s, in the pseudo-language, holds outside the
// catalogue's ⟦…⟧, the notation aside.
func unwrapped(s string) string {
	return enginetest.Unwrapped(notationRE.ReplaceAllString(i18n.StripPseudo(s), " "))
}

// Issue 20: every word a person reads is catalogue data. Many random games
// at every player count render, in the pseudo-language, every event for
// every seat and the spectator, the refusal of moves near the legal ones,
// every legal move's description (its kind, each part's role and the name
// of what the part names) and the text drawing for every viewer; none may
// hold a letter outside ⟦…⟧ (notation aside).
func TestPseudoLanguageEverywhere(t *testing.T) {
	const lang = i18n.Pseudo
	var near []engine.Move
	for k := uint8(mkTakeLand); k < mkLimit; k++ {
		for a := uint8(0); a <= 6; a += 2 {
			for b := uint8(0); b <= 9; b += 3 {
				near = append(near, move{k, a, b}.pack())
			}
		}
	}
	games := 6
	if testing.Short() {
		games = 2
	}
	checked := map[string]int{}
	bad := func(what, txt string) {
		t.Helper()
		if out := unwrapped(txt); out != "" {
			t.Fatalf("%s: %q holds %q outside the catalogue", what, txt, out)
		}
	}
	for n := 1; n <= 5; n++ {
		for g := 0; g < games; g++ {
			seed := uint64(100*n + g)
			s := newState(t, n, seed, nil)
			rng := engine.NewRNG(seed)
			var legal []engine.Move
			for step := 0; !s.Over() && step < 200; step++ {
				where := fmt.Sprintf("%d players, seed %d, step %d", n, seed, step)
				legal = s.LegalMoves(legal[:0])
				for _, m := range legal {
					d := s.DescribeMove(m)
					bad(where+" move kind", texts.T(lang, "move."+d.Kind))
					bad(where+" page move kind", texts.T(lang, "page.move."+d.Kind))
					for _, p := range d.Parts {
						bad(where+" part role", texts.T(lang, "part."+p.Name))
						name := texts.Name(p.ID, lang)
						if name == p.ID {
							name = texts.CellName(p.ID, lang)
						}
						bad(where+" part "+p.ID, name)
					}
					checked["description"]++
				}
				if step%3 == 0 {
					for _, m := range near {
						if containsMove(legal, m) {
							continue
						}
						if err := s.Clone().Apply(m, nil); err != nil {
							bad(where+" refusal", texts.Explain(err, lang))
							checked["refusal"]++
						}
					}
					for v := engine.Spectator; v < n; v++ {
						bad(where+" drawing", s.Draw(v, engine.Style{Lang: lang}))
						checked["drawing"]++
					}
				}
				var log engine.Log
				if err := s.Apply(legal[rng.Intn(len(legal))], &log); err != nil {
					t.Fatal(err)
				}
				for _, e := range log.Events {
					for v := engine.Spectator; v < n; v++ {
						if e.VisibleTo(v) {
							bad(where+" event "+e.Key, texts.Render(e, v, lang, nil))
							checked["event"]++
						}
					}
				}
			}
		}
	}
	for _, k := range []string{"description", "refusal", "drawing", "event"} {
		if checked[k] == 0 {
			t.Errorf("no %s checked", k)
		}
	}
	t.Logf("checked %v", checked)
}

func containsMove(ms []engine.Move, m engine.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// Typed moves that do not parse are worded by the catalogue too.
func TestParseErrorsWorded(t *testing.T) {
	s := newState(t, 2, 1, nil)
	for _, txt := range []string{"", "frob", "take", "take 7", "trophy x", "refresh", "refresh x 12",
		"refresh land 1234", "refresh land 14", "special2 x", "place h1", "place h9 r1c1", "cover h1 r9c1",
		"discard", "discard x", "put", "put c4", "end now", "pass 2"} {
		_, err := s.ParseMove(txt)
		if err == nil {
			t.Fatalf("%q parses", txt)
		}
		var te *engine.TextError
		if !errors.As(err, &te) {
			t.Fatalf("%q: %v is not a catalogue's error", txt, err)
		}
		for _, lang := range texts.Langs() {
			msg := engine.ErrorIn(err, lang)
			if msg == "" || strings.Contains(msg, "error.") {
				t.Errorf("%q in %s: %q", txt, lang, msg)
			}
		}
		if out := unwrapped(strings.ReplaceAll(engine.ErrorIn(err, i18n.Pseudo), strings.TrimSpace(txt), "")); out != "" {
			t.Errorf("%q: %q holds %q outside the catalogue", txt, engine.ErrorIn(err, i18n.Pseudo), out)
		}
	}
}

// A few German sentences, as a German player reads them: events with the
// right plural, a refusal naming cards and a cell, a move, a card's name.
func TestGermanSample(t *testing.T) {
	const de = "de"
	ev := func(key string, actor, viewer int, args ...engine.Arg) string {
		return texts.Render(engine.Event{Actor: actor, Private: -1, Key: key, Args: args}, viewer, de, []string{"Anna", "Ben"})
	}
	s := newState(t, 2, 1, nil)
	rose := int8(-1)
	for c := int8(0); c < numLand; c++ {
		if k := s.card(c); k.Colour == 1 && k.Flower == flRose && k.Feature == featPond {
			rose = c
		}
	}
	lily := int8(-1)
	for c := int8(0); c < numLand; c++ {
		if k := s.card(c); k.Colour == 3 && k.Flower == flLily && k.Feature == featPond {
			lily = c
		}
	}
	noMatch := texts.Illegal("EG-T6c", "error.no-match", append(append(s.cardArgs(rose, ""), s.cardArgs(lily, "2")...), cellArgs(5, "")...)...)
	for _, c := range []struct{ got, want string }{
		{ev("refresh-land", 0, 1, engine.Num(1)), "Anna dreht die Dorfkarte um: 1 Landschaftskarte kommt unter den Stapel (Sonderaktion 1)."},
		{ev("refresh-land", 0, 0, engine.Num(3)), "Du drehst deine Dorfkarte um: 3 Landschaftskarten kommen unter den Stapel (Sonderaktion 1)."},
		{ev("place", 1, 0, engine.Cell("r2c3"), engine.Comp(landID(rose))), "Ben legt eine Landschaftskarte in Reihe 2, Spalte 3: rote Rose (Teich)."},
		{ev("put-trophy", 0, 0, engine.Cell("c2"), engine.Comp("trophy:8")), "Du legst die Trophäenkarte auf Platz über Spalte 2: Rosa-Gelber-Preis."},
		{texts.T(de, "draw.hand", i18n.N("n", 1)), "Hand: 1 Karte"},
		{texts.T(de, "draw.hand", i18n.N("n", 4)), "Hand: 4 Karten"},
		{noMatch.(*engine.RuleError).Message(de), "Die rote Rose hat weder Blume noch Farbe mit der blauen Lilie in Reihe 2, Spalte 3 gemeinsam."},
		{texts.Illegal("EG-T3", "error.refresh-all", i18n.N("n", 2)).(*engine.RuleError).Message(de), "Sonderaktion 1 legt alle 2 offenen Karten unter den Stapel: Nenne jeden Platz einmal."},
		{texts.T(de, "move.special2"), "Sonderaktion 2: eine Karte auf eine andere legen"},
		{texts.Name("land:13", de), "rote Rose (Eiche, Eiche)"},
		{texts.CellName("hand:2", de), "Karte 2 deiner Hand"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
	// French keeps its agreement: la rose bleue, le lys bleu.
	if got, want := noMatch.(*engine.RuleError).Message("fr"), "La rose rouge n'a ni la fleur ni la couleur du lys bleu en rangée 2, colonne 3."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// badPositions are position files written wrong (jardin score), one or more
// for each of the game's error.position messages, with what the error says
// in English and in German.
var badPositions = []struct{ in, en, de string }{
	{`{"village":"up"}`, `missing field "cells" (the landscape cells, e.g. {"r1c1": "lawn"}; {} for a village without cards)`,
		`Feld „cells“ fehlt (die Landschaftsfelder, z. B. {"r1c1": "lawn"}; {} für ein Dorf ohne Karten)`},
	{`{"cells":{},"village":"sideways"}`, `village "sideways": want "up" or "down"`, `Dorf „sideways“: erwartet wird „up“ (offen) oder „down“ (verdeckt)`},
	{`{"cells":{"r4c1":"lawn"}}`, `cell "r4c1": landscape cells are r1c1 to r3c3`, `Feld „r4c1“: Die Landschaftsfelder sind r1c1 bis r3c3`},
	{`{"cells":{"r1c1\n":"lawn"}}`, `cell "r1c1\n": landscape cells are r1c1 to r3c3`, `Feld „r1c1\n“: Die Landschaftsfelder sind r1c1 bis r3c3`},
	{`{"cells":{"r1c1":"lawn","R1C1":"red rose pond"}}`, "cell r1c1 given twice; list a stack as one entry, bottom first",
		"Feld r1c1 steht zweimal da; schreib einen Stapel als einen Eintrag, die unterste Karte zuerst"},
	{`{"cells":{"r1c1":7}}`, `cell r1c1: want a card like "red rose pond" or a list of cards, bottom first`,
		"Feld r1c1: erwartet wird eine Karte wie „red rose pond“ oder eine Liste von Karten, die unterste zuerst"},
	{`{"cells":{"r1c1":[]}}`, `cell r1c1: want a card like "red rose pond"`, "Feld r1c1: erwartet wird eine Karte"},
	{`{"cells":{"r1c1":["lawn","lawn","lawn","lawn","lawn","lawn","lawn","lawn","lawn"]}}`, "cell r1c1: at most 8 cards", "Feld r1c1: höchstens 8 Karten"},
	{`{"cells":{"r1c1":"purple rose"}}`, `cell r1c1: "purple rose": unknown word "purple" (colours red yellow blue;`,
		"Feld r1c1: „purple rose“: unbekanntes Wort „purple“ (Farben red yellow blue;"},
	{`{"cells":{"r1c1":"red pond"}}`, `cell r1c1: "red pond": a card has a colour and a flower, or is a lawn`,
		"Feld r1c1: „red pond“: Eine Karte hat eine Farbe und eine Blume, oder sie ist ein Rasen (lawn)"},
	{`{"cells":{"r1c1":"red rose oak"}}`, `cell r1c1: "red rose oak": no such card in the box`,
		"Feld r1c1: „red rose oak“: Eine solche Karte gibt es in der Schachtel nicht"},
	{`{"cells":{"r1c1":"red rose pond","r1c2":"red rose pond"}}`, `cell r1c2: "red rose pond": the box has no more such cards`,
		"Feld r1c2: „red rose pond“: Die Schachtel hat keine weitere solche Karte"},
	{`{"cells":{},"trophies":{"c4":1}}`, `trophy slot "c4": slots are c1, c2, c3, r1, r2, r3`, "Trophäenplatz „c4“: Die Plätze sind c1, c2, c3, r1, r2, r3"},
	{`{"cells":{},"trophies":{"c1":1,"C1":2}}`, "trophy slot c1 given twice; list a stack as one entry, bottom first",
		"Trophäenplatz c1 steht zweimal da; schreib einen Stapel als einen Eintrag, die unterste Karte zuerst"},
	{`{"cells":{},"trophies":{"r2":"x"}}`, "trophy slot r2: want a trophy number or a list of them, bottom first",
		"Trophäenplatz r2: erwartet wird die Nummer einer Trophäenkarte oder eine Liste davon, die unterste zuerst"},
	{`{"cells":{},"trophies":{"c1":31}}`, "trophy slot c1: trophy #31 does not exist (1–30)", "Trophäenplatz c1: Trophäenkarte Nr. 31 gibt es nicht (1 bis 30)"},
	{`{"cells":{},"trophies":{"r3":[5,0]}}`, "trophy slot r3: trophy #0 does not exist (1–30)", "Trophäenplatz r3: Trophäenkarte Nr. 0 gibt es nicht (1 bis 30)"},
	{`{"cells":{},"trophies":{"c1":3,"c2":3}}`, "trophy #3 appears twice", "Trophäenkarte Nr. 3 steht zweimal da"},
	{`{"cells":{},"colour":"red"}`, `unknown field "colour"; want a JSON object as in docs/english-gardens.md`,
		"unbekanntes Feld „colour“; erwartet wird ein JSON-Objekt wie in docs/english-gardens.md"},
	{`null`, "want a JSON object ({…}), not null; want a JSON object as in docs/english-gardens.md",
		"erwartet wird ein JSON-Objekt ({…}), nicht null; erwartet wird ein JSON-Objekt wie in docs/english-gardens.md"},
	{"{\n  \"cells\": {\"r1c1\": \"lawn\",}\n}", "line 2, column 28: JSON syntax error:", "Zeile 2, Spalte 28: JSON-Syntaxfehler:"},
	{`{"cells":[]}`, "line 1, column 10: field cells: want an object, not array", "Zeile 1, Spalte 10: Feld cells: erwartet wird ein Objekt, nicht eine Liste"},
	{`{"game":"hanging-gardens","cells":{}}`, `this file does not look like an english-gardens position: its "game" field says "hanging-gardens"`,
		"diese Datei sieht nicht nach einer Stellung von english-gardens aus: ihr Feld „game“ sagt „hanging-gardens“"},
	{"", "the file is empty", "die Datei ist leer"},
}

// What is wrong with a position file is worded by the catalogues, the
// engine's and the game's, down to the innermost cause: in the
// pseudo-language no letter is left outside ⟦…⟧, English and German say
// what to fix, and every error.position message of the game is reached.
func TestPositionErrorsWorded(t *testing.T) {
	reached := map[string]bool{}
	for _, c := range badPositions {
		_, err := Game.(engine.PositionScorer).ScorePosition([]byte(c.in))
		if err == nil {
			t.Fatalf("%q scored", c.in)
		}
		var te *engine.TextError
		if !errors.As(err, &te) {
			t.Fatalf("%q: %v is not a catalogue's error", c.in, err)
		}
		for e := err; e != nil; e = errors.Unwrap(e) {
			if te, ok := e.(*engine.TextError); ok {
				reached[te.ID] = true
			}
		}
		if xx := engine.ErrorIn(err, i18n.Pseudo); enginetest.Unwrapped(xx) != "" {
			t.Errorf("%q in xx: %q holds %q outside the catalogue", c.in, xx, enginetest.Unwrapped(xx))
		}
		if got := err.Error(); !strings.HasPrefix(got, c.en) {
			t.Errorf("%q in English:\ngot  %q\nwant %q…", c.in, got, c.en)
		}
		if got := engine.ErrorIn(err, "de"); !strings.HasPrefix(got, c.de) {
			t.Errorf("%q in German:\ngot  %q\nwant %q…", c.in, got, c.de)
		}
		for _, lang := range texts.Langs() {
			if msg := engine.ErrorIn(err, lang); strings.Contains(msg, "error.") {
				t.Errorf("%q in %s: %q names a message id", c.in, lang, msg)
			}
		}
	}
	for _, id := range texts.Bundle().Catalog(i18n.Source).IDs() {
		if strings.HasPrefix(id, "error.position.") && !reached[id] {
			t.Errorf("no bad position reaches %s", id)
		}
	}
}
