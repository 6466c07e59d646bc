package englishgardens

// neighbours lists the orthogonal landscape cells of each landscape cell
// (EG-T6c); -1 pads.
var neighbours = func() (nb [9][4]int8) {
	for i := 0; i < 9; i++ {
		r, c := i/3, i%3
		k := 0
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			rr, cc := r+d[0], c+d[1]
			if rr >= 0 && rr < 3 && cc >= 0 && cc < 3 {
				nb[i][k] = int8(rr*3 + cc)
				k++
			}
		}
		for ; k < 4; k++ {
			nb[i][k] = -1
		}
	}
	return nb
}()

// matchesNeighbours is EG-T6c: card c agrees with every visible orthogonal
// neighbour of cell i. It returns the first neighbour that disagrees, or -1.
func (s *state) matchesNeighbours(p *player, c int8, i int) int {
	compat := s.g.c.compat[c]
	for _, j := range neighbours[i] {
		if j < 0 {
			break
		}
		t := p.land[j].top()
		if t >= 0 && compat&(1<<uint(t)) == 0 {
			return int(j)
		}
	}
	return -1
}

// canPlace is EG-T6: an empty cell or a visible lawn, matching neighbours.
func (s *state) canPlace(p *player, c int8, i int) bool {
	t := p.land[i].top()
	if t >= 0 && !s.card(t).Lawn {
		return false
	}
	return s.matchesNeighbours(p, c, i) < 0
}

// canCover is special 2 (EG-T3): on top of a visible landscape card,
// matching neighbours.
func (s *state) canCover(p *player, c int8, i int) bool {
	return p.land[i].h > 0 && s.matchesNeighbours(p, c, i) < 0
}

func (s *state) anyPlace(p *player, c int8) bool {
	for i := 0; i < 9; i++ {
		if s.canPlace(p, c, i) {
			return true
		}
	}
	return false
}

func (s *state) anyCover(p *player, c int8) bool {
	for i := 0; i < 9; i++ {
		if s.canCover(p, c, i) {
			return true
		}
	}
	return false
}

func (s *state) handCanPlace(p *player) bool {
	for i := 0; i < int(p.handN); i++ {
		if s.anyPlace(p, p.hand[i]) {
			return true
		}
	}
	return false
}

func (s *state) handCanCover(p *player) bool {
	for i := 0; i < int(p.handN); i++ {
		if s.anyCover(p, p.hand[i]) {
			return true
		}
	}
	return false
}

// soloActionA is EG-SO2: action A needs a card in hand or in the display
// that has a legal placement.
func (s *state) soloActionA(p *player) bool {
	if s.handCanPlace(p) {
		return true
	}
	for _, c := range s.landDisp {
		if c >= 0 && s.anyPlace(p, c) {
			return true
		}
	}
	return false
}

// soloActionB is EG-SO3: action B needs an empty trophy slot.
func soloActionB(p *player) bool {
	for _, t := range p.trophy {
		if t < 0 {
			return true
		}
	}
	return false
}

// special2Allowed is EG-T3 special 2 (ruling E6): the village card is face
// up, a landscape card can be taken, and a card in hand or in the display
// can go on top of a visible card.
func (s *state) special2Allowed(p *player) bool {
	if !p.villageUp || !s.landAvailable() {
		return false
	}
	// handCanCover and anyCover for each display card, reading the village
	// once: LegalMoves asks this at the start of every turn.
	open, nb := s.cellsOpen(p, true)
	for _, c := range p.hand[:p.handN] {
		if s.fitsSomewhere(open, &nb, c) {
			return true
		}
	}
	for _, c := range s.landDisp {
		if c >= 0 && s.fitsSomewhere(open, &nb, c) {
			return true
		}
	}
	return false
}

// fitsSomewhere reports whether card c may go on one of the cells open
// lists, given their neighbours nb (from cellsOpen).
func (s *state) fitsSomewhere(open uint16, nb *[9]uint64, c int8) bool {
	fits := s.g.c.compat[c]
	for i := 0; i < 9; i++ {
		if open&(1<<uint(i)) != 0 && nb[i]&^fits == 0 {
			return true
		}
	}
	return false
}

// actionA reports whether action A may be chosen now (EG-T4c, EG-SO2).
func (s *state) actionA(p *player) bool {
	if !s.landAvailable() {
		return false
	}
	return !s.solo() || s.soloActionA(p)
}

// actionB reports whether action B may be chosen now (EG-T5, EG-SO3).
func (s *state) actionB(p *player) bool {
	if !s.trophyAvailable() {
		return false
	}
	return !s.solo() || soloActionB(p)
}

// refreshable reports whether special 1 can be used: the village card is
// face up and a display holds a card (Still to confirm 8).
func (s *state) refreshable(p *player) bool {
	return p.villageUp && (s.landDisp != [3]int8{-1, -1, -1} || s.troDisp != [3]int8{-1, -1, -1})
}
