package happygarden

import (
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Every decision kind has its own prompt: the step the view shows (and,
// while a turn token is resolved, the token) names the key, whatever
// position reaches it. Random games of every player count reach each
// kind; a built position reaches the rare "no tile fits" turn.
func TestPrompts(t *testing.T) {
	cases := []struct {
		step, token string // the view's step and turn token ("" any)
		want        string
	}{
		{"setup", "", "setup"},
		{"steal", "", "steal"},
		{"token", "turn:worm", "worm"},
		{"token", "turn:gust", "gust"},
		{"token", "turn:drum", "drum"},
		{"choose", "", "choose"}, // or skip, when no take is legal (below)
		{"place", "", "place"},
		{"after", "", "after"},
		{"give", "", "give"},
		{"receive", "", "receive"},
		{"repot-tile", "", "repot"},
		{"repot-destination", "", "repot_dest"},
	}
	seen := map[string]bool{}
	check := func(s *state) {
		t.Helper()
		p := s.Prompt()
		if s.Over() {
			if p.Key != "" {
				t.Fatalf("game over, prompt %q", p.Key)
			}
			return
		}
		v := s.View(s.ToMove()).(View)
		for _, c := range cases {
			if c.step != v.Step || (c.token != "" && c.token != v.Token) {
				continue
			}
			want := c.want
			if c.want == "choose" && !slices.ContainsFunc(s.LegalMoves(nil), func(m engine.Move) bool { k, _, _, _ := unpack(m); return k == mvTake }) {
				want = "skip"
			}
			if p.Key != want {
				t.Fatalf("step %s, token %s: prompt %q, want %q", v.Step, v.Token, p.Key, want)
			}
			seen[want] = true
			return
		}
		t.Fatalf("step %s, token %s: no case", v.Step, v.Token)
	}
	for n := 2; n <= 5; n++ {
		for seed := uint64(1); seed <= 12; seed++ {
			check(newGame(t, n, seed, nil))
			randomGame(t, n, seed, func(s *state, _ string) { check(s) })
		}
	}
	// HP-T13: four windmills round the house, and only windmills and an
	// unaffordable flower in the shop.
	s := bare(2)
	lay(s, 0, "W1", 0, -1)
	lay(s, 0, "W2", 2, 0)
	lay(s, 0, "W3", 1, 2)
	lay(s, 0, "W4", -1, 1)
	s.cans[0] = 0
	stock(s, "W5", "W6", "", "F01")
	check(s)
	for _, c := range append(cases, struct{ step, token, want string }{want: "skip"}) {
		if !seen[c.want] {
			t.Errorf("no position reached the prompt %q", c.want)
		}
	}
}

// A prompt's arguments read as words in every language: the mole's giver
// by name, the number of moles to give as a count.
func TestPromptArgs(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	names := []string{"Ann", "Bob", "Cy"}
	for _, c := range []struct {
		p          engine.Prompt
		actor      int
		viewer     int
		lang, want string
	}{
		{engine.Prompt{Key: "receive", Args: []engine.Arg{engine.Seat(1)}}, 0, 0, "en", "Put the mole from Bob on one of your tiles without a mole"},
		{engine.Prompt{Key: "receive", Args: []engine.Arg{engine.Seat(1)}}, 0, 2, "fr", "Ann pose une taupe de Bob sur une tuile"},
		{engine.Prompt{Key: "give", Args: []engine.Arg{engine.Num(2)}}, 2, 2, "de", "Wähle den Gegner, der einen Maulwurf bekommt (noch 2)"},
		{engine.Prompt{Key: "give", Args: []engine.Arg{engine.Num(1)}}, 2, 2, "en", "Choose the opponent who receives the mole"},
		{engine.Prompt{Key: "choose"}, 1, 0, "en", "Bob is choosing a tile in the shop"},
	} {
		if got := cat.Prompt(c.p, c.actor, c.viewer, c.lang, names); !strings.EqualFold(got, c.want) {
			t.Errorf("%s %+v: %q, want %q", c.lang, c.p, got, c.want)
		}
	}
}
