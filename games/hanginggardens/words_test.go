package hanginggardens

import (
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/i18n"
)

// Every word of the game comes from its catalogue (issue 20): in the
// pseudo-language xx, where each message is wrapped in ⟦…⟧, what random
// games show holds no letter outside the brackets — every event for every
// viewer, every refusal of every move encoding, every typed move that does
// not parse, every legal move as the command line words it (its kind, then
// each part's role and name), and the text drawing.

// describe words a move description as the command line does (cmd/jardin's
// chooser): the catalogue's move.<kind>, then for each part its role
// (part.<name>) and the name of what it names (a component, else a cell).
func describe(d engine.MoveDesc, lang string) string {
	words := []string{texts.T(lang, "move."+d.Kind)}
	for _, p := range d.Parts {
		name := texts.Name(p.ID, lang)
		if name == p.ID {
			name = texts.CellName(p.ID, lang)
		}
		// the role is left out when the name says it ("the 3-gold pile")
		if role := texts.T(lang, "part."+p.Name); !strings.Contains(strings.ToLower(name), strings.ToLower(role)) {
			name = role + " " + name
		}
		words = append(words, name)
	}
	return strings.Join(words, ": ")
}

// refusalsAt tries every move encoding the legal list lacks: kinds 0-7
// with every operand a move can carry, and bits outside the encoding.
func refusalsAt(s *state, legal []engine.Move) []engine.Move {
	var out []engine.Move
	for kind := 0; kind <= 7; kind++ {
		for a := 0; a <= 3; a++ {
			for b := 0; b <= 9; b++ {
				if m := mk(kind, a, b); !slices.Contains(legal, m) {
					out = append(out, m)
				}
			}
		}
	}
	return append(out, engine.Move(1<<12|kindPass))
}

// badTyping are typed moves that do not parse, one per message.
var badTyping = []string{"", "take", "take 4 1", "place", "place z9", "buy", "buy 5", "put", "put z1",
	"objective", "objective 5", "pass now", "dance"}

func TestEveryWordFromTheCatalogue(t *testing.T) {
	const xx = i18n.Pseudo
	games := 6
	if testing.Short() {
		games = 2
	}
	seen := map[string]bool{} // event keys, refusal ids and rules, move kinds met
	for n := 1; n <= 5; n++ {
		for g := range games {
			var opts engine.Options
			if n == 1 {
				opts = engine.Options{"difficulty": []string{"easy", "medium", "advanced", "expert"}[g%4]}
			}
			s := newState(t, n, uint64(100*n+g), opts)
			rng := engine.NewRNG(uint64(g))
			var legal []engine.Move
			for ply := 0; !s.Over(); ply++ {
				legal = s.LegalMoves(legal[:0])
				for _, m := range legal {
					d := s.DescribeMove(m)
					seen["move."+d.Kind] = true
					if !texts.Has("move." + d.Kind) {
						t.Fatalf("no message move.%s", d.Kind)
					}
					for _, p := range d.Parts {
						if !texts.Has("part." + p.Name) {
							t.Fatalf("no message part.%s", p.Name)
						}
					}
					if txt := describe(d, xx); enginetest.Unwrapped(txt) != "" {
						t.Fatalf("move %q is described as %q: %q is no catalogue's", s.FormatMove(m), txt, enginetest.Unwrapped(txt))
					}
				}
				if ply%7 == 0 {
					for _, m := range refusalsAt(s, legal) {
						err := s.Clone().Apply(m, nil)
						if err == nil {
							t.Fatalf("move %#x is not listed but not refused", uint64(m))
						}
						var re *engine.RuleError
						if !errorsAs(err, &re) || re.ID == "" {
							t.Fatalf("move %#x: refused without a catalogue message: %v", uint64(m), err)
						}
						seen[re.ID] = true
						if txt := texts.Explain(err, xx); enginetest.Unwrapped(txt) != "" {
							t.Fatalf("refusal %q: %q is no catalogue's", txt, enginetest.Unwrapped(txt))
						}
					}
					for _, typed := range badTyping {
						_, err := s.ParseMove(typed)
						if err == nil {
							t.Fatalf("%q parses", typed)
						}
						if txt := engine.ErrorIn(err, xx); enginetest.Unwrapped(strings.ReplaceAll(txt, typed, "")) != "" {
							t.Fatalf("typed %q: %q is no catalogue's", typed, txt)
						}
					}
					for v := engine.Spectator; v < n; v++ {
						if txt := s.Draw(v, engine.Style{Lang: xx}); enginetest.Unwrapped(txt) != "" {
							t.Fatalf("the drawing holds %q outside the catalogue:\n%s", enginetest.Unwrapped(txt), txt)
						}
					}
				}
				var log engine.Log
				if err := s.Apply(legal[rng.Intn(len(legal))], &log); err != nil {
					t.Fatal(err)
				}
				for _, e := range log.Events {
					seen["event."+e.Key] = true
					for v := engine.Spectator; v < n; v++ {
						if !e.VisibleTo(v) {
							continue
						}
						if txt := texts.Render(e, v, xx, nil); enginetest.Unwrapped(txt) != "" {
							t.Fatalf("event %s reads %q for viewer %d: %q is no catalogue's", e.Key, txt, v, enginetest.Unwrapped(txt))
						}
					}
				}
			}
			if txt := s.Draw(0, engine.Style{Lang: xx}); enginetest.Unwrapped(txt) != "" {
				t.Fatalf("the final drawing holds %q outside the catalogue:\n%s", enginetest.Unwrapped(txt), txt)
			}
		}
	}
	// random play meets every kind of move and the common refusals
	for _, id := range []string{"move.take", "move.place", "move.buy", "move.put", "move.objective", "move.pass",
		"error.step", "error.not-a-move", "error.occupied", "error.no-market-space", "event.take", "event.place"} {
		if !seen[id] {
			t.Errorf("random play never met %s", id)
		}
	}
}

