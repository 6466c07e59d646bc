package happygarden

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// rules are the game's rule ids: those of the spec are HP-S1–S9,
// HP-T1–T28 and HP-E1–E3, each stated. texts.Illegal is called with a
// literal or with a variable holding what a rule-checking function
// (takeRule, repotRule) returned, and those functions return
// literals too, so the scan of literals finds them all.
var rules = enginetest.Rules{
	ID:     regexp.MustCompile(`^HP-[STE][0-9]+$`),
	Prefix: "HP-",
	Spec: slices.Concat(enginetest.Numbered("HP-S", 9), enginetest.Numbered("HP-T", 28),
		enginetest.Numbered("HP-E", 3)),
	StateAll:   true,
	MinIllegal: 10,
	MinIDs:     10,
}

// Every rule id a refused move can carry, and every other rule of the spec,
// is stated in one sentence in both languages (issue 12: errors in French).
func TestRuleStatements(t *testing.T) {
	enginetest.RuleStatements(t, Game, rules)
}

// Refused moves of every kind, at every step of random games, are explained
// in French by their rule's statement, and not in English.
func TestRefusalsExplainedInFrench(t *testing.T) {
	rng := engine.NewRNG(7)
	var cands []engine.Move
	// At each position the test tries each kind of move with the parts of a
	// legal move (a right part in the wrong step or kind), each kind with
	// small parts (the slots, the seats, the first tiles), and random
	// moves. None of them is listed, so each must be refused.
	r := enginetest.NewRefusals(t, Game, func(_ engine.State, legal []engine.Move) []engine.Move {
		cands = cands[:0]
		for _, m := range legal {
			_, a, b, c := unpack(m)
			cands = append(cands, mkMove(1+rng.Intn(mvLift), a, b, c))
		}
		for k := 1; k <= mvLift; k++ {
			for a := range 6 {
				cands = append(cands, mkMove(k, a, 0, 0))
			}
		}
		for range 20 {
			cands = append(cands, mkMove(rng.Intn(16), rng.Intn(256), rng.Intn(ncell+8), rng.Intn(16)))
		}
		return cands
	})

	for _, n := range []int{1, 6} {
		_, err := Game.New(n, 1, nil)
		r.Refused(err, fmt.Sprintf("%d players", n))
	}
	_, err := Game.New(2, 1, engine.Options{"mouse1": "pink", "mouse2": "pink"})
	r.Refused(err, "two pink mice")

	for n := 2; n <= 5; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			r.Play(newGame(t, n, seed, nil), &rng, 1, fmt.Sprintf("%d players, seed %d", n, seed))
		}
	}
	// A drum needs a mole in a garden, which these games seldom have when
	// the drum comes up: the position of TestRule_HP_T8_X14_Drum.
	s := bare(3)
	s.moles[lay(s, 0, "F01", 2, 0)] = 2
	s.supWorm = 10
	lay(s, 0, "F10", 3, 0)
	stock(s, "F02", "F03", "F04")
	s.pile[0], s.pileN = tokDrum, 1
	s.startRound(nil)
	r.At(s, "drum")
	// Four windmills around the house leave a fifth no cell: the position of
	// TestRule_HP_T13_NoPlaceableTile.
	s = bare(2)
	lay(s, 0, "W1", 0, -1)
	lay(s, 0, "W2", 2, 0)
	lay(s, 0, "W3", 1, 2)
	lay(s, 0, "W4", -1, 1)
	s.cans[0] = 0
	stock(s, "W5", "W6", "", "F01")
	r.At(s, "windmills")

	// These positions reach every kind of refusal: setup, the end, the
	// steps of a turn, token effects, the shop, placing, stealing, moles,
	// repotting, watering.
	r.Reached(rules, map[string]string{
		"HP-T3": "its refusal (an effect move with no effect pending) is a safety net no position reaches, " +
			"as every effect step is a worm, gust or drum",
	})
}
