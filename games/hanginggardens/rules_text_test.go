package hanginggardens

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// rules are the game's rule ids: those of the spec are HG-S1–S10,
// HG-T1–T10 with the lettered parts of T4, T5, T8 and T9, HG-E1–E3,
// HG-SO1–SO6 with the lettered parts of SO3. engine.Illegal is called with
// literals only, so the scan of literals finds them all.
var rules = enginetest.Rules{
	ID:     regexp.MustCompile(`^HG-(S|T|E|SO)[0-9]+[a-g]?$`),
	Prefix: "HG-",
	Spec: slices.Concat(enginetest.Numbered("HG-S", 10), enginetest.Numbered("HG-T", 10),
		enginetest.Numbered("HG-E", 3), enginetest.Numbered("HG-SO", 6),
		enginetest.Lettered("HG-T4", "abcd"), enginetest.Lettered("HG-T5", "abcdefg"),
		enginetest.Lettered("HG-T8", "abcd"), enginetest.Lettered("HG-T9", "abcde"),
		enginetest.Lettered("HG-SO3", "abcd")),
	MinIllegal: 25,
	MinIDs:     15,
}

// Every rule id a refused move can carry is stated in one sentence in both
// languages (issue 12: errors in French), and nothing else is stated.
func TestRuleStatements(t *testing.T) {
	enginetest.RuleStatements(t, Game, rules)
}

// Every move encoding of every kind refused at decisions of random games
// (1–5 players, two of the automa's difficulties) and in positions of the
// rule tests that random play seldom reaches is explained in French by its
// rule's statement, and not in English.
func TestRefusalsExplainedInFrench(t *testing.T) {
	// every kind (and two that are none) with every operand
	var kinds []engine.Move
	for m := engine.Move(0); m < 1<<12; m++ {
		if m&15 <= kindPass+1 {
			kinds = append(kinds, m)
		}
	}
	r := enginetest.NewRefusals(t, Game, func(engine.State, []engine.Move) []engine.Move { return kinds })
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			var opts engine.Options
			if n == 1 {
				opts = engine.Options{"difficulty": []string{"easy", "expert"}[seed-1]}
			}
			s := newState(t, n, seed*17+uint64(n), opts)
			rng := engine.NewRNG(seed)
			// every third decision, to keep the test short: the decisions
			// of a turn alternate kinds anyway
			r.Play(s, &rng, 3, fmt.Sprintf("%d players, seed %d", n, seed))
		}
	}
	// HG-T4b: an empty market space (TestRule_HG_T4b_EmptySpace).
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	s.market[1][3] = 0
	r.At(s, "empty market space")
	// HG-T8b: an empty enhancement pile (TestRule_HG_T8_H6_BuyEnhancement).
	s = newState(t, 2, 1, engine.Options{"first": "1"})
	setGarden(s, 0, map[string]string{"a1": "TR01", "a2": "EM01"})
	s.pl[0].Gold = 3
	s.pileLen[0] = 0
	atPlace(s, 0, "AN02")
	mustApply(t, s, "place a3")
	r.At(s, "empty pile")

	r.Reached(rules, nil)
}