// errorsAs is errors.As for a *engine.RuleError.
func errorsAs(err error, re **engine.RuleError) bool {
	r, ok := err.(*engine.RuleError)
	if ok {
		*re = r
	}
	return ok
}

// Every page.<…> message the renderer reads is in the catalogue, and every
// page.<…> message of the catalogue is read: by the renderer, or, for
// page.step.<part>, by the table page, which asks for each part a move
// description names after the first (so <part> must be one of DescribeMove's).
func TestPageWordsAreTheRenderers(t *testing.T) {
	src, err := os.ReadFile("../../web/src/games/hanginggardens.ts")
	if err != nil {
		t.Skip("no renderer source:", err)
	}
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`ctx\.t\("(page\.[a-z0-9.-]+)"`).FindAllStringSubmatch(string(src), -1) {
		used[m[1]] = true
		if !texts.Has(m[1]) {
			t.Errorf("the renderer reads %s, which the catalogue lacks", m[1])
		}
	}
	parts := map[string]bool{"card": true, "cell": true, "pile": true, "objective": true}
	for id := range texts.Sources("en", "page.") {
		if part, ok := strings.CutPrefix(id, "page.step."); ok {
			if !parts[part] {
				t.Errorf("%s asks for a part no move description names", id)
			}
			continue
		}
		if !used[id] {
			t.Errorf("%s is in the catalogue but the renderer never reads it", id)
		}
	}
	if strings.Contains(string(src), "tr(ctx") {
		t.Error("the renderer still picks English or French with tr")
	}
}

