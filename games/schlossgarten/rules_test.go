package schlossgarten

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// ruleTests maps every numbered rule, figure, ruling and worked example of
// the specification to at least one test. TestRuleCoverage checks that no
// id is missing.
var ruleTests = []struct {
	rule string
	name string
	f    func(t *testing.T)
}{
	{"SG-S1", "PlayerCount", testS1},
	{"SG-S2", "ColoursAndSupply", testS2},
	{"SG-S3", "TilesShuffledFaceUp", testS3},
	{"SG-S4", "StartSquares", TestExample_SG_X1_StartPositions},
	{"SG-S5", "DeckShuffled", testS5},
	{"SG-S6", "OneCardEach", testS6},
	{"SG-S7", "FirstPlayer", testS7},
	{"SG-S7", "Clockwise", testS7Clockwise},
	{"SG-S8", "ScoresZero", testS8},
	{"SG-T1", "TurnSequence", testT1},
	{"SG-T2", "DrawAndReshuffle", testT2},
	{"SG-T2", "Reshuffle", TestExample_SG_X15_Reshuffle},
	{"SG-T3", "PlayFromHand", testT3},
	{"SG-T4", "Budget", testT4},
	{"SG-T4", "SixthStep", TestExample_SG_X2_Figure2},
	{"SG-T5", "SquaresInvariant", testT5},
	{"SG-T6", "OwnElementOneStep", TestExample_SG_X4_Figure4},
	{"SG-T6", "StartAnywhereOnOwnElement", testT6},
	{"SG-T6", "EnterPastOwnPawn", testT6EnterPastOwnPawn},
	{"SG-T7", "SimpleStep", testT7},
	{"SG-T8", "OpenSquares", testT8},
	{"SG-T8", "OpenSquaresFigure3", TestExample_SG_X3_Figure3},
	{"SG-T9", "Jump", testT9},
	{"SG-T9", "OverOwnElement", testT9OverOwnElement},
	{"SG-T10", "Strike", TestExample_SG_X8_Strike},
	{"SG-T10", "NoStrike", TestExample_SG_X9_NoStrike},
	{"SG-T11", "Kings", TestExample_SG_X9_NoStrike},
	{"SG-T12", "PitsAndOtherElements", TestExample_SG_X3_Figure3},
	{"SG-T13", "FigureRotations", TestExample_SG_X10_Rotation},
	{"SG-T13", "PawnsOnElementSquares", testT13ElementSquares},
	{"SG-T14", "Workers", TestExample_SG_X11_Workers},
	{"SG-T15", "Excavation", TestExample_SG_X17_Excavation},
	{"SG-T16", "WhichElement", testT16},
	{"SG-T17", "Where", TestExample_SG_X12_Building},
	{"SG-T17", "ShapesOnTheBoard", testT17Shapes},
	{"SG-T18", "BuildEffects", TestExample_SG_X7_Figure5cd},
	{"SG-T19", "Discard", testT19},
	{"SG-T20", "Figure1", TestExample_SG_X1_StartPositions},
	{"SG-T21", "Figure2", TestExample_SG_X2_Figure2},
	{"SG-T22", "Figure3", TestExample_SG_X3_Figure3},
	{"SG-T23", "Figure4", TestExample_SG_X4_Figure4},
	{"SG-T24", "Figure5a", TestExample_SG_X5_Figure5a},
	{"SG-T25", "Figure5b", TestExample_SG_X6_Figure5b},
	{"SG-T26", "Figure5c", TestExample_SG_X7_Figure5cd},
	{"SG-T27", "Figure5d", TestExample_SG_X7_Figure5cd},
	{"SG-E1", "RunningScore", testE1},
	{"SG-E2", "CoveredElementsLosePoints", TestExample_SG_X13_Win},
	{"SG-E3", "WinAt21", TestExample_SG_X13_Win},
	{"SG-E3", "Exactly21", testE3Exactly21},
	{"SG-E4", "TurnCap", TestExample_SG_X14_TurnCap},
	{"SG-E4", "CapBoundary", testE4Boundary},
	{"SG-E5", "NoOtherEnd", testE5},
	{"S1", "TileSplit", TestExample_SG_X16_Data},
	{"S2", "StartEdges", TestExample_SG_X1_StartPositions},
	{"S3", "TurnRotationWorkers", TestExample_SG_X11_Workers},
	{"S4", "Movement", TestExample_SG_X8_Strike},
	{"S5", "Elements", TestExample_SG_X12_Building},
	{"S5", "OverTwoSinglesAndOwnElement", testS5OverTwoSingles},
	{"S6", "Scoring", TestExample_SG_X13_Win},
	{"S7", "Cards", TestExample_SG_X16_Data},
	{"SG-X1", "", TestExample_SG_X1_StartPositions},
	{"SG-X2", "", TestExample_SG_X2_Figure2},
	{"SG-X3", "", TestExample_SG_X3_Figure3},
	{"SG-X4", "", TestExample_SG_X4_Figure4},
	{"SG-X5", "", TestExample_SG_X5_Figure5a},
	{"SG-X6", "", TestExample_SG_X6_Figure5b},
	{"SG-X7", "", TestExample_SG_X7_Figure5cd},
	{"SG-X8", "", TestExample_SG_X8_Strike},
	{"SG-X9", "", TestExample_SG_X9_NoStrike},
	{"SG-X10", "", TestExample_SG_X10_Rotation},
	{"SG-X11", "", TestExample_SG_X11_Workers},
	{"SG-X12", "", TestExample_SG_X12_Building},
	{"SG-X13", "", TestExample_SG_X13_Win},
	{"SG-X14", "", TestExample_SG_X14_TurnCap},
	{"SG-X15", "", TestExample_SG_X15_Reshuffle},
	{"SG-X16", "", TestExample_SG_X16_Data},
	{"SG-X17", "", TestExample_SG_X17_Excavation},
}

