package englishgardens

import (
	"github.com/jardin-games/jardin/engine"
)

// Move kinds. A move packs kind | a<<8 | b<<16.
const (
	mkTakeLand   = 1 + iota // a: display slot 0–2, or 3 for the deck (EG-T4a)
	mkTakeTrophy            // a: display slot 0–2, or 3 for the deck (EG-T5)
	mkRefresh               // special 1; a: 0 landscape, 1 trophy; b: order code (EG-T3)
	mkSpecial2              // special 2 (EG-T3)
	mkPlace                 // a: hand index; b: cell 0–8 (EG-T6)
	mkDiscard               // a: hand index (EG-T4b)
	mkCover                 // special 2 placement; a: hand index; b: cell
	mkPut                   // a: trophy slot 0–5 (EG-T8)
	mkEnd                   // solo: declare the game over (EG-SO6)
	mkPass                  // no action possible (Still to confirm 7)
	mkLimit
)

const fromDeck = 3

type move struct{ kind, a, b uint8 }

func (m move) pack() engine.Move {
	return engine.Move(m.kind) | engine.Move(m.a)<<8 | engine.Move(m.b)<<16
}

func unpack(m engine.Move) (move, bool) {
	if m>>24 != 0 {
		return move{}, false
	}
	mv := move{uint8(m), uint8(m >> 8), uint8(m >> 16)}
	if mv.kind < mkTakeLand || mv.kind >= mkLimit {
		return mv, false
	}
	// Operands a kind does not use must be zero, so each move has one code.
	switch mv.kind {
	case mkSpecial2, mkEnd, mkPass:
		return mv, mv.a == 0 && mv.b == 0
	case mkTakeLand, mkTakeTrophy, mkDiscard, mkPut:
		return mv, mv.b == 0
	}
	return mv, true
}

// orderCode packs the display slots of special 1, in the order the cards go
// under the deck, as 2-bit slot+1 fields.
func orderCode(slots []int) uint8 {
	var b uint8
	for i, sl := range slots {
		b |= uint8(sl+1) << (2 * uint(i))
	}
	return b
}

func decodeOrder(b uint8) (slots [3]int, k int, ok bool) {
	for k < 3 {
		v := int(b>>(2*uint(k))) & 3
		if v == 0 {
			break
		}
		slots[k] = v - 1
		k++
	}
	return slots, k, b>>(2*uint(k)) == 0
}

