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
//     bottom of that deck, in an order only that player knows; player's own
//     recycled cards keep their order;
//   - the shuffled part of the trophy deck and the trophies removed at setup
//     form the pool of unknown trophies.
//
// Spectator (-1) knows no hand, so every hand is re-dealt.
func (s *state) Determinize(player int, seed uint64) engine.State {
	c := *s
	c.rng = engine.NewRNG(seed)
	var pool places
	for q := 0; q < int(c.n); q++ {
		if q == player {
			continue
		}
		pq := &c.pl[q]
		for i := 0; i < int(pq.handN); i++ {
			if !pq.handKnown[i] && pq.semi&(1<<uint(pq.hand[i])) == 0 {
				pool.add(&pq.hand[i])
			}
		}
	}
	for i := 0; i < int(c.land.n); i++ {
		if c.land.seg[i] == 0 {
			pool.add(&c.land.cards[i])
		}
	}
	for i := 0; i < int(c.nRemovedLand); i++ {
		pool.add(&c.removedLand[i])
	}
	for i := 0; i < int(c.nDisc); i++ {
		if o := int(c.discOwner[i]); o != player && c.pl[o].semi&(1<<uint(c.disc[i])) == 0 {
			pool.add(&c.disc[i])
		}
	}
	pool.shuffle(&c.rng)
	for q := 0; q < int(c.n); q++ {
		pq := &c.pl[q]
		if q == player || pq.semi == 0 {
			continue
		}
		var own places
		for i := 0; i < int(pq.handN); i++ {
			if !pq.handKnown[i] {
				own.add(&pq.hand[i])
			}
		}
		for i := 0; i < int(c.nDisc); i++ {
			if int(c.discOwner[i]) == q {
				own.add(&c.disc[i])
			}
		}
		own.shuffle(&c.rng)
	}
	c.shuffleSegments(&c.land, player)

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

// shuffleSegments re-orders, within itself, each group of cards another
// player put under d with special 1.
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
