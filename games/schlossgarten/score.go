package schlossgarten

import (
	"github.com/jardin-games/jardin/engine"
)

// The score pad (SG-E1): collected tiles, then element squares.
var categories = []engine.Category{
	{ID: "tiles"},
	{ID: "elements"},
}

// Score is p's running score (SG-E1, SG-E2).
func (s *state) Score(p int) int {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	return int(s.score[p])
}

func (s *state) elemPoints(p int) int { return s.elemParts(p, nil) }

// elemParts counts p's elements on the board (SG-E1), recording each with
// its squares in rec (nil: nothing recorded; score_parts.go).
func (s *state) elemParts(p int, rec *parts) int {
	n := 0
	for e := 0; e < nElems; e++ {
		if s.elem[p][e] != 0 {
			rec.addSquares(catElements, elems[e].size, s.elem[p][e])
			n += elems[e].size
		}
	}
	return n
}

// tileParts records p's collected tiles (SG-E1) by value in rec, one part
// per value, and returns their points. The pad reads s.collected, which
// the build that collects them adds to with collectedN (turn.go); the
// score-parts tests check that the two agree.
func (s *state) tileParts(p int, rec *parts) int {
	n := 0
	for v := 1; v <= 3; v++ {
		if k := int(s.collectedN[p][v]); k > 0 {
			rec.addTiles(v, k)
			n += v * k
		}
	}
	return n
}

// Result is the score pad with ranks: the player who reached 21 wins
// (SG-E3); at the turn cap the highest scores share the victory (SG-E4).
// No other tie-break exists.
func (s *state) Result() engine.Result {
	r := engine.Result{Final: s.phase == phOver, Categories: append([]engine.Category(nil), categories...)}
	r.Players = make([]engine.PlayerResult, s.n)
	for p := range r.Players {
		t, e := int(s.collected[p]), s.elemPoints(p)
		r.Players[p] = engine.PlayerResult{Points: []int{t, e}, Total: t + e}
	}
	engine.SetRanks(r.Players)
	return r
}

// Evaluate is a heuristic for greedy bots: the score, plus the progress
// towards a figure that lets the player work, plus excavated tiles next to
// the player's own subjects (future points), plus the elements still to
// build.
func (s *state) Evaluate(p int) float64 {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	v := float64(s.score[p])
	if s.phase == phOver {
		return v
	}
	// Pits next to own subjects can be collected by the next build.
	for _, k := range [2]int{gardener, architect} {
		near := adj8[s.pawnSq[p][k]] | bit(int(s.pawnSq[p][k]))
		for pm := s.pit & near; pm != 0; pm &= pm - 1 {
			v += 0.15 * float64(s.tileAt(lowSq(pm)))
		}
	}
	if int(s.toMove) == p {
		switch s.phase {
		case phMove, phRelocate:
			// How close is the played figure to standing with an own worker?
			left := budget - int(s.steps)
			d := s.figureDistance(p, int(s.played))
			if d == 0 {
				v += 1.0
			} else if d <= left {
				v += 0.6 - 0.08*float64(d)
			} else {
				v -= 0.02 * float64(d)
			}
		case phWork:
			v += 0.9
			if s.dug {
				v += 0.1
			}
		case phPlay:
			best := 99
			for i := 0; i < int(s.handN[p]); i++ {
				best = min(best, s.figureDistance(p, int(s.hand[p][i])))
			}
			if best <= budget {
				v += 0.5 - 0.05*float64(best)
			}
		}
	}
	return v
}

// figureDistance estimates (ignoring obstacles) the fewest steps after
// which card's figure stands with at least one own subject in it: the king
// within two squares, each of the G and A squares reached by the own
// subject (Chebyshev distance) or already held by another player's one.
func (s *state) figureDistance(p, card int) int {
	if card < 0 {
		return 99
	}
	var occ [nSquares]int8
	for i := range occ {
		occ[i] = -1
	}
	for q := 0; q < int(s.n); q++ {
		for k := 0; k < nPawns; k++ {
			if int(s.struck) != q*nPawns+k {
				occ[s.pawnSq[q][k]] = int8(q*nPawns + k)
			}
		}
	}
	ksq := int(s.pawnSq[p][king])
	gsq := int(s.pawnSq[p][gardener])
	asq := int(s.pawnSq[p][architect])
	fs := &figSq[card]
	best := 99
	for ring := king2[ksq]; ring != 0; ring &= ring - 1 {
		k := lowSq(ring)
		kd := int(chebT[ksq][k])
		if kd >= best || (k != ksq && occ[k] >= 0) {
			continue
		}
		for r := 0; r < 4; r++ {
			g, a := fs[r][k][0], fs[r][k][1]
			if g < 0 || a < 0 {
				continue
			}
			gOwn, aOwn := int(chebT[gsq][g]), int(chebT[asq][a])
			gOther, aOther := 99, 99
			if pg := occ[g]; pg >= 0 && int(pg)%nPawns == gardener && int(pg)/nPawns != p {
				gOther = 0
			}
			if pa := occ[a]; pa >= 0 && int(pa)%nPawns == architect && int(pa)/nPawns != p {
				aOther = 0
			}
			if d := kd + min(gOwn+aOwn, gOwn+aOther, gOther+aOwn); d < best {
				best = d
			}
		}
	}
	return best
}
