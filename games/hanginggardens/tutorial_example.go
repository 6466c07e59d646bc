package hanginggardens

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// TutorialExample returns base with seat's garden replaced by the position
// data (the rulebook's scoring example, Grégory's garden, in the
// ScorePosition format), so that the tutorial draws it with the game's
// renderer and the state scores it as a table would (server/learn.go). The
// seat's objective markers are laid on the royal objectives at their
// places, earlier places taken by the next seat; the market and decks stay
// as dealt.
//
// A "market" example (marketExample) is the rulebook's Raphaël example
// instead: the columns' gardeners as it puts them, asked as a move.
func (game) TutorialExample(base engine.State, seat int, data []byte) (engine.State, error) {
	if bytes.Contains(data, []byte(`"market"`)) {
		return marketExample(base, seat, data)
	}
	var pos Position
	if err := engine.DecodeJSON(data, &pos, true); err != nil {
		return nil, fmt.Errorf("hanging-gardens tutorial example: %w", err)
	}
	if _, err := pos.score(); err != nil { // every check of ScorePosition
		return nil, fmt.Errorf("hanging-gardens tutorial example: %w", err)
	}
	s, ok := base.Clone().(*state)
	if !ok || seat < 0 || seat >= int(s.n) || s.solo {
		return nil, fmt.Errorf("hanging-gardens tutorial example: no seat %d", seat)
	}
	p := player{Gold: uint8(pos.Gold), Tools: uint8(pos.Tools), Gardeners: s.pl[seat].Gardeners}
	for i, ic := range comp.Irrigation {
		if strings.EqualFold(ic.Name, pos.Irrigation) {
			p.Irrigation = uint8(i)
		}
	}
	for slot, name := range posNames {
		cid, eid, hasE := strings.Cut(strings.ToUpper(strings.TrimSpace(pos.Garden[name])), "+")
		ci := cardIndex(strings.TrimSpace(cid))
		p.Cards[slot] = uint8(ci) + 1
		p.NCards++
		if floorOf(slot) == 0 {
			p.N1++
		}
		p.addCounts(slot, &comp.Cards[ci], false)
		if hasE {
			for ei := range comp.Enh {
				if comp.Enh[ei].ID == strings.TrimSpace(eid) {
					p.Enh[slot] = uint8(ei) + 1
					p.addCounts(slot, &comp.Enh[ei], comp.Cards[ci].Irrig)
				}
			}
		}
	}
	for _, m := range pos.Objectives {
		k := m.Position - 1
		if m.Place > int(s.n) {
			return nil, fmt.Errorf("hanging-gardens tutorial example: place %d with %d players", m.Place, s.n)
		}
		for i := 0; i < m.Place-1; i++ {
			s.marks[k][i] = int8((seat + 1) % int(s.n))
		}
		s.marks[k][m.Place-1] = int8(seat)
		s.markN[k] = uint8(m.Place)
		p.Done |= 1 << k
	}
	s.pl[seat] = p
	return s, nil
}

// cardIndex is the index of the card with id (checked by Position.score).
func cardIndex(id string) int {
	for j := range comp.Cards {
		if comp.Cards[j].ID == id {
			return j
		}
	}
	return -1
}

// marketExample sets the rulebook's Raphaël example up on base, a state
// where seat is to take a card: {"market": [0, 2, 2], "tools": 1} puts
// that many gardeners in each column (the seats' in turn, the others' first,
// so the round's turns taken agree with them) and gives seat that many
// tools. The market's cards stay as dealt.
func marketExample(base engine.State, seat int, data []byte) (engine.State, error) {
	var ex struct {
		Market [3]int `json:"market"`
		Tools  int    `json:"tools"`
	}
	if err := engine.DecodeJSON(data, &ex, true); err != nil {
		return nil, fmt.Errorf("hanging-gardens market example: %w", err)
	}
	s, ok := base.Clone().(*state)
	if !ok || s.solo || seat < 0 || seat >= int(s.n) || int(s.cur) != seat || s.phase != phaseTake {
		return nil, fmt.Errorf("hanging-gardens market example: seat %d is not taking a card", seat)
	}
	if ex.Tools < 0 || ex.Tools > 255 {
		return nil, fmt.Errorf("hanging-gardens market example: %d tools", ex.Tools)
	}
	placed := make([]int, s.n)
	next := (seat + 1) % int(s.n)
	s.turn = 0
	for c, n := range ex.Market {
		if n < 0 || n > int(s.spaces()) {
			return nil, fmt.Errorf("hanging-gardens market example: %d gardeners in column %d, %d spaces", n, c+1, s.spaces())
		}
		for i := range s.cols[c] {
			s.cols[c][i] = -1
		}
		for i := 0; i < n; i++ {
			s.cols[c][i] = int8(next)
			placed[next]++
			next = (next + 1) % int(s.n)
		}
		s.colN[c] = uint8(n)
		s.turn += uint8(n)
	}
	for p := range placed {
		if placed[p] >= 3 {
			return nil, fmt.Errorf("hanging-gardens market example: seat %d would have no gardener left", p)
		}
		s.pl[p].Gardeners = uint8(3 - placed[p])
	}
	s.pl[seat].Tools = uint8(ex.Tools)
	return s, nil
}
