package schlossgarten

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Worked examples SG-X1 … SG-X17 of the specification, and the figures
// SG-T20 … SG-T27 they restate.

func place(s *state, p, k, x, y int) {
	s.pawnSq[p][k] = int8(sqOf(x, y))
}

func wantScores(t *testing.T, s *state, want ...int) {
	t.Helper()
	for p, w := range want {
		if got := s.Score(p); got != w {
			t.Errorf("%s scores %d, want %d", colorNames[p], got, w)
		}
	}
}

// SG-X1, SG-T20, SG-S4, ruling S2: start positions and deck sizes.
func TestExample_SG_X1_StartPositions(t *testing.T) {
	want := map[int][][3][2]int{
		2: {{{3, 6}, {2, 6}, {4, 6}}, {{3, 0}, {4, 0}, {2, 0}}},
		3: {{{3, 6}, {2, 6}, {4, 6}}, {{0, 3}, {0, 2}, {0, 4}}, {{3, 0}, {4, 0}, {2, 0}}},
		4: {{{3, 6}, {2, 6}, {4, 6}}, {{0, 3}, {0, 2}, {0, 4}}, {{3, 0}, {4, 0}, {2, 0}}, {{6, 3}, {6, 4}, {6, 2}}},
	}
	for n := 2; n <= 4; n++ {
		st, _ := Game.New(n, 9, nil)
		s := st.(*state)
		seen := map[int8]bool{}
		for p := 0; p < n; p++ {
			for k := 0; k < nPawns; k++ {
				w := want[n][p][k]
				if got := s.pawnSq[p][k]; int(got) != sqOf(w[0], w[1]) {
					t.Errorf("%d players: seat %d %s on %s, want %d,%d", n, p+1, pawnIDs[k], sqName(int(got)), w[0], w[1])
				}
				sq := s.pawnSq[p][k]
				if seen[sq] || s.pit&bit(int(sq)) != 0 || s.elemOn(int(sq)) >= 0 {
					t.Errorf("start square %s shared or not a landscape tile", sqName(int(sq)))
				}
				seen[sq] = true
			}
		}
		// each player drew 1 (deck 32-n); then seat 1 drew its second card (SG-T2)
		if int(s.deckN)+1 != 32-n || s.handN[0] != 2 {
			t.Errorf("%d players: deck %d (+1 drawn by seat 1 at its turn), want %d", n, s.deckN, 32-n)
		}
		for p := 1; p < n; p++ {
			if s.handN[p] != 1 {
				t.Errorf("seat %d holds %d cards, want 1 (SG-S6)", p+1, s.handN[p])
			}
		}
	}
}

// SG-X2, SG-T21, SG-T4, SG-T13: completing a figure with five steps, and
// with three after turning the card.
func TestExample_SG_X2_Figure2(t *testing.T) {
	st, _ := Game.New(2, 3, nil)
	s := st.(*state)
	s.turnOf(t, 0, "C28")
	a := s.Clone().(*state)
	mustApply(t, a, "play C28", "k 3,5", "g 2,5", "g 2,4", "a 4,5", "a 4,4")
	if a.phase != phWork || !a.canWork(gardener) || !a.canWork(architect) {
		t.Fatalf("after 5 steps the figure should stand with both workers: phase %s", phaseNames[a.phase])
	}
	mustReject(t, a, "k 3,4", "SG-T4") // a sixth step
	b := s.Clone().(*state)
	mustApply(t, b, "play C28", "g 3,5", "g 4,4", "k 3,5")
	// king moved onto (3,5) after the gardener left it
	if b.steps != 3 {
		t.Fatalf("steps %d", b.steps)
	}
	mustApply(t, b, "stop")
	if b.phase != phWork || !b.canWork(gardener) || !b.canWork(architect) {
		t.Fatalf("quarter-turned figure should stand with both workers")
	}
}

var x3Grid = []string{
	"Gy Ay .  .  .  Gw Kw",
	".  .  .  .  .  .  .",
	".  .  #1 .  Ky .  .",
	".  .  Gr Gb Pr .  .",
	".  .  hb Aw Pr .  .",
	".  .  .  .  .  .  .",
	"Kr Ar .  .  .  Ab Kb",
}

