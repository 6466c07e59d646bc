package englishgardens

import (
	"fmt"
	"slices"

	"github.com/jardin-games/jardin/engine"
)

// Score-pad lines (EG-E4): village card, ponds, then the six trophy slots.
var categories = []engine.Category{
	{ID: "village", EN: "Village card", FR: "Carte Village"},
	{ID: "ponds", EN: "Ponds", FR: "Bassins"},
	{ID: "c1", EN: "Trophy, column 1", FR: "Trophée, colonne 1"},
	{ID: "c2", EN: "Trophy, column 2", FR: "Trophée, colonne 2"},
	{ID: "c3", EN: "Trophy, column 3", FR: "Trophée, colonne 3"},
	{ID: "r1", EN: "Trophy, row 1", FR: "Trophée, rangée 1"},
	{ID: "r2", EN: "Trophy, row 2", FR: "Trophée, rangée 2"},
	{ID: "r3", EN: "Trophy, row 3", FR: "Trophée, rangée 3"},
}

// lines lists the landscape cells each trophy slot scores: columns 1–3
// for c1–c3, rows 1–3 for r1–r3 (ruling E2).
var lines = [6][3]int8{{0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 1, 2}, {3, 4, 5}, {6, 7, 8}}

// lineVector sums the counters of a line's visible cards (EG-E3).
func (c *components) lineVector(p *player, slot int) (v [numCounters]int8) {
	for _, i := range lines[slot] {
		t := p.land[i].top()
		if t < 0 {
			v[cEmpty]++
			continue
		}
		cv := &c.vec[t]
		for k := 0; k < cSpecies; k++ {
			v[k] += cv[k]
		}
		for k := cPair; k < numCounters; k++ {
			v[k] += cv[k]
		}
	}
	for k := cOak; k <= cWillow; k++ {
		if v[k] > 0 {
			v[cSpecies]++
		}
	}
	for k := cRed; k <= cBlue; k++ {
		if v[k] > 0 {
			v[cColours]++
		}
	}
	for k := cRose; k <= cLily; k++ {
		if v[k] > 0 {
			v[cFlowers]++
		}
	}
	return v
}

// breakdown fills pts with the score pad of one village (EG-E3) and
// returns the total.
func (c *components) breakdown(p *player, pts *[8]int) int {
	*pts = [8]int{}
	if p.villageUp {
		pts[0] = 1
	}
	for i := range p.land {
		if t := p.land[i].top(); t >= 0 && c.land[t].Feature == featPond {
			pts[1] += 2
		}
	}
	for sl, t := range p.trophy {
		if t >= 0 {
			v := c.lineVector(p, sl)
			pts[2+sl] = c.trophies[t].score(&v)
		}
	}
	total := 0
	for _, x := range pts {
		total += x
	}
	return total
}

// Score is 0 for a viewer that is not a seat.
func (s *state) Score(player int) int {
	if uint(player) >= uint(s.n) {
		return 0
	}
	var pts [8]int
	return s.g.c.breakdown(&s.pl[player], &pts)
}

func (s *state) Result() engine.Result {
	r := engine.Result{Final: s.phase == phOver, Categories: slices.Clone(categories)}
	for i := 0; i < int(s.n); i++ {
		var pts [8]int
		total := s.g.c.breakdown(&s.pl[i], &pts)
		pr := engine.PlayerResult{Points: append([]int(nil), pts[:]...), Total: total,
			Tiebreak: []int{int(s.pl[i].visible)}} // EG-E5
		if s.solo() {
			rating := soloRating(total)
			pr.Rating, pr.RatingFR = rating.EN, rating.FR
		}
		r.Players = append(r.Players, pr)
	}
	engine.SetRanks(r.Players)
	return r
}

// soloRating is the solo rating table (EG-SO7, ruling E14), in English
// and in the French rulebook's words.
func soloRating(total int) engine.Text {
	switch {
	case total <= 15:
		return engine.Text{EN: "Last place in the rankings", FR: "Dernière place du classement"}
	case total <= 25:
		return engine.Text{EN: "Honourable mention", FR: "Mention honorable"}
	case total <= 35:
		return engine.Text{EN: "Second place", FR: "Seconde place"}
	}
	return engine.Text{EN: "English Garden of the Year", FR: "Jardin anglais de l'année"}
}

// Evaluate is the score plus what a player would weigh beyond it: cards in
// the village (the tie-break, and future trophy lines), an unused village
// card, and the worth of the empty trophy slots.
func (s *state) Evaluate(player int) float64 {
	if uint(player) >= uint(s.n) {
		return 0
	}
	p := &s.pl[player]
	v := float64(s.Score(player)) + float64(p.visible)*0.3
	if p.villageUp {
		v += 0.5
	}
	for _, t := range p.trophy {
		if t < 0 {
			v += 0.5
		}
	}
	return v
}

// Components names the visible trophies of a village, for simulation
// reports that relate trophies to winning.
func (s *state) Components(player int) []string {
	if !engine.IsSeat(s, player) {
		return nil
	}
	var out []string
	for _, t := range s.pl[player].trophy {
		if t >= 0 {
			out = append(out, fmt.Sprintf("trophy #%d %s", t+1, s.g.c.trophies[t].Name))
		}
	}
	return out
}
