package englishgardens

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

func newState(t *testing.T, players int, seed uint64, opts engine.Options) *state {
	t.Helper()
	s, err := Game.New(players, seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*state)
}

// card finds a card of the box by description, e.g. "red rose pond".
func card(t *testing.T, desc string) int8 {
	t.Helper()
	var used [numLand]bool
	c, err := Game.(*game).findCard(desc, &used)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// village replaces seat p's village by a position document's cells and
// trophies.
func setVillage(t *testing.T, s *state, p int, posJSON string) {
	t.Helper()
	v, _, err := Game.(*game).parsePosition([]byte(posJSON))
	if err != nil {
		t.Fatal(err)
	}
	pl := &s.pl[p]
	pl.land, pl.visible, pl.trophy, pl.tHist, pl.tN, pl.pts, pl.line, pl.ponds = v.land, v.visible, v.trophy, v.tHist, v.tN, v.pts, v.line, v.ponds
}

func setHand(t *testing.T, s *state, p int, descs ...string) {
	t.Helper()
	pl := &s.pl[p]
	pl.handN = 0
	pl.hand, pl.handKnown = [4]int8{}, [4]bool{}
	for _, d := range descs {
		pl.addHand(card(t, d), false)
	}
}

func setLandDisplay(t *testing.T, s *state, descs ...string) {
	t.Helper()
	s.landDisp = [3]int8{-1, -1, -1}
	for i, d := range descs {
		if d != "" {
			s.landDisp[i] = card(t, d)
		}
	}
}

func apply(t *testing.T, s *state, notation string) []engine.Event {
	t.Helper()
	m, err := s.ParseMove(notation)
	if err != nil {
		t.Fatalf("%s: %v", notation, err)
	}
	var log engine.Log
	if err := s.Apply(m, &log); err != nil {
		t.Fatalf("%s: %v", notation, err)
	}
	return log.Events
}

// illegal checks that notation is rejected for rule and changes nothing.
func illegal(t *testing.T, s *state, notation, rule string) {
	t.Helper()
	m, err := s.ParseMove(notation)
	if err != nil {
		t.Fatalf("%s: %v", notation, err)
	}
	before := *s
	err = s.Apply(m, nil)
	if err == nil {
		t.Fatalf("%s: accepted, want rejected by %s", notation, rule)
	}
	if got := engine.RuleOf(err); got != rule {
		t.Fatalf("%s: rejected by %q (%v), want %s", notation, got, err, rule)
	}
	enginetest.Explained(t, Game, err, notation)
	if before != *s {
		t.Fatalf("%s: rejected move changed the state", notation)
	}
}

func legal(s *state) map[string]bool {
	out := map[string]bool{}
	for _, m := range s.LegalMoves(nil) {
		out[s.FormatMove(m)] = true
	}
	return out
}

func viewJSON(t *testing.T, s engine.State, p int) string {
	t.Helper()
	b, err := json.Marshal(s.View(p))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// cardOf is the card of a view id "land:N".
func cardOf(t *testing.T, id string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.TrimPrefix(id, "land:"))
	if err != nil || !strings.HasPrefix(id, "land:") || n < 1 || n > numLand {
		t.Fatalf("%q is not a landscape card id", id)
	}
	return n - 1
}
