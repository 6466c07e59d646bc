package alicesgarden

import (
	"reflect"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// TestPrompt: every decision of the game, reached by notation moves from a
// set-up position, names its own prompt with the public numbers it needs,
// and reads as a sentence in every language, asked of the player to move
// and told to the others.
func TestPrompt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T) *state
		want  engine.Prompt
		you   string // the English sentence asked of the player to move
	}{
		{"first round's bag", func(t *testing.T) *state { return newState(t, 3, nil) },
			engine.Prompt{Key: "bag", Args: []engine.Arg{engine.Num(4)}}, "Choose a bag: 4 tiles from it fill the supply"},
		{"later round's bag", func(t *testing.T) *state {
			s := newState(t, 2, nil)
			mustApply(t, s, "bag O")
			for s.round == 1 {
				playFirstLegal(t, s)
			}
			return s
		}, engine.Prompt{Key: "bag", Args: []engine.Arg{engine.Num(2)}}, "Choose a bag: 2 tiles from it fill the supply"},
		{"solo bag", func(t *testing.T) *state { return newState(t, 1, nil) },
			engine.Prompt{Key: "bag.solo"}, "Choose a bag on your left: you draw 2 tiles from it"},
		{"take", func(t *testing.T) *state {
			s := newState(t, 2, nil)
			mustApply(t, s, "bag O")
			return s
		}, engine.Prompt{Key: "take"}, "Take a tile from the supply that fits in your garden"},
		{"solo take", func(t *testing.T) *state {
			s := newState(t, 1, nil)
			mustApply(t, s, "bag T")
			return s
		}, engine.Prompt{Key: "take.solo"}, "Keep one of the 2 tiles you drew: the other leaves the game"},
		{"place", func(t *testing.T) *state {
			s := newState(t, 2, nil)
			mustApply(t, s, "bag O")
			setSupply(s, tid(t, "O03"), tid(t, "O01"))
			mustApply(t, s, "take O03")
			return s
		}, engine.Prompt{Key: "place"}, "Place your tile in your garden: turn it, then choose where it goes"},
		{"bonus", func(t *testing.T) *state {
			s := newState(t, 2, nil)
			mustApply(t, s, "bag O")
			setGrid(t, &s.b[0], [rows]string{"...G....", "..G.....", "........", "........", "........", "........"})
			setSupply(s, tid(t, "O03"), tid(t, "O01"))
			mustApply(t, s, "take O03")
			mustApply(t, s, "place r0f 2,4")
			return s
		}, engine.Prompt{Key: "bonus", Args: []engine.Arg{engine.Num(2)}}, "Your gardeners touch: take up to 2 bonus tiles, or none"},
		{"stuck", func(t *testing.T) *state {
			s := newState(t, 3, nil)
			fillExcept(&s.b[0], sq(1, 1), sq(3, 3), sq(5, 5))
			mustApply(t, s, "bag O")
			return s
		}, engine.Prompt{Key: "stuck"}, "No tile of the supply fits in your garden: draw 1 bonus tile or none"},
		{"final", func(t *testing.T) *state {
			s := newState(t, 3, nil)
			fillExcept(&s.b[0], sq(1, 1), sq(3, 3), sq(5, 5))
			s.b[0].held[0], s.b[0].held[4], s.b[0].heldN = 1, 1, 2
			mustApply(t, s, "bag O")
			mustApply(t, s, "bonus 0")
			for s.phase != phFinal {
				playFirstLegal(t, s)
			}
			if s.ToMove() != 0 {
				t.Fatalf("seat %d places bonus tiles, want 0", s.ToMove())
			}
			return s
		}, engine.Prompt{Key: "final", Args: []engine.Arg{engine.Num(2)}}, "Place your bonus tiles on free squares (2 left): choose one, then its square"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.setup(t)
			got := s.Prompt()
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("prompt %+v, want %+v", got, tc.want)
			}
			cat := Game.Texts()
			p := s.ToMove()
			if txt := cat.Prompt(got, p, p, "en", nil); txt != tc.you {
				t.Errorf("asked: %q, want %q", txt, tc.you)
			}
			names := []string{"Ann", "Bob", "Cy", "Di"}
			for _, lang := range []string{"en", "fr", "de"} {
				you := cat.Prompt(got, p, p, lang, names)
				other := cat.Prompt(got, p, engine.Spectator, lang, names)
				if you == other || !strings.Contains(other, names[p]) {
					t.Errorf("%s: the player reads %q, the others %q: want a question and a sentence naming %s", lang, you, other, names[p])
				}
			}
		})
	}
}

// TestPromptOver: a finished game asks nothing.
func TestPromptOver(t *testing.T) {
	s := newState(t, 2, nil)
	for !s.Over() {
		playFirstLegal(t, s)
	}
	if p := s.Prompt(); p.Key != "" {
		t.Errorf("prompt %+v after the end", p)
	}
}
