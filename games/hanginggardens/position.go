package hanginggardens

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// Position is one player's finished garden, as read by `jardin score`
// (docs/hanging-gardens.md, docs/examples/hanging-gardens.position.json).
type Position struct {
	Game       string            `json:"game,omitempty"`    // "hanging-gardens", optional (docs/cli.md)
	Irrigation string            `json:"irrigation"`        // Left, Right, Borders, Center or H
	Players    int               `json:"players,omitempty"` // player count (1-5), default 2: sets the objective places
	Garden     map[string]string `json:"garden"`            // a1..c3 -> "CARD" or "CARD+ENHANCEMENT"
	Objectives []PositionMarker  `json:"objectives,omitempty"`
	Tools      int               `json:"tools,omitempty"`
	Gold       int               `json:"gold,omitempty"`
}

// PositionMarker is one of the player's objective markers: the objective
// position (1-4) and the place the marker took there (1 = first marker).
type PositionMarker struct {
	Position int `json:"position"`
	Place    int `json:"place"`
}

var _ engine.PositionScorer = game{}

// ScorePosition scores a finished garden (HG-E1). The file is read as a
// person wrote it (engine.DecodeJSON): a byte-order mark is accepted, null
// and anything but one object refused, errors given by line and column or
// by field, in the player's terms.
func (g game) ScorePosition(data []byte) (engine.Score, error) {
	if err := engine.CheckGameField(data, g.ID()); err != nil {
		return engine.Score{}, fmt.Errorf("position: %w", err)
	}
	var pos Position
	if err := engine.DecodeJSON(data, &pos, true); err != nil {
		if k, kind := gardenValueNotString(data); k != "" {
			return engine.Score{}, fmt.Errorf("position: garden.%s should be a string such as \"EM02+EN14\", not %s", k, kind)
		}
		return engine.Score{}, fmt.Errorf("position: %w (a position has irrigation, players, garden, objectives, tools, gold; see docs/hanging-gardens.md)", err)
	}
	data = engine.TrimBOM(data)
	if dup, _ := duplicateKey(json.NewDecoder(bytes.NewReader(data)), ""); dup != "" {
		return engine.Score{}, fmt.Errorf("position: %s is given twice; keep one", dup)
	}
	pts, err := pos.score()
	if err != nil {
		return engine.Score{}, err
	}
	sc := engine.Score{Categories: append([]engine.Category(nil), categories...), Points: pts[:]}
	for _, v := range pts {
		sc.Total += v
	}
	if pos.Players == 1 {
		rating := soloRating(sc.Total)
		sc.Rating = rating
	}
	return sc, nil
}

// gardenValueNotString finds a garden position whose value is not a string,
// which the decoder's error does not name, and what it is instead.
func gardenValueNotString(data []byte) (key, kind string) {
	var raw struct {
		Garden map[string]json.RawMessage `json:"garden"`
	}
	if json.Unmarshal(engine.TrimBOM(data), &raw) != nil {
		return "", ""
	}
	keys := slices.Sorted(maps.Keys(raw.Garden))
	for _, k := range keys {
		v := bytes.TrimSpace(raw.Garden[k])
		if len(v) == 0 || v[0] == '"' {
			continue
		}
		switch v[0] {
		case '{':
			return k, "an object"
		case '[':
			return k, "a list"
		case 't', 'f':
			return k, "true or false"
		case 'n':
			return k, "null"
		}
		return k, "a number"
	}
	return "", ""
}

