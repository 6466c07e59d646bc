package hanginggardens

import (
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Move kinds. A move packs kind | a<<4 | b<<8; no other bit may be set.
const (
	kindTake      = 1 // a = column 0..2, b = row 0..3
	kindPlace     = 2 // a = floor 0..2, b = index (relative, 0 = left of a1 on floor 1)
	kindBuy       = 3 // a = pile 0..2 (cost 2, 3, 4)
	kindPut       = 4 // a = floor, b = index 1..5
	kindObjective = 5 // a = objective position 0..3
	kindPass      = 6
)

func mk(kind, a, b int) engine.Move { return engine.Move(kind | a<<4 | b<<8) }

func unpack(m engine.Move) (kind, a, b int, ok bool) {
	if m>>12 != 0 {
		return 0, 0, 0, false
	}
	return int(m & 15), int(m >> 4 & 15), int(m >> 8 & 15), true
}

// LegalMoves appends the current decision's moves in a fixed order.
func (s *state) LegalMoves(buf []engine.Move) []engine.Move {
	if s.phase == phaseOver {
		return buf
	}
	p := &s.pl[s.cur]
	switch s.phase {
	case phaseTake:
		sp := s.spaces()
		for c := 0; c < 3; c++ {
			if s.colN[c] >= sp {
				continue
			}
			for r := 0; r < 4; r++ {
				if s.market[c][r] != 0 && int(p.Tools) >= comp.RowCosts[r] {
					buf = append(buf, mk(kindTake, c, r))
				}
			}
		}
	case phasePlace:
		if p.NCards == 0 {
			return append(buf, mk(kindPlace, 0, 1))
		}
		if p.N1 < 5 {
			buf = append(buf, mk(kindPlace, 0, 0), mk(kindPlace, 0, int(p.N1)+1))
		}
		for j := 1; j <= 4; j++ {
			if j+1 <= int(p.N1) && p.Cards[5+j-1] == 0 {
				buf = append(buf, mk(kindPlace, 1, j))
			}
		}
		for j := 1; j <= 3; j++ {
			if p.Cards[5+j-1] != 0 && p.Cards[5+j] != 0 && p.Cards[9+j-1] == 0 {
				buf = append(buf, mk(kindPlace, 2, j))
			}
		}
	case phaseBuy:
		for k := 0; k < 3; k++ {
			if s.canBuy(int(s.cur), k) {
				buf = append(buf, mk(kindBuy, k, 0))
			}
		}
		buf = append(buf, mk(kindPass, 0, 0))
	case phasePut:
		for i := 0; i < nPos; i++ {
			if p.canEnhance(i) {
				f := floorOf(i)
				buf = append(buf, mk(kindPut, f, i-slotOf(f, 1)+1))
			}
		}
	case phaseObjective:
		for k := 0; k < 4; k++ {
			if s.canComplete(int(s.cur), k) {
				buf = append(buf, mk(kindObjective, k, 0))
			}
		}
		buf = append(buf, mk(kindPass, 0, 0))
	}
	return buf
}

// Apply validates m completely, then plays it.
func (s *state) Apply(m engine.Move, log *engine.Log) error {
	if s.phase == phaseOver {
		return texts.Illegal("HG-T1", "error.over")
	}
	kind, a, b, ok := unpack(m)
	if !ok {
		return texts.Illegal("HG-T3", "error.not-a-move")
	}
	pi := int(s.cur)
	p := &s.pl[pi]
	want := [...]int{phaseTake: kindTake, phasePlace: kindPlace, phaseBuy: kindBuy, phasePut: kindPut, phaseObjective: kindObjective}[s.phase]
	if kind != want && !(kind == kindPass && (s.phase == phaseBuy || s.phase == phaseObjective)) {
		return texts.Illegal("HG-T3", "error.step", i18n.S("step", phaseNames[s.phase]))
	}
	switch kind {
	case kindTake:
		if a > 2 || b > 3 {
			return texts.Illegal("HG-T4", "error.no-market-space", i18n.N("col", a+1), i18n.N("row", b+1))
		}
		if s.colN[a] >= s.spaces() {
			return texts.Illegal("HG-T4d", "error.column-closed", i18n.N("col", a+1), i18n.N("n", int(s.spaces())))
		}
		if s.market[a][b] == 0 {
			return texts.Illegal("HG-T4b", "error.no-card", i18n.N("col", a+1), i18n.N("row", b+1))
		}
		cost := comp.RowCosts[b]
		if int(p.Tools) < cost {
			return texts.Illegal("HG-T4c", "error.row-cost", i18n.N("row", b+1), i18n.N("cost", cost), i18n.N("n", int(p.Tools)))
		}
		p.Tools -= uint8(cost)
		s.stockTools += uint8(cost)
		p.Gardeners--
		s.cols[a][s.colN[a]] = int8(pi)
		s.colN[a]++
		s.pendCard, s.pendCol, s.pendRow = s.market[a][b], int8(a), int8(b)
		s.market[a][b] = 0
		s.phase = phasePlace
		if log.On() {
			if cost == 0 {
				log.Say(pi, "take_free", engine.Comp(comp.Cards[s.pendCard-1].ID), engine.Cell(marketCell(a, b)))
			} else {
				log.Say(pi, "take", engine.Comp(comp.Cards[s.pendCard-1].ID), engine.Cell(marketCell(a, b)), engine.Num(cost))
			}
		}
		return nil

	case kindPlace:
		if err := s.checkPlace(p, a, b); err != nil {
			return err
		}
		slot := slotOf(a, b)
		if a == 0 && b == 0 {
			p.shiftRight()
			slot = 0
		}
		c := &comp.Cards[s.pendCard-1]
		p.Cards[slot] = s.pendCard
		p.NCards++
		if a == 0 {
			p.N1++
		}
		p.addCounts(slot, c, false)
		if log.On() {
			if a == 0 && b == 0 {
				log.Say(pi, "place_left", engine.Comp(c.ID))
			} else {
				log.Say(pi, "place", engine.Comp(c.ID), engine.Cell(posNames[slot]))
			}
		}
		s.resolveIcons(pi, c, a, log)
		// HG-T7: reveal.
		s.refill(int(s.pendCol), log)
		s.pendCard, s.pendCol, s.pendRow = 0, -1, -1
		s.afterBuild(log)
		return nil

	case kindBuy:
		if a > 2 || b != 0 {
			return texts.Illegal("HG-T8", "error.no-pile")
		}
		if s.pileLen[a] == 0 {
			return texts.Illegal("HG-T8b", "error.pile-empty", i18n.N("k", a+2))
		}
		t := s.piles[a][s.pileLen[a]-1]
		if int(p.Gold) < comp.Enh[t].Cost {
			return texts.Illegal("HG-T8a", "error.enhancement-cost", i18n.N("k", a+2), i18n.N("cost", comp.Enh[t].Cost), i18n.N("n", int(p.Gold)))
		}
		if !p.hasEmptyCard() {
			return texts.Illegal("HG-T8a", "error.no-empty-card")
		}
		p.Gold -= uint8(comp.Enh[t].Cost)
		s.stockGold += uint8(comp.Enh[t].Cost)
		s.pileLen[a]--
		s.pendPile = int8(t)
		s.phase = phasePut
		if log.On() {
			log.Say(pi, "buy", engine.Comp(comp.Enh[t].ID), engine.Num(comp.Enh[t].Cost))
		}
		s.revealPileTop(a, log)
		return nil

	case kindPut:
		if a > 2 || b < 1 || b > [3]int{5, 4, 3}[a] {
			return texts.Illegal("HG-T8a", "error.no-position")
		}
		slot := slotOf(a, b)
		if !p.canEnhance(slot) {
			return texts.Illegal("HG-T8a", "error.not-empty-card", i18n.S("pos", posNames[slot]))
		}
		e := &comp.Enh[s.pendPile]
		p.Enh[slot] = uint8(s.pendPile) + 1
		p.addCounts(slot, e, comp.Cards[p.Cards[slot]-1].Irrig)
		s.pendPile = -1
		if log.On() {
			log.Say(pi, "put", engine.Comp(e.ID), engine.Cell(posNames[slot]))
		}
		s.resolveIcons(pi, e, a, log) // HG-T8c
		s.afterBuy(log)
		return nil

	case kindObjective:
		if a > 3 || b != 0 {
			return texts.Illegal("HG-T9", "error.no-objective", i18n.N("k", a+1))
		}
		o := &comp.Objectives[s.obj[a]]
		if p.Done&(1<<a) != 0 {
			return texts.Illegal("HG-T9a", "error.objective-done", i18n.N("k", a+1))
		}
		if int(s.markN[a]) >= comp.Places[s.n] {
			return texts.Illegal("HG-T9b", "error.objective-full", i18n.N("k", a+1))
		}
		if got, need := s.bestFloor(pi, o.Item), s.need(pi, a); got < need {
			return texts.Illegal("HG-T9c", "error.objective-short", i18n.N("k", a+1), i18n.S("item", itemNames[o.Item]), i18n.N("need", need), i18n.N("n", got))
		}
		s.marks[a][s.markN[a]] = int8(pi)
		s.markN[a]++
		p.Done |= 1 << a
		if log.On() {
			log.Say(pi, "objective", engine.Comp(o.ID), engine.Cell(objectiveCell(a)))
		}
		switch comp.ObjPos[a].Reward { // HG-T9d
		case "tools":
			logGain(log, pi, resTools, s.gain(&s.stockTools, &p.Tools, 1), 1)
		case "gold":
			logGain(log, pi, resGold, s.gain(&s.stockGold, &p.Gold, 1), 1)
		}
		s.endTurn(log)
		return nil

	case kindPass:
		if a != 0 || b != 0 {
			return texts.Illegal("HG-T3", "error.not-a-move")
		}
		if s.phase == phaseBuy {
			if log.On() {
				log.Say(pi, "pass_buy")
			}
			s.afterBuy(log)
		} else {
			if log.On() {
				log.Say(pi, "pass_objective")
			}
			s.endTurn(log)
		}
		return nil
	}
	return texts.Illegal("HG-T3", "error.not-a-move")
}

// checkPlace validates a placement at floor a, relative index b (HG-T5).
func (s *state) checkPlace(p *player, a, b int) error {
	if p.NCards == 0 {
		if a != 0 || b != 1 {
			return texts.Illegal("HG-T5a", "error.first-card")
		}
		return nil
	}
	switch a {
	case 0:
		if b >= 1 && b <= int(p.N1) {
			return texts.Illegal("HG-T5f", "error.occupied", i18n.S("pos", posName(0, b)))
		}
		if p.N1 >= 5 {
			return texts.Illegal("HG-T5c", "error.floor1-full")
		}
		if b != 0 && b != int(p.N1)+1 {
			return texts.Illegal("HG-T5c", "error.floor1-ends", i18n.S("pos", posName(0, int(p.N1)+1)))
		}
	case 1:
		if b < 1 || b > 4 {
			return texts.Illegal("HG-T5d", "error.floor2-positions")
		}
		if p.Cards[5+b-1] != 0 {
			return texts.Illegal("HG-T5f", "error.occupied", i18n.S("pos", posName(1, b)))
		}
		if b+1 > int(p.N1) {
			return texts.Illegal("HG-T5d", "error.rest", i18n.S("pos", posName(1, b)), i18n.S("below", posName(0, b)), i18n.S("below2", posName(0, b+1)))
		}
	case 2:
		if b < 1 || b > 3 {
			return texts.Illegal("HG-T5d", "error.floor3-positions")
		}
		if p.Cards[9+b-1] != 0 {
			return texts.Illegal("HG-T5f", "error.occupied", i18n.S("pos", posName(2, b)))
		}
		if p.Cards[5+b-1] == 0 || p.Cards[5+b] == 0 {
			return texts.Illegal("HG-T5d", "error.rest", i18n.S("pos", posName(2, b)), i18n.S("below", posName(1, b)), i18n.S("below2", posName(1, b+1)))
		}
	default:
		return texts.Illegal("HG-T5", "error.floors")
	}
	return nil
}
