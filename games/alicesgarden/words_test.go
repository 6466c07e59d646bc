package alicesgarden

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/i18n"
)

// notationWord is what the text drawing may show outside the catalogue: the
// notation a player types (tile ids, orientations, shape and icon letters),
// which reads the same in every language; held bonus tiles are a run of
// icon letters ("RRM") or counts ("3R 2M").
var notationWord = regexp.MustCompile(`\b([OILTS][0-9]{2}|r(0|90|180|270)f?|[0-9]*[A-Za-z]|[RMTCg]+)\b`)

// outside is what s, rendered in the pseudo-language, holds outside the
// catalogue, notation aside.
func outside(s string) string {
	return enginetest.Unwrapped(notationWord.ReplaceAllString(i18n.StripPseudo(s), " "))
}

// describe words part p of a move as the command line does: its role, then
// the name of what it names (a component, a cell, or a number).
func describe(p engine.Part, lang string) (string, bool) {
	if !catalog.Has("part." + p.Name) {
		return "", false
	}
	name := catalog.Name(p.ID, lang)
	switch {
	case catalog.Known(p.ID):
	case p.Name == "cell":
		if _, ok := parseCellID(p.ID); !ok {
			return "", false
		}
		name = catalog.CellName(p.ID, lang)
	case p.Name == "count":
		n, err := strconv.Atoi(p.ID)
		if err != nil {
			return "", false
		}
		name = catalog.T(lang, "page.choice.count", i18n.N("n", n))
	default:
		return "", false
	}
	return catalog.T(lang, "part."+p.Name) + " " + name, true
}

