package schlossgarten

import (
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// A second, deliberately naive reading of the movement, figure, excavation
// and building rules (SG-T5 … SG-T17), square by square with no bitmasks,
// compared with the game on every decision of games played by a mix of
// random and greedy moves (greedy builds, so elements get covered).

// refElem returns the owner and element covering sq, or -1, -1.
func refElem(s *state, sq int) (int, int) {
	for q := 0; q < int(s.n); q++ {
		for e := 0; e < nElems; e++ {
			if s.elem[q][e]&bit(sq) != 0 {
				return q, e
			}
		}
	}
	return -1, -1
}

func refPawn(s *state, sq int) (int, int) {
	for q := 0; q < int(s.n); q++ {
		for k := 0; k < nPawns; k++ {
			if int(s.pawnSq[q][k]) == sq {
				return q, k
			}
		}
	}
	return -1, -1
}

func refFreeElemSquare(s *state, q int) bool {
	for e := 0; e < nElems; e++ {
		for sq := 0; sq < nSquares; sq++ {
			if s.elem[q][e]&bit(sq) != 0 {
				if pq, _ := refPawn(s, sq); pq < 0 {
					return true
				}
			}
		}
	}
	return false
}

func refOpen(s *state, p, sq int) bool {
	if s.pit&bit(sq) != 0 {
		return false
	}
	eq, _ := refElem(s, sq)
	if eq >= 0 && eq != p {
		return false
	}
	pq, pk := refPawn(s, sq)
	if pq < 0 {
		return true
	}
	if pk == king || pq == p {
		return false
	}
	return eq < 0 && refFreeElemSquare(s, pq)
}

func refDests(s *state, p, k int) uint64 {
	from := int(s.pawnSq[p][k])
	var origins []int
	var home uint64
	if q, e := refElem(s, from); q == p {
		home = s.elem[p][e]
	}
	if home != 0 {
		for sq := 0; sq < nSquares; sq++ {
			if home&bit(sq) != 0 {
				origins = append(origins, sq)
			}
		}
	} else {
		origins = []int{from}
	}
	var d, entered uint64
	for sq := 0; sq < nSquares; sq++ {
		if home&bit(sq) != 0 && sq != from {
			if pq, _ := refPawn(s, sq); pq < 0 {
				d |= bit(sq)
			}
		}
	}
	for _, o := range origins {
		ox, oy := sqXY(o)
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				if dx == 0 && dy == 0 || !onBoard(ox+dx, oy+dy) {
					continue
				}
				n1 := sqOf(ox+dx, oy+dy)
				if n1 != from && refOpen(s, p, n1) {
					d |= bit(n1)
				}
				if n1 != from {
					if eq, e := refElem(s, n1); eq == p {
						entered |= s.elem[p][e]
					}
				}
				if !onBoard(ox+2*dx, oy+2*dy) || n1 == from {
					continue
				}
				n2 := sqOf(ox+2*dx, oy+2*dy)
				pq, pk := refPawn(s, n1)
				if pq < 0 || pk == king || s.pit&bit(n1) != 0 {
					continue
				}
				if eq, _ := refElem(s, n1); eq >= 0 && eq != p {
					continue
				}
				if n2 != from && refOpen(s, p, n2) {
					d |= bit(n2)
				}
				if n2 != from {
					if eq, e := refElem(s, n2); eq == p {
						entered |= s.elem[p][e]
					}
				}
			}
		}
	}
	// Ruling 5b: reaching a square of an own element, free or held by an
	// own pawn, enters the element: any free square of it.
	for e := 0; e < nElems; e++ {
		if s.elem[p][e]&(d|entered) != 0 {
			for sq := 0; sq < nSquares; sq++ {
				if s.elem[p][e]&bit(sq) != 0 && sq != from {
					if pq, _ := refPawn(s, sq); pq < 0 {
						d |= bit(sq)
					}
				}
			}
		}
	}
	return d
}

