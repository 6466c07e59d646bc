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