// German reads as German, plural forms included.
func TestGermanSample(t *testing.T) {
	ev := func(key string, actor int, args ...engine.Arg) engine.Event {
		return engine.Event{Key: key, Actor: actor, Private: -1, Args: args}
	}
	names := []string{"Anna", "Bert"}
	for _, tc := range []struct {
		got, want string
	}{
		{texts.Render(ev("take", 0, engine.Comp("AN04"), engine.Cell(marketCell(1, 2)), engine.Num(2)), 1, "de", names),
			"Anna setzt einen Gärtner und nimmt die Karte Affe (blaue und gelbe Blumen) aus Spalte 2, Reihe 3 für 2 Werkzeuge."},
		{texts.Render(ev("take", 0, engine.Comp("AN04"), engine.Cell(marketCell(1, 1)), engine.Num(1)), 0, "de", names),
			"Du setzt einen Gärtner und nimmst die Karte Affe (blaue und gelbe Blumen) aus Spalte 2, Reihe 2 für 1 Werkzeug."},
		{texts.Render(ev("gain_tools_short", 1, engine.Num(1), engine.Num(3)), 0, "de", names),
			"Bert erhält nur 1 von 3 Werkzeugen: Mehr war nicht im Vorrat."},
		{texts.Render(ev("tile_revealed", -1, engine.Comp("EN15"), engine.Cell(pileCell(1))), 0, "de", names),
			"Oben auf dem 3-Gold-Stapel liegt jetzt die Verschönerung Libanon-Zeder (Gold)."},
		{texts.Explain(texts.Illegal("HG-T9c", "error.objective-short", i18n.N("k", 2), i18n.S("item", "visitor"), i18n.N("need", 3), i18n.N("n", 1)), "de"),
			engine.T("de", "refusal", i18n.S("rule", "HG-T9c"), i18n.S("reason", "Das königliche Ziel auf Position 2 verlangt 3 Gäste auf einer Ebene; deine beste Ebene hat 1."))},
		{texts.T("de", "error.column-closed", i18n.N("col", 3), i18n.N("n", 1)), "Spalte 3 ist geschlossen: Ihr Gärtnerfeld ist besetzt."},
		{texts.T("de", "error.column-closed", i18n.N("col", 3), i18n.N("n", 4)), "Spalte 3 ist geschlossen: Alle 4 Gärtnerfelder sind besetzt."},
		{describe(engine.MoveDesc{Kind: "place", Parts: []engine.Part{{Name: "cell", ID: "a0"}}}, "de"),
			"die Karte anlegen: das linke Ende von Ebene 1 (der neue Platz 1)"},
		{texts.T("de", "page.objective-need", i18n.N("n", 1), i18n.S("item", "tree"), i18n.N("high", 4), i18n.N("low", 2)), "1 Baum → 4/2"},
		{texts.T("de", "page.objective-need", i18n.N("n", 3), i18n.S("item", "tree"), i18n.N("high", 4), i18n.N("low", 2)), "3 Bäume → 4/2"},
	} {
		if tc.got != tc.want {
			t.Errorf("got  %q\nwant %q", tc.got, tc.want)
		}
	}
}

// badPositions are position files written wrong (jardin score), at least
// one per error.position.* message of the game, built from the example.
func badPositions(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../../docs/examples/hanging-gardens.position.json")
	if err != nil {
		t.Fatal(err)
	}
	good := string(b)
	with := func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("the example lacks %q", old)
		}
		return strings.Replace(good, old, new, 1)
	}
	return []string{
		"", " \n", "null", "[]", `"Right"`, good + "{}", "{\n\"irrigation\": \"Right\",\n,}",
		with(`{`, `{"game": "english-gardens",`),
		`{"irigation": "Right"}`, `{"irrigation": 3}`, `{"irrigation": "Right", "players": "two"}`,
		`{"irrigation": "Right", "garden": {"a1": 5}}`, `{"irrigation": "Right", "garden": {"a1": {}}}`,
		`{"irrigation": "Right", "garden": {"a1": []}}`, `{"irrigation": "Right", "garden": {"a1": true}}`,
		with(`"irrigation": "Right"`, `"irrigation": "Left", "irrigation": "Right"`),
		with(`"a1": "AN04"`, `"a1": "AN04", "A1": "AN02"`),
		with(`"place": 1}`, `"place": 1, "place": 2}`),
		with(`"irrigation": "Right",`, ``), `{"irrigation": "Right", "players": 3}`,
		with(`"Right"`, `"Up"`), with(`"players": 3`, `"players": 7`), with(`"tools": 3`, `"tools": -1`),
		with(`"a5"`, `"a6"`), with(`"a5": "TR02"`, `"a5": ""`), with(`"AN04"`, `"AN99"`),
		with(`"TR09"`, `"TR02"`), with(`EN05`, `EN55`), with(`"TR09"`, `"TR09+EN01"`),
		with(`EN14`, `EN05`), with(`"position": 2`, `"position": 5`), with(`"place": 1}`, `"place": 3}`),
		with(`"position": 4`, `"position": 2`),
	}
}