// refFigure returns the worker sets of the standing placements (bit w for
// worker set w: 1 gardener, 2 architect), as SG-T13 and SG-T14 word it.
func refFigure(s *state, p, card int) uint8 {
	var out uint8
	kx, ky := sqXY(int(s.pawnSq[p][king]))
	g, a := cards[card].g, cards[card].a
	for r := 0; r < 4; r++ {
		gx, gy, ax, ay := kx+g[0], ky+g[1], kx+a[0], ky+a[1]
		g, a = xy{-g[1], g[0]}, xy{-a[1], a[0]}
		if !onBoard(gx, gy) || !onBoard(ax, ay) {
			continue
		}
		gq, gk := refPawn(s, sqOf(gx, gy))
		aq, ak := refPawn(s, sqOf(ax, ay))
		if gk != gardener || ak != architect || gq < 0 || aq < 0 {
			continue
		}
		w := 0
		if gq == p {
			w |= 1
		}
		if aq == p {
			w |= 2
		}
		out |= 1 << w
	}
	return out
}

func refDigs(s *state, k int) uint64 {
	var out uint64
	w := int(s.pawnSq[s.toMove][k])
	for sq := 0; sq < nSquares; sq++ {
		if cheb(sq, w) != 1 || s.pit&bit(sq) != 0 {
			continue
		}
		if q, _ := refElem(s, sq); q >= 0 {
			continue
		}
		if q, _ := refPawn(s, sq); q >= 0 {
			continue
		}
		out |= bit(sq)
	}
	return out
}

func refBuild(s *state, p, e int, m uint64) bool {
	if s.elem[p][e] != 0 {
		return false
	}
	hasPit, adj := false, false
	w := s.pawnSq[p][elems[e].builder]
	for sq := 0; sq < nSquares; sq++ {
		if m&bit(sq) == 0 {
			continue
		}
		if pq, _ := refPawn(s, sq); pq >= 0 {
			return false
		}
		if cheb(sq, int(w)) == 1 {
			adj = true
		}
		if s.pit&bit(sq) != 0 {
			hasPit = true
			continue
		}
		q, f := refElem(s, sq)
		if q < 0 || elems[f].size >= elems[e].size || s.elem[q][f]&^m != 0 {
			return false
		}
	}
	return hasPit && adj
}

func TestRulesMatchReference(t *testing.T) {
	var buf []engine.Move
	checked, builds, covers, figures := 0, 0, 0, 0
	for n := 2; n <= 4; n++ {
		for g := 0; g < 25; g++ {
			s := st(t, n, uint64(7000+g))
			rng := engine.NewRNG(uint64(g))
			for !s.Over() {
				buf = s.LegalMoves(buf[:0])
				p := int(s.toMove)
				if s.phase == phMove {
					for k := 0; k < nPawns; k++ {
						if got, want := s.dests(p, k), refDests(s, p, k); got != want {
							t.Fatalf("dests p%d k%d: got %s want %s\n%s", p, k, maskNames(got), maskNames(want), s.Draw(p, engine.Style{}))
						}
						checked++
					}
				}
				if s.phase == phMove {
					if got, want := s.figure(p, int(s.played)), refFigure(s, p, int(s.played)); got != want {
						t.Fatalf("figure of %s: got %b want %b\n%s", cards[s.played].id, got, want, s.Draw(p, engine.Style{}))
					}
					figures++
				}
				if s.phase == phWork {
					var digs uint64
					for _, m := range buf {
						if mvKind(m) == mkDig {
							if !s.canWork(mvArg(m)) {
								t.Fatalf("%s by a pawn that is not a worker", formatMove(m))
							}
							digs |= bit(mvSq(m))
						}
					}
					var want uint64
					for _, k := range [2]int{gardener, architect} {
						if s.canWork(k) && !s.dug {
							want |= refDigs(s, k)
						}
					}
					if digs != want {
						t.Fatalf("digs %s, want %s", maskNames(digs), maskNames(want))
					}
					for e := 0; e < nElems; e++ {
						if !s.canWork(elems[e].builder) {
							continue
						}
						for _, m := range elems[e].places {
							in := slices.Contains(buf, mvBuild(e, m))
							if in != refBuild(s, p, e, m) {
								t.Fatalf("build %s %s: legal %v", elems[e].id, maskNames(m), in)
							}
							if in {
								builds++
								if m&s.allElems() != 0 {
									covers++
								}
							}
						}
					}
				}
				m := buf[rng.Intn(len(buf))]
				if s.phase == phWork || rng.Intn(3) == 0 {
					m = greedyMove(s, buf)
				}
				if err := s.Apply(m, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if covers == 0 || figures == 0 {
		t.Fatalf("the games never reached a build over an element (%d) or a figure check (%d)", covers, figures)
	}
	t.Logf("%d destination sets, %d figures, %d legal builds (%d over elements) checked", checked, figures, builds, covers)
}
