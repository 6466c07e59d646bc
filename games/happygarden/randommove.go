package happygarden

import "github.com/jardin-games/jardin/engine"

// RandomMove draws one of LegalMoves uniformly (engine.RandomMover) without
// listing them: the coach's play-outs to the end of a game pick one random
// move at every step, and listing the moves of a turn (every tile of the
// shop tried for a place in the garden, every cell around the garden tried
// for the held tile, every colour of every flower for a watering can) was
// half of an analysis's processor time (docs/coach.md).
//
// In the three steps of a player's own turn it samples by rejection: a
// candidate is drawn uniformly from a superset of the legal moves that is
// cheap to number (the six shop slots, or the cells of the box around the
// garden; every tile of the garden in every colour while the player has a
// watering can; the repot while they have two wheelbarrows; "end"), and
// kept if the same test as LegalMoves's passes, else another is drawn.
// Each legal move is then as likely as any other, whatever the superset.
// A step with few legal moves among many candidates could draw long, so
// after as many draws as there are candidates it lists the moves instead
// (still uniform: either way the move is uniform over the legal ones).
// A repot's two steps are sampled so too: the tile lifted among the
// garden's tiles, its destination among the cells of the garden's box. The
// other steps have few moves, cheap to list: they are listed.
func (s *state) RandomMove(rng *engine.RNG, buf []engine.Move) (engine.Move, []engine.Move, bool) {
	if s.phase == phTurn || s.phase == phPlace || s.phase == phAfter {
		sp := s.candidates()
		for range sp.size() {
			if m, ok := sp.legal(s, rng.Intn(sp.size())); ok {
				return m, buf, true
			}
		}
	}
	switch s.phase {
	case phRepotTile:
		own := s.gtiles[s.toMove][:s.gn[s.toMove]]
		for range own {
			t := own[rng.Intn(len(own))]
			if _, ok := s.repotDests(int(s.toMove), t, nil, true); ok {
				return mkMove(mvLift, int(t), 0, 0), buf, true
			}
		}
	case phRepotDest:
		if m, ok := s.randomRepotDest(rng); ok {
			return m, buf, true
		}
	}
	buf = s.LegalMoves(buf[:0])
	if len(buf) == 0 {
		return 0, buf, false
	}
	return buf[rng.Intn(len(buf))], buf, true
}

// space numbers the candidates of a turn's step: first its own moves
// (phTurn: the six slots; phPlace: the cells of the garden's box widened by
// one, as LegalMoves scans them; phAfter: "end"), then, while the player
// has a watering can, each garden tile in each colour, then the repot
// while they have two wheelbarrows, then, in phTurn, "end".
type space struct {
	p          int
	own        int // moves of the step itself
	x0, y0, w  int // phPlace: the box scanned, and its width
	water      int // garden tiles × colours, or 0 without a can
	repot, end bool
	ownTiles   []uint8
}

func (s *state) candidates() space {
	p := int(s.toMove)
	sp := space{p: p, ownTiles: s.gtiles[p][:s.gn[p]]}
	switch s.phase {
	case phTurn:
		sp.own, sp.end = 6, true
	case phPlace:
		x0, y0, x1, y1 := s.bbox(p)
		sp.x0, sp.y0, sp.w = x0-1, y0-1, x1-x0+3
		sp.own = sp.w * (y1 - y0 + 3)
	case phAfter:
		sp.own = 1
	}
	if s.cans[p] > 0 {
		sp.water = len(sp.ownTiles) * numColours
	}
	sp.repot = s.wb[p] >= 2
	return sp
}

func (sp *space) size() int {
	n := sp.own + sp.water
	if sp.repot {
		n++
	}
	if sp.end {
		n++
	}
	return n
}

// legal returns candidate i and whether LegalMoves lists it: the same tests,
// in the same terms, as LegalMoves and appendOptional.
func (sp *space) legal(s *state, i int) (engine.Move, bool) {
	p := sp.p
	if i < sp.own {
		switch s.phase {
		case phTurn:
			return mkMove(mvTake, i, 0, 0), s.takeRule(i) == "" && s.anyCell(p, s.shop[i])
		case phPlace:
			c := cellOf(sp.x0+i%sp.w, sp.y0+i/sp.w)
			return mkMove(mvPlace, 0, c, 0), s.checkCell(p, s.held, c, 0) == okCell
		default: // phAfter: end the turn
			return mkMove(mvEnd, 0, 0, 0), true
		}
	}
	i -= sp.own
	if i < sp.water {
		t, c := sp.ownTiles[i/numColours], i%numColours
		ok := tiles[t].kind == kindFlower && s.waterRule(p, t, c) == "" && s.waterKeepsHeld(p, t, c)
		return mkMove(mvWater, int(t), 0, c), ok
	}
	if i -= sp.water; sp.repot && i == 0 {
		return mkMove(mvRepot, 0, 0, 0), s.anyRepot(p)
	}
	// The last candidate, phTurn's "end": offered only when no tile can be
	// taken (HP-T13).
	for k := 0; k < 6; k++ {
		if s.takeRule(k) == "" && s.anyCell(p, s.shop[k]) {
			return 0, false
		}
	}
	return mkMove(mvEnd, 0, 0, 0), true
}

// randomRepotDest draws a destination of the tile being repotted by
// rejection over the cells of the garden's box widened by one, with the
// tests of repotDests (reached by sliding, then repotDestOK); ok is false
// after as many draws as there are cells, and the caller lists them.
func (s *state) randomRepotDest(rng *engine.RNG) (engine.Move, bool) {
	p, t := int(s.toMove), s.repotT
	if t == 0 || s.pos[t] < 0 {
		return 0, false
	}
	free := s.connected(p, t, -1)
	start := int(s.pos[t])
	x0, y0, x1, y1 := s.bbox(p)
	x0, y0 = x0-1, y0-1
	w, n := x1-x0+2, (x1-x0+2)*(y1-y0+2)
	var seen cellSet
	s.slideSet(p, t, &seen)
	for range n {
		i := rng.Intn(n)
		c := cellOf(x0+i%w, y0+i/w)
		if c != start && seen.has(c) && s.repotDestOK(p, t, start, c, free) {
			return mkMove(mvPlace, 0, c, 0), true
		}
	}
	return 0, false
}