func TestRules(t *testing.T) {
	for _, tc := range ruleTests {
		t.Run(strings.ReplaceAll(tc.rule, "-", "_")+"_"+tc.name, tc.f)
	}
}

// specID matches a numbered statement (**SG-T5.**), a ruling row (| S3 |)
// or a worked example heading (### SG-X7) of the specification.
var specID = regexp.MustCompile(`(?m)\*\*(SG-[STE]\d+)\.|^\| (S\d+) \||^### (SG-X\d+)`)

func TestRuleCoverage(t *testing.T) {
	var ids []string
	for i := 1; i <= 8; i++ {
		ids = append(ids, fmt.Sprintf("SG-S%d", i))
	}
	for i := 1; i <= 27; i++ {
		ids = append(ids, fmt.Sprintf("SG-T%d", i))
	}
	for i := 1; i <= 5; i++ {
		ids = append(ids, fmt.Sprintf("SG-E%d", i))
	}
	for i := 1; i <= 7; i++ {
		ids = append(ids, fmt.Sprintf("S%d", i))
	}
	for i := 1; i <= 17; i++ {
		ids = append(ids, fmt.Sprintf("SG-X%d", i))
	}
	// The specification lives beside the repository (shared/rules); when it
	// is there, its ids must be exactly the list above, so a rule added to
	// the spec cannot go untested unnoticed.
	if spec, err := os.ReadFile("../../../shared/rules/schlossgarten.md"); err == nil {
		var inSpec []string
		for _, m := range specID.FindAllStringSubmatch(string(spec), -1) {
			inSpec = append(inSpec, m[1]+m[2]+m[3])
		}
		slices.Sort(inSpec)
		inSpec = slices.Compact(inSpec)
		want := slices.Clone(ids)
		slices.Sort(want)
		if !slices.Equal(inSpec, want) {
			t.Errorf("the spec's ids %v differ from the covered list %v", inSpec, want)
		}
	} else {
		t.Logf("spec not found beside the repository (%v): checked against the built-in id list", err)
	}
	have := map[string]bool{}
	for _, tc := range ruleTests {
		have[tc.rule] = true
	}
	for _, id := range ids {
		if !have[id] {
			t.Errorf("rule %s has no test", id)
		}
	}
}

