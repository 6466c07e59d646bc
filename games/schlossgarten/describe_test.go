package schlossgarten

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// Every legal move's description uses the ids of the mover's view, names
// exactly the move (its parts rebuild it), and a page choosing part by part
// narrows down to it.
func TestDescribeMovesUseViewIDs(t *testing.T) {
	var buf []engine.Move
	kinds := map[string]int{}
	for n := 2; n <= 4; n++ {
		s := st(t, n, 300+uint64(n))
		rng := engine.NewRNG(uint64(n))
		for i := 0; i < 900 && !s.Over(); i++ {
			buf = s.LegalMoves(buf[:0])
			p := s.ToMove()
			v := s.View(p).(*View)
			cells := map[string]SquareView{}
			for _, row := range v.Board {
				for _, c := range row {
					cells[c.ID] = c
				}
			}
			for _, m := range buf {
				d := s.DescribeMove(m)
				kinds[d.Kind]++
				if back := moveFromDesc(t, s, v, cells, d); back != m {
					t.Fatalf("%q is described as %+v, which reads back as %q", s.FormatMove(m), d, s.FormatMove(back))
				}
			}
			m := buf[rng.Intn(len(buf))]
			if s.phase == phWork && rng.Intn(2) == 0 {
				m = greedyMove(s, buf)
			}
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{"play", "move", "put", "stop", "dig", "build", "done"} {
		if kinds[k] == 0 {
			t.Errorf("no %q move described", k)
		}
	}
}

// moveFromDesc rebuilds a move from its description using only the view,
// as a page would.
func moveFromDesc(t *testing.T, s *state, v *View, cells map[string]SquareView, d engine.MoveDesc) engine.Move {
	t.Helper()
	cell := func(name string) int {
		c, ok := cells[d.Get(name)]
		if !ok {
			t.Fatalf("%+v: %s %q is not a square id of the view", d, name, d.Get(name))
		}
		sq, err := parseSquare(c.ID)
		if err != nil {
			t.Fatal(err)
		}
		return sq
	}
	me := v.Seats[v.Viewer]
	switch d.Kind {
	case "play":
		if !slices.Contains(me.Hand, d.Get("card")) {
			t.Fatalf("%+v: the card is not in the view's hand %v", d, me.Hand)
		}
		m, _ := parseMove("play " + d.Get("card"))
		return m
	case "move":
		from := cells[d.Get("from")]
		if from.Pawn != d.Get("pawn") || from.PawnOf != me.Color {
			t.Fatalf("%+v: the view shows %s %s on the from square", d, from.PawnOf, from.Pawn)
		}
		k, _ := parsePawn(d.Get("pawn"))
		return mvStep(k, cell("to"))
	case "put":
		if d.Get("pawn") != v.Struck {
			t.Fatalf("%+v: the view's struck subject is %q", d, v.Struck)
		}
		return mvRelocate(cell("cell"))
	case "dig":
		if !slices.Contains(v.Workers, d.Get("worker")) {
			t.Fatalf("%+v: not a worker of the view %v", d, v.Workers)
		}
		k, _ := parsePawn(d.Get("worker"))
		return mvDig(k, cell("cell"))
	case "build":
		i := slices.IndexFunc(v.Elements, func(e ElementView) bool { return e.ID == d.Get("element") })
		if i < 0 || !slices.Contains(me.Supply, d.Get("element")) || !slices.Contains(v.Workers, v.Elements[i].Builder) {
			t.Fatalf("%+v: not an element of the supply built by a worker", d)
		}
		j := slices.IndexFunc(v.Elements[i].Orientations, func(o OrientationView) bool { return o.ID == d.Get("orientation") })
		if j < 0 {
			t.Fatalf("%+v: no such orientation in the view", d)
		}
		x, y := sqXY(cell("cell"))
		var mask uint64
		for _, o := range v.Elements[i].Orientations[j].Squares {
			mask |= bit(sqOf(x+o[0], y+o[1]))
		}
		e := slices.IndexFunc(elems[:], func(ei elemInfo) bool { return ei.id == d.Get("element") })
		return mvBuild(e, mask)
	case "stop":
		return moveStop
	case "done":
		return moveDone
	}
	t.Fatalf("unknown kind in %+v", d)
	return 0
}

// The JSON form of each kind, as documented in docs/schlossgarten.md.
func TestDescribeMoveJSON(t *testing.T) {
	s := x6(t)
	s.turnOf(t, 1, "C08")
	check := func(txt, want string) {
		t.Helper()
		if got := enginetest.DescribeJSON(t, s, txt); got != want {
			t.Errorf("%s: %s, want %s", txt, got, want)
		}
	}
	check("play C08", `{"kind":"play","card":"C08"}`)
	mustApply(t, s, "play C08")
	check("k 6,5", `{"kind":"move","pawn":"king","from":"5,4","to":"6,5"}`)
	check("stop", `{"kind":"stop"}`)
	mustApply(t, s, "stop")
	check("dig a 4,3", `{"kind":"dig","worker":"architect","cell":"4,3"}`)
	mustApply(t, s, "dig a 4,3")
	check("build pool 3,3 4,3", `{"kind":"build","element":"pool","orientation":"r0","cell":"3,3"}`)
	check("done", `{"kind":"done"}`)
	// an L whose first square is not its corner: terrace on 4,2 3,3 4,3
	check("build terrace 4,2 3,3 4,3", `{"kind":"build","element":"terrace","orientation":"r2","cell":"4,2"}`)
	v := x8(t, false)
	v.moving(t, 1, "C01")
	mustApply(t, v, "k 3,3")
	if got, want := string(must(json.Marshal(v.DescribeMove(mvRelocate(sq(6, 5)))))), `{"kind":"put","pawn":"architect:red","cell":"6,5"}`; got != want {
		t.Errorf("put: %s, want %s", got, want)
	}
	if d := s.DescribeMove(engine.Move(0xfff0)); d.Kind != "unknown" {
		t.Errorf("a move of no kind is described as %+v", d)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
