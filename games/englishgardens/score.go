package englishgardens

import (
	"fmt"
	"slices"

	"github.com/jardin-games/jardin/engine"
)

// Score-pad lines (EG-E4): village card, ponds, then the six trophy slots.
var categories = []engine.Category{
	{ID: "village"},
	{ID: "ponds"},
	{ID: "c1"},
	{ID: "c2"},
	{ID: "c3"},
	{ID: "r1"},
	{ID: "r2"},
	{ID: "r3"},
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
		// A card's derived counters are 0 (cardVector): one loop adds
		// them all.
		cv := &c.vec[t]
		for k := range v {
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
func (c *components) breakdown(p *player, pts *[8]int) int { return c.breakdownParts(p, pts, nil) }

// breakdownParts is breakdown recording what each line counts in rec (nil:
// nothing recorded; score_parts.go).
func (c *components) breakdownParts(p *player, pts *[8]int, rec *parts) int {
	*pts = [8]int{}
	if p.villageUp {
		pts[0] = 1
		if rec != nil { // ids are built only when asked
			rec.add(0, 1, villageID(p.village))
		}
	}
	for i := range p.land {
		if t := p.land[i].top(); t >= 0 && c.land[t].Feature == featPond {
			pts[1] += 2
			if rec != nil { // ids are built only when asked
				rec.add(1, 2, cellID(i))
			}
		}
	}
	for sl, t := range p.trophy {
		if t >= 0 {
			v := c.lineVector(p, sl)
			pts[2+sl] = c.trophies[t].score(&v)
			// the trophy and the three cells of its line
			if rec != nil {
				rec.add(2+sl, pts[2+sl], slotNames[sl], cellID(int(lines[sl][0])), cellID(int(lines[sl][1])), cellID(int(lines[sl][2])))
			}
		}
	}
	total := 0
	for _, x := range pts {
		total += x
	}
	return total
}

// rescore recounts trophy slot sl of p and p's kept total (player.pts).
func (c *components) rescore(p *player, sl int) {
	p.line[sl] = int16(c.linePoints(p, sl, p.trophy[sl], -1, 0))
	pts := 2 * int16(p.ponds)
	for _, x := range p.line {
		pts += x
	}
	p.pts = pts
}

// linePoints is what trophy t (none if negative) scores on line sl of p's
// village, with card on top of cell at if at is not negative (at must be
// on line sl).
func (c *components) linePoints(p *player, sl int, t int8, at int, card int8) int {
	if t < 0 {
		return 0
	}
	v, empty := p.tops[sl], 3-int(p.filled[sl])
	if at >= 0 {
		if top := p.land[at].top(); top >= 0 {
			v.sub(&c.packed[top])
		} else {
			empty--
		}
		v.add(&c.packed[card])
	}
	// An empty cell counts 1 on cEmpty alone: no byte overflows.
	for ; empty > 0; empty-- {
		v.add(&c.packed[numLand])
	}
	return c.trophies[t].fastScore(&v)
}

// Score is 0 for a viewer that is not a seat. It reads the points kept by
// putLand and putTrophy (player.pts): breakdown counts the same.
func (s *state) Score(player int) int {
	if uint(player) >= uint(s.n) {
		return 0
	}
	p := &s.pl[player]
	v := int(p.pts)
	if p.villageUp {
		v++
	}
	return v
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
			pr.Rating = rating
		}
		r.Players = append(r.Players, pr)
	}
	engine.SetRanks(r.Players)
	return r
}

// soloRating is the solo rating table (EG-SO7, ruling E14): the id of
// message rating.<id> (in the French rulebook's words in French).
func soloRating(total int) string {
	switch {
	case total <= 15:
		return "last"
	case total <= 25:
		return "honourable-mention"
	case total <= 35:
		return "second"
	}
	return "garden-of-the-year"
}

// Evaluate is the score plus what a player would weigh beyond it: cards in
// the village (the tie-break, and future trophy lines), an unused village
// card, and the worth of the empty trophy slots.
func (s *state) Evaluate(player int) float64 {
	if uint(player) >= uint(s.n) {
		return 0
	}
	return evaluate(&s.pl[player])
}

// evaluate is Evaluate of one village.
func evaluate(p *player) float64 {
	return evaluateOf(int(p.pts), p.villageUp, p.visible, emptySlots(&p.trophy))
}

// emptySlots counts the trophy slots without a trophy.
func emptySlots(trophy *[6]int8) int {
	n := 0
	for _, t := range trophy {
		if t < 0 {
			n++
		}
	}
	return n
}

// evaluateOf is evaluate of a village with these points (without the
// village card), village card, visible cards and empty trophy slots:
// EvaluateMove calls it for the village a move would make, so both count
// alike to the last bit.
func evaluateOf(pts int, villageUp bool, visible int8, empty int) float64 {
	if villageUp {
		pts++
	}
	v := float64(pts) + float64(visible)*0.3
	if villageUp {
		v += 0.5
	}
	// One addition a slot, as the slots were once added one by one:
	// 0.5·empty at once could round otherwise.
	for ; empty > 0; empty-- {
		v += 0.5
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