// TestWordsInPseudo (issue 20): in random games of 1 to 4 players on both
// sides, every event for every viewer, every refused move, every part of
// every legal move and the text drawing for every seat render in the
// pseudo-language with no word outside ⟦…⟧ (the drawing may show the
// notation: tile ids, orientations, letters); every error message of the
// catalogue is reached by a refusal or a typed move, and every refusal
// names its message.
func TestWordsInPseudo(t *testing.T) {
	xx := i18n.Pseudo
	reached := map[string]bool{}
	refused := func(err error, what string) {
		t.Helper()
		var re *engine.RuleError
		var te *engine.TextError
		switch {
		case errors.As(err, &re):
			if re.ID == "" || !catalog.Has(re.ID) {
				t.Fatalf("%s: refusal %v without a catalogue message", what, err)
			}
			reached[re.ID] = true
		case errors.As(err, &te):
			if !catalog.Has(te.ID) {
				t.Fatalf("%s: error %v without a catalogue message", what, err)
			}
			reached[te.ID] = true
		default:
			t.Fatalf("%s: error %v is no catalogue's", what, err)
		}
		if got := catalog.Explain(err, xx); outside(got) != "" || enginetest.Unwrapped(got) != "" {
			t.Fatalf("%s: refusal %q holds words outside the catalogue", what, got)
		}
	}
	for n := 1; n <= 4; n++ {
		for seed := uint64(1); seed <= 6; seed++ {
			opts := engine.Options{"side": "AB"[seed%2 : seed%2+1]}
			st, err := Game.New(n, seed*13+uint64(n), opts)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			rng := engine.NewRNG(seed)
			for step := 0; !s.Over(); step++ {
				legal := s.LegalMoves(nil)
				for _, m := range legal {
					d := s.DescribeMove(m)
					if !catalog.Has("move." + d.Kind) {
						t.Fatalf("move %s: kind %q has no message move.%s", s.FormatMove(m), d.Kind, d.Kind)
					}
					for _, p := range d.Parts {
						w, ok := describe(p, xx)
						if !ok {
							t.Fatalf("move %s: part %s=%s is not worded by the catalogue", s.FormatMove(m), p.Name, p.ID)
						}
						if out := enginetest.Unwrapped(w); out != "" {
							t.Fatalf("move %s: part %q holds %q outside the catalogue", s.FormatMove(m), w, out)
						}
					}
				}
				if step%4 == 0 {
					for v := engine.Spectator; v < n; v++ {
						for _, l := range strings.Split(s.Draw(v, engine.Style{Lang: xx}), "\n") {
							if out := outside(l); out != "" {
								t.Fatalf("%dp seed %d: drawing line %q holds %q outside the catalogue", n, seed, l, out)
							}
						}
					}
					for e := engine.Move(0); e < 1<<12; e += 7 {
						if slices.Contains(legal, e) {
							continue
						}
						c := *s
						if err := c.Apply(e, nil); err != nil {
							refused(err, s.FormatMove(e))
						}
					}
				}
				var log engine.Log
				if err := s.Apply(legal[rng.Intn(len(legal))], &log); err != nil {
					t.Fatal(err)
				}
				for _, e := range log.Events {
					for v := engine.Spectator; v < n; v++ {
						if got := catalog.Render(e, v, xx, nil); enginetest.Unwrapped(got) != "" {
							t.Fatalf("event %s for %d: %q holds words outside the catalogue", e.Key, v, got)
						}
					}
				}
			}
			for v := engine.Spectator; v < n; v++ {
				if out := outside(s.Draw(v, engine.Style{Lang: xx})); out != "" {
					t.Fatalf("%dp seed %d: final drawing holds %q outside the catalogue", n, seed, out)
				}
			}
			c := *s
			refused(c.Apply(mvBag(0), nil), "a move after the end")
		}
	}
	// refusals random play seldom reaches: short bags (AG-T1), a player
	// who cannot place (AG-T8), a held bonus tile of another kind and an
	// occupied square at the end (AG-E2), the solo bags (AG-SO2a, SO2e,
	// SO4), a tile that does not fit (AG-T4, SO2c), a non-canonical
	// orientation (AG-T5a)
	s := newState(t, 3, nil)
	s.bagN = [5]uint8{13, 3, 2, 0, 13}
	for _, m := range []string{"bag I", "bag T"} {
		refused(s.check(mustParse(t, s, m)), m)
	}
	s = newState(t, 3, nil)
	fillExcept(&s.b[0], sq(1, 1), sq(3, 3), sq(5, 5))
	mustApply(t, s, "bag O")
	for _, m := range []string{"bonus 2", "take O03"} {
		refused(s.check(mustParse(t, s, m)), m)
	}
	s = newState(t, 2, nil)
	s.phase, s.b[0].held[0], s.b[0].heldN = phFinal, 1, 1
	s.b[0].occ = 1
	for _, m := range []string{"put M 2,2", "put R 1,1", "bag O"} {
		refused(s.check(mustParse(t, s, m)), m)
	}
	s = newState(t, 1, nil)
	s.left &^= 1
	refused(s.checkSoloBag(0), "solo bag on the right")
	s.left, s.bagN[1] = 1<<nShapes-1, 0
	refused(s.checkSoloBag(1), "solo empty bag")
	fillExcept(&s.b[0], sq(1, 1), sq(1, 2), sq(1, 3), sq(1, 4))
	refused(s.checkSoloBag(0), "solo bag that does not fit")
	s = newState(t, 2, nil)
	mustApply(t, s, "bag O")
	offered := s.supply[0]
	fillExcept(&s.b[0], sq(1, 1), sq(1, 2), sq(2, 1), sq(2, 2))
	for _, x := range s.supply[:s.supplyN] {
		if tiles[x].shape != tiles[offered].shape {
			refused(s.check(mvTake(int(x))), "a tile that does not fit")
		}
	}
	s = newState(t, 1, nil)
	s.phase, s.drawn[0], s.drawn[1], s.drawnN = phTake, 13, 0, 2 // an I and an O tile
	fillExcept(&s.b[0], sq(1, 1), sq(1, 2), sq(2, 1), sq(2, 2))
	refused(s.check(mvTake(13)), "solo: a drawn tile that does not fit")
	refused(s.check(mvTake(40)), "solo: a tile not drawn")
	for ti := range tiles {
		if len(tiles[ti].orients) < 8 {
			s = newState(t, 2, nil)
			mustApply(t, s, "bag O")
			s.phase, s.held = phPlace, int8(ti)
			for k := 0; k < 8; k++ {
				if _, ok := tiles[ti].findOrient(uint8(k)); !ok {
					refused(s.check(mvPlace(k, 0)), "an orientation that is another")
					break
				}
			}
			break
		}
	}
	// moves typed wrong
	s = newState(t, 2, nil)
	for _, in := range []string{"", "dig 3", "bag", "bag X", "take", "take Q99", "place r90", "place r45 1,1",
		"place r0 11", "place r0 9,9", "bonus", "bonus x", "put R", "put X 1,1"} {
		_, err := s.ParseMove(in)
		if err == nil {
			t.Fatalf("%q parsed", in)
		}
		refused(err, strconv.Quote(in))
	}
	// position files written wrong (jardin score)
	full := `"RMTCCGTM",`
	for _, in := range []string{"", "{}", `{"grid":[],"side":"C"}`, `{"grid":[],"unplaced":99}`,
		`{"grid":[` + strings.Repeat(full, 6) + `"RMTCCGTM"]}`, `{"grid":["RM"]}`, "RMTC # four\n", "RMTCCGTX\n", "RMTCCGTM\n",
		`{"grid":[` + strings.Repeat(full, 5) + `"RMTCCGT."],"unplaced":1}`, "unplaced 1\n" + strings.Repeat("RMTCCGTM\n", 5) + "RMTCCGT.\n",
		"game hanging-gardens\n", "RMTCCGTM\nside A\n", "side C\n", "unplaced x\n", "solo 1\n"} {
		_, err := Game.(engine.PositionScorer).ScorePosition([]byte(in))
		if err == nil {
			t.Fatalf("position %q scored", in)
		}
		refused(err, "position "+strconv.Quote(in))
		for e := err; e != nil; e = errors.Unwrap(e) {
			if te, ok := e.(*engine.TextError); ok {
				reached[te.ID] = true
			}
		}
	}
	var missing []string
	for _, id := range catalog.Bundle().Catalog(i18n.Source).IDs() {
		if strings.HasPrefix(id, "error.") && !reached[id] && id != "error.first.solo" {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		t.Errorf("error messages no refusal reached: %v", missing)
	}
}

func mustParse(t *testing.T, s *state, in string) engine.Move {
	t.Helper()
	m, err := s.ParseMove(in)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestGerman: German sentences as a German rulebook words them, with the
// plural forms German needs (ein Bonusplättchen, 2 Bonusplättchen).
func TestGerman(t *testing.T) {
	names := []string{"Anna", "Bernd"}
	for _, tc := range []struct {
		e      engine.Event
		viewer int
		want   string
	}{
		{engine.Event{Key: "bag.choose", Actor: 0, Args: []engine.Arg{engine.Comp("bag:O")}}, 1, "Anna wählt den Beutel O"},
		{engine.Event{Key: "take.supply", Actor: 1, Args: []engine.Arg{engine.Comp("tile:L07")}}, 1, "Du nimmst das L-Plättchen (Pilz, Baum, Schachfigur, Gärtner) aus der Auslage"},
		{engine.Event{Key: "place", Actor: 0, Args: []engine.Arg{engine.Comp("tile:O03"), engine.Comp("orient:r90f"), engine.Cell("r2c3")}}, 1,
			"Anna legt das O-Plättchen (Pilz, Gärtner, Baum, Rose) gewendet und um 90° gedreht, das linke obere Feld auf Reihe 2, Spalte 3"},
		{engine.Event{Key: "bonus.take", Actor: 0, Args: []engine.Arg{engine.Num(1)}}, 0, "Du nimmst ein Bonusplättchen"},
		{engine.Event{Key: "bonus.take", Actor: 0, Args: []engine.Arg{engine.Num(3)}}, 1, "Anna nimmt 3 Bonusplättchen"},
		{engine.Event{Key: "bonus.draw", Actor: 1, Args: []engine.Arg{engine.Comp("bonus:M")}}, 0, "Bernd zieht ein Pilz-Bonusplättchen"},
	} {
		if got := catalog.Render(tc.e, tc.viewer, "de", names); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.e.Key, got, tc.want)
		}
	}
	s := newState(t, 3, nil)
	s.bagN = [5]uint8{13, 1, 2, 0, 13}
	for m, want := range map[string]string{
		"bag I": "AG-T1: der Beutel I enthält nur noch ein Plättchen, weniger als die 4 zu ziehenden, und der Beutel O enthält genug",
		"bag L": "AG-T1: der Beutel L enthält nur noch 2 Plättchen, weniger als die 4 zu ziehenden, und der Beutel O enthält genug",
	} {
		if got := catalog.Explain(s.check(mustParse(t, s, m)), "de"); !strings.HasSuffix(got, want[len("AG-T1: "):]) || !strings.Contains(got, "AG-T1") {
			t.Errorf("%s: %q, want %q", m, got, want)
		}
	}
	for n, want := range map[int]string{0: "kein Bonusplättchen", 1: "ein Bonusplättchen", 2: "2 Bonusplättchen"} {
		if got := catalog.T("de", "page.choice.count", i18n.N("n", n)); got != want {
			t.Errorf("count %d: %q, want %q", n, got, want)
		}
	}
	if got := catalog.Name("side:A", "de"); got != "Seite A (Mittelweg)" {
		t.Errorf("side A: %q", got)
	}
	if d := s.Draw(0, engine.Style{Lang: "de"}); !strings.Contains(d, "Beutel:") || !strings.Contains(d, "S1") || !strings.Contains(d, "(du)") {
		t.Errorf("German drawing:\n%s", d)
	}
}