func (pos *Position) score() ([nCats]int, error) {
	var zero [nCats]int
	// Both are required: a file without them would score an empty garden.
	switch {
	case pos.Irrigation == "":
		return zero, fmt.Errorf("position: field irrigation is missing: name your irrigation card (Left, Right, Borders, Center or H)")
	case pos.Garden == nil:
		return zero, fmt.Errorf("position: field garden is missing: give the card at each of the 12 positions a1-a5, b1-b4, c1-c3")
	}
	irr := -1
	var names []string
	for i, ic := range comp.Irrigation {
		names = append(names, ic.Name)
		if strings.EqualFold(ic.Name, pos.Irrigation) {
			irr = i
		}
	}
	if irr < 0 {
		return zero, fmt.Errorf("position: field irrigation: %q is not an irrigation card (want one of %s)", pos.Irrigation, strings.Join(names, ", "))
	}
	n := pos.Players
	if n == 0 {
		n = 2
	}
	if n < 1 || n > maxPlayers {
		return zero, fmt.Errorf("position: field players: %d is not a player count from 1 to %d", n, maxPlayers)
	}
	if pos.Tools < 0 || pos.Gold < 0 {
		return zero, fmt.Errorf("position: fields tools and gold cannot be negative")
	}
	var cards, enh [nPos]uint8
	for k := range pos.Garden {
		if posIndex(k) < 0 {
			return zero, fmt.Errorf("position: field garden: %q is not a position (a1-a5, b1-b4, c1-c3)", k)
		}
	}
	copies := map[string]int{}
	usedEnh := map[string]bool{}
	for i, name := range posNames {
		v, ok := pos.Garden[name]
		if !ok {
			v, ok = pos.Garden[strings.ToUpper(name)]
		}
		if !ok || strings.TrimSpace(v) == "" {
			return zero, fmt.Errorf("position: field garden: position %s is missing (a finished garden has all 12)", name)
		}
		cid, eid, hasE := strings.Cut(strings.ToUpper(strings.TrimSpace(v)), "+")
		cid, eid = strings.TrimSpace(cid), strings.TrimSpace(eid)
		ci := -1
		for j := range comp.Cards {
			if comp.Cards[j].ID == cid {
				ci = j
			}
		}
		if ci < 0 {
			return zero, fmt.Errorf("position: garden.%s: %q is not a garden card id (AN01-AN12, TR01-TR09, EM01-EM31, VI01-VI14)", name, cid)
		}
		copies[cid]++
		if copies[cid] > comp.Cards[ci].Copies {
			return zero, fmt.Errorf("position: garden.%s: the game has only %d %s", name, comp.Cards[ci].Copies, cid)
		}
		cards[i] = uint8(ci) + 1
		if hasE {
			ei := -1
			for j := range comp.Enh {
				if comp.Enh[j].ID == eid {
					ei = j
				}
			}
			if ei < 0 {
				return zero, fmt.Errorf("position: garden.%s: %q is not an enhancement id (EN01-EN25)", name, eid)
			}
			if !comp.Cards[ci].empty() {
				return zero, fmt.Errorf("position: garden.%s: %s is not an empty card and cannot take an enhancement (H6)", name, cid)
			}
			if usedEnh[eid] {
				return zero, fmt.Errorf("position: garden.%s: enhancement %s is used twice", name, eid)
			}
			usedEnh[eid] = true
			enh[i] = uint8(ei) + 1
		}
	}
	objPts := 0
	seen := [5]bool{}
	for j, m := range pos.Objectives {
		if m.Position < 1 || m.Position > 4 {
			return zero, fmt.Errorf("position: objectives[%d].position: %d is not 1-4", j, m.Position)
		}
		if m.Place < 1 || m.Place > comp.Places[n] {
			return zero, fmt.Errorf("position: objectives[%d].place: %d is not 1-%d with %d players", j, m.Place, comp.Places[n], n)
		}
		if seen[m.Position] {
			return zero, fmt.Errorf("position: objectives[%d]: objective position %d completed twice (HG-T9a)", j, m.Position)
		}
		seen[m.Position] = true
		op := comp.ObjPos[m.Position-1]
		if m.Place <= comp.HighPlaces[n] {
			objPts += op.High
		} else {
			objPts += op.Low
		}
	}
	return scoreGarden(garden{Cards: &cards, Enh: &enh, IrrMask: comp.Irrigation[irr].Mask,
		ObjPoints: objPts, ObjCount: len(pos.Objectives)}), nil
}

// duplicateKey returns the path of the first key given twice in the JSON
// value read by dec ("garden.a1", "objectives[0].place"), or "". The decoder
// would silently keep the last one, and it matches keys whatever their case,
// so keys are compared in lower case. It runs on a document the decoder has
// accepted, so its nesting is bounded.
func duplicateKey(dec *json.Decoder, path string) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return "", err
			}
			k, _ := kt.(string)
			p := k
			if path != "" {
				p = path + "." + k
			}
			if seen[strings.ToLower(k)] {
				return p, nil
			}
			seen[strings.ToLower(k)] = true
			if dup, err := duplicateKey(dec, p); dup != "" || err != nil {
				return dup, err
			}
		}
		_, err = dec.Token()
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if dup, err := duplicateKey(dec, fmt.Sprintf("%s[%d]", path, i)); dup != "" || err != nil {
				return dup, err
			}
		}
		_, err = dec.Token()
	}
	return "", err
}
