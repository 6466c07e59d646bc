package schlossgarten

import (
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// rules are the game's rule ids: those of the spec are SG-S1–S8, SG-T1–T27
// and SG-E1–E5, each stated (TestRuleCoverage checks the same numbering
// against the spec file). engine.Illegal is called with a literal or with a
// variable holding a literal (whyClosed's rule, buildCheck's result, both
// assigned from literals), so the scan of literals finds them all.
var rules = enginetest.Rules{
	ID:     regexp.MustCompile(`^SG-[STE][0-9]+$`),
	Prefix: "SG-",
	Spec: slices.Concat(enginetest.Numbered("SG-S", 8), enginetest.Numbered("SG-T", 27),
		enginetest.Numbered("SG-E", 5)),
	StateAll:   true,
	MinIllegal: 20,
	MinIDs:     10,
}

// Every rule id a refused move can carry, and every other rule of the spec,
// is stated in one sentence in both languages (issue 12: errors in French);
// the key check (i18n.Bundle.Check) refuses a language lacking a statement.
func TestRuleStatements(t *testing.T) {
	enginetest.RuleStatements(t, Game, rules)
}

// Refused moves of every kind, at every step of random games, are explained
// in French by their rule's statement, and not in English; together they
// carry every rule id the code refuses with.
func TestRefusalsExplainedInFrench(t *testing.T) {
	rng := engine.NewRNG(5)
	var cands []engine.Move
	// At each position the test tries every kind of move with every pawn,
	// worker or element and every square (a build on every placement of
	// the element's shape and on a few odd masks), moves with stray bits,
	// and random moves. None of those that are not listed may be accepted.
	r := enginetest.NewRefusals(t, Game, func(engine.State, []engine.Move) []engine.Move {
		cands = cands[:0]
		for c := 0; c < len(cards)+2; c++ {
			cands = append(cands, mvPlay(c), mvPlay(c)|1<<4)
		}
		for sq := 0; sq < nSquares+2; sq++ {
			for k := 0; k <= nPawns; k++ {
				cands = append(cands, mvStep(k, sq), mvDig(k, sq))
			}
			cands = append(cands, mvRelocate(sq), mvRelocate(sq)|1<<4)
		}
		for e := 0; e <= nElems; e++ {
			if e < nElems {
				for _, m := range elems[e].places {
					cands = append(cands, mvBuild(e, m))
				}
			}
			cands = append(cands, mvBuild(e, 1<<50|1), mvBuild(e, 1|1<<2))
		}
		cands = append(cands, moveStop, moveStop|1<<8, moveDone, moveDone|1<<4, 0, 8, 15)
		for range 10 {
			cands = append(cands, engine.Move(rng.Uint64()))
		}
		return cands
	})
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		s := st(t, n, 300+uint64(n))
		for step := 0; step < 400 && !s.Over(); step++ {
			if step%5 == 0 { // every step of a turn comes up in time
				r.At(s, fmt.Sprintf("%d players, step %d", n, step))
			}
			buf = s.LegalMoves(buf[:0])
			m := buf[rng.Intn(len(buf))]
			if s.phase == phWork || s.phase == phMove && rng.Intn(2) == 0 {
				m = greedyMove(s, buf) // builds, to have elements to refuse moves over
			}
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A struck subject waiting, the fifth step used, and a finished game.
	v := grid(t, 4,
		".  .  .  .  .  .  Kr",
		".  .  .  .  .  .  Ky",
		".  .  Kb .  .  Gy Ay",
		".  .  .  Ar .  .  .",
		".  .  Kw Gw Aw .  .",
		".  .  .  .  .  PrGr Pr",
		".  Gb .  .  Ab .  .")
	v.moving(t, 1, "C01")
	mustApply(t, v, "k 3,3")
	r.At(v, "a struck subject to put")
	win := grid(t, 2,
		"Kr Gr .  .  .  .  Kb",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  Ar #2 .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		"Gb Ab .  .  .  .  .")
	win.setCollected(0, 18)
	win.working(t, 0, "C01", 1<<2)
	win.steps = budget
	r.At(win, "the work step after five moves")
	mustApply(t, win, "build column 3,3")
	if !win.Over() {
		t.Fatal("21 points did not end the game")
	}
	r.At(win, "a finished game")

	r.Reached(rules, nil)
}
