package englishgardens

import "github.com/jardin-games/jardin/engine"

// Determinize re-deals what player cannot see (ruling E5 and the spec's
// hidden-information section), keeping what player knows:
//   - the other players' hand cards not known to be public, the shuffled
//     part of the landscape deck, the cards removed at setup and the other
//     players' discards form one pool of unknown landscape cards;
//   - a card another player took face up and then hid by a discard stays in
//     that player's hand or discards, since everyone saw it go there;
//   - cards another player put under a deck with special 1 stay at the
//     bottom of that deck or, for landscape cards since drawn blind, in the
//     hand or discards of whoever drew them: those places are re-dealt
//     among themselves. Player's own recycled cards keep their order, and
//     player knows where each one drawn blind went;
//   - the shuffled part of the trophy deck and the trophies removed at setup
//     form the pool of unknown trophies.
//
// Spectator (-1) knows no hand, so every hand is re-dealt.
func (s *state) Determinize(player int, seed uint64) engine.State {
	c := *s
	c.rng = engine.NewRNG(seed)
	var fixed, tied uint64 // cards player knows the place of; cards tied to a group of places
	if player >= 0 {
		fixed = c.segDrawn[player]
	}
	for q := 0; q < int(c.n); q++ {
		if q != player {
			tied |= c.pl[q].semi | c.segDrawn[q]
		}
	}
	free := func(card int8) bool { return (fixed|tied)&(1<<uint(card)) == 0 }

	var pool places
	c.hiddenPlaces(player, &pool, free)
	for i := 0; i < int(c.land.n); i++ {
		if c.land.seg[i] == 0 {
			pool.add(&c.land.cards[i])
		}
	}
	for i := 0; i < int(c.nRemovedLand); i++ {
		pool.add(&c.removedLand[i])
	}
	pool.shuffle(&c.rng)

	for r := 0; r < int(c.n); r++ {
		if r == player {
			continue
		}
		var group places
		for i := 0; i < int(c.land.n); i++ {
			if int(c.land.seg[i]) == r+1 {
				group.add(&c.land.cards[i])
			}
		}
		drawn := c.segDrawn[r]
		c.hiddenPlaces(player, &group, func(card int8) bool { return drawn&(1<<uint(card)) != 0 })
		group.shuffle(&c.rng)
	}
	for q := 0; q < int(c.n); q++ {
		pq := &c.pl[q]
		if q == player || pq.semi == 0 {
			continue
		}
		var own places
		for i := 0; i < int(pq.handN); i++ {
			if !pq.handKnown[i] && fixed&(1<<uint(pq.hand[i])) == 0 {
				own.add(&pq.hand[i])
			}
		}
		for i := 0; i < int(c.nDisc); i++ {
			if int(c.discOwner[i]) == q && fixed&(1<<uint(c.disc[i])) == 0 {
				own.add(&c.disc[i])
			}
		}
		own.shuffle(&c.rng)
	}

	pool = places{}
	for i := 0; i < int(c.tro.n); i++ {
		if c.tro.seg[i] == 0 {
			pool.add(&c.tro.cards[i])
		}
	}
	for i := 0; i < int(c.nRemovedTro); i++ {
		pool.add(&c.removedTro[i])
	}
	pool.shuffle(&c.rng)
	c.shuffleSegments(&c.tro, player)
	return &c
}

// hiddenPlaces adds the places of the landscape cards held by the other
// players and unknown to player (unknown hand cards, discards) whose card
// passes keep.
func (s *state) hiddenPlaces(player int, ps *places, keep func(int8) bool) {
	for q := 0; q < int(s.n); q++ {
		if q == player {
			continue
		}
		pq := &s.pl[q]
		for i := 0; i < int(pq.handN); i++ {
			if !pq.handKnown[i] && keep(pq.hand[i]) {
				ps.add(&pq.hand[i])
			}
		}
	}
	for i := 0; i < int(s.nDisc); i++ {
		if int(s.discOwner[i]) != player && keep(s.disc[i]) {
			ps.add(&s.disc[i])
		}
	}
}

// shuffleSegments re-orders, within itself, each group of trophies another
// player put under d with special 1 (a trophy drawn from it goes face up).
func (s *state) shuffleSegments(d *deck, player int) {
	for q := 0; q < int(s.n); q++ {
		if q == player {
			continue
		}
		var seg places
		for i := 0; i < int(d.n); i++ {
			if int(d.seg[i]) == q+1 {
				seg.add(&d.cards[i])
			}
		}
		seg.shuffle(&s.rng)
	}
}

// places are card slots whose contents are permuted together. Each slot
// holds a different card, so there are never more than the box holds.
type places struct {
	p [numLand]*int8
	n int
}

func (ps *places) add(p *int8) { ps.p[ps.n] = p; ps.n++ }

// shuffle permutes the cards held at the places (Fisher–Yates).
func (ps *places) shuffle(r *engine.RNG) {
	for i := ps.n - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		*ps.p[i], *ps.p[j] = *ps.p[j], *ps.p[i]
	}
}
