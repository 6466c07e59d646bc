package hanginggardens

import (
	"fmt"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// A naive reference of the scoring (HG-E1) and of the per-floor objective
// counts (HG-T9c), written from the specification's tables with its
// adjacency table typed in as printed, checked against the game on random
// gardens and on the finished gardens of random games.

var refNeighbours = map[string][]string{
	"a1": {"a2", "b1"}, "a2": {"a1", "a3", "b1", "b2"}, "a3": {"a2", "a4", "b2", "b3"},
	"a4": {"a3", "a5", "b3", "b4"}, "a5": {"a4", "b4"},
	"b1": {"a1", "a2", "b2", "c1"}, "b2": {"a2", "a3", "b1", "b3", "c1", "c2"},
	"b3": {"a3", "a4", "b2", "b4", "c2", "c3"}, "b4": {"a4", "a5", "b3", "c3"},
	"c1": {"b1", "b2", "c2"}, "c2": {"b2", "b3", "c1", "c3"}, "c3": {"b3", "b4", "c2"},
}

// refGroups returns the connected groups of the positions where in is true.
func refGroups(in func(pos string) bool) [][]string {
	seen := map[string]bool{}
	var groups [][]string
	for _, start := range posNames {
		if seen[start] || !in(start) {
			continue
		}
		g := []string{start}
		seen[start] = true
		for i := 0; i < len(g); i++ {
			for _, nb := range refNeighbours[g[i]] {
				if !seen[nb] && in(nb) {
					seen[nb] = true
					g = append(g, nb)
				}
			}
		}
		groups = append(groups, g)
	}
	return groups
}

func refScore(cards, enh *[nPos]uint8, irrigation string, objPts, objCount int) [nCats]int {
	var pts [nCats]int
	contents := func(pos string) []*content {
		i := posIndex(pos)
		var out []*content
		if cards[i] != 0 {
			out = append(out, &comp.Cards[cards[i]-1])
		}
		if enh[i] != 0 {
			out = append(out, &comp.Enh[enh[i]-1])
		}
		return out
	}
	pattern := map[string][]string{
		"Left": {"c1", "c2", "b1", "b2", "a1", "a2"}, "Right": {"c2", "c3", "b3", "b4", "a4", "a5"},
		"Borders": {"c1", "c3", "b1", "b4", "a1", "a5"}, "Center": {"c2", "b2", "b3", "a2", "a3", "a4"},
		"H": {"c1", "c3", "b2", "b3", "a2", "a4"},
	}[irrigation]
	irrigated := func(pos string) bool {
		for _, c := range contents(pos) {
			if c.Irrig {
				return true
			}
		}
		return false
	}
	matches := 0
	for _, pos := range pattern {
		if irrigated(pos) {
			matches++
		}
	}
	pts[catIrrigation] = []int{0, 1, 2, 4, 7, 10, 15}[matches]
	flowers := func(pos string, col int) int {
		n := 0
		for _, c := range contents(pos) {
			n += int(c.Flowers[col])
		}
		return n
	}
	// blooms: catBlue, catRed, catYellow follow the colour order blue, red, yellow
	for col := 0; col < 3; col++ {
		for _, g := range refGroups(func(pos string) bool { return flowers(pos, col) > 0 }) {
			n := 0
			for _, pos := range g {
				n += flowers(pos, col)
			}
			pts[catBlue+col] = max(pts[catBlue+col], n)
		}
	}
	series := [3][]int{dragon: {2, 7}, cedar: {2, 5, 9}, palm: {3, 7, 12, 18}}
	for sp := 0; sp < 3; sp++ {
		hasTree := func(pos string) bool {
			for _, c := range contents(pos) {
				if c.Sight == sightTree && int(c.Tree) == sp {
					return true
				}
			}
			return false
		}
		for _, g := range refGroups(hasTree) {
			for n := len(g); n > 0; n -= len(series[sp]) {
				pts[catTrees] += series[sp][min(n, len(series[sp]))-1]
			}
		}
	}
	var tot [3]int
	crowns, gold, tools, animals, trees, visitors, enhancements, irrigatedN := 0, 0, 0, 0, 0, 0, 0, 0
	var kinds []uint8
	for _, pos := range posNames {
		if irrigated(pos) {
			irrigatedN++
		}
		if enh[posIndex(pos)] != 0 {
			enhancements++
		}
		for _, c := range contents(pos) {
			for col := 0; col < 3; col++ {
				tot[col] += int(c.Flowers[col])
			}
			crowns += int(c.Crown)
			gold += int(c.Gold)
			tools += int(c.Tools)
			switch c.Sight {
			case sightAnimal:
				animals++
				pts[catAnimals] += int(c.APoints[floorOf(posIndex(pos))])
			case sightTree:
				trees++
			case sightVisitor:
				visitors++
				kinds = append(kinds, c.Visitor)
			}
		}
	}
	for _, k := range kinds {
		pts[catVisitors] += map[uint8]int{
			visBlue: tot[blue], visYellow: tot[yellow], visRed: tot[red], visIrrigated: irrigatedN,
			visCrown: crowns, visFlowerTrio: 2 * min(tot[0], tot[1], tot[2]), visVisitor: visitors,
			visObjective: 2 * objCount, visAnimal: animals, visTree: trees, visGold: gold,
			visEnhancement: 2 * enhancements, visSightTrio: 3 * min(trees, visitors, animals), visTools: tools,
		}[k]
	}
	pts[catObjectives] = objPts
	return pts
}

// refFloorCount counts an objective item on one floor (HG-T9c, H6).
func refFloorCount(cards, enh *[nPos]uint8, floor int, item uint8) int {
	n := 0
	for i := 0; i < nPos; i++ {
		if floorOf(i) != floor || cards[i] == 0 {
			continue
		}
		cs := []*content{&comp.Cards[cards[i]-1]}
		if enh[i] != 0 {
			cs = append(cs, &comp.Enh[enh[i]-1])
		}
		irrigated := false
		for _, c := range cs {
			switch item {
			case itemAnimal:
				n += b2i(c.Sight == sightAnimal)
			case itemTree:
				n += b2i(c.Sight == sightTree)
			case itemVisitor:
				n += b2i(c.Sight == sightVisitor)
			case itemIrrigated:
				irrigated = irrigated || c.Irrig
			case itemGold:
				n += int(c.Gold)
			case itemTools:
				n += int(c.Tools)
			case itemCrown:
				n += int(c.Crown)
			case itemBlue:
				n += int(c.Flowers[blue])
			case itemRed:
				n += int(c.Flowers[red])
			case itemYellow:
				n += int(c.Flowers[yellow])
			}
		}
		n += b2i(irrigated)
	}
	return n
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestRule_HG_E1_HG_T9c_NaiveReference(t *testing.T) {
	check := func(what string, pl *player, objPts, objCount int) {
		t.Helper()
		irr := comp.Irrigation[pl.Irrigation]
		got := scoreGarden(garden{Cards: &pl.Cards, Enh: &pl.Enh, IrrMask: irr.Mask, ObjPoints: objPts, ObjCount: objCount})
		if want := refScore(&pl.Cards, &pl.Enh, irr.Name, objPts, objCount); got != want {
			t.Fatalf("%s: score pad %v, reference %v\ncards %v enh %v", what, got, want, pl.Cards, pl.Enh)
		}
		for f := 0; f < 3; f++ {
			for it := uint8(0); it < nItems; it++ {
				if got, want := int(pl.Cnt[f][it]), refFloorCount(&pl.Cards, &pl.Enh, f, it); got != want {
					t.Fatalf("%s: floor %d counts %d %s, reference %d", what, f+1, got, itemNames[it], want)
				}
			}
		}
	}
	// Finished gardens of random games, counts kept up to date move by move.
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 20; seed++ {
			s := newState(t, n, seed, nil)
			playRandom(t, s, seed+50)
			for p := 0; p < n; p++ {
				op, oc := s.objectives(p)
				check("game", &s.pl[p], op, oc)
			}
		}
	}
	// Random gardens, with many more enhancements than play gives.
	rng := engine.NewRNG(11)
	for k := 0; k < 3000; k++ {
		var pl player
		pl.Irrigation = uint8(rng.Intn(len(comp.Irrigation)))
		deck := append([]uint8(nil), comp.Deck...)
		engine.Shuffle(&rng, deck)
		tiles := make([]int, len(comp.Enh))
		for i := range tiles {
			tiles[i] = i
		}
		engine.Shuffle(&rng, tiles)
		for i := 0; i < nPos; i++ {
			pl.Cards[i] = deck[i] + 1
			c := &comp.Cards[deck[i]]
			pl.addCounts(i, c, false)
			if c.empty() && rng.Intn(2) == 0 && len(tiles) > 0 {
				pl.Enh[i] = uint8(tiles[0]) + 1
				tiles = tiles[1:]
				pl.addCounts(i, &comp.Enh[pl.Enh[i]-1], c.Irrig)
			}
		}
		check("random garden", &pl, rng.Intn(14), rng.Intn(5))
	}
}

// refLegal lists the legal moves of the current decision from the rules as
// written (HG-T4, HG-T5, HG-T8, HG-T9), as notation, in any order.
func refLegal(s *state) []string {
	if s.Over() {
		return nil
	}
	p := &s.pl[s.cur]
	var out []string
	switch s.phase {
	case phaseTake: // HG-T4: an open column, any card, a row you can pay
		for c := 0; c < 3; c++ {
			for r := 0; r < 4; r++ {
				if int(s.colN[c]) < max(int(s.n), 2) && s.market[c][r] != 0 && int(p.Tools) >= r {
					out = append(out, fmt.Sprintf("take %d %d", c+1, r+1))
				}
			}
		}
	case phasePlace: // HG-T5
		n1 := 0
		for i := 0; i < 5; i++ {
			n1 += b2i(p.Cards[i] != 0)
		}
		if p.NCards == 0 {
			return []string{"place a1"}
		}
		if n1 < 5 {
			out = append(out, "place a0", fmt.Sprintf("place a%d", n1+1))
		}
		for j := 1; j <= 4; j++ {
			if p.Cards[j-1] != 0 && j < 5 && p.Cards[j] != 0 && p.Cards[4+j] == 0 {
				out = append(out, fmt.Sprintf("place b%d", j))
			}
		}
		for j := 1; j <= 3; j++ {
			if p.Cards[4+j] != 0 && p.Cards[5+j] != 0 && p.Cards[8+j] == 0 {
				out = append(out, fmt.Sprintf("place c%d", j))
			}
		}
	case phaseBuy, phasePut: // HG-T8
		var empties []string
		for i := 0; i < nPos; i++ {
			if p.Cards[i] != 0 && p.Enh[i] == 0 && comp.Cards[p.Cards[i]-1].Sight == sightNone {
				empties = append(empties, "put "+posNames[i])
			}
		}
		if s.phase == phasePut {
			return empties
		}
		for k := 0; k < 3; k++ {
			if len(empties) > 0 && s.pileLen[k] > 0 && int(p.Gold) >= k+2 {
				out = append(out, fmt.Sprintf("buy %d", k+2))
			}
		}
		out = append(out, "pass")
	case phaseObjective: // HG-T9
		for k := 0; k < 4; k++ {
			o := comp.Objectives[s.obj[k]]
			need := int(o.Required) - b2i(int(s.first) == int(s.cur))
			best := 0
			for f := 0; f < 3; f++ {
				best = max(best, refFloorCount(&p.Cards, &p.Enh, f, o.Item))
			}
			if p.Done&(1<<k) == 0 && int(s.markN[k]) < []int{0, 2, 2, 2, 4, 4}[s.n] && best >= need {
				out = append(out, fmt.Sprintf("objective %d", k+1))
			}
		}
		out = append(out, "pass")
	}
	return out
}

// Every decision of random games offers exactly the moves the rules allow,
// and an optional step is asked only when it offers more than a pass.
func TestRule_HG_T4_T5_T8_T9_LegalMovesNaiveReference(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 20; seed++ {
			s := newState(t, n, seed, nil)
			rng := engine.NewRNG(seed + 9)
			var buf []engine.Move
			for !s.Over() {
				buf = s.LegalMoves(buf[:0])
				got := legalText(s)
				want := refLegal(s)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%dp seed %d, %s step: legal %v, rules allow %v", n, seed, phaseNames[s.phase], got, want)
				}
				if (s.phase == phaseBuy || s.phase == phaseObjective) && len(want) == 1 {
					t.Fatalf("%dp seed %d: the %s step is asked with only a pass", n, seed, phaseNames[s.phase])
				}
				if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
