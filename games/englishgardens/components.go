package englishgardens

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// The card lists are data, transcribed from the English edition (see
// docs/english-gardens.md); a player can check them against a printed deck.
var (
	//go:embed data/landscape.json
	landscapeJSON []byte
	//go:embed data/trophies.json
	trophiesJSON []byte
	//go:embed data/villages.json
	villagesJSON []byte
)

const (
	numLand    = 60
	numTrophy  = 30
	numVillage = 5
	maxPlayers = 5
)

// Attribute values. Zero means "none" (lawns have no colour and no flower);
// colours and trees are only indexes into colourNames and treeNames.
const (
	flNone uint8 = iota
	flRose
	flPetunia
	flLily
)

const (
	featNone uint8 = iota
	featPond
	featStructure
)

var (
	colourNames  = [4]string{"", "red", "yellow", "blue"}
	flowerNames  = [4]string{"", "rose", "petunia", "lily"}
	featureNames = [3]string{"", "pond", "structure"}
	treeNames    = [3]string{"oak", "birch", "willow"}
)

// landCard is one landscape card's printed attributes.
type landCard struct {
	Colour  uint8
	Flower  uint8
	Feature uint8
	Lawn    bool
	Trees   [3]uint8 // icons per species (oak, birch, willow)
	Icons   []uint8  // tree icons in printed order, for names
}

// Counters a trophy can score on. A line's statistics are a vector of them.
const (
	cCard = iota
	cEmpty
	cLawn
	cPond
	cStructure
	cTree
	cOak
	cBirch
	cWillow
	cRed
	cYellow
	cBlue
	cRose
	cPetunia
	cLily
	cSpecies    // derived: tree species present
	cColours    // derived: colours present
	cFlowers    // derived: flower types present
	cPair       // first of 9 colour-flower counters: cPair + 3*(colour-1) + (flower-1)
	numCounters = cPair + 9
)

var counterNames = func() map[string]int {
	m := map[string]int{
		"card": cCard, "empty": cEmpty, "lawn": cLawn, "pond": cPond, "structure": cStructure,
		"tree": cTree, "oak": cOak, "birch": cBirch, "willow": cWillow,
		"red": cRed, "yellow": cYellow, "blue": cBlue, "rose": cRose, "petunia": cPetunia, "lily": cLily,
		"species": cSpecies, "colours": cColours, "flowers": cFlowers,
	}
	for c := 1; c <= 3; c++ {
		for f := 1; f <= 3; f++ {
			m[colourNames[c]+"-"+flowerNames[f]] = cPair + 3*(c-1) + (f - 1)
		}
	}
	return m
}()

// trophy is a compiled trophy card: its line score is the sum of the parts
// that are present, in the spec's terms (per-item weights, a table indexed by
// a count, complete sets, and first-matching cases).
type trophy struct {
	N     int
	Name  string
	per   [numCounters]int8
	table struct {
		of     int // counter index, or -1
		points []int8
	}
	sets  []trophySet
	cases []trophyCase
	// weights lists the non-zero entries of per, for fastScore.
	weights []weight
}

type trophySet struct{ of, size, points int }

// weight is one non-zero per-item weight of a trophy.
type weight struct{ of, w int8 }

type trophyCase struct {
	when   [][2]int // counter, exact value
	points int
}

// components holds the whole box, compiled for fast scoring.
type components struct {
	land [numLand]landCard
	vec  [numLand][numCounters]int8 // counters each card adds to a line
	// packed is vec a byte per counter in four words, and at numLand the
	// counters of an empty cell: a line's counters are then twelve
	// additions (no counter of three cards reaches a byte's limit).
	packed   [numLand + 1]packedVec
	compat   [numLand]uint64 // compat[a] bit b: a may lie next to b (EG-T6c)
	trophies [numTrophy]trophy
	rules    [numTrophy]TrophyRule // each trophy's rule as the view shows it
	villages [numVillage]string
}

