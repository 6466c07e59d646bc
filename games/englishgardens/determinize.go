package englishgardens

import "github.com/jardin-games/jardin/engine"

// Determinize re-deals what player cannot see (ruling E5): the other
// players' hand cards not known to be public, the landscape deck except the
// cards player put under it, the cards removed at setup and the other
// players' discards; the trophy deck except player's own special-1 cards,
// and the trophies removed at setup.
func (s *state) Determinize(player int, seed uint64) engine.State {
	c := *s
	c.rng = engine.NewRNG(seed)
	var slots [numLand]*int8
	n := 0
	add := func(p *int8) { slots[n] = p; n++ }
	for q := 0; q < int(c.n); q++ {
		if q == player {
			continue
		}
		pq := &c.pl[q]
		for i := 0; i < int(pq.handN); i++ {
			if !pq.handKnown[i] {
				add(&pq.hand[i])
			}
		}
	}
	mine := int8(player + 1)
	for i := 0; i < int(c.land.n); i++ {
		if c.land.seg[i] != mine {
			add(&c.land.cards[i])
		}
	}
	for i := 0; i < int(c.nRemovedLand); i++ {
		add(&c.removedLand[i])
	}
	for i := 0; i < int(c.nDisc); i++ {
		if int(c.discOwner[i]) != player {
			add(&c.disc[i])
		}
	}
	reshuffle(&c.rng, slots[:n])
	n = 0
	for i := 0; i < int(c.tro.n); i++ {
		if c.tro.seg[i] != mine {
			add(&c.tro.cards[i])
		}
	}
	for i := 0; i < int(c.nRemovedTro); i++ {
		add(&c.removedTro[i])
	}
	reshuffle(&c.rng, slots[:n])
	return &c
}

// reshuffle permutes the values held at the given places.
func reshuffle(r *engine.RNG, places []*int8) {
	for i := len(places) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		*places[i], *places[j] = *places[j], *places[i]
	}
}
