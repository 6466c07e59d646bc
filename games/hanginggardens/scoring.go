package hanginggardens

import (
	"math/bits"
	"strconv"

	"github.com/jardin-games/jardin/engine"
)

// Score pad categories, in the pad's order (HG-E2).
const (
	catIrrigation = iota
	catBlue
	catRed
	catYellow
	catTrees
	catAnimals
	catVisitors
	catObjectives
	nCats
)

var categories = []engine.Category{
	{ID: "irrigation"},
	{ID: "blue"},
	{ID: "red"},
	{ID: "yellow"},
	{ID: "trees"},
	{ID: "animals"},
	{ID: "visitors"},
	{ID: "objectives"},
}

// neighbours[i] is the mask of the positions adjacent to i (H4).
var neighbours = func() (nb [nPos]uint16) {
	link := func(a, b int) { nb[a] |= 1 << b; nb[b] |= 1 << a }
	for j := 0; j < 4; j++ {
		link(j, j+1)   // floor 1 side by side
		link(5+j, j)   // bj rests on aj
		link(5+j, j+1) // and a(j+1)
	}
	for j := 0; j < 3; j++ {
		link(5+j, 5+j+1) // floor 2 side by side
		link(9+j, 5+j)
		link(9+j, 5+j+1)
	}
	for j := 0; j < 2; j++ {
		link(9+j, 9+j+1)
	}
	return
}()

// group returns the connected group of mask containing the lowest bit of seed.
func group(mask, seed uint16) uint16 {
	g := seed
	for {
		ng := g
		for r := g; r != 0; r &= r - 1 {
			ng |= neighbours[bits.TrailingZeros16(r)] & mask
		}
		if ng == g {
			return g
		}
		g = ng
	}
}

// treeValue scores a connected group of n trees of one species (H10).
func treeValue(species, n int) int {
	pts := comp.TreePoints[species]
	mx := len(pts)
	v := n / mx * pts[mx-1]
	if r := n % mx; r > 0 {
		v += pts[r-1]
	}
	return v
}

// garden is what scoring needs of one player's pyramid.
type garden struct {
	Cards, Enh *[nPos]uint8
	IrrMask    uint16
	ObjPoints  int
	ObjCount   int
}

// scoreGarden computes the score pad of a garden (HG-E1). It does not allocate.
func scoreGarden(g garden) (pts [nCats]int) { return scoreGardenParts(g, nil) }

// scoreGardenParts is scoreGarden recording what each line counts in rec
// (nil: nothing recorded; score_parts.go). The objectives' line is given
// (garden.ObjPoints): objectiveParts records its parts.
func scoreGardenParts(g garden, rec *parts) (pts [nCats]int) {
	var (
		flowers                                            [3][nPos]uint8
		flowerMask                                         [3]uint16
		flowerTot                                          [3]int
		treeMask                                           [3]uint16
		irrigated                                          uint16
		crowns, gold, tools, animals, trees, visitors, enh int
		visitorList                                        [nPos]uint8
		visitorPos                                         [nPos]uint8
	)
	for i := 0; i < nPos; i++ {
		k := g.Cards[i]
		if k == 0 {
			continue
		}
		f := floorOf(i)
		c := &comp.Cards[k-1]
		var e *content
		if g.Enh[i] != 0 {
			e = &comp.Enh[g.Enh[i]-1]
			enh++
		}
		for _, x := range [2]*content{c, e} {
			if x == nil {
				continue
			}
			for col := 0; col < 3; col++ {
				flowers[col][i] += x.Flowers[col]
			}
			if x.Irrig {
				irrigated |= 1 << i
			}
			crowns += int(x.Crown)
			gold += int(x.Gold)
			tools += int(x.Tools)
			switch x.Sight {
			case sightAnimal:
				animals++
				pts[catAnimals] += int(x.APoints[f])
				if rec != nil { // the hot path (Score) records nothing
					rec.add(catAnimals, int(x.APoints[f]), 1<<i)
				}
			case sightTree:
				trees++
				treeMask[x.Tree] |= 1 << i
			case sightVisitor:
				visitorList[visitors] = x.Visitor
				visitorPos[visitors] = uint8(i)
				visitors++
			}
		}
		for col := 0; col < 3; col++ {
			if flowers[col][i] > 0 {
				flowerMask[col] |= 1 << i
				flowerTot[col] += int(flowers[col][i])
			}
		}
	}
	// (a) irrigation
	pts[catIrrigation] = comp.IrrigPoints[bits.OnesCount16(irrigated&g.IrrMask)]
	if rec != nil { // the hot path (Score) records nothing
		rec.add(catIrrigation, pts[catIrrigation], irrigated&g.IrrMask)
	}
	// (b) blooms, H11: the group with the most flowers of the colour scores.
	for col := 0; col < 3; col++ {
		best, bestGroup := 0, uint16(0)
		for rem := flowerMask[col]; rem != 0; {
			gr := group(flowerMask[col], rem&-rem)
			rem &^= gr
			n := 0
			for r := gr; r != 0; r &= r - 1 {
				n += int(flowers[col][bits.TrailingZeros16(r)])
			}
			if n > best {
				best, bestGroup = n, gr
			}
		}
		pts[catBlue+col] = best
		if rec != nil { // the hot path (Score) records nothing
			rec.add(catBlue+col, best, bestGroup)
		}
	}
	// (c) trees
	for sp := 0; sp < 3; sp++ {
		for rem := treeMask[sp]; rem != 0; {
			gr := group(treeMask[sp], rem&-rem)
			rem &^= gr
			v := treeValue(sp, bits.OnesCount16(gr))
			pts[catTrees] += v
			if rec != nil { // the hot path (Score) records nothing
				rec.add(catTrees, v, gr)
			}
		}
	}
	// (e) visitors
	for i := 0; i < visitors; i++ {
		v := 0
		switch visitorList[i] {
		case visBlue:
			v = flowerTot[blue]
		case visYellow:
			v = flowerTot[yellow]
		case visRed:
			v = flowerTot[red]
		case visIrrigated:
			v = bits.OnesCount16(irrigated)
		case visCrown:
			v = crowns
		case visFlowerTrio:
			v = 2 * min(flowerTot[0], flowerTot[1], flowerTot[2])
		case visVisitor:
			v = visitors
		case visObjective:
			v = 2 * g.ObjCount
		case visAnimal:
			v = animals
		case visTree:
			v = trees
		case visGold:
			v = gold
		case visEnhancement:
			v = 2 * enh
		case visSightTrio:
			v = 3 * min(trees, visitors, animals)
		case visTools:
			v = tools
		}
		pts[catVisitors] += v
		if rec != nil { // the hot path (Score) records nothing
			rec.add(catVisitors, v, 1<<visitorPos[i])
		}
	}
	// (f) objectives
	pts[catObjectives] = g.ObjPoints
	return pts
}

