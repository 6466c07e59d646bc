package englishgardens

import (
	"math/bits"

	"github.com/jardin-games/jardin/engine"
)

// Determinize re-deals what player cannot see (ruling E5 and the spec's
// hidden-information section), keeping what player knows:
//   - the other players' hand cards not known to be public, the shuffled
//     part of the landscape deck, the cards removed at setup and the other
//     players' discards are the places of the unknown landscape cards;
//   - a card another player took face up and then hid by a discard stays in
//     that player's hand or discards, since everyone saw it go there;
//   - cards another player r put under a deck with special 1 stay at the
//     bottom of that deck or, for landscape cards since drawn blind, among
//     the hidden cards of whoever drew them, each drawer keeping as many of
//     them as it drew. Player's own recycled cards keep their order, and
//     player knows whose hidden cards each one drawn blind went to;
//   - the shuffled part of the trophy deck and the trophies removed at setup
//     form the pool of unknown trophies; trophies another player put under
//     the deck are re-ordered among themselves.
//
// The copy is a function of what player sees and of seed alone: each group
// of cards is gathered in card order before it is shuffled with a generator
// seeded from seed, so nothing of the real hidden order (nor of the real
// generator) shows through. A viewer that is not a seat is the spectator,
// who knows no hand.
func (s *state) Determinize(player int, seed uint64) engine.State {
	if !engine.IsSeat(s, player) {
		player = engine.Spectator
	}
	c := new(state)
	s.determinizeInto(c, player, seed)
	return c
}

// DeterminizeInto is Determinize into dst, a state of this game, rather
// than a new one (bots.DeterminizerInto): a search determinizes once an
// iteration, and each new state was garbage a moment later.
func (s *state) DeterminizeInto(dst engine.State, player int, seed uint64) bool {
	d, ok := dst.(*state)
	if !ok || d == s {
		return false
	}
	if !engine.IsSeat(s, player) {
		player = engine.Spectator
	}
	s.determinizeInto(d, player, seed)
	return true
}

func (s *state) determinizeInto(c *state, player int, seed uint64) {
	*c = *s
	c.rng = engine.NewRNG(seed)
	c.redealLand(player)
	c.redealTrophies(player)
}

// seatHidden is what player knows of another seat's hidden landscape cards
// (its hand slots not known to be public, and its discards): how many of
// them are of each kind, not which is where.
type seatHidden struct {
	at    places
	known uint64           // cards known to be there: taken face up then hidden, or player's own recycled cards it drew
	fromR [maxPlayers]int8 // how many came blind from under the deck, by recycler
	free  int8             // how many come from the unknown pool
}