func mkState(t *testing.T, n int, opts engine.Options) *state {
	t.Helper()
	st, err := Game.New(n, 42, opts)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

func testS1(t *testing.T) {
	for n := 0; n <= 6; n++ {
		_, err := Game.New(n, 1, nil)
		if (n >= 2 && n <= 4) != (err == nil) {
			t.Errorf("%d players: err %v", n, err)
		}
	}
}

func testS2(t *testing.T) {
	s := mkState(t, 4, nil)
	for p := 0; p < 4; p++ {
		if int(s.color[p]) != p {
			t.Errorf("seat %d default colour %s", p+1, colorNames[s.color[p]])
		}
		if s.ownElems(p) != 0 {
			t.Error("all six elements start in the supply")
		}
		if v := s.View(p).(*View); len(v.Seats[p].Supply) != 6 {
			t.Error("supply of 6")
		}
	}
	s = mkState(t, 2, engine.Options{"color1": "yellow", "color2": "white"})
	if s.color[0] != 3 || s.color[1] != 2 {
		t.Error("colour options ignored")
	}
	if _, err := Game.New(2, 1, engine.Options{"color1": "blue"}); err == nil {
		t.Error("two seats in blue should be rejected")
	}
	if _, err := Game.New(2, 1, engine.Options{"color1": "green"}); err == nil {
		t.Error("unknown colour accepted")
	}
}

func testS3(t *testing.T) {
	a, b, c := mkState(t, 2, nil), mkState(t, 2, nil), st(t, 2, 43)
	layout := func(s *state) (out [nSquares]int8) {
		for i := range out {
			out[i] = s.tileAt(i)
		}
		return
	}
	if layout(a) != layout(b) {
		t.Error("same seed, different layout")
	}
	if layout(a) == layout(c) {
		t.Error("different seeds, same layout")
	}
	sorted := layout(a)
	slices.Sort(sorted[:])
	want := append([]int8(nil), tileValues...)
	slices.Sort(want)
	if !slices.Equal(sorted[:], want) || a.pit != 0 {
		t.Error("the 49 tiles lie face up")
	}
}

func st(t *testing.T, n int, seed uint64) *state {
	s, err := Game.New(n, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*state)
}

func testS5(t *testing.T) {
	s := mkState(t, 3, nil)
	seen := map[int8]int{}
	var buf [maxCards]int8
	for _, c := range s.deckCards(&buf) {
		seen[c]++
	}
	for p := 0; p < 3; p++ {
		for _, c := range s.hand[p][:s.handN[p]] {
			seen[c]++
		}
	}
	if len(seen) != 32 || s.discard != 0 {
		t.Fatalf("cards %d, discard %d", len(seen), popcount(s.discard))
	}
	if st(t, 3, 42).deck != s.deck || st(t, 3, 7).deck == s.deck {
		t.Error("deck not seeded")
	}
}

func testS6(t *testing.T) {
	s := mkState(t, 4, engine.Options{"first": "3"})
	for p := 0; p < 4; p++ {
		want := int8(1)
		if p == 2 {
			want = 2 // the first player has drawn for its turn (SG-T2)
		}
		if s.handN[p] != want {
			t.Errorf("seat %d holds %d", p+1, s.handN[p])
		}
	}
}

func testS7(t *testing.T) {
	if s := mkState(t, 3, nil); s.ToMove() != 0 {
		t.Error("default first player is seat 1")
	}
	if s := mkState(t, 3, engine.Options{"first": "3"}); s.ToMove() != 2 {
		t.Error("first=3")
	}
	for seed := uint64(0); seed < 20; seed++ {
		s, _ := Game.New(4, seed, engine.Options{"first": "random"})
		if p := s.ToMove(); p < 0 || p > 3 {
			t.Error("random first player out of range")
		}
	}
	if _, err := Game.New(2, 1, engine.Options{"first": "4"}); err == nil {
		t.Error("first=4 with 2 players accepted")
	}
}

func testS8(t *testing.T) {
	s := mkState(t, 4, nil)
	for p := 0; p < 4; p++ {
		if s.Score(p) != 0 {
			t.Error("scores start at 0")
		}
	}
}

func testT1(t *testing.T) {
	s := x5(t)
	s.turnOf(t, 0, "C07")
	mustReject(t, s, "stop", "SG-T1")
	mustReject(t, s, "k 1,2", "SG-T1")
	mustReject(t, s, "done", "SG-T1")
	mustApply(t, s, "play C07")
	mustReject(t, s, "play C07", "SG-T1")
	mustReject(t, s, "dig g 3,3", "SG-T1")
	mustApply(t, s, "stop")
	if s.phase != phWork {
		t.Fatal("figure stands: work step")
	}
	mustReject(t, s, "stop", "SG-T1")
	mustApply(t, s, "done")
	if s.ToMove() != 1 || s.phase != phPlay || s.handN[1] != 2 {
		t.Fatal("next player, who has drawn to 2 cards")
	}
}

func testT2(t *testing.T) {
	s := mkState(t, 2, nil)
	deck := s.deckN
	top := s.deckAt(int(deck) - 1)
	mustApply(t, s, "play "+cards[s.hand[0][0]].id, "stop")
	if s.phase == phWork {
		mustApply(t, s, "done")
	}
	if s.deckN != deck-1 || s.handN[1] != 2 || s.hand[1][1] != top {
		t.Fatal("the next player draws the top card")
	}
}

func testT3(t *testing.T) {
	s := mkState(t, 2, nil)
	var notInHand int
	for c := range cards {
		if int(s.hand[0][0]) != c && int(s.hand[0][1]) != c {
			notInHand = c
			break
		}
	}
	mustReject(t, s, "play "+cards[notInHand].id, "SG-T3")
	keep := s.hand[0][1]
	mustApply(t, s, "play "+cards[s.hand[0][0]].id)
	if s.handN[0] != 1 || s.hand[0][0] != keep {
		t.Fatal("the other card stays in the hand")
	}
}

func testT4(t *testing.T) {
	s := mkState(t, 2, nil)
	s.turnOf(t, 0, "C01")
	mustApply(t, s, "play C01")
	c := s.Clone().(*state)
	mustApply(t, c, "stop") // stopping before the first step
	if c.steps != 0 {
		t.Fatal("stop used steps")
	}
	// alternating pawns, five steps in all
	mustApply(t, s, "k 3,5", "g 2,5", "k 3,4", "a 4,5", "g 2,4")
	if s.phase == phMove {
		t.Fatal("movement should end after 5 steps")
	}
}

func allOnAllowedSquares(s *state) error {
	seen := uint64(0)
	for p := 0; p < int(s.n); p++ {
		for k := 0; k < nPawns; k++ {
			sq := int(s.pawnSq[p][k])
			if s.phase == phRelocate && int(s.struck) == p*nPawns+k {
				continue // in the striker's hand, about to be put on an element
			}
			if seen&bit(sq) != 0 {
				return fmt.Errorf("two pawns on %s", sqName(sq))
			}
			seen |= bit(sq)
			if s.pawnOn(sq) != int8(p*nPawns+k) {
				return fmt.Errorf("pawnOn out of sync on %s", sqName(sq))
			}
			if s.pit&bit(sq) != 0 {
				return fmt.Errorf("pawn on a pit %s", sqName(sq))
			}
			if ea := s.elemOn(sq); ea >= 0 && int(ea)/nElems != p {
				return fmt.Errorf("pawn on another player's element %s", sqName(sq))
			}
		}
	}
	return nil
}

// randomGames plays random games and calls check after every move.
func randomGames(t *testing.T, games int, check func(s *state) error) {
	t.Helper()
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		for g := 0; g < games; g++ {
			s := st(t, n, uint64(1000+g))
			rng := engine.NewRNG(uint64(g))
			for !s.Over() {
				buf = s.LegalMoves(buf[:0])
				if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
				if err := check(s); err != nil {
					t.Fatalf("%d players, game %d: %v", n, g, err)
				}
			}
		}
	}
}

