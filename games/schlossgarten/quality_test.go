package schlossgarten

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// Views never leak a hand or the deck order: states that differ only in
// hidden parts give byte-identical views.
func TestViewsLeakNothing(t *testing.T) {
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		s := st(t, n, 77)
		rng := engine.NewRNG(5)
		for i := 0; i < 400 && !s.Over(); i++ {
			for p := engine.Spectator; p < n; p++ {
				a, _ := json.Marshal(s.View(p))
				b, _ := json.Marshal(s.Determinize(p, uint64(i)).View(p))
				if !bytes.Equal(a, b) {
					t.Fatalf("view of %d depends on hidden parts", p)
				}
				// the deck reversed: nobody's view changes
				c := *s
				var buf [maxCards]int8
				d := c.deckCards(&buf)
				slices.Reverse(d)
				c.setDeck(d)
				if x, _ := json.Marshal(c.View(p)); !bytes.Equal(a, x) {
					t.Fatalf("view of %d shows the deck order", p)
				}
				var v View
				_ = json.Unmarshal(a, &v)
				for q, seat := range v.Seats {
					if q != p && seat.Hand != nil {
						t.Fatalf("view of %d shows seat %d's hand", p, q)
					}
				}
			}
			buf = s.LegalMoves(buf[:0])
			_ = s.Apply(buf[rng.Intn(len(buf))], nil)
		}
	}
}

// greedyMove picks the move with the best immediate score gain for the
// mover, breaking ties with Evaluate (as the bots package's greedy does).
func greedyMove(s *state, buf []engine.Move) engine.Move {
	me := s.ToMove()
	base := s.Score(me)
	best, bestGain, bestEval := buf[0], -1<<30, -1e18
	for _, m := range buf {
		c := *s
		_ = c.Apply(m, nil)
		gain := c.Score(me) - base
		ev := c.Evaluate(me)
		if gain > bestGain || gain == bestGain && ev > bestEval {
			best, bestGain, bestEval = m, gain, ev
		}
	}
	return best
}

