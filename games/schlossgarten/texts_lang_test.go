package schlossgarten

import (
	"errors"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/i18n"
)

// refusalCandidates are moves of every kind to try at a position: every
// card, every pawn and worker to every square, a few builds of each
// element, stop and done, and malformed ones.
func refusalCandidates() []engine.Move {
	var c []engine.Move
	for i := 0; i <= len(cards); i++ {
		c = append(c, mvPlay(i))
	}
	for sq := 0; sq <= nSquares; sq += 3 {
		for k := 0; k <= nPawns; k++ {
			c = append(c, mvStep(k, sq), mvDig(k, sq))
		}
		c = append(c, mvRelocate(sq))
	}
	for e := 0; e <= nElems; e++ {
		if e < nElems {
			for i, m := range elems[e].places {
				if i%5 == 0 {
					c = append(c, mvBuild(e, m))
				}
			}
		}
		c = append(c, mvBuild(e, 1<<50|1), mvBuild(e, 1|1<<2))
	}
	return append(c, moveStop, moveStop|1<<8, moveDone, moveDone|1<<4, 0, 8, 15)
}

// In the pseudo-language every word a person reads comes from the
// catalogue: over random games, every event for every viewer, the text
// drawing, every legal move's description (its kind and each part's role
// and name, as the command line and the page show them) and refusals of
// moves of every kind; no word outside ⟦…⟧ (enginetest.Unwrapped).
func TestPseudoLanguage(t *testing.T) {
	const xx = i18n.Pseudo
	cat := catalog()
	bad := func(what, txt string) {
		t.Helper()
		if out := enginetest.Unwrapped(txt); out != "" {
			t.Fatalf("%s holds %q outside the catalogue: %q", what, out, txt)
		}
	}
	name := func(id string) string {
		if cat.Known(id) {
			return cat.Name(id, xx)
		}
		return cat.CellName(id, xx)
	}
	cands := refusalCandidates()
	var buf []engine.Move
	kinds := map[string]bool{}
	refused := map[string]bool{}
	for n := 2; n <= 4; n++ {
		for g := uint64(0); g < 2; g++ {
			s := st(t, n, 900+10*uint64(n)+g)
			rng := engine.NewRNG(g + 7)
			for step := 0; !s.Over(); step++ {
				buf = s.LegalMoves(buf[:0])
				for _, m := range buf {
					d := s.DescribeMove(m)
					kinds[d.Kind] = true
					bad("move kind "+d.Kind, cat.T(xx, "move."+d.Kind))
					bad("page move kind "+d.Kind, cat.T(xx, "page.move."+d.Kind))
					for _, p := range d.Parts {
						bad("part "+p.Name, cat.T(xx, "part."+p.Name))
						bad("part "+p.Name+" "+p.ID, name(p.ID))
					}
				}
				if step%9 == 0 {
					for _, v := range []int{s.ToMove(), engine.Spectator} {
						bad("the drawing", s.Draw(v, engine.Style{Lang: xx}))
					}
				}
				if step%17 == 0 {
					for _, m := range cands {
						err := s.Clone().Apply(m, nil)
						if err == nil {
							continue
						}
						var re *engine.RuleError
						if !errors.As(err, &re) || re.ID == "" {
							t.Fatalf("%s: refused without a catalogue message: %v", formatMove(m), err)
						}
						refused[re.ID] = true
						bad("refusal of "+formatMove(m), cat.Explain(err, xx))
						if de := cat.Explain(err, "de"); strings.Contains(de, re.Message("en")) || strings.ContainsAny(de, "{}") {
							t.Fatalf("refusal of %s in German: %q", formatMove(m), de)
						}
					}
				}
				m := buf[rng.Intn(len(buf))]
				if s.phase == phWork || s.phase == phMove && rng.Intn(2) == 0 {
					m = greedyMove(s, buf)
				}
				var log engine.Log
				if err := s.Apply(m, &log); err != nil {
					t.Fatal(err)
				}
				for _, e := range log.Events {
					for v := engine.Spectator; v < n; v++ {
						if e.VisibleTo(v) {
							bad("event "+e.Key, cat.Render(e, v, xx, nil))
						}
					}
				}
			}
			bad("the final drawing", s.Draw(0, engine.Style{Lang: xx}))
		}
	}
	for _, k := range []string{"play", "move", "put", "stop", "dig", "build", "done"} {
		if !kinds[k] {
			t.Errorf("no move of kind %q described", k)
		}
	}
	// the refusals met cover most of the catalogue's reasons (a position
	// file's errors are no refusals: TestPositionErrorWords)
	n := 0
	for _, id := range cat.Bundle().Catalog("en").IDs() {
		if strings.HasPrefix(id, "error.") && !strings.HasPrefix(id, "error.parse.") && !strings.HasPrefix(id, "error.option.") &&
			!strings.HasPrefix(id, "error.position.") {
			n++
		}
	}
	if len(refused) < n/2 {
		t.Errorf("only %d of %d refusal messages met: %v", len(refused), n, refused)
	}
}

