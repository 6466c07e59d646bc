package schlossgarten

import (
	"context"
	"testing"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
)

// passTurn plays the mover's first card and stops at once (a pass, SG-E5).
func passTurn(t *testing.T, s *state) {
	t.Helper()
	p := int(s.toMove)
	mustApply(t, s, "play "+cards[s.hand[p][0]].id, "stop")
	if s.phase == phWork {
		mustApply(t, s, "done")
	}
}

// SG-S7: play goes clockwise, which is seat order, from the first player
// round the table.
func testS7Clockwise(t *testing.T) {
	s := mkState(t, 4, engine.Options{"first": "3"})
	for i, want := range []int{2, 3, 0, 1, 2} {
		if s.ToMove() != want {
			t.Fatalf("turn %d: seat %d to move, want seat %d", i+1, s.ToMove()+1, want+1)
		}
		passTurn(t, s)
	}
}

// SG-T13: a pawn standing on an element square counts on the square where
// it stands, not on the whole element (SG-T6 is about movement only).
func testT13ElementSquares(t *testing.T) {
	rows := func(row string, below ...string) *state {
		next := ".  .  .  .  .  .  ."
		if len(below) > 0 {
			next = below[0]
		}
		return grid(t, 2,
			".  .  .  .  .  .  .",
			".  .  .  .  .  .  .",
			".  .  .  .  .  .  .",
			row,
			next,
			".  .  .  .  .  .  .",
			"Kb Gb Ab .  .  .  .")
	}
	s := rows(".  .  .  Kr HrGr HrAr .")
	if got := s.figure(0, cardIdx(t, "C01")); got != 1<<3 {
		t.Fatalf("KGA with G and A on red's hedge (2): worker sets %b, want both subjects", got)
	}
	w := rows(".  .  .  Kr HrAr HrGr .")
	if w.figure(0, cardIdx(t, "C01")) != 0 {
		t.Fatal("G and A swapped on the hedge: C01 must not stand")
	}
	if w.figure(0, cardIdx(t, "C02")) == 0 {
		t.Fatal("G and A swapped on the hedge: C02 (KAG) stands")
	}
	// Through a turn: the gardener enters the hedge; the square it is put
	// on decides whether the figure stands.
	m := rows(".  .  .  Kr Hr HrAr .", ".  .  .  .  .  Gr .")
	m.moving(t, 0, "C02")
	c := m.Clone().(*state)
	mustApply(t, c, "g 4,3", "stop")
	if c.phase == phWork {
		t.Fatal("gardener put on 4,3: KAG does not stand")
	}
	mustApply(t, m, "a 4,3", "g 5,3", "stop") // the architect moves within the hedge, the gardener enters it
	if m.phase != phWork || !m.canWork(gardener) || !m.canWork(architect) {
		t.Fatal("architect on 4,3 and gardener on 5,3: KAG stands with both workers")
	}
}

// SG-T17: the squares must be one placement of the element's shape, on the
// board (item 5); an unknown element is no element of the supply (SG-T16).
func testT17Shapes(t *testing.T) {
	s := x12a(t, "cb")
	mustReject(t, s, "build hedge2 2,3", "SG-T17")        // one square for a domino
	mustReject(t, s, "build hedge2 1,2 3,3", "SG-T17")    // two squares apart
	mustReject(t, s, "build labyrinth 2,3 3,3", "SG-T17") // two squares for an L
	mustReject(t, s, "build labyrinth 1,3 2,3 3,3", "SG-T17")
	mustRejectMove(t, s, mvBuild(1, bit(sq(2, 3))|1<<nSquares), "SG-T17") // a square off the board
	mustRejectMove(t, s, mvBuild(9, bit(sq(2, 3))), "SG-T16")
	mustApply(t, s, "build hedge2 2,3 3,3")
	wantScores(t, s, 2+3+2, 1)
}

// SG-E4: the cap counts every player's turn; the game goes on after 299
// turns and ends after the 300th, not one turn earlier or later.
func testE4Boundary(t *testing.T) {
	s := st(t, 3, 5)
	s.turn = turnCap - 2
	passTurn(t, s)
	if s.Over() || s.turn != 299 || s.ToMove() != 1 {
		t.Fatalf("after 299 turns: over %v, turn %d, seat %d to move", s.Over(), s.turn, s.ToMove()+1)
	}
	passTurn(t, s)
	if !s.Over() || s.turn != 300 {
		t.Fatalf("after 300 turns: over %v, turn %d", s.Over(), s.turn)
	}
	if turnCap != 300 {
		t.Fatalf("turn cap %d, the spec says 300", turnCap)
	}
}