func testT5(t *testing.T) {
	randomGames(t, 15, allOnAllowedSquares)
}

func testT7(t *testing.T) {
	s := x4(t, ". ")
	s.moving(t, 1, "C01")
	for _, d := range []string{"1,1", "2,1", "3,1", "1,2", "3,2", "1,3", "2,3", "3,3"} {
		mustApply(t, s.Clone(), "k "+d)
	}
	mustReject(t, s, "k 5,5", "SG-T7")
	mustReject(t, s, "k 4,4", "SG-T9") // two away: a jump needs a subject to pass over
}

func testT8(t *testing.T) {
	s := mkState(t, 2, nil)
	s.turnOf(t, 0, "C01")
	mustApply(t, s, "play C01")
	mustReject(t, s, "k 2,6", "SG-T8") // own gardener
}

func testT9(t *testing.T) {
	// blue's gardener on its own hedge can be jumped by nobody but blue
	s := grid(t, 2,
		"Kr .  .  .  .  .  Kb",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		".  Ar hbGb .  .  .  .",
		".  .  Gr .  .  .  .",
		".  .  .  .  .  .  .",
		"Ab .  .  .  .  .  .")
	s.moving(t, 0, "C01")
	mustReject(t, s, "a 3,3", "SG-T12")
	// red's own gardener can be jumped
	mustApply(t, s.Clone(), "a 3,5")
	b := s.Clone().(*state)
	b.turnOf(t, 1, "C01")
	mustApply(t, b, "play C01")
	place(b, 1, architect, 1, 1)
	mustReject(t, b, "a 3,1", "SG-T9") // two away over nothing is not a jump
}