// Notation and option errors are the catalogue's too: in the
// pseudo-language only what the player typed is outside ⟦…⟧.
func TestPseudoLanguageErrors(t *testing.T) {
	s := st(t, 2, 1)
	for _, txt := range []string{"", "12", "play", "play 99", "put", "put 3", "put 9,9", "stop 1", "done 2", "dig", "dig 3,3 4,4",
		"build", "build 1 2,2", "k", "a 1 2"} {
		_, err := s.ParseMove(txt)
		if err == nil {
			t.Fatalf("%q parses", txt)
		}
		if out := enginetest.Unwrapped(engine.ErrorIn(err, i18n.Pseudo)); out != "" && txt != "k" && txt != "a 1 2" {
			t.Errorf("%q: %q outside the catalogue: %s", txt, out, engine.ErrorIn(err, i18n.Pseudo))
		}
		if de := engine.ErrorIn(err, "de"); de == err.Error() {
			t.Errorf("%q: not German: %s", txt, de)
		}
	}
	_, err := Game.New(2, 1, engine.Options{"color1": "blue", "color2": "blue"})
	if err == nil {
		t.Fatal("two seats of one colour")
	}
	if out := enginetest.Unwrapped(engine.ErrorIn(err, i18n.Pseudo)); out != "" {
		t.Errorf("colour taken: %q outside the catalogue", out)
	}
	if got, want := engine.ErrorIn(err, "de"), "Platz 2 kann nicht Blau spielen: ein anderer Platz hat diese Farbe schon"; got != want {
		t.Errorf("German: %q, want %q", got, want)
	}
}

// German reads as a German rulebook would: a few sentences with their
// plural forms, a refusal and a move description.
func TestGerman(t *testing.T) {
	cat := catalog()
	names := []string{"Anna", "Ben", "Cem", "Dora"}
	say := func(key string, actor, viewer int, args ...engine.Arg) string {
		return cat.Render(engine.Event{Key: key, Actor: actor, Private: -1, Args: args}, viewer, "de", names)
	}
	for _, tc := range []struct{ got, want string }{
		{say("stop", 0, 1, engine.Num(1)), "Anna hört nach 1 Schritt auf zu ziehen."},
		{say("stop", 0, 0, engine.Num(3)), "Du hörst nach 3 Schritten auf zu ziehen."},
		{say("dig", 1, 0, engine.Comp("gardener:blue"), engine.Cell("3,3"), engine.Num(1)),
			"Ben hebt auf Spalte 4, Reihe 4 eine Grube aus (der blaue Gärtner; das Landschaftsplättchen ist 1 Punkt wert)."},
		{say("build2", 1, 1, engine.Comp("pool:blue"), engine.Num(5), engine.Num(7), engine.Cell("3,3"), engine.Cell("4,3")),
			"Du baust das blaue Wasserbecken auf Spalte 4, Reihe 4 und Spalte 5, Reihe 4 und sammelst Landschaftsplättchen für 5 Punkte; Stand: 7 Punkte."},
		{say("build1", 2, 0, engine.Comp("column:white"), engine.Num(1), engine.Num(1), engine.Cell("0,0")),
			"Cem baut die weiße Säule auf Spalte 1, Reihe 1 und sammelt Landschaftsplättchen für 1 Punkt; Stand: 1 Punkt."},
		{say("strike", 3, 0, engine.Comp("architect:red")), "Dora schlägt einen Untertan: der rote Architekt."},
		{say("play", 0, 0, engine.Comp("C07")), "Du spielst die Konstellationskarte (oben: König links, Gärtner rechts; unten: Architekt links) aus."},
		{cat.Name("hedge2:yellow", "de"), "die gelbe Hecke aus 2 Feldern"},
		{cat.Name("labyrinth:red", "de"), "das rote Labyrinth"},
		{cat.Title("de"), "Der Prestel Schlossgarten"},
		{cat.Explain(catalog().Illegal("SG-T16", "error.element.placed", i18n.S("element", "pool")), "de"),
			"Spielzug nach Regel SG-T16 abgelehnt: dein Wasserbecken liegt schon auf dem Spielplan"},
		{cat.Explain(catalog().Illegal("SG-T14", "error.worker", i18n.S("worker", "architect")), "de"),
			"Spielzug nach Regel SG-T14 abgelehnt: dein Architekt gehört nicht zur Konstellation und kann daher nicht arbeiten"},
		{cat.T("de", "move.dig") + ", " + cat.T("de", "part.worker") + " " + cat.Name("gardener", "de"), "Grube ausheben, Arbeiter Gärtner"},
		{cardFigure(6, "de"), "C07 [KG / A.]"},
		{cat.T("de", "page.tile", i18n.N("n", 1)), "Landschaftsplättchen mit 1 Punkt"},
		{cat.T("de", "page.pit", i18n.N("n", 2)), "Grube (2 Punkte)"},
	} {
		if tc.got != tc.want {
			t.Errorf("got  %q\nwant %q", tc.got, tc.want)
		}
	}
}
