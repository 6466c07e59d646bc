package hanginggardens

import (
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