func testT16(t *testing.T) {
	s := x12a(t, "cb")
	mustReject(t, s, "build pool 2,3 3,3", "SG-T14") // only the gardener works
	mustReject(t, s, "build column 2,3", "SG-T14")
	TestExample_SG_X12_Building(t)
}

func testT19(t *testing.T) {
	s := mkState(t, 3, nil)
	c := s.hand[0][0]
	mustApply(t, s, "play "+cards[c].id, "stop")
	if s.phase == phWork {
		mustApply(t, s, "done")
	}
	if s.discard != bit(int(c)) || s.ToMove() != 1 {
		t.Fatal("the played card goes on the discard pile; the next seat plays")
	}
	v, _ := json.Marshal(s.View(2))
	if !strings.Contains(string(v), `"discard":["`+cards[c].id+`"]`) {
		t.Fatalf("discard pile is public: %s", v)
	}
}

func testE1(t *testing.T) {
	randomGames(t, 15, func(s *state) error {
		for p := 0; p < int(s.n); p++ {
			if s.Score(p) != int(s.collected[p])+s.elemPoints(p) {
				return fmt.Errorf("score %d != tiles %d + elements %d", s.Score(p), s.collected[p], s.elemPoints(p))
			}
			sum := 0
			for v := 1; v <= 3; v++ {
				sum += v * int(s.collectedN[p][v])
			}
			if sum != int(s.collected[p]) {
				return fmt.Errorf("collected tiles out of sync")
			}
		}
		return nil
	})
}

func testE5(t *testing.T) {
	// passing: play a card and make no step
	s := mkState(t, 2, nil)
	mustApply(t, s, "play "+cards[s.hand[0][0]].id, "stop")
	if s.Over() {
		t.Fatal("passing does not end the game")
	}
	randomGames(t, 10, func(s *state) error {
		if !s.Over() {
			return nil
		}
		best := 0
		for p := 0; p < int(s.n); p++ {
			best = max(best, s.Score(p))
		}
		if best < winAt && s.turn < turnCap {
			return fmt.Errorf("the game ended at turn %d with best score %d", s.turn, best)
		}
		return nil
	})
}

// SG-T6: steps and jumps start from any square of the own element; moving
// within it is a step; an own pawn on an element square closes that square.
func testT6(t *testing.T) {
	s := grid(t, 2,
		"Gr Ar .  .  .  .  Kr",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  LbKb .  .  .",
		".  .  .  Lb Lb .  .",
		".  .  .  .  .  Gb .",
		"Ab .  .  .  .  .  .")
	s.moving(t, 1, "C01")
	mustApply(t, s.Clone(), "k 6,6") // a jump from 4,4 over blue's gardener on 5,5
	mustApply(t, s.Clone(), "k 5,4") // a step from 4,4
	c := s.Clone().(*state)
	mustApply(t, c, "k 4,4") // within the element: one step
	if c.steps != 1 {
		t.Fatal("moving within an own element is a step")
	}
	place(s, 1, gardener, 3, 4) // an own pawn on the element
	if s.dests(1, king)&bit(sq(3, 4)) != 0 {
		t.Fatal("a square with an own pawn is closed")
	}
}

