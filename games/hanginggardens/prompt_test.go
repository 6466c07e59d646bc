package hanginggardens

import (
	"reflect"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Every step of a turn (HG-T3) has its own prompt, with the public facts it
// names: the tools to pay with, the card taken, the gold to buy with, the
// tile bought. The solo automa plays without being asked.
func TestPromptPerDecision(t *testing.T) {
	// A garden with two trees and an empty card (EM01), 3 gold, the 2-gold
	// pile showing the monkey tile EN02, a palm to place beside them and the
	// objective "3 trees on one floor": every step follows in turn.
	setup := func(t *testing.T) *state {
		s := newState(t, 2, 1, engine.Options{"first": "1"})
		setGarden(s, 0, map[string]string{"a1": "TR05", "a2": "TR01", "a3": "EM01"})
		s.pl[0].Gold = 3
		s.piles[0][s.pileLen[0]-1] = enhOf("EN02")
		s.obj[0] = objectiveOf("OB02") // 3 trees on one floor, which a4 makes
		atPlace(s, 0, "TR01")
		return s
	}
	for _, tc := range []struct {
		name  string
		state func(t *testing.T) *state
		moves []string
		want  engine.Prompt
		you   string // the prompt as seat 0 reads it in English
		other string // as seat 1 reads it
	}{
		{"take", func(t *testing.T) *state { return newState(t, 2, 1, engine.Options{"first": "1"}) }, nil,
			engine.Prompt{Key: "take", Args: []engine.Arg{engine.Num(4)}},
			"Take a card from the market (you have 4 tools for the upper rows)", "Ann is taking a card from the market"},
		{"first card", func(t *testing.T) *state {
			s := newState(t, 2, 1, engine.Options{"first": "1"})
			setMarket(s, 0, "AN07")
			return s
		}, []string{"take 1 1"},
			engine.Prompt{Key: "place-first", Args: []engine.Arg{engine.Comp("AN07")}},
			"Place Monkey: your first card starts floor 1", "Ann is placing a first card, Monkey"},
		{"place", setup, nil,
			engine.Prompt{Key: "place", Args: []engine.Arg{engine.Comp("TR01")}},
			"Place Date palm in your garden: at an end of floor 1, or on two cards side by side", "Ann is placing Date palm in their garden"},
		{"buy", setup, []string{"place a4"},
			engine.Prompt{Key: "buy", Args: []engine.Arg{engine.Num(3)}},
			"Buy one enhancement tile with your 3 gold, or pass", "Ann may buy an enhancement tile, or pass"},
		{"put", setup, []string{"place a4", "buy 2"},
			engine.Prompt{Key: "put", Args: []engine.Arg{engine.Comp("EN02")}},
			"Put Monkey on one of your empty cards", "Ann is putting Monkey on an empty card"},
		{"objective after buying", setup, []string{"place a4", "buy 2", "put a3"},
			engine.Prompt{Key: "objective"},
			"Complete one royal objective, or pass", "Ann may complete a royal objective, or pass"},
		{"objective after passing", setup, []string{"place a4", "pass"},
			engine.Prompt{Key: "objective"},
			"Complete one royal objective, or pass", "Ann may complete a royal objective, or pass"},
		{"next player", setup, []string{"place a4", "pass", "pass"},
			engine.Prompt{Key: "take", Args: []engine.Arg{engine.Num(5)}},
			"Bob is taking a card from the market", "Take a card from the market (you have 5 tools for the upper rows)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.state(t)
			for _, m := range tc.moves {
				mustApply(t, s, m)
			}
			got := s.Prompt()
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("prompt %+v, want %+v", got, tc.want)
			}
			names := []string{"Ann", "Bob"}
			if txt := texts.Prompt(got, s.ToMove(), 0, "en", names); txt != tc.you {
				t.Errorf("seat 0 reads %q, want %q", txt, tc.you)
			}
			if txt := texts.Prompt(got, s.ToMove(), 1, "en", names); txt != tc.other {
				t.Errorf("seat 1 reads %q, want %q", txt, tc.other)
			}
		})
	}
}

// The automa is never asked: in solo, every prompt is the player's, and the
// game's end has none.
func TestPromptSolo(t *testing.T) {
	s := newState(t, 1, 3, nil)
	seen := map[string]bool{}
	rng := engine.NewRNG(9)
	var buf []engine.Move
	for !s.Over() {
		if s.ToMove() != 0 {
			t.Fatalf("seat %d to move in solo", s.ToMove())
		}
		seen[s.Prompt().Key] = true
		buf = s.LegalMoves(buf[:0])
		if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			t.Fatal(err)
		}
	}
	if p := s.Prompt(); p.Key != "" {
		t.Errorf("prompt %+v once the game is over", p)
	}
	for _, k := range []string{"take", "place-first", "place", "buy", "objective"} {
		if !seen[k] {
			t.Errorf("a solo game never asked %s", k)
		}
	}
}

// objectiveOf is the index of the royal objective id.
func objectiveOf(id string) uint8 {
	for i, o := range comp.Objectives {
		if o.ID == id {
			return uint8(i)
		}
	}
	panic("no objective " + id)
}
