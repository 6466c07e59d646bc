package englishgardens

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Position is one finished village, for "jardin score" (docs/english-gardens.md):
//
//	{
//	  "game": "english-gardens",
//	  "village": "up",
//	  "cells": {"r1c1": "red rose structure", "r2c1": ["lawn", "yellow rose oak+oak"]},
//	  "trophies": {"c1": 12, "r3": [10, 13]},
//	  "solo": false
//	}
//
// A cell holds a card or a stack of cards, bottom first; a trophy slot holds a
// trophy number (1–30) or a stack of them, bottom first. Only the top of each
// stack counts.
type Position struct {
	Game     string                     `json:"game"`
	Village  string                     `json:"village"`
	Cells    map[string]json.RawMessage `json:"cells"`
	Trophies map[string]json.RawMessage `json:"trophies"`
	Solo     bool                       `json:"solo"`
}

// ScorePosition scores a village given in the position format.
func (g *game) ScorePosition(data []byte) (engine.Score, error) {
	p, solo, err := g.parsePosition(data)
	if err != nil {
		return engine.Score{}, err
	}
	var pts [8]int
	total := g.c.breakdown(p, &pts)
	sc := engine.Score{Categories: slices.Clone(categories), Points: append([]int(nil), pts[:]...), Total: total}
	if solo {
		rating := soloRating(total)
		sc.Rating = rating
	}
	return sc, nil
}

func (g *game) parsePosition(data []byte) (*player, bool, error) {
	// A "game" field naming another game means the file was given to the
	// wrong game: say so before reading fields that game would not have.
	if err := engine.CheckGameField(data, g.ID()); err != nil {
		return nil, false, err
	}
	var pos Position
	if err := engine.DecodeJSON(data, &pos, true); err != nil {
		return nil, false, texts.Wrapf("error.position.json", err)
	}
	// A village without its cells is most likely a mistake (a misspelt
	// key, a file of another kind), not an empty village: refuse it.
	if pos.Cells == nil {
		return nil, false, texts.Errorf("error.position.noCells", i18n.S("example", `{"r1c1": "lawn"}`), i18n.S("empty", "{}")) // a message cannot print braces
	}
	p := &player{}
	for i := range p.trophy {
		p.trophy[i] = -1
	}
	switch strings.ToLower(pos.Village) {
	case "up", "face up", "":
		p.villageUp = true
	case "down", "face down":
	default:
		return nil, false, texts.Errorf("error.position.village", i18n.S("village", quoted(pos.Village)))
	}
	var used [numLand]bool
	var seenCell [9]bool
	for _, name := range sortedKeys(pos.Cells) {
		ci, ok := parseCell(strings.ToLower(name))
		if !ok {
			return nil, false, texts.Errorf("error.position.cellName", i18n.S("cell", quoted(name)))
		}
		// Keys differing only in case name the same cell.
		if seenCell[ci] {
			return nil, false, texts.Errorf("error.position.cellTwice", i18n.S("cell", cellID(int(ci))))
		}
		seenCell[ci] = true
		descs, err := stringOrList(pos.Cells[name])
		if err != nil {
			return nil, false, texts.Wrapf("error.position.cell", err, i18n.S("cell", quoted(name)))
		}
		if len(descs) > len(p.land[ci].stack) {
			return nil, false, texts.Wrapf("error.position.cell", texts.Errorf("error.position.stackHeight", i18n.N("n", len(p.land[ci].stack))), i18n.S("cell", quoted(name)))
		}
		for _, d := range descs {
			c, err := g.findCard(d, &used)
			if err != nil {
				return nil, false, texts.Wrapf("error.position.cell", err, i18n.S("cell", quoted(name)))
			}
			p.putLand(g.c, int(ci), c)
		}
	}
	var usedT [numTrophy]bool
	var seenSlot [6]bool
	for _, name := range sortedKeys(pos.Trophies) {
		sl := slices.Index(slotNames[:], strings.ToLower(name))
		if sl < 0 {
			return nil, false, texts.Errorf("error.position.slotName", i18n.S("slot", quoted(name)))
		}
		if seenSlot[sl] {
			return nil, false, texts.Errorf("error.position.slotTwice", i18n.S("slot", slotNames[sl]))
		}
		seenSlot[sl] = true
		nums, err := intOrList(pos.Trophies[name])
		if err != nil {
			return nil, false, texts.Wrapf("error.position.slot", err, i18n.S("slot", quoted(name)))
		}
		for _, n := range nums {
			if n < 1 || n > numTrophy {
				return nil, false, texts.Wrapf("error.position.slot", texts.Errorf("error.position.noTrophy", i18n.N("n", n), i18n.N("max", numTrophy)), i18n.S("slot", quoted(name)))
			}
			if usedT[n-1] {
				return nil, false, texts.Errorf("error.position.trophyTwice", i18n.N("n", n))
			}
			usedT[n-1] = true
			p.putTrophy(g.c, sl, int8(n-1))
		}
	}
	return p, pos.Solo, nil
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func stringOrList(raw json.RawMessage) ([]string, error) {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}, nil
	}
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil || len(list) == 0 {
		return nil, texts.Errorf("error.position.cardOrList")
	}
	return list, nil
}

func intOrList(raw json.RawMessage) ([]int, error) {
	var one int
	if json.Unmarshal(raw, &one) == nil {
		return []int{one}, nil
	}
	var list []int
	if err := json.Unmarshal(raw, &list); err != nil || len(list) == 0 {
		return nil, texts.Errorf("error.position.trophyOrList")
	}
	return list, nil
}

// findCard finds an unused card of the box matching a description such as
// "yellow rose oak+oak", "red lily pond", "blue petunia structure", "lawn".
func (g *game) findCard(desc string, used *[numLand]bool) (int8, error) {
	want, err := parseCardDesc(desc)
	if err != nil {
		return 0, err
	}
	exists := false
	for i := range g.c.land {
		k := &g.c.land[i]
		if k.Lawn == want.Lawn && k.Colour == want.Colour && k.Flower == want.Flower &&
			k.Feature == want.Feature && k.Trees == want.Trees {
			exists = true
			if !used[i] {
				used[i] = true
				return int8(i), nil
			}
		}
	}
	if exists {
		return 0, texts.Errorf("error.position.noMoreCards", i18n.S("card", quoted(desc)))
	}
	return 0, texts.Errorf("error.position.noSuchCard", i18n.S("card", quoted(desc)))
}

func parseCardDesc(desc string) (landCard, error) {
	var c landCard
	words := strings.Fields(strings.ToLower(strings.ReplaceAll(desc, "+", " ")))
	if len(words) == 1 && words[0] == "lawn" {
		c.Lawn = true
		return c, nil
	}
	for _, w := range words {
		if v, ok := index(colourNames[:], w); ok && c.Colour == 0 {
			c.Colour = v
		} else if v, ok := index(flowerNames[:], w); ok && c.Flower == 0 {
			c.Flower = v
		} else if v, ok := index(featureNames[:], w); ok && c.Feature == 0 {
			c.Feature = v
		} else if v, ok := index(treeNames[:], w); ok {
			c.Trees[v]++
		} else {
			return c, texts.Errorf("error.position.unknownWord", i18n.S("card", quoted(desc)), i18n.S("word", quoted(w)))
		}
	}
	if c.Colour == 0 || c.Flower == 0 {
		return c, texts.Errorf("error.position.colourFlower", i18n.S("card", quoted(desc)))
	}
	return c, nil
}

// quoted is s as the file has it, for a message that puts it between the
// language's quotation marks: control characters and invalid UTF-8 are
// escaped as Go would, so that the reader sees what is there.
func quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
