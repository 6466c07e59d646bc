package hanginggardens

import "github.com/jardin-games/jardin/engine"

// automaTurn plays one automa card (HG-SO3).
func (s *state) automaTurn(log *engine.Log) {
	if s.automaLen == 0 || s.automaGard == 0 {
		return // HG-SO5: cannot happen with 18 cards and 12 turns
	}
	s.automaLen--
	ci := s.automa[s.automaLen]
	s.automaLast = int8(ci)
	ac := &comp.Automa[ci]
	// (a) column
	col := -1
	for _, c := range ac.Columns {
		if s.colN[c] < s.spaces() {
			col = int(c)
			break
		}
	}
	if col < 0 {
		return
	}
	s.cols[col][s.colN[col]] = automaSeat
	s.colN[col]++
	s.automaGard--
	// Everything the automa does follows from its card, which was hidden:
	// its events are reveals.
	if log.On() {
		log.Reveal(-1, "automa_card", engine.Comp(automaID(ac.Num)), engine.Num(col+1))
	}
	// (b) discard
	if ac.Discard == discardFlower {
		for r := 0; r < 4; r++ {
			if k := s.market[col][r]; k != 0 && comp.Cards[k-1].hasFlower() {
				s.discardCard(col, r, log)
			}
		}
	} else {
		row := -1
		for r := 0; r < 4 && row < 0; r++ {
			k := s.market[col][r]
			if k == 0 {
				continue
			}
			c := &comp.Cards[k-1]
			switch ac.Discard {
			case discardAnimal:
				if c.Sight == sightAnimal {
					row = r
				}
			case discardTree:
				if c.Sight == sightTree {
					row = r
				}
			case discardVisitor:
				if c.Sight == sightVisitor {
					row = r
				}
			case discardIrrigation:
				if c.Irrig {
					row = r
				}
			}
		}
		if row < 0 {
			row = int(ac.Fallback)
		}
		if row >= 0 && s.market[col][row] != 0 {
			s.discardCard(col, row, log)
		}
	}
	s.refill(col, log)
	// (c) bonus
	switch ac.Bonus {
	case bonusFirst:
		if s.first != automaSeat {
			s.first = automaSeat
			if log.On() {
				log.Reveal(-1, "automa_first")
			}
		}
	case bonusObjective:
		if k := int(s.automaMarks); k < 4 {
			if int(s.markN[k]) < comp.Places[s.n] {
				s.marks[k][s.markN[k]] = automaSeat
				s.markN[k]++
				if log.On() {
					log.Reveal(-1, "automa_marker", engine.Comp(comp.Objectives[s.obj[k]].ID), engine.Cell(objectiveCell(k)))
				}
			}
			s.automaMarks++
		}
	case bonusEnh2, bonusEnh3, bonusEnh4:
		k := int(ac.Bonus - bonusEnh2)
		if s.pileLen[k] > 0 {
			s.pileLen[k]--
			t := s.piles[k][s.pileLen[k]]
			s.enhDiscard[s.enhDiscardN] = t
			s.enhDiscardN++
			if log.On() {
				log.Reveal(-1, "automa_discard_tile", engine.Comp(comp.Enh[t].ID), engine.Cell(pileCell(k)))
			}
			s.revealPileTop(k, log)
		}
	}
}

func (s *state) discardCard(col, row int, log *engine.Log) {
	k := s.market[col][row]
	s.market[col][row] = 0
	s.discard[s.discardN] = k - 1
	s.discardN++
	if log.On() {
		log.Reveal(-1, "automa_discard", engine.Comp(comp.Cards[k-1].ID), engine.Cell(marketCell(col, row)))
	}
}

// revealPileTop tells the tile that now shows on top of pile k, hidden
// until the tile above it left.
func (s *state) revealPileTop(k int, log *engine.Log) {
	if log.On() && s.pileLen[k] > 0 {
		log.Reveal(-1, "tile_revealed", engine.Comp(comp.Enh[s.piles[k][s.pileLen[k]-1]].ID), engine.Cell(pileCell(k)))
	}
}