// SG-X3, SG-T22, SG-T7 … SG-T12: where blue's gardener may go in one step.
func TestExample_SG_X3_Figure3(t *testing.T) {
	s := grid(t, 4, x3Grid...)
	s.moving(t, 1, "C01")
	got := legalText(s, "g ")
	want := []string{"g 1,3", "g 2,3", "g 2,4", "g 3,2", "g 3,5"}
	if !slices.Equal(got, want) {
		t.Fatalf("gardener moves %v, want %v", got, want)
	}
	mustReject(t, s, "g 2,2", "SG-T12") // pit
	mustReject(t, s, "g 4,2", "SG-T11") // king
	mustReject(t, s, "g 5,1", "SG-T11") // jump over the king
	mustReject(t, s, "g 4,3", "SG-T12") // red's element
	mustReject(t, s, "g 4,4", "SG-T12")
	mustReject(t, s, "g 3,4", "SG-T10") // white has no element
	c := s.Clone().(*state)
	mustApply(t, c, "g 2,3") // strikes red's gardener
	if got := legalText(c, ""); !slices.Equal(got, []string{"put 4,3", "put 4,4"}) {
		t.Fatalf("relocation choices %v", got)
	}
	mustApply(t, c, "put 4,4")
	if c.pawnSq[0][gardener] != int8(sq(4, 4)) || c.pawnSq[1][gardener] != int8(sq(2, 3)) {
		t.Fatalf("strike did not relocate")
	}
	// the jumped pawns stay where they are
	d := s.Clone().(*state)
	mustApply(t, d, "g 1,3")
	if d.pawnSq[0][gardener] != int8(sq(2, 3)) {
		t.Fatalf("jumped pawn moved")
	}
}

