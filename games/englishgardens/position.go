package englishgardens

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/jardin-games/jardin/engine"
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
		return nil, false, fmt.Errorf("position: %w", err)
	}
	var pos Position
	if err := engine.DecodeJSON(data, &pos, true); err != nil {
		return nil, false, fmt.Errorf("position: %w; want a JSON object as in docs/english-gardens.md", err)
	}
	// A village without its cells is most likely a mistake (a misspelt
	// key, a file of another kind), not an empty village: refuse it.
	if pos.Cells == nil {
		return nil, false, fmt.Errorf("position: missing field \"cells\" (the landscape cells, e.g. {\"r1c1\": \"lawn\"}; {} for a village without cards)")
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
		return nil, false, fmt.Errorf("position: village %q: want \"up\" or \"down\"", pos.Village)
	}
	var used [numLand]bool
	var seenCell [9]bool
	for _, name := range sortedKeys(pos.Cells) {
		ci, ok := parseCell(strings.ToLower(name))
		if !ok {
			return nil, false, fmt.Errorf("position: cell %q: landscape cells are r1c1 to r3c3", name)
		}
		// Keys differing only in case name the same cell.
		if seenCell[ci] {
			return nil, false, fmt.Errorf("position: cell %s given twice; list a stack as one entry, bottom first", cellID(int(ci)))
		}
		seenCell[ci] = true
		descs, err := stringOrList(pos.Cells[name])
		if err != nil {
			return nil, false, fmt.Errorf("position: cell %s: %v", name, err)
		}
		if len(descs) > len(p.land[ci].stack) {
			return nil, false, fmt.Errorf("position: cell %s: at most %d cards", name, len(p.land[ci].stack))
		}
		for _, d := range descs {
			c, err := g.findCard(d, &used)
			if err != nil {
				return nil, false, fmt.Errorf("position: cell %s: %v", name, err)
			}
			p.putLand(int(ci), c)
		}
	}
	var usedT [numTrophy]bool
	var seenSlot [6]bool
	for _, name := range sortedKeys(pos.Trophies) {
		sl := slices.Index(slotNames[:], strings.ToLower(name))
		if sl < 0 {
			return nil, false, fmt.Errorf("position: trophy slot %q: slots are c1, c2, c3, r1, r2, r3", name)
		}
		if seenSlot[sl] {
			return nil, false, fmt.Errorf("position: trophy slot %s given twice; list a stack as one entry, bottom first", slotNames[sl])
		}
		seenSlot[sl] = true
		nums, err := intOrList(pos.Trophies[name])
		if err != nil {
			return nil, false, fmt.Errorf("position: trophy slot %s: %v", name, err)
		}
		for _, n := range nums {
			if n < 1 || n > numTrophy {
				return nil, false, fmt.Errorf("position: trophy slot %s: trophy #%d does not exist (1–30)", name, n)
			}
			if usedT[n-1] {
				return nil, false, fmt.Errorf("position: trophy #%d appears twice", n)
			}
			usedT[n-1] = true
			p.putTrophy(sl, int8(n-1))
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
		return nil, fmt.Errorf("want a card like \"red rose pond\" or a list of cards, bottom first")
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
		return nil, fmt.Errorf("want a trophy number or a list of them, bottom first")
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
		return 0, fmt.Errorf("%q: the box has no more such cards", desc)
	}
	return 0, fmt.Errorf("%q: no such card in the box", desc)
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
			return c, fmt.Errorf("%q: unknown word %q (colours red yellow blue; flowers rose petunia lily; pond, structure; trees oak birch willow; or lawn)", desc, w)
		}
	}
	if c.Colour == 0 || c.Flower == 0 {
		return c, fmt.Errorf("%q: a card has a colour and a flower, or is a lawn", desc)
	}
	return c, nil
}