// What is wrong with a position file is worded by the catalogues, the
// engine's and the game's, down to the innermost cause: in xx no letter is
// left outside ⟦…⟧, and every error.position.* message of the game is met.
func TestPositionErrorsFromTheCatalogue(t *testing.T) {
	reached := map[string]bool{}
	for _, in := range badPositions(t) {
		_, err := Game.(game).ScorePosition([]byte(in))
		if err == nil {
			t.Fatalf("position %q scored", in)
		}
		if txt := engine.ErrorIn(err, i18n.Pseudo); enginetest.Unwrapped(txt) != "" {
			t.Errorf("position %q: %q: %q is no catalogue's", in, txt, enginetest.Unwrapped(txt))
		}
		for _, lang := range []string{"fr", "de"} {
			if txt := engine.ErrorIn(err, lang); txt == err.Error() {
				t.Errorf("position %q: the same in %s as in English: %q", in, lang, txt)
			}
		}
		for e := err; e != nil; e = errors.Unwrap(e) {
			if te, ok := e.(*engine.TextError); ok {
				reached[te.ID] = true
			}
		}
	}
	for id := range texts.Sources("en", "error.position.") {
		if !reached[id] {
			t.Errorf("no bad position reaches %s", id)
		}
	}
}

// A position file's errors read as German, du-form, in the game's terms.
func TestPositionErrorsInGerman(t *testing.T) {
	good, err := os.ReadFile("../../docs/examples/hanging-gardens.position.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"irrigation": "Right", "players": 3}`,
			"Feld „garden“ fehlt: gib die Karte auf jedem der 12 Plätze a1-a5, b1-b4, c1-c3 an"},
		{strings.Replace(string(good), `"irrigation": "Right",`, ``, 1),
			"Feld „irrigation“ fehlt: nenne deine Bewässerungskarte (Left, Right, Borders, Center oder H)"},
		{strings.Replace(string(good), `"Right"`, `"Up"`, 1),
			"Feld „irrigation“: „Up“ ist keine Bewässerungskarte (erwartet wird eine von diesen: Left, Right, Borders, Center, H)"},
		{strings.Replace(string(good), `"TR09"`, `"TR09+EN01"`, 1),
			"garden.b4: TR09 ist keine leere Karte und kann kein Verschönerungsplättchen tragen (H6)"},
		{strings.Replace(string(good), `"TR09"`, `"TR02"`, 1), "garden.b4: das Spiel hat TR02 nur 2-mal"},
		{strings.Replace(string(good), `"place": 1}`, `"place": 3}`, 1),
			"objectives[0].place: 3 ist bei 3 Spielern kein Feld von 1 bis 2"},
		{strings.Replace(string(good), `"position": 4`, `"position": 2`, 1),
			"objectives[1]: das königliche Ziel auf Position 2 ist zweimal erfüllt (HG-T9a)"},
		{`{"irrigation": "Right", "garden": {"a1": true}}`,
			`garden.a1 muss ein String wie "EM02+EN14" sein, nicht true oder false`},
		{`{"irigation": "Right"}`,
			"unbekanntes Feld „irigation“ (eine Stellung hat die Felder irrigation, players, garden, objectives, tools und gold; siehe docs/hanging-gardens.md)"},
		{strings.Replace(string(good), `"a1": "AN04"`, `"a1": "AN04", "A1": "AN02"`, 1),
			"garden.A1 ist zweimal angegeben; lass nur eine Angabe stehen"},
	} {
		_, err := Game.(game).ScorePosition([]byte(tc.in))
		if err == nil {
			t.Fatalf("%q scored", tc.want)
		}
		if got := engine.ErrorIn(err, "de"); got != tc.want {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
}