func TestGreedyBeatsRandom(t *testing.T) {
	games, wins := 100, 0
	var buf []engine.Move
	for g := 0; g < games; g++ {
		s := st(t, 2, uint64(500+g))
		gs := g % 2 // greedy's seat
		rng := engine.NewRNG(uint64(g))
		for !s.Over() {
			buf = s.LegalMoves(buf[:0])
			m := buf[rng.Intn(len(buf))]
			if s.ToMove() == gs {
				m = greedyMove(s, buf)
			}
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
		r := s.Result()
		if r.Players[gs].Rank == 1 && r.Players[1-gs].Rank != 1 {
			wins++
		}
	}
	t.Logf("greedy won %d of %d", wins, games)
	if wins < games*9/10 {
		t.Fatalf("greedy won %d of %d, want at least 90%%", wins, games)
	}
}

func TestNotationRoundTrip(t *testing.T) {
	for _, txt := range []string{"play C07", "k 3,5", "g 0,0", "a 6,6", "put 6,5", "stop", "dig g 3,3", "dig a 0,6",
		"build pool 3,3 4,3", "build hedge1 2,3", "build terrace 3,2 3,3 4,3", "done"} {
		m, err := parseMove(txt)
		if err != nil {
			t.Fatalf("%q: %v", txt, err)
		}
		if got := formatMove(m); got != txt {
			t.Errorf("%q prints as %q", txt, got)
		}
	}
	for _, txt := range []string{"PLAY c7", "  K  (3,5) ", "king 3,5", "build POOL 4,3 3,3"} {
		if _, err := parseMove(txt); err != nil {
			t.Errorf("%q: %v", txt, err)
		}
	}
	for _, txt := range []string{"", "play", "play C99", "k 7,0", "k 3", "dig k 3,3", "build moat 1,1", "build pool",
		"build pool 1,1 1,2 1,3 1,4", "stop now", "jump"} {
		if _, err := parseMove(txt); err == nil {
			t.Errorf("%q parsed", txt)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	s := st(&testing.T{}, 3, 1)
	enginetest.FuzzParseMove(f, s)
}

func TestDraw(t *testing.T) {
	s := x5(t)
	s.turnOf(t, 0, "C07")
	plain := s.Draw(0, engine.Style{})
	if strings.Contains(plain, "\x1b[") {
		t.Fatal("colour codes without style.Color")
	}
	for _, want := range []string{"Kr", "Gr", "Aw", "C07 [KG / A.]", "red (r)", "Ground:"} {
		if !strings.Contains(plain, want) {
			t.Errorf("drawing lacks %q:\n%s", want, plain)
		}
	}
	if strings.Contains(s.Draw(1, engine.Style{}), "C07") {
		t.Error("blue's drawing shows red's hand")
	}
	col := s.Draw(0, engine.Style{Color: true, Lang: "fr"})
	if !strings.Contains(col, "\x1b[31m") || !strings.Contains(col, "Sol") {
		t.Error("colour or French legend missing")
	}
}

func TestGameInfo(t *testing.T) {
	if Game.ID() != "schlossgarten" || Game.Title("fr") == Game.Title("en") {
		t.Fatal("id or titles")
	}
	if lo, hi := Game.Players(); lo != 2 || hi != 4 {
		t.Fatal("players")
	}
	if !strings.Contains(Game.Rules(), "SG-T17") {
		t.Fatal("rules summary should name the rule ids")
	}
	var _ engine.Drawer = (*state)(nil)
	var _ engine.Evaluator = (*state)(nil)
	var _ engine.PositionScorer = game{}
}

// The drawing names the struck subject waiting to be put, and the workers
// at the work step; the turn counter never passes the cap.
func TestDrawStruckWorkersTurn(t *testing.T) {
	s := x8(t, false)
	s.moving(t, 1, "C01")
	mustApply(t, s, "k 3,3")
	if d := s.Draw(1, engine.Style{}); !strings.Contains(d, "step: relocate (the red architect)") {
		t.Errorf("relocation step should name the struck subject:\n%s", d)
	}
	if d := s.Draw(1, engine.Style{Lang: "fr"}); !strings.Contains(d, "étape\u00a0: replacer le sujet frappé (l'architecte rouge)") {
		t.Errorf("French relocation step:\n%s", d)
	}
	w := x5(t)
	w.turnOf(t, 0, "C07")
	mustApply(t, w, "play C07", "stop")
	if d := w.Draw(0, engine.Style{}); !strings.Contains(d, "workers: gardener\n") {
		t.Errorf("work step should list the workers:\n%s", d)
	}
	if d := w.Draw(0, engine.Style{Lang: "fr"}); !strings.Contains(d, "ouvriers\u00a0: jardinier\n") {
		t.Errorf("French work step should list the workers:\n%s", d)
	}
	w.turn, w.phase = turnCap, phOver
	if d := w.Draw(0, engine.Style{}); !strings.Contains(d, "Turn 300/300") {
		t.Errorf("turn counter past the cap:\n%s", d)
	}
}

var ansiCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

// The drawing fits a terminal of 80 columns at every player count, for
// every viewer, in English, French and German, with and without colour, in every step
// of real games (ANSI codes take no column).
func TestDrawFits80Columns(t *testing.T) {
	var buf []engine.Move
	phases := map[int8]bool{}
	for n := 2; n <= 4; n++ {
		s := st(t, n, 40+uint64(n))
		rng := engine.NewRNG(uint64(n))
		for i := 0; i < 2000 && !s.Over(); i++ {
			if i%13 == 0 || s.phase == phRelocate || s.phase == phWork {
				phases[s.phase] = true
				checkWidth(t, s)
			}
			buf = s.LegalMoves(buf[:0])
			m := buf[rng.Intn(len(buf))]
			if s.phase == phWork || rng.Intn(3) == 0 {
				m = greedyMove(s, buf)
			}
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
		phases[s.phase] = true
		checkWidth(t, s)
	}
	for ph := int8(phPlay); ph <= phOver; ph++ {
		if !phases[ph] {
			t.Errorf("no drawing at the %s step", phaseNames[ph])
		}
	}
	// the longest hands: two cards of three rows each, at 4 players
	s := st(t, 4, 1)
	s.turnOf(t, 0, "C04")
	s.hand[0][0] = int8(cardIdx(t, "C05"))
	s.collected[3], s.score[3] = 19, 20
	checkWidth(t, s)
}

func checkWidth(t *testing.T, s *state) {
	t.Helper()
	for p := engine.Spectator; p < int(s.n); p++ {
		for _, style := range []engine.Style{{}, {Lang: "fr"}, {Lang: "de"}, {Color: true}, {Color: true, Lang: "fr"}} {
			d := s.Draw(p, style)
			if !style.Color && strings.Contains(d, "\x1b") {
				t.Fatalf("colour codes without Style.Color")
			}
			for _, line := range strings.Split(d, "\n") {
				if w := utf8.RuneCountInString(ansiCode.ReplaceAllString(line, "")); w > drawWidth {
					t.Fatalf("%d players, viewer %d, %+v: a line of %d columns:\n%s\n\n%s", s.n, p, style, w, line, d)
				}
			}
		}
	}
}

// In French the drawing has no English word left: labels, colours,
// elements, the step of the turn, the score pad lines and the card figures
// (R J A letters) are French.
func TestDrawFrench(t *testing.T) {
	s := x8(t, false)
	s.moving(t, 1, "C01")
	mustApply(t, s, "k 3,3")
	d := s.Draw(1, engine.Style{Lang: "fr"})
	for _, en := range []string{"Ground", "Pawns", "supply", "hand", "card", "tiles", "Turn", "deck", "discard",
		"played", "moves", "step", "relocate", "red", "blue", "hedge", "labyrinth", "column", "pool", "terrace", "king", "gardener", "Kb"} {
		if regexp.MustCompile(`\b` + en + `\b`).MatchString(d) {
			t.Errorf("French drawing has %q:\n%s", en, d)
		}
	}
	for _, fr := range []string{"Sol\u00a0:", "Pions\u00a0:", "réserve\u00a0:", "main\u00a0: C", "1 carte", "0 point (tuiles 0)", "2 points (tuiles 0)", "Tour 1/300",
		"pioche", "défausse", "jouée C01 [RJA]", "mouvements 1/5", "Rb", "bleu (b)", "haie (1)", "labyrinthe", "piscine", "terrasse"} {
		if !strings.Contains(d, fr) {
			t.Errorf("French drawing lacks %q:\n%s", fr, d)
		}
	}
}
