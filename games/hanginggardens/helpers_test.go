package hanginggardens

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// newState sets up a game for tests.
func newState(t testing.TB, n int, seed uint64, opts engine.Options) *state {
	t.Helper()
	s, err := Game.New(n, seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*state)
}

// playRandom plays random moves until the game is over.
func playRandom(t testing.TB, s *state, seed uint64) int {
	t.Helper()
	rng := engine.NewRNG(seed)
	var buf []engine.Move
	n := 0
	for !s.Over() {
		buf = s.LegalMoves(buf[:0])
		if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}

func mustApply(t testing.TB, s *state, txt string) {
	t.Helper()
	m, err := s.ParseMove(txt)
	if err != nil {
		t.Fatalf("%s: %v", txt, err)
	}
	if err := s.Apply(m, nil); err != nil {
		t.Fatalf("%s: %v", txt, err)
	}
}

func wantRule(t testing.TB, s *state, txt, rule string) {
	t.Helper()
	m, err := s.ParseMove(txt)
	if err != nil {
		t.Fatalf("%s: %v", txt, err)
	}
	before := *s
	err = s.Apply(m, nil)
	if engine.RuleOf(err) != rule {
		t.Fatalf("%s: got %v, want rule %s", txt, err, rule)
	}
	enginetest.Explained(t, Game, err, txt)
	if *s != before {
		t.Fatalf("%s: rejected move changed the state", txt)
	}
}

func card(id string) uint8 {
	for i, c := range comp.Cards {
		if c.ID == id {
			return uint8(i)
		}
	}
	panic("no card " + id)
}

func enhOf(id string) uint8 {
	for i, c := range comp.Enh {
		if c.ID == id {
			return uint8(i)
		}
	}
	panic("no enhancement " + id)
}

// setGarden replaces player p's garden: positions to "CARD" or "CARD+ENH".
func setGarden(s *state, p int, g map[string]string) {
	pl := &s.pl[p]
	pl.Cards, pl.Enh, pl.Cnt = [nPos]uint8{}, [nPos]uint8{}, [3][nItems]uint8{}
	pl.N1, pl.NCards = 0, 0
	for k, v := range g {
		i := posIndex(k)
		if i < 0 {
			panic("bad position " + k)
		}
		cid, eid, hasE := cut(v)
		pl.Cards[i] = card(cid) + 1
		c := &comp.Cards[pl.Cards[i]-1]
		pl.addCounts(i, c, false)
		if hasE {
			pl.Enh[i] = enhOf(eid) + 1
			pl.addCounts(i, &comp.Enh[pl.Enh[i]-1], c.Irrig)
		}
		pl.NCards++
		if i < 5 {
			pl.N1++
		}
	}
}

func cut(v string) (string, string, bool) {
	for i := 0; i < len(v); i++ {
		if v[i] == '+' {
			return v[:i], v[i+1:], true
		}
	}
	return v, "", false
}

// setMarket puts card ids (or "") into column c, rows 1..4.
func setMarket(s *state, c int, ids ...string) {
	for r, id := range ids {
		if id == "" {
			s.market[c][r] = 0
		} else {
			s.market[c][r] = card(id) + 1
		}
	}
}

// atTake puts player p at the take step of a turn.
func atTake(s *state, p int) {
	s.cur = int8(p)
	s.phase = phaseTake
}

// atPlace gives p the card id to place.
func atPlace(s *state, p int, id string) {
	s.cur = int8(p)
	s.phase = phasePlace
	s.pendCard = card(id) + 1
	s.pendCol, s.pendRow = 0, 0
	s.market[0][0] = 0
}

func legalText(s *state) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

// logText renders events as viewer reads them in lang, one sentence each.
func logText(evs []engine.Event, viewer int, lang string) []string {
	var out []string
	for _, e := range engine.Visible(evs, viewer) {
		out = append(out, texts.Render(e, viewer, lang, nil))
	}
	return out
}