// objectives returns p's objective points and count (HG-E1f, H7).
func (s *state) objectives(p int) (points, count int) { return s.objectiveParts(p, nil) }

// objectiveParts is objectives recording each of p's markers in rec (nil:
// nothing recorded).
func (s *state) objectiveParts(p int, rec *parts) (points, count int) {
	hi := comp.HighPlaces[s.n]
	for k := 0; k < 4; k++ {
		for i := 0; i < int(s.markN[k]); i++ {
			if int(s.marks[k][i]) == p {
				count++
				v := comp.ObjPos[k].Low
				if i < hi {
					v = comp.ObjPos[k].High
				}
				points += v
				if rec != nil { // the hot path (Score) records nothing
					rec.addObjective(k, v)
				}
			}
		}
	}
	return
}

func (s *state) pad(p int) [nCats]int {
	return s.padParts(p, nil)
}

// padParts is pad recording what each line counts in rec (nil: nothing).
func (s *state) padParts(p int, rec *parts) [nCats]int {
	pl := &s.pl[p]
	op, oc := s.objectiveParts(p, rec)
	return scoreGardenParts(garden{Cards: &pl.Cards, Enh: &pl.Enh, IrrMask: comp.Irrigation[pl.Irrigation].Mask, ObjPoints: op, ObjCount: oc}, rec)
}

// Score is the running total of p's score pad.
func (s *state) Score(p int) int {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	t := 0
	for _, v := range s.pad(p) {
		t += v
	}
	return t
}

// Result is the score pad with ranks (HG-E3) and the solo rating (HG-SO6).
func (s *state) Result() engine.Result {
	r := engine.Result{Final: s.phase == phaseOver, Categories: append([]engine.Category(nil), categories...)}
	for p := 0; p < int(s.n); p++ {
		pad := s.pad(p)
		pr := engine.PlayerResult{Points: pad[:]}
		for _, v := range pad {
			pr.Total += v
		}
		pr.Tiebreak = []int{int(s.pl[p].Gold) + int(s.pl[p].Tools)}
		if s.solo {
			rating := soloRating(pr.Total)
			pr.Rating = rating
		}
		r.Players = append(r.Players, pr)
	}
	engine.SetRanks(r.Players)
	return r
}

// soloRating is the solo rating band of a total, the id of message
// rating.<id> ("up-to-45"). The
// bands come from the digital edition, not the printed rules (H12), so the
// text says so wherever it is shown.
func soloRating(total int) string {
	for _, b := range comp.Ratings {
		if total <= b.Max {
			return "up-to-" + strconv.Itoa(b.Max)
		}
	}
	return ""
}

// Evaluate breaks the greedy bot's ties: resources, the first-player tile,
// room for enhancements and objective progress.
func (s *state) Evaluate(p int) float64 {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	pl := &s.pl[p]
	v := float64(s.Score(p))
	v += 0.3*float64(pl.Gold) + 0.3*float64(pl.Tools)
	if int(s.first) == p {
		v += 0.8
	}
	for k := 0; k < 4; k++ {
		if pl.Done&(1<<k) == 0 && int(s.markN[k]) < comp.Places[s.n] {
			o := &comp.Objectives[s.obj[k]]
			gap := int(o.Required) - s.bestFloor(p, o.Item)
			if gap <= 1 {
				v += 0.5
			}
		}
	}
	return v
}
