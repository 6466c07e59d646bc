package alicesgarden

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// rules are the game's rule ids: those of the spec are AG-S1–S4, AG-T1–T10
// with the lettered parts of T5, AG-E1–E5, AG-SO1–SO5 with the lettered
// parts of SO2. catalog.Illegal is called with a literal or with a variable
// (check's rule) set from literals, so the scan of literals finds them all.
var rules = enginetest.Rules{
	ID:     regexp.MustCompile(`^AG-(S|T|E|SO)[0-9]+[a-e]?$`),
	Prefix: "AG-",
	Spec: slices.Concat(enginetest.Numbered("AG-S", 4), enginetest.Numbered("AG-T", 10),
		enginetest.Numbered("AG-E", 5), enginetest.Numbered("AG-SO", 5),
		enginetest.Lettered("AG-T5", "abcde"), enginetest.Lettered("AG-SO2", "abcde")),
	MinIllegal: 20,
	MinIDs:     12,
}

// Every rule id a refused move can carry is stated in one sentence in both
// languages (issue 12: errors in French), and nothing else is stated.
func TestRuleStatements(t *testing.T) {
	enginetest.RuleStatements(t, Game, rules)
}

// Every move encoding refused at decisions of random games (1–4 players,
// both board sides) and in the positions of the rule tests that random
// play seldom reaches is explained in French by its rule's statement, and
// not in English.
func TestRefusalsExplainedInFrench(t *testing.T) {
	every := make([]engine.Move, 1<<12) // every encoding below 1<<12
	for m := range every {
		every[m] = engine.Move(m)
	}
	r := enginetest.NewRefusals(t, Game, func(engine.State, []engine.Move) []engine.Move { return every })
	for n := 1; n <= 4; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			side := engine.Options{"side": "AB"[seed-1 : seed]}
			s, err := Game.New(n, seed*31+uint64(n), side)
			if err != nil {
				t.Fatal(err)
			}
			// every other decision, to keep the test short: the decisions
			// of a turn alternate kinds anyway
			rng := engine.NewRNG(seed)
			r.Play(s, &rng, 2, fmt.Sprintf("%d players, seed %d", n, seed))
		}
	}
	// AG-T1: bags holding fewer tiles than the supply needs while others
	// hold enough (TestRule_AG_T1_A4_BagChoice).
	s := newState(t, 3, nil)
	s.bagN = [5]uint8{13, 3, 2, 0, 13}
	r.At(s, "short bags")
	// AG-T8: a player who cannot place any supply tile
	// (TestRule_AG_T8_A5_CannotPlace).
	s = newState(t, 3, nil)
	fillExcept(&s.b[0], sq(1, 1), sq(3, 3), sq(5, 5))
	mustApply(t, s, "bag O")
	r.At(s, "nothing fits")

	r.Reached(rules, nil)
}