// perms3 lists permutations of up to 3 items, lexicographically.
var perms3 = [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
var perms2 = [][]int{{0, 1}, {1, 0}}

func (s *state) LegalMoves(buf []engine.Move) []engine.Move {
	p := &s.pl[s.cur]
	start := len(buf) // buf may arrive holding the caller's moves
	switch s.phase {
	case phStart, phAfterRefresh:
		if s.actionA(p) {
			buf = s.appendTakes(buf, mkTakeLand, &s.landDisp, s.land.n, nil)
		}
		if s.actionB(p) {
			buf = s.appendTakes(buf, mkTakeTrophy, &s.troDisp, s.tro.n, nil)
		}
		if s.phase == phStart {
			if p.villageUp {
				buf = appendRefresh(buf, 0, &s.landDisp)
				buf = appendRefresh(buf, 1, &s.troDisp)
			}
			if s.special2Allowed(p) {
				buf = append(buf, move{kind: mkSpecial2}.pack())
			}
			if s.solo() {
				buf = append(buf, move{kind: mkEnd}.pack())
			}
		}
		if len(buf) == start {
			buf = append(buf, move{kind: mkPass}.pack())
		}
	case phPlace:
		placed := false
		open, nb := s.cellsOpen(p, false)
		for h := 0; h < int(p.handN); h++ {
			fits := s.g.c.compat[p.hand[h]]
			for i := 0; i < 9; i++ {
				if open&(1<<uint(i)) != 0 && nb[i]&^fits == 0 {
					buf = append(buf, move{mkPlace, uint8(h), uint8(i)}.pack())
					placed = true
				}
			}
		}
		if !s.solo() || !placed {
			for h := 0; h < int(p.handN); h++ {
				buf = append(buf, move{kind: mkDiscard, a: uint8(h)}.pack())
			}
		}
	case phS2Take:
		buf = s.appendTakes(buf, mkTakeLand, &s.landDisp, s.land.n, p)
	case phCover:
		open, nb := s.cellsOpen(p, true)
		for h := 0; h < int(p.handN); h++ {
			fits := s.g.c.compat[p.hand[h]]
			for i := 0; i < 9; i++ {
				if open&(1<<uint(i)) != 0 && nb[i]&^fits == 0 {
					buf = append(buf, move{mkCover, uint8(h), uint8(i)}.pack())
				}
			}
		}
	case phStructTake:
		buf = s.appendTakes(buf, mkTakeTrophy, &s.troDisp, s.tro.n, nil)
	case phTrophyPlace:
		for sl := 0; sl < 6; sl++ {
			if s.slotOpen(p, sl) {
				buf = append(buf, move{kind: mkPut, a: uint8(sl)}.pack())
			}
		}
	}
	return buf
}

// cellsOpen is, for LegalMoves, what canPlace (or, with cover, canCover)
// asks of p's village for every card at once: open has bit i set when
// cell i takes a card (empty or a lawn; to cover, any card), and nb[i] the
// cards (bit per card) visible on i's orthogonal neighbours, which a card
// must be compatible with (EG-T6c); nb is left 0 where open is not set.
func (s *state) cellsOpen(p *player, cover bool) (open uint16, nb [9]uint64) {
	var top [9]int8
	for i := range top {
		t := p.land[i].top()
		top[i] = t
		if cover && t >= 0 || !cover && (t < 0 || s.card(t).Lawn) {
			open |= 1 << uint(i)
		}
	}
	for i := range nb {
		if open&(1<<uint(i)) == 0 {
			continue // not asked for
		}
		for _, j := range neighbours[i] {
			if j < 0 {
				break
			}
			if t := top[j]; t >= 0 {
				nb[i] |= 1 << uint(t)
			}
		}
	}
	return open, nb
}

// appendTakes lists takes from a display and its deck. With s2 set, only
// the takes after which special 2 has a placement (Still to confirm 5).
func (s *state) appendTakes(buf []engine.Move, kind uint8, disp *[3]int8, deckN int8, s2 *player) []engine.Move {
	for i, c := range disp {
		if c >= 0 && (s2 == nil || s.s2TakeOK(s2, c)) {
			buf = append(buf, move{kind: kind, a: uint8(i)}.pack())
		}
	}
	if deckN > 0 && (s2 == nil || s.handCanCover(s2)) {
		buf = append(buf, move{kind: kind, a: fromDeck}.pack())
	}
	return buf
}

func (s *state) s2TakeOK(p *player, c int8) bool {
	return s.handCanCover(p) || s.anyCover(p, c)
}

// appendRefresh lists the refreshes of a display: every order of its
// cards, from refreshMoves (a play-out asks at every turn's start).
func appendRefresh(buf []engine.Move, which uint8, disp *[3]int8) []engine.Move {
	mask := 0
	for i, c := range disp {
		if c >= 0 {
			mask |= 1 << i
		}
	}
	return append(buf, refreshMoves[which][mask]...)
}

// refreshMoves[which][mask] are the refresh moves of display which (0
// landscape, 1 trophies) whose occupied slots are the bits of mask: every
// order of those slots, the permutations in lexicographic order.
var refreshMoves = func() (r [2][8][]engine.Move) {
	for which := range r {
		for mask := range r[which] {
			var slots [3]int
			k := 0
			for i := 0; i < 3; i++ {
				if mask&(1<<i) != 0 {
					slots[k] = i
					k++
				}
			}
			var perms [][]int
			switch k {
			case 0:
				continue
			case 1:
				perms = [][]int{{0}}
			case 2:
				perms = perms2
			default:
				perms = perms3
			}
			var order [3]int
			for _, pm := range perms {
				for i, j := range pm {
					order[i] = slots[j]
				}
				r[which][mask] = append(r[which][mask], move{kind: mkRefresh, a: uint8(which), b: orderCode(order[:k])}.pack())
			}
		}
	}
	return r
}()

// slotOpen reports whether the held trophy may go into slot sl (EG-T8,
// EG-SO3, EG-SO4). LegalMoves asks it rather than trophySlotOK, as building
// the error would allocate on the hot path.
func (s *state) slotOpen(p *player, sl int) bool {
	return sl >= 0 && sl < 6 && (!s.solo() || s.heldStruct || p.trophy[sl] < 0)
}

func (s *state) trophySlotOK(p *player, sl int) error {
	if sl < 0 || sl >= 6 {
		return texts.Illegal("EG-T8a", "error.trophy-slot")
	}
	if !s.slotOpen(p, sl) {
		return texts.Illegal("EG-SO3", "error.solo-trophy-cover")
	}
	return nil
}