type landJSON struct {
	Colour  string   `json:"colour"`
	Flower  string   `json:"flower"`
	Feature string   `json:"feature"`
	Trees   []string `json:"trees"`
	Lawn    bool     `json:"lawn"`
	Copies  int      `json:"copies"`
}

type trophyJSON struct {
	N     int            `json:"n"`
	Name  string         `json:"name"`
	Per   map[string]int `json:"per"`
	Table *struct {
		Of     string `json:"of"`
		Points []int  `json:"points"`
	} `json:"table"`
	Sets []struct {
		Of     string `json:"of"`
		Size   int    `json:"size"`
		Points int    `json:"points"`
	} `json:"sets"`
	Cases []struct {
		When   map[string]int `json:"when"`
		Points int            `json:"points"`
	} `json:"cases"`
}

func index(names []string, s string) (uint8, bool) {
	for i, n := range names {
		if n == s && n != "" {
			return uint8(i), true
		}
	}
	return 0, false
}

func loadComponents() (*components, error) {
	c := &components{}
	var lands []landJSON
	if err := json.Unmarshal(landscapeJSON, &lands); err != nil {
		return nil, fmt.Errorf("landscape.json: %w", err)
	}
	k := 0
	for i, l := range lands {
		var card landCard
		if l.Lawn {
			card.Lawn = true
		} else {
			var ok bool
			if card.Colour, ok = index(colourNames[:], l.Colour); !ok {
				return nil, fmt.Errorf("landscape.json entry %d: colour %q", i+1, l.Colour)
			}
			if card.Flower, ok = index(flowerNames[:], l.Flower); !ok {
				return nil, fmt.Errorf("landscape.json entry %d: flower %q", i+1, l.Flower)
			}
			if l.Feature != "" {
				if card.Feature, ok = index(featureNames[:], l.Feature); !ok {
					return nil, fmt.Errorf("landscape.json entry %d: feature %q", i+1, l.Feature)
				}
			}
			for _, t := range l.Trees {
				sp, ok := index(treeNames[:], t)
				if !ok {
					return nil, fmt.Errorf("landscape.json entry %d: tree %q", i+1, t)
				}
				card.Trees[sp]++
				card.Icons = append(card.Icons, sp)
			}
		}
		for j := 0; j < l.Copies; j++ {
			if k >= numLand {
				return nil, fmt.Errorf("landscape.json: more than %d cards", numLand)
			}
			c.land[k] = card
			k++
		}
	}
	if k != numLand {
		return nil, fmt.Errorf("landscape.json: %d cards, want %d", k, numLand)
	}
	for i := range c.land {
		c.vec[i] = cardVector(&c.land[i])
		c.packed[i] = packVector(&c.vec[i])
	}
	var empty [numCounters]int8
	empty[cEmpty] = 1
	c.packed[numLand] = packVector(&empty)
	for a := range c.land {
		for b := range c.land {
			if matches(&c.land[a], &c.land[b]) {
				c.compat[a] |= 1 << uint(b)
			}
		}
	}
	var trs []trophyJSON
	if err := json.Unmarshal(trophiesJSON, &trs); err != nil {
		return nil, fmt.Errorf("trophies.json: %w", err)
	}
	if len(trs) != numTrophy {
		return nil, fmt.Errorf("trophies.json: %d trophies, want %d", len(trs), numTrophy)
	}
	for i, tj := range trs {
		t, err := compileTrophy(tj)
		if err != nil {
			return nil, fmt.Errorf("trophies.json trophy %d: %w", i+1, err)
		}
		if t.N != i+1 {
			return nil, fmt.Errorf("trophies.json: trophy %d is numbered %d", i+1, t.N)
		}
		c.trophies[i] = t
		c.rules[i] = ruleView(tj)
	}
	var vs []string
	if err := json.Unmarshal(villagesJSON, &vs); err != nil || len(vs) != numVillage {
		return nil, fmt.Errorf("villages.json: want %d names (%v)", numVillage, err)
	}
	copy(c.villages[:], vs)
	return c, nil
}

