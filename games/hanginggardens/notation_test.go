package hanginggardens

import (
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

func TestNotation(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	tests := []struct{ in, out string }{
		{"take 1 2", "take 1 2"},
		{"TAKE 3 4", "take 3 4"},
		{"take 23", "take 2 3"},
		{"t 1 1", "take 1 1"},
		{"place a1", "place a1"},
		{"place left", "place a1"}, // empty garden: the first card
		{"place right", "place a1"},
		{"place b3", "place b3"},
		{"buy 3", "buy 3"},
		{"put c2", "put c2"},
		{"enhance a4", "put a4"},
		{"objective 2", "objective 2"},
		{"obj 4", "objective 4"},
		{" pass ", "pass"},
	}
	for _, tc := range tests {
		m, err := s.ParseMove(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := s.FormatMove(m); got != tc.out {
			t.Errorf("%q prints %q, want %q", tc.in, got, tc.out)
		}
	}
	for _, bad := range []string{"", "take", "take 4 1", "take 1 5", "place", "place d1", "place a", "buy 5", "put", "objective 5", "pass now", "dance"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "TR01"})
	if m, _ := s.ParseMove("place right"); s.FormatMove(m) != "place a3" {
		t.Error("place right")
	}
	if m, _ := s.ParseMove("place left"); s.FormatMove(m) != "place a0" {
		t.Error("place left")
	}
	if got := s.FormatMove(engine.Move(1 << 50)); !strings.HasPrefix(got, "?") {
		t.Errorf("garbage prints %q", got)
	}
}

// A whole solo game logs every kind of step, all public (the game has no
// secrets), and every event renders in both languages.
func TestEventsAreLogged(t *testing.T) {
	s := newState(t, 1, 2, nil)
	var log engine.Log
	rng := engine.NewRNG(3)
	var buf []engine.Move
	for !s.Over() {
		buf = s.LegalMoves(buf[:0])
		if err := s.Apply(buf[rng.Intn(len(buf))], &log); err != nil {
			t.Fatal(err)
		}
	}
	keys := map[string]bool{}
	for _, e := range log.Events {
		if e.Private != -1 {
			t.Fatal("private event in a game without secrets")
		}
		keys[e.Key] = true
	}
	for _, want := range []string{"take_free", "place", "card_revealed", "automa_card", "round_begins", "game_over"} {
		if !keys[want] {
			t.Errorf("no %q event", want)
		}
	}
	for _, lang := range []string{"en", "fr"} {
		for _, line := range logText(log.Events, 0, lang) {
			if strings.ContainsAny(line, "{}") || strings.Contains(line, "player 0") {
				t.Errorf("%s: %q", lang, line)
			}
		}
	}
}