func (s *state) redealLand(player int) {
	var mine uint64 // cards player holds or discarded: known to player
	if player >= 0 {
		pp := &s.pl[player]
		for _, c := range pp.hand[:pp.handN] {
			mine |= bit(c)
		}
		for i := 0; i < int(s.nDisc); i++ {
			if int(s.discOwner[i]) == player {
				mine |= bit(s.disc[i])
			}
		}
	}
	var own uint64 // player's own recycled cards drawn blind: player knows whose they are
	if player >= 0 {
		own = s.segDrawn[player]
	}
	var hid [maxPlayers]seatHidden
	var group [maxPlayers]uint64 // cards of each other recycler still unseen
	var free uint64
	for q := 0; q < int(s.n); q++ {
		if q == player {
			continue
		}
		h := &hid[q]
		pq := &s.pl[q]
		for i := 0; i < int(pq.handN); i++ {
			if !pq.handKnown[i] {
				h.at.add(&pq.hand[i])
			}
		}
		for i := 0; i < int(s.nDisc); i++ {
			if int(s.discOwner[i]) == q {
				h.at.add(&s.disc[i])
			}
		}
		for _, p := range h.at.p[:h.at.n] {
			b := bit(*p)
			switch r := s.recycler(*p); {
			case pq.semi&b != 0 || own&b != 0:
				h.known |= b
			case r >= 0:
				h.fromR[r]++
				group[r] |= b
			default:
				h.free++
				free |= b
			}
		}
	}
	for i := 0; i < int(s.land.n); i++ {
		switch seg := int(s.land.seg[i]); {
		case seg == 0:
			free |= bit(s.land.cards[i])
		case seg-1 != player:
			group[seg-1] |= bit(s.land.cards[i])
		}
	}
	for _, c := range s.removedLand[:s.nRemovedLand] {
		free |= bit(c)
	}

	var dealt [maxPlayers]uint64 // cards each other seat ends up hiding
	var buf [numLand]int8
	for r := 0; r < int(s.n); r++ {
		if r == player {
			continue
		}
		cards := s.shuffled(group[r], buf[:0])
		k := 0
		for i := 0; i < int(s.land.n); i++ {
			if int(s.land.seg[i]) == r+1 {
				s.land.cards[i] = cards[k]
				k++
			}
		}
		// Cards of r's drawn blind and still hidden: those player holds,
		// and those just dealt to the other seats.
		drawn := s.segDrawn[r] & mine
		for q := 0; q < int(s.n); q++ {
			for j := int8(0); j < hid[q].fromR[r]; j++ {
				dealt[q] |= bit(cards[k])
				drawn |= bit(cards[k])
				k++
			}
		}
		s.segDrawn[r] = drawn
	}
	cards := s.shuffled(free, buf[:0])
	k := 0
	for i := 0; i < int(s.land.n); i++ {
		if s.land.seg[i] == 0 {
			s.land.cards[i] = cards[k]
			k++
		}
	}
	for i := range s.removedLand[:s.nRemovedLand] {
		s.removedLand[i] = cards[k]
		k++
	}
	for q := 0; q < int(s.n); q++ {
		for j := int8(0); j < hid[q].free; j++ {
			dealt[q] |= bit(cards[k])
			k++
		}
	}
	for q := 0; q < int(s.n); q++ {
		if q == player {
			continue
		}
		h := &hid[q]
		cards := s.shuffled(dealt[q]|h.known, buf[:0])
		for i, p := range h.at.p[:h.at.n] {
			*p = cards[i]
		}
	}
}

// recycler returns the seat whose recycled landscape card c was drawn blind
// and is still hidden, or -1.
func (s *state) recycler(c int8) int {
	for r := 0; r < int(s.n); r++ {
		if s.segDrawn[r]&bit(c) != 0 {
			return r
		}
	}
	return -1
}

func (s *state) redealTrophies(player int) {
	var free uint64
	for i := 0; i < int(s.tro.n); i++ {
		if s.tro.seg[i] == 0 {
			free |= bit(s.tro.cards[i])
		}
	}
	for _, t := range s.removedTro[:s.nRemovedTro] {
		free |= bit(t)
	}
	var buf [numLand]int8
	cards := s.shuffled(free, buf[:0])
	k := 0
	for i := 0; i < int(s.tro.n); i++ {
		if s.tro.seg[i] == 0 {
			s.tro.cards[i] = cards[k]
			k++
		}
	}
	for i := range s.removedTro[:s.nRemovedTro] {
		s.removedTro[i] = cards[k]
		k++
	}
	// A trophy drawn from under the deck goes face up: the groups of the
	// other players' recycled trophies only change order.
	for r := 0; r < int(s.n); r++ {
		if r == player {
			continue
		}
		var group uint64
		for i := 0; i < int(s.tro.n); i++ {
			if int(s.tro.seg[i]) == r+1 {
				group |= bit(s.tro.cards[i])
			}
		}
		cards := s.shuffled(group, buf[:0])
		k := 0
		for i := 0; i < int(s.tro.n); i++ {
			if int(s.tro.seg[i]) == r+1 {
				s.tro.cards[i] = cards[k]
				k++
			}
		}
	}
}

// shuffled appends the cards of set to buf in card order, the canonical
// order that hides where they were, and shuffles them.
func (s *state) shuffled(set uint64, buf []int8) []int8 {
	for set != 0 {
		buf = append(buf, int8(bits.TrailingZeros64(set)))
		set &= set - 1
	}
	engine.Shuffle(&s.rng, buf)
	return buf
}

func bit(c int8) uint64 { return 1 << uint(c) }

// places are card slots whose contents are dealt together. Each slot holds
// a different card, so there are never more than the box holds.
type places struct {
	p [numLand]*int8
	n int
}

func (ps *places) add(p *int8) { ps.p[ps.n] = p; ps.n++ }