// ruleView is a trophy's rule for the view: items worth most first, the
// counters of a case in the order of counterNames' indexes.
func ruleView(tj trophyJSON) TrophyRule {
	var r TrophyRule
	for of, pts := range tj.Per {
		r.Per = append(r.Per, PerView{Of: of, Points: pts})
	}
	slices.SortFunc(r.Per, func(a, b PerView) int {
		if a.Points != b.Points {
			return b.Points - a.Points
		}
		return counterNames[a.Of] - counterNames[b.Of]
	})
	if tj.Table != nil {
		r.Table = &TableView{Of: tj.Table.Of, Points: slices.Clone(tj.Table.Points)}
	}
	for _, st := range tj.Sets {
		r.Sets = append(r.Sets, SetView{Of: st.Of, Size: st.Size, Points: st.Points})
	}
	for _, cs := range tj.Cases {
		cv := CaseView{Points: cs.Points}
		for of, n := range cs.When {
			cv.When = append(cv.When, PerView{Of: of, Points: n})
		}
		slices.SortFunc(cv.When, func(a, b PerView) int { return counterNames[a.Of] - counterNames[b.Of] })
		r.Cases = append(r.Cases, cv)
	}
	return r
}

func counter(name string) (int, error) {
	i, ok := counterNames[name]
	if !ok {
		return 0, fmt.Errorf("unknown counter %q", name)
	}
	return i, nil
}

func compileTrophy(tj trophyJSON) (trophy, error) {
	t := trophy{N: tj.N, Name: tj.Name}
	t.table.of = -1
	for name, pts := range tj.Per {
		i, err := counter(name)
		if err != nil {
			return t, err
		}
		t.per[i] = int8(pts)
	}
	if tj.Table != nil {
		i, err := counter(tj.Table.Of)
		if err != nil {
			return t, err
		}
		t.table.of = i
		for _, p := range tj.Table.Points {
			t.table.points = append(t.table.points, int8(p))
		}
	}
	for _, s := range tj.Sets {
		i, err := counter(s.Of)
		if err != nil {
			return t, err
		}
		if s.Size < 1 {
			return t, fmt.Errorf("set size %d", s.Size)
		}
		t.sets = append(t.sets, trophySet{of: i, size: s.Size, points: s.Points})
	}
	for _, cs := range tj.Cases {
		var tc trophyCase
		for name, v := range cs.When {
			i, err := counter(name)
			if err != nil {
				return t, err
			}
			tc.when = append(tc.when, [2]int{i, v})
		}
		tc.points = cs.Points
		t.cases = append(t.cases, tc)
	}
	for i, w := range t.per {
		if w != 0 {
			t.weights = append(t.weights, weight{int8(i), w})
		}
	}
	return t, nil
}

// packedVec holds a line's counters a byte each, counter k in byte k%8 of
// word k/8; the derived counters (species, colours, flowers) stay 0 and
// are counted when asked for.
type packedVec [4]uint64

func packVector(v *[numCounters]int8) (pv packedVec) {
	for k, x := range v {
		pv[k/8] |= uint64(uint8(x)) << (8 * uint(k%8))
	}
	return pv
}

// add and sub add or take away another vector's counters, byte by byte:
// counters stay within a byte and never go below 0 (sub takes away only a
// card the vector counts), so no byte carries into the next.
func (pv *packedVec) add(o *packedVec) {
	pv[0] += o[0]
	pv[1] += o[1]
	pv[2] += o[2]
	pv[3] += o[3]
}

func (pv *packedVec) sub(o *packedVec) {
	pv[0] -= o[0]
	pv[1] -= o[1]
	pv[2] -= o[2]
	pv[3] -= o[3]
}

