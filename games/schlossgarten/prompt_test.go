package schlossgarten

import (
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Every decision of seeded games gets the prompt of its kind, and the
// prompt offers exactly what the legal moves allow: a prompt that asks to
// excavate when no excavation is legal would send the player looking for
// a move that does not exist.
func TestPromptNamesTheDecision(t *testing.T) {
	// has reports whether the decision's legal moves include one of kind.
	type legal map[int]bool
	tests := []struct {
		key  string
		want func(s *state, l legal) bool // the decision this key must name
		args func(s *state) []engine.Arg
	}{
		{"play", func(s *state, l legal) bool { return l[mkPlay] },
			func(s *state) []engine.Arg { return []engine.Arg{engine.Num(int(s.handN[s.toMove]))} }},
		{"move", func(s *state, l legal) bool { return l[mkStop] },
			func(s *state) []engine.Arg { return []engine.Arg{engine.Num(budget - int(s.steps))} }},
		{"put", func(s *state, l legal) bool { return l[mkRelocate] },
			func(s *state) []engine.Arg {
				return []engine.Arg{engine.Comp(s.pawnID(int(s.struck)/nPawns, int(s.struck)%nPawns))}
			}},
		{"work", func(s *state, l legal) bool { return l[mkDig] && l[mkBuild] }, func(s *state) []engine.Arg { return workers(s, mkDig) }},
		{"dig", func(s *state, l legal) bool { return l[mkDig] && !l[mkBuild] }, func(s *state) []engine.Arg { return workers(s, mkDig) }},
		{"build", func(s *state, l legal) bool { return !l[mkDig] && l[mkBuild] }, func(s *state) []engine.Arg { return workers(s, mkBuild) }},
		{"done", func(s *state, l legal) bool { return l[mkDone] && !l[mkDig] && !l[mkBuild] }, nil},
	}
	reached := map[string]int{}
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			s := st(t, n, 40+seed)
			rng := engine.NewRNG(seed * 7)
			for i := 0; i < 1500 && !s.Over(); i++ {
				buf = s.LegalMoves(buf[:0])
				l := legal{}
				for _, m := range buf {
					l[mvKind(m)] = true
				}
				got := s.Prompt()
				matched := 0
				for _, tc := range tests {
					if !tc.want(s, l) {
						continue
					}
					matched++
					if got.Key != tc.key {
						t.Fatalf("%d players, seed %d, ply %d (%s): prompt %q, want %q", n, seed, i, phaseNames[s.phase], got.Key, tc.key)
					}
					var want []engine.Arg
					if tc.args != nil {
						want = tc.args(s)
					}
					if len(got.Args) != len(want) || (len(want) > 0 && got.Args[0] != want[0]) {
						t.Fatalf("prompt %q: arguments %+v, want %+v", got.Key, got.Args, want)
					}
					reached[tc.key]++
				}
				if matched != 1 {
					t.Fatalf("%d players, seed %d, ply %d: %d prompt kinds match the decision", n, seed, i, matched)
				}
				// Greedy play forms figures and builds, reaching the
				// work decisions; random moves reach the others.
				m := buf[rng.Intn(len(buf))]
				if rng.Intn(4) > 0 {
					m = greedyMove(s, buf)
				}
				if err := s.Apply(m, nil); err != nil {
					t.Fatal(err)
				}
			}
			if !s.Over() {
				continue
			}
			if p := s.Prompt(); p.Key != "" {
				t.Errorf("the game is over, yet the prompt is %q", p.Key)
			}
		}
	}
	for _, tc := range tests {
		if reached[tc.key] == 0 {
			t.Errorf("no decision reached prompts %q (%v)", tc.key, reached)
		}
	}
}

// Each prompt reads as a sentence in every language, asked of the player
// to move and told to the others, with no placeholder left.
func TestPromptTexts(t *testing.T) {
	cat := catalog()
	for _, key := range []string{"play", "move", "put", "work", "dig", "build", "done"} {
		p := engine.Prompt{Key: key, Args: []engine.Arg{engine.Num(3)}}
		if key == "put" {
			p.Args = []engine.Arg{engine.Comp("gardener:blue")}
		}
		for _, lang := range []string{"en", "fr", "de"} {
			you, other := cat.Prompt(p, 0, 0, lang, []string{"Ann", "Bob"}), cat.Prompt(p, 0, 1, lang, []string{"Ann", "Bob"})
			if you == other || !strings.Contains(other, "Ann") || strings.ContainsAny(you+other, "{}") {
				t.Errorf("prompt %q in %s: %q to the player, %q to the others", key, lang, you, other)
			}
		}
	}
}

// workers is the prompt's argument that names the pieces doing the work
// (1 the gardener, 2 the architect, 3 both), read from the legal moves of
// kind: the workers that excavate, or that build the elements offered.
func workers(s *state, kind int) []engine.Arg {
	n := 0
	for _, m := range s.LegalMoves(nil) {
		switch {
		case mvKind(m) != kind:
		case kind == mkDig:
			n |= workerBit(mvArg(m))
		default:
			n |= workerBit(elems[mvArg(m)].builder)
		}
	}
	return []engine.Arg{engine.Num(n)}
}