// The project's greedy bot (bots.Greedy, through Determinize as `jardin
// sim` plays it) beats the random bot in at least 90% of 2-player games.
// Depth 2 instead of the default 4 keeps the test short: at depth 4 a game
// takes about 3 s (docs/schlossgarten.md, "Bots").
func TestBotsGreedyBeatsRandom(t *testing.T) {
	games, wins := 20, 0
	for g := 0; g < games; g++ {
		s := st(t, 2, uint64(900+g))
		gb, err := bots.New("greedy", uint64(g))
		if err != nil {
			t.Fatal(err)
		}
		gb.(*bots.Greedy).Depth = 2
		rb, _ := bots.New("random", uint64(g))
		gs := g % 2
		for !s.Over() {
			b := rb
			if s.ToMove() == gs {
				b = gb
			}
			m, err := b.Choose(context.Background(), s.Determinize(s.ToMove(), uint64(g)<<20|uint64(s.turn)))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
		if r := s.Result(); r.Players[gs].Rank == 1 && r.Players[1-gs].Rank != 1 {
			wins++
		}
	}
	t.Logf("bots.Greedy (depth 2) won %d of %d", wins, games)
	if wins < games*9/10 {
		t.Fatalf("greedy won %d of %d, want at least 90%%", wins, games)
	}
}

// LegalMoves, Apply, Score and Evaluate are the search's inner loop: they
// must not allocate (project rule), on any kind of decision.
func TestHotPathsDoNotAllocate(t *testing.T) {
	var states []*state
	phases := map[int8]bool{}
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		s := st(t, n, uint64(60+n))
		rng := engine.NewRNG(uint64(n))
		for i := 0; i < 3000 && !s.Over(); i++ {
			buf = s.LegalMoves(buf[:0])
			if i%5 == 0 || s.phase == phRelocate || s.phase == phWork {
				c := *s
				states = append(states, &c)
				phases[s.phase] = true
			}
			m := buf[rng.Intn(len(buf))]
			if s.phase == phWork || rng.Intn(4) == 0 {
				m = greedyMove(s, buf)
			}
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !phases[phPlay] || !phases[phMove] || !phases[phRelocate] || !phases[phWork] {
		t.Fatalf("states cover phases %v, want all four", phases)
	}
	moves := make([][]engine.Move, len(states))
	for i, s := range states {
		moves[i] = s.LegalMoves(nil)
	}
	out := make([]engine.Move, 0, 1024)
	var work state
	allocs := testing.AllocsPerRun(5, func() {
		for i, s := range states {
			out = s.LegalMoves(out[:0])
			for j, m := range moves[i] {
				if j%3 == 0 || mvKind(m) == mkBuild {
					work = *s
					_ = work.Apply(m, nil)
				}
			}
			p := int(s.toMove)
			_ = s.Score(p)
			_ = s.Evaluate(p)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per pass over %d states", allocs, len(states))
	}
	t.Logf("%d states, no allocation", len(states))
}

// SG-E3: exactly 21 ends the game at once; 20 does not.
func testE3Exactly21(t *testing.T) {
	for _, tc := range []struct {
		collected int
		over      bool
	}{{18, true}, {17, false}} {
		s := grid(t, 2,
			"Kr Gr .  .  .  .  Kb",
			".  .  .  .  .  .  .",
			".  .  .  .  .  .  .",
			".  .  Ar #2 .  .  .",
			".  .  .  .  .  .  .",
			".  .  .  .  .  .  .",
			"Gb Ab .  .  .  .  .")
		s.setCollected(0, tc.collected)
		s.working(t, 0, "C01", 1<<2)
		mustApply(t, s, "build column 3,3")
		if got := s.Score(0); got != tc.collected+3 {
			t.Fatalf("score %d, want %d", got, tc.collected+3)
		}
		if s.Over() != tc.over || (tc.over && s.winner != 0) || (!tc.over && s.ToMove() != 1) {
			t.Fatalf("score %d: over %v winner %d to move %d", s.Score(0), s.Over(), s.winner, s.ToMove())
		}
	}
}

// SG-T9: a gardener or architect standing on the mover's own element may
// be jumped over (the square passed over is the mover's element).
func testT9OverOwnElement(t *testing.T) {
	s := grid(t, 2,
		"Kr .  .  .  .  .  Kb",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		".  Ar hrGr .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		"Gb Ab .  .  .  .  .")
	s.moving(t, 0, "C01")
	mustApply(t, s, "a 3,3")
	if s.steps != 1 || s.pawnSq[0][gardener] != int8(sq(2, 3)) {
		t.Fatal("one step, and the gardener stays on the hedge")
	}
}
