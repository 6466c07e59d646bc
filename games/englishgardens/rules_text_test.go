package englishgardens

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// rules are the game's rule ids: those of the spec are EG-S1–S9, EG-T1–T10
// with the lettered parts of T4, T6 and T8, EG-E1–E5, EG-SO1–SO7.
// engine.Illegal is called with a literal or with a parameter (checkTake's
// rule) that its callers fill with literals, so the scan of literals finds
// them all.
var rules = enginetest.Rules{
	ID:     regexp.MustCompile(`^EG-(S|T|E|SO)[0-9]+[a-e]?$`),
	Prefix: "EG-",
	Spec: slices.Concat(enginetest.Numbered("EG-S", 9), enginetest.Numbered("EG-T", 10),
		enginetest.Numbered("EG-E", 5), enginetest.Numbered("EG-SO", 7),
		enginetest.Lettered("EG-T4", "abc"), enginetest.Lettered("EG-T6", "abcde"),
		enginetest.Lettered("EG-T8", "abcd")),
	MinIllegal: 30,
	MinIDs:     15,
}

// Every rule id a refused move can carry is stated in one sentence in both
// languages (issue 12: errors in French), and nothing else is stated.
func TestRuleStatements(t *testing.T) {
	enginetest.RuleStatements(t, Game, rules)
}

// Moves refused at every decision of random games (every kind of move with
// small operands) and the positions of the rule tests that random play
// seldom reaches are explained in French by their rule's statement, and
// not in English.
func TestRefusalsExplainedInFrench(t *testing.T) {
	var near []engine.Move
	for k := uint8(mkTakeLand); k < mkLimit; k++ {
		for a := uint8(0); a <= 6; a++ {
			for b := uint8(0); b <= 9; b++ {
				near = append(near, move{k, a, b}.pack())
			}
		}
	}
	r := enginetest.NewRefusals(t, Game, func(engine.State, []engine.Move) []engine.Move { return near })
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 4; seed++ {
			rng := engine.NewRNG(seed)
			r.Play(newState(t, n, seed, nil), &rng, 1, fmt.Sprintf("%d players, seed %d", n, seed))
		}
	}
	// The structure's trophy (EG-T7) and a take from an empty deck (EG-T10,
	// EG-T4c), which random games seldom leave to a refusal.
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	setHand(t, s, 0, "red rose structure", "blue lily pond", "blue lily pond")
	setLandDisplay(t, s, "yellow petunia pond", "", "")
	apply(t, s, "take 1")
	apply(t, s, "place h1 r1c1")
	r.At(s, "structure placed")
	s = newState(t, 2, 1, engine.Options{"first": "1"})
	setLandDisplay(t, s)
	s.land.n = 0
	r.At(s, "no landscape card left")

	r.Reached(rules, nil)
}