// bfs returns the fewest steps pawn k of p needs to reach each square,
// moving that pawn alone.
func bfs(s *state, p, k int) [nSquares]int {
	var dist [nSquares]int
	for i := range dist {
		dist[i] = -1
	}
	start := int(s.pawnSq[p][k])
	dist[start] = 0
	queue := []int{start}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		c := *s
		x, y := sqXY(cur)
		place(&c, p, k, x, y)
		for d := c.dests(p, k); d != 0; d &= d - 1 {
			n := lowSq(d)
			if dist[n] < 0 {
				dist[n] = dist[cur] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

func x4(t *testing.T, lab string) *state {
	return grid(t, 2,
		".  .  .  .  Gr Kr Ar",
		".  .  .  .  .  .  .",
		".  .  Kb .  .  .  .",
		".  .  .  "+lab+" .  .  .",
		".  .  .  "+lab+" "+lab+" .  .",
		".  .  .  .  .  .  .",
		"Gb Ab .  .  .  .  .")
}

// SG-X4, SG-T23, SG-T6: an own element counts as one step.
func TestExample_SG_X4_Figure4(t *testing.T) {
	s := x4(t, "Lb")
	s.moving(t, 1, "C01")
	lab := sqList([2]int{3, 3}, [2]int{3, 4}, [2]int{4, 4})
	if d := s.dests(1, king); d&lab != lab {
		t.Fatalf("the king may enter the labyrinth on any of its squares, got %s", names(d))
	}
	mustApply(t, s, "k 4,4")
	x := sqList([2]int{3, 2}, [2]int{4, 2}, [2]int{2, 3}, [2]int{4, 3}, [2]int{5, 3}, [2]int{2, 4}, [2]int{5, 4},
		[2]int{2, 5}, [2]int{3, 5}, [2]int{4, 5}, [2]int{5, 5})
	if got := s.dests(1, king) &^ lab &^ bit(sq(2, 2)); got != x || popcount(x) != 11 {
		t.Fatalf("second step reaches %s, want %s", names(got), names(x))
	}
	s2 := x4(t, "Lb")
	d := bfs(s2, 1, king)
	plain := x4(t, ". ")
	dp := bfs(plain, 1, king)
	for _, c := range [][2]int{{5, 3}, {5, 4}, {5, 5}, {4, 5}, {3, 5}, {2, 5}} {
		if d[sq(c[0], c[1])] != 2 || dp[sq(c[0], c[1])] != 3 {
			t.Errorf("%v: %d steps with the labyrinth, %d over plain tiles; want 2 and 3", c, d[sq(c[0], c[1])], dp[sq(c[0], c[1])])
		}
	}
	red := x4(t, "Lr")
	if dr := bfs(red, 1, king); dr[sq(5, 5)] != 4 {
		t.Fatalf("around red's labyrinth (5,5) takes %d steps, want 4", dr[sq(5, 5)])
	}
}

func x5(t *testing.T) *state {
	s := grid(t, 4,
		"Gy Ay Ky .  .  Gw Kw",
		".  .  .  1  .  .  .",
		".  .  .  1  .  .  .",
		".  Kr Gr 3  2  .  .",
		".  Aw Ar .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  Ab Gb Kb")
	return s
}

// SG-X5, SG-T24, SG-T14, SG-T15: red digs but does not build.
func TestExample_SG_X5_Figure5a(t *testing.T) {
	s := x5(t)
	s.moving(t, 0, "C07")
	mustApply(t, s, "stop")
	if s.phase != phWork || !s.canWork(gardener) || s.canWork(architect) {
		t.Fatalf("figure should stand with red's gardener as the only worker")
	}
	mustApply(t, s, "dig g 3,3")
	if got := legalText(s, "build"); !slices.Equal(got, []string{"build hedge1 3,3"}) {
		t.Fatalf("builds %v, want only the 1-square hedge on 3,3", got)
	}
	c := s.Clone().(*state)
	mustApply(t, c, "build hedge1 3,3")
	wantScores(t, c, 4)
	mustApply(t, s, "done")
	wantScores(t, s, 0, 0, 0, 0)
	if s.pit&bit(sq(3, 3)) == 0 {
		t.Fatal("the pit should stay")
	}
}

// SG-X6, SG-T25, SG-T18: blue builds its pool over two pits.
func x6(t *testing.T) *state {
	s := x5(t)
	s.moving(t, 0, "C07")
	mustApply(t, s, "stop", "dig g 3,3", "done")
	place(s, 1, king, 5, 4)
	place(s, 1, architect, 4, 4)
	place(s, 2, gardener, 5, 3)
	return s
}

func TestExample_SG_X6_Figure5b(t *testing.T) {
	s := x6(t)
	s.turnOf(t, 1, "C08")
	mustApply(t, s, "play C08", "stop")
	if s.phase != phWork || s.canWork(gardener) || !s.canWork(architect) {
		t.Fatalf("the half-turned figure should stand with blue's architect as worker")
	}
	mustApply(t, s, "dig a 4,3")
	if got := legalText(s, "build"); !slices.Equal(got, []string{"build column 3,3", "build column 4,3", "build pool 3,3 4,3"}) {
		t.Fatalf("builds %v", got)
	}
	mustReject(t, s, "build pool 4,2 4,3", "SG-T17")
	mustApply(t, s, "build pool 3,3 4,3")
	wantScores(t, s, 0, 7, 0, 0)
}

// SG-X7, SG-T26, SG-T27, SG-E2: red's terrace covers blue's pool.
func TestExample_SG_X7_Figure5cd(t *testing.T) {
	s := x6(t)
	s.turnOf(t, 1, "C08")
	mustApply(t, s, "play C08", "stop", "dig a 4,3", "build pool 3,3 4,3")
	place(s, 3, gardener, 3, 1)
	s.turnOf(t, 0, "C25")
	mustApply(t, s, "play C25", "a 2,2", "k 1,2", "k 1,1") // a jump over red's own gardener, then two steps
	if s.steps != 3 || s.pawnSq[0][gardener] != int8(sq(2, 3)) {
		t.Fatalf("3 steps used (the jump counts one) and the jumped gardener stays: steps %d", s.steps)
	}
	mustApply(t, s, "stop")
	if s.phase != phWork || s.canWork(gardener) || !s.canWork(architect) {
		t.Fatalf("figure should stand with red's architect as worker")
	}
	mustApply(t, s, "dig a 3,2")
	mustReject(t, s, "build terrace 3,3 4,3 4,2", "SG-T17")
	mustReject(t, s, "build pool 3,2 3,3", "SG-T17")
	c := s.Clone().(*state)
	mustApply(t, c, "build column 3,2")
	wantScores(t, c, 2, 7, 0, 0)
	mustApply(t, s, "build terrace 3,2 3,3 4,3")
	wantScores(t, s, 4, 5, 0, 0)
	if s.elem[1][4] != 0 {
		t.Fatal("blue's pool should be back in blue's supply")
	}
}

func x8(t *testing.T, column bool) *state {
	last := ".  Gb .  .  Ab .  ."
	if column {
		last = "cr Gb .  .  Ab .  ."
	}
	return grid(t, 2,
		".  .  .  .  .  .  Kr",
		".  .  .  .  .  .  .",
		".  .  Kb .  .  .  .",
		".  .  .  Ar .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  PrGr Pr",
		last)
}

// SG-X8, SG-T10, ruling S4: a struck subject goes onto its owner's element.
func TestExample_SG_X8_Strike(t *testing.T) {
	s := x8(t, false)
	s.moving(t, 1, "C01")
	mustReject(t, s, "a 5,5", "SG-T12")
	mustApply(t, s, "k 3,3")
	if got := legalText(s, ""); !slices.Equal(got, []string{"put 6,5"}) {
		t.Fatalf("relocation %v", got)
	}
	mustReject(t, s, "k 3,4", "SG-T1") // relocate first
	mustApply(t, s, "put 6,5")
	if s.pawnSq[0][architect] != int8(sq(6, 5)) || s.pawnSq[1][king] != int8(sq(3, 3)) || s.steps != 1 {
		t.Fatal("strike result wrong")
	}
	v := x8(t, true)
	v.moving(t, 1, "C01")
	mustApply(t, v, "k 3,3")
	if got := legalText(v, ""); !slices.Equal(got, []string{"put 0,6", "put 6,5"}) {
		t.Fatalf("relocation %v", got)
	}
	// next turn: red's architect leaves the pool in one step
	mustApply(t, s, "stop")
	for s.ToMove() != 0 {
		mustApply(t, s, s.FormatMove(s.LegalMoves(nil)[len(s.LegalMoves(nil))-1]))
	}
	s.turnOf(t, 0, "C01")
	mustApply(t, s, "play C01", "a 4,4")
	for p := 0; p < 2; p++ {
		for k := 0; k < nPawns; k++ {
			if p == 1 && s.dests(1, k)&sqList([2]int{5, 5}, [2]int{6, 5}) != 0 {
				t.Fatal("blue may never enter red's pool")
			}
		}
	}
}

// SG-X9, SG-T10, SG-T11: subjects that cannot be struck, and kings.
func TestExample_SG_X9_NoStrike(t *testing.T) {
	s := grid(t, 4,
		"crGr .  .  .  .  .  Kr",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  Ay",
		".  .  .  Gw .  .  Gy",
		".  .  Ar Ab Ky .  .",
		".  .  .  .  .  .  .",
		"Kw Aw .  .  .  Gb Kb")
	s.moving(t, 1, "C01")
	mustReject(t, s, "a 3,3", "SG-T10")
	mustApply(t, s.Clone(), "a 3,2") // jump over white's gardener
	mustReject(t, s, "a 2,4", "SG-T10")
	mustReject(t, s, "a 4,4", "SG-T11")
	mustReject(t, s, "a 5,4", "SG-T11")
}

// SG-X10, SG-T13, ruling S3: turning a card, never flipping it.
func TestExample_SG_X10_Rotation(t *testing.T) {
	for _, tc := range []struct {
		g, a  [2]int
		stand bool
	}{
		{[2]int{4, 3}, [2]int{5, 4}, true},
		{[2]int{3, 4}, [2]int{2, 5}, true},
		{[2]int{4, 3}, [2]int{5, 2}, false},
	} {
		s := grid(t, 2,
			"Kb Gb Ab .  .  .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .",
			".  .  .  Kr .  .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .", "Gr Ar .  .  .  .  .")
		place(s, 0, gardener, tc.g[0], tc.g[1])
		place(s, 0, architect, tc.a[0], tc.a[1])
		if got := s.figure(0, cardIdx(t, "C13")) != 0; got != tc.stand {
			t.Errorf("G %v A %v: stands %v, want %v", tc.g, tc.a, got, tc.stand)
		}
		if tc.g == [2]int{4, 3} && tc.a == [2]int{5, 2} && s.figure(0, cardIdx(t, "C23")) == 0 {
			t.Errorf("the mirror image is card C23's figure")
		}
	}
}

func x11(t *testing.T, rows ...string) *state {
	s := grid(t, 3, rows...)
	s.moving(t, 0, "C03")
	return s
}

// SG-X11, SG-T14, ruling S3: other players' subjects complete the figure
// but never work.
func TestExample_SG_X11_Workers(t *testing.T) {
	s := x11(t,
		"Kb Ab Kw Gw .  .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .",
		".  .  Gb Kr Aw .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .", "Gr Ar .  .  .  .  .")
	if s.figure(0, int(s.played)) != 1 {
		t.Fatal("figure should stand without workers")
	}
	mustApply(t, s, "stop")
	if s.ToMove() != 1 || s.phase != phPlay {
		t.Fatal("no worker: the turn should end")
	}
	s = x11(t,
		"Kb Ab Kw Gw Gb .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .",
		".  .  Gr Kr Aw .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .", "Ar .  .  .  .  .  .")
	mustApply(t, s, "stop")
	if s.phase != phWork || !s.canWork(gardener) || s.canWork(architect) {
		t.Fatal("red's gardener should be the only worker")
	}
	s = x11(t,
		"Kb Ab Kw Gw .  .  .", ".  .  .  .  .  .  .", ".  .  .  Gb .  .  .",
		".  .  Gr Kr Aw .  .", ".  .  .  Ar .  .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .")
	mustApply(t, s, "stop")
	if !s.canWork(gardener) || !s.canWork(architect) {
		t.Fatal("two placements: either subject may work")
	}
	mustApply(t, s, "dig g 1,3")
	if s.canWork(architect) {
		t.Fatal("after digging with the gardener, the architect's placement is not the chosen one")
	}
	mustReject(t, s, "build column 2,5", "SG-T14")
}

func x12a(t *testing.T, column string) *state {
	s := grid(t, 2,
		"Kr Ar .  .  .  .  Kb",
		".  .  .  .  .  .  .",
		".  .  "+column+" .  .  .  .",
		".  Gr #2 #3 .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		"Gb Ab .  .  .  .  .")
	s.working(t, 0, "C01", 1<<1)
	return s
}

// SG-X12, SG-T16, SG-T17, ruling S5: what may be built where.
func TestExample_SG_X12_Building(t *testing.T) {
	for _, tc := range []struct {
		move       string
		red, blue  int
		rule       string
		pawnOnElem bool
	}{
		{"build labyrinth 2,2 2,3 3,3", 8, 0, "", false},
		{"build hedge2 2,2 2,3", 4, 0, "", false},
		{"build hedge1 2,3", 3, 1, "", false},
		{"build hedge1 2,2", 0, 0, "SG-T17", false},
		{"build hedge1 3,3", 0, 0, "SG-T17", false},
		{"build labyrinth 2,2 2,3 3,3", 0, 0, "SG-T17", true},
		{"build hedge2 2,2 2,3", 0, 0, "SG-T17", true},
	} {
		s := x12a(t, "cb")
		if tc.pawnOnElem {
			place(s, 1, king, 2, 2)
		}
		if tc.rule != "" {
			mustReject(t, s, tc.move, tc.rule)
			continue
		}
		mustApply(t, s, tc.move)
		wantScores(t, s, tc.red, tc.blue)
	}
	b := grid(t, 2,
		"Kr Gr .  .  .  .  Kb", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .",
		".  .  .  Ar Pb Pb .", ".  .  .  #1 #1 .  .", "Gb Ab .  .  .  .  .")
	b.working(t, 0, "C01", 1<<2)
	mustReject(t, b, "build terrace 4,4 4,5 3,5", "SG-T17")
	mustApply(t, b.Clone(), "build terrace 4,4 5,4 4,5")
	mustApply(t, b.Clone(), "build pool 3,5 4,5")
	c := grid(t, 2,
		"Kr Ar .  .  .  .  Kb", ".  .  .  .  Gr hb .", ".  .  .  .  .  Hb Hb", ".  .  .  .  .  .  .",
		".  .  .  .  .  .  .", ".  .  .  .  .  .  .", "Gb Ab .  .  .  .  .")
	c.working(t, 0, "C01", 1<<1)
	mustReject(t, c, "build labyrinth 5,1 5,2 6,2", "SG-T17")
	d := grid(t, 2,
		"Kr Ar .  .  .  .  Kb", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .", ".  Gr #2 #3 .  .  .",
		"Lr .  .  #1 .  .  .", "Lr Lr .  .  .  .  .", "Gb Ab .  .  .  .  .")
	d.working(t, 0, "C01", 1<<1)
	mustReject(t, d, "build labyrinth 2,3 3,3 3,4", "SG-T16")
}

// SG-X13, SG-E2, SG-E3, ruling S6: 21 ends the game at once; covered
// elements lose their points.
func TestExample_SG_X13_Win(t *testing.T) {
	s := grid(t, 4,
		"Kr Gr Ar Kb Gb Ab .",
		".  #2 3  .  .  .  .",
		".  .  Ay .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		"Kw Gw Aw .  .  Ky Gy")
	s.setCollected(3, 16)
	s.working(t, 3, "C01", 1<<2)
	mustApply(t, s, "dig a 2,1", "build pool 1,1 2,1")
	wantScores(t, s, 0, 0, 0, 23)
	if !s.Over() || s.ToMove() != -1 || len(s.LegalMoves(nil)) != 0 {
		t.Fatal("the game should end at once")
	}
	r := s.Result()
	if !r.Final || !slices.Equal(r.Winners(), []int{3}) {
		t.Fatalf("winners %v", r.Winners())
	}
	mustRejectOver(t, s)

	b := grid(t, 2,
		".  .  .  .  .  .  Kr",
		".  .  .  .  .  .  Gr",
		".  .  Ar #1 .  .  .",
		".  .  .  Pb Pb .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  Ab #3 #1",
		"Kb Gb .  .  .  .  .")
	b.setCollected(1, 18)
	wantScores(t, b, 0, 20)
	b.working(t, 0, "C01", 1<<2)
	mustApply(t, b, "build terrace 3,2 3,3 4,3")
	wantScores(t, b, 4, 18)
	b.working(t, 1, "C01", 1<<2)
	mustApply(t, b, "build pool 5,5 6,5")
	wantScores(t, b, 4, 24)
	if !b.Over() {
		t.Fatal("blue reaches 21 and wins")
	}
}

func mustRejectOver(t *testing.T, s engine.State) {
	t.Helper()
	if err := s.Apply(moveDone, nil); engine.RuleOf(err) != "SG-E3" {
		t.Fatalf("a move after the end: %v", err)
	}
}

// SG-X14, SG-E4, ruling S6: turn cap.
func TestExample_SG_X14_TurnCap(t *testing.T) {
	st, _ := Game.New(3, 5, nil)
	s := st.(*state)
	s.setCollected(0, 15)
	s.setCollected(1, 12)
	s.setCollected(2, 15)
	s.turn = turnCap - 1
	s.turnOf(t, 0, "C01")
	mustApply(t, s, "play C01", "stop")
	if s.phase == phWork {
		mustApply(t, s, "done")
	}
	if !s.Over() {
		t.Fatal("the turn cap should end the game")
	}
	r := s.Result()
	if !slices.Equal(r.Winners(), []int{0, 2}) || r.Players[1].Rank != 3 {
		t.Fatalf("ranks %+v", r.Players)
	}
}

// SG-X15, SG-T2, SG-T3, ruling S3: deck, discard and hands.
func TestExample_SG_X15_Reshuffle(t *testing.T) {
	st, _ := Game.New(4, 11, nil)
	s := st.(*state)
	// undo seat 1's draw, then move the whole deck to the discard pile
	s.handN[0]--
	var buf [maxCards]int8
	for _, c := range s.deckCards(&buf) {
		s.discard |= bit(int(c))
	}
	s.discard |= bit(int(s.hand[0][1]))
	s.hand[0][1] = -1
	s.setDeck(nil)
	if popcount(s.discard) != 28 {
		t.Fatalf("discard %d", popcount(s.discard))
	}
	s.startTurn(nil)
	if s.deckN != 27 || s.discard != 0 || s.handN[0] != 2 {
		t.Fatalf("deck %d discard %d hand %d", s.deckN, popcount(s.discard), s.handN[0])
	}
	own := s.View(0).(*View)
	other := s.View(1).(*View)
	if len(own.Seats[0].Hand) != 2 || other.Seats[0].Hand != nil || other.Seats[0].HandCount != 2 {
		t.Fatal("red's hand is red's only; others see its size")
	}
	card := s.hand[0][0]
	mustApply(t, s, "play "+cards[card].id)
	if v := s.View(1).(*View); v.Played != cards[card].id || v.Seats[0].HandCount != 1 {
		t.Fatal("the played card is public")
	}
}

// SG-X16, rulings S1, S5, S7: data checks.
func TestExample_SG_X16_Data(t *testing.T) {
	count := map[int8]int{}
	total := 0
	for _, v := range tileValues {
		count[v]++
		total += int(v)
	}
	if len(tileValues) != 49 || total != 97 || count[1] != 17 || count[2] != 16 || count[3] != 16 {
		t.Fatalf("tiles: %d worth %d, split %v", len(tileValues), total, count)
	}
	if len(cards) != 32 {
		t.Fatalf("%d cards", len(cards))
	}
	// every 8-connected arrangement of K, G, A, up to rotation
	canon := func(g, a xy) [4]int {
		best := [4]int{99}
		for r := 0; r < 4; r++ {
			k := [4]int{g[0], g[1], a[0], a[1]}
			if k[0] < best[0] || k[0] == best[0] && (k[1] < best[1] || k[1] == best[1] && (k[2] < best[2] || k[2] == best[2] && k[3] < best[3])) {
				best = k
			}
			g, a = rot(g), rot(a)
		}
		return best
	}
	adjacent := func(p, q xy) bool { return p != q && abs(p[0]-q[0]) <= 1 && abs(p[1]-q[1]) <= 1 }
	all := map[[4]int]bool{}
	for gx := -2; gx <= 2; gx++ {
		for gy := -2; gy <= 2; gy++ {
			for ax := -2; ax <= 2; ax++ {
				for ay := -2; ay <= 2; ay++ {
					k, g, a := xy{}, xy{gx, gy}, xy{ax, ay}
					if g == k || a == k || g == a {
						continue
					}
					n := 0
					for _, e := range [][2]xy{{k, g}, {k, a}, {g, a}} {
						if adjacent(e[0], e[1]) {
							n++
						}
					}
					if n >= 2 {
						all[canon(g, a)] = true
					}
				}
			}
		}
	}
	if len(all) != 30 {
		t.Fatalf("%d classes of connected arrangements, want 30", len(all))
	}
	seen := map[[4]int]string{}
	for _, c := range cards[:30] {
		k := canon(c.g, c.a)
		if !all[k] {
			t.Errorf("%s is not a connected arrangement", c.id)
		}
		if seen[k] != "" {
			t.Errorf("%s repeats %s", c.id, seen[k])
		}
		seen[k] = c.id
	}
	if seen[canon(cards[30].g, cards[30].a)] != "C03" || seen[canon(cards[31].g, cards[31].a)] != "C06" {
		t.Error("C31 should repeat C03 and C32 repeat C06")
	}
	squares := 0
	for _, e := range elems {
		squares += e.size
		want := map[int]int{1: 1, 2: 2, 3: 4}[e.size]
		if len(e.orients) != want {
			t.Errorf("%s: %d orientations, want %d", e.id, len(e.orients), want)
		}
	}
	if squares != 12 {
		t.Errorf("element squares %d, want 12", squares)
	}
	gard, arch := 0, 0
	for _, e := range elems {
		if e.builder == gardener {
			gard++
		} else {
			arch++
		}
	}
	if gard != 3 || arch != 3 {
		t.Error("three elements per builder")
	}
}

// SG-X17, SG-T15: excavation limits.
func TestExample_SG_X17_Excavation(t *testing.T) {
	s := grid(t, 2,
		"Kr Ar .  .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  #2 .  .  .  .",
		".  .  .  Gr .  .  .",
		".  .  hb .  Kb .  .",
		".  .  .  .  .  .  .",
		"Gb Ab .  .  .  .  .")
	s.working(t, 0, "C01", 1<<1)
	if got := legalText(s, "dig"); !slices.Equal(got, []string{"dig g 2,3", "dig g 3,2", "dig g 3,4", "dig g 4,2", "dig g 4,3"}) {
		t.Fatalf("digs %v", got)
	}
	mustReject(t, s, "dig g 4,4", "SG-T15")
	mustReject(t, s, "dig g 2,2", "SG-T15")
	mustReject(t, s, "dig g 2,4", "SG-T15")
	mustReject(t, s, "dig g 5,5", "SG-T15")
	mustReject(t, s, "dig a 2,3", "SG-T14")
	mustApply(t, s, "dig g 3,2")
	mustReject(t, s, "dig g 4,2", "SG-T15")
	mustApply(t, s, "build hedge1 3,2")
	if s.ToMove() != 1 || s.phase != phPlay {
		t.Fatal("building ends the turn")
	}
	if err := s.Apply(mvDig(gardener, sq(4, 2)), nil); err == nil {
		t.Fatal("no excavation after building")
	}
}

func TestExample_ViewJSON(t *testing.T) {
	s := x5(t)
	b, err := json.Marshal(s.View(0))
	if err != nil || !strings.Contains(string(b), `"pawn":"king"`) {
		t.Fatalf("view json: %v %s", err, b)
	}
}