// SG-T6, issue 13 (ruling 5b in docs/schlossgarten.md): entering an own
// element puts the pawn on any of its free squares, also when the only
// square of the element within reach holds an own pawn. Blue's gardener on
// 2,2 reaches only 3,3 of its labyrinth, where blue's king stands (a king is
// never jumped, so no jump lands on the labyrinth either): it may still
// enter, on 3,4 or 4,4, for one step. With every square of the element held
// by own pawns there is nothing to enter; a jump that lands on an own
// element square held by an own pawn enters the element as well.
func testT6EnterPastOwnPawn(t *testing.T) {
	s := grid(t, 2,
		"Kr Gr Ar .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  Gb .  .  .  .",
		".  .  .  LbKb .  .  .",
		".  .  .  Lb Lb .  .",
		".  .  .  .  .  .  .",
		"Ab .  .  .  .  .  .")
	s.moving(t, 1, "C01")
	lab := sqList([2]int{3, 3}, [2]int{3, 4}, [2]int{4, 4})
	if got := s.dests(1, gardener) & lab; got != lab&^bit(sq(3, 3)) {
		t.Fatalf("the gardener enters its labyrinth past its king: got %s, want 3,4 4,4", names(got))
	}
	c := s.Clone().(*state)
	mustApply(t, c, "g 4,4")
	if c.steps != 1 || c.pawnSq[1][gardener] != int8(sq(4, 4)) {
		t.Fatal("entering the element is one step, onto the chosen free square")
	}
	mustReject(t, s, "g 3,3", "SG-T11") // the king's square itself stays closed

	full := grid(t, 2,
		"Kr Gr Ar .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  Gb .  .  .  .",
		".  .  .  HbKb .  .  .",
		".  .  .  HbAb .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .")
	full.moving(t, 1, "C01")
	if hedge := sqList([2]int{3, 3}, [2]int{3, 4}); full.dests(1, gardener)&hedge != 0 {
		t.Fatalf("no free square: the element cannot be entered, got %s", names(full.dests(1, gardener)&hedge))
	}

	// A jump over red's gardener on 2,3 lands on 2,4, blue's hedge (2) on
	// 2,4 and 2,5 whose square 2,4 holds blue's architect: blue's king enters
	// the hedge on 2,5.
	j := grid(t, 2,
		"Kr .  Ar .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  Kb .  .  .  .",
		".  .  Gr .  .  .  .",
		".  .  HbAb .  .  .  .",
		".  .  Hb .  .  .  .",
		"Gb .  .  .  .  .  .")
	j.moving(t, 1, "C01")
	if j.dests(1, king)&bit(sq(2, 5)) == 0 {
		t.Fatalf("a jump landing on an own element square held by an own pawn enters the element: got %s", names(j.dests(1, king)))
	}
}

// Spec "Still to confirm": a 3-square element over two 1-square elements and
// one pit, the pit touching only one of them, is allowed; an own element may
// be covered too, and it goes back to the own supply with its points.
func testS5OverTwoSingles(t *testing.T) {
	s := grid(t, 2,
		"Kr Ar .  .  .  .  Kb",
		".  .  .  .  .  .  .",
		".  .  hr cb .  .  .",
		".  Gr .  #3 .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		"Gb Ab .  .  .  .  .")
	s.working(t, 0, "C01", 1<<1)
	wantScores(t, s, 1, 1)
	mustApply(t, s, "build labyrinth 2,2 3,2 3,3")
	wantScores(t, s, 6, 0) // red: hedge (1) lost, tile 3 + labyrinth 3; blue: column lost
	if s.elem[0][0] != 0 || s.elem[1][3] != 0 || s.elem[0][2] != sqList([2]int{2, 2}, [2]int{3, 2}, [2]int{3, 3}) {
		t.Fatal("covered elements go back to their owners' supplies, the labyrinth stands")
	}
}