func (pv *packedVec) at(k int) int {
	return int(uint8(pv[k/8] >> (8 * uint(k%8))))
}

// get is counter k of the line, derived counters included.
func (pv *packedVec) get(k int) int {
	switch k {
	case cSpecies:
		return pv.present(cOak, cWillow)
	case cColours:
		return pv.present(cRed, cBlue)
	case cFlowers:
		return pv.present(cRose, cLily)
	}
	return pv.at(k)
}

// present counts the counters from..to that are not 0.
func (pv *packedVec) present(from, to int) int {
	n := 0
	for k := from; k <= to; k++ {
		if pv.at(k) > 0 {
			n++
		}
	}
	return n
}

// fastScore is score of the same line, from its packed counters: it reads
// only the counters the trophy names. The score kept for search bots
// (player.pts) counts with it; TestFastScore checks that both agree.
func (t *trophy) fastScore(v *packedVec) int {
	s := 0
	for _, w := range t.weights {
		s += int(w.w) * v.get(int(w.of))
	}
	if t.table.of >= 0 {
		if n := v.get(t.table.of); n < len(t.table.points) {
			s += int(t.table.points[n])
		}
	}
	for _, set := range t.sets {
		s += v.get(set.of) / set.size * set.points
	}
	for _, cs := range t.cases {
		ok := true
		for _, w := range cs.when {
			if v.get(w[0]) != w[1] {
				ok = false
				break
			}
		}
		if ok {
			s += cs.points
			break
		}
	}
	return s
}

// cardVector is what one visible card adds to its line's counters.
func cardVector(c *landCard) (v [numCounters]int8) {
	v[cCard] = 1
	if c.Lawn {
		v[cLawn] = 1
		return v
	}
	switch c.Feature {
	case featPond:
		v[cPond] = 1
	case featStructure:
		v[cStructure] = 1
	}
	v[cOak], v[cBirch], v[cWillow] = int8(c.Trees[0]), int8(c.Trees[1]), int8(c.Trees[2])
	v[cTree] = v[cOak] + v[cBirch] + v[cWillow]
	v[cRed-1+int(c.Colour)] = 1
	v[cRose-1+int(c.Flower)] = 1
	v[cPair+3*(int(c.Colour)-1)+int(c.Flower)-1] = 1
	return v
}

// matches is EG-T6c: two cards may be orthogonal neighbours if either is a
// lawn, or they share a flower or a colour.
func matches(a, b *landCard) bool {
	return a.Lawn || b.Lawn || a.Flower == b.Flower || a.Colour == b.Colour
}

// score returns the trophy's points for a line with counters v.
func (t *trophy) score(v *[numCounters]int8) int {
	s := 0
	for i, w := range t.per {
		if w != 0 {
			s += int(w) * int(v[i])
		}
	}
	if t.table.of >= 0 {
		if n := int(v[t.table.of]); n < len(t.table.points) {
			s += int(t.table.points[n])
		}
	}
	for _, set := range t.sets {
		s += int(v[set.of]) / set.size * set.points
	}
	for _, cs := range t.cases {
		ok := true
		for _, w := range cs.when {
			if int(v[w[0]]) != w[1] {
				ok = false
				break
			}
		}
		if ok {
			s += cs.points
			break
		}
	}
	return s
}

// name describes a landscape card for logs and drawings, e.g.
// "yellow rose oak+oak", "red lily pond", "lawn".
func (c *landCard) name() string {
	if c.Lawn {
		return "lawn"
	}
	var b strings.Builder
	b.WriteString(colourNames[c.Colour])
	b.WriteByte(' ')
	b.WriteString(flowerNames[c.Flower])
	if c.Feature != featNone {
		b.WriteByte(' ')
		b.WriteString(featureNames[c.Feature])
	}
	for i, t := range c.Icons {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteByte('+')
		}
		b.WriteString(treeNames[t])
	}
	return b.String()
}
