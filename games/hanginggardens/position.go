package hanginggardens

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
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
		return engine.Score{}, err
	}
	var pos Position
	if err := engine.DecodeJSON(data, &pos, true); err != nil {
		if k, kind := gardenValueNotString(data); k != "" {
			return engine.Score{}, texts.Errorf("error.position.garden-value", i18n.S("pos", k), i18n.S("kind", kind))
		}
		return engine.Score{}, texts.Wrapf("error.position.decode", err)
	}
	data = engine.TrimBOM(data)
	if dup, _ := duplicateKey(json.NewDecoder(bytes.NewReader(data)), ""); dup != "" {
		return engine.Score{}, texts.Errorf("error.position.twice", i18n.S("field", dup))
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
// which the decoder's error does not name, and what it is instead: object,
// list, boolean, null or number (error.position.garden-value).
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
			return k, "object"
		case '[':
			return k, "list"
		case 't', 'f':
			return k, "boolean"
		case 'n':
			return k, "null"
		}
		return k, "number"
	}
	return "", ""
}

func (pos *Position) score() ([nCats]int, error) {
	var zero [nCats]int
	// Both are required: a file without them would score an empty garden.
	switch {
	case pos.Irrigation == "":
		return zero, texts.Errorf("error.position.no-irrigation")
	case pos.Garden == nil:
		return zero, texts.Errorf("error.position.no-garden", i18n.N("n", nPos))
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
		return zero, texts.Errorf("error.position.irrigation", i18n.S("name", pos.Irrigation), i18n.S("cards", strings.Join(names, ", ")))
	}
	n := pos.Players
	if n == 0 {
		n = 2
	}
	if n < 1 || n > maxPlayers {
		return zero, texts.Errorf("error.position.players", i18n.N("n", n), i18n.N("max", maxPlayers))
	}
	if pos.Tools < 0 || pos.Gold < 0 {
		return zero, texts.Errorf("error.position.negative")
	}
	var cards, enh [nPos]uint8
	for k := range pos.Garden {
		if posIndex(k) < 0 {
			return zero, texts.Errorf("error.position.garden-key", i18n.S("pos", k))
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
			return zero, texts.Errorf("error.position.missing", i18n.S("pos", name), i18n.N("n", nPos))
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
			return zero, texts.Errorf("error.position.card", i18n.S("pos", name), i18n.S("card", cid))
		}
		copies[cid]++
		if copies[cid] > comp.Cards[ci].Copies {
			return zero, texts.Errorf("error.position.copies", i18n.S("pos", name), i18n.N("n", comp.Cards[ci].Copies), i18n.S("card", cid))
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
				return zero, texts.Errorf("error.position.enhancement", i18n.S("pos", name), i18n.S("tile", eid))
			}
			if !comp.Cards[ci].empty() {
				return zero, texts.Errorf("error.position.not-empty", i18n.S("pos", name), i18n.S("card", cid))
			}
			if usedEnh[eid] {
				return zero, texts.Errorf("error.position.enhancement-twice", i18n.S("pos", name), i18n.S("tile", eid))
			}
			usedEnh[eid] = true
			enh[i] = uint8(ei) + 1
		}
	}
	objPts := 0
	seen := [5]bool{}
	for j, m := range pos.Objectives {
		if m.Position < 1 || m.Position > 4 {
			return zero, texts.Errorf("error.position.objective", i18n.N("i", j), i18n.N("k", m.Position))
		}
		if m.Place < 1 || m.Place > comp.Places[n] {
			return zero, texts.Errorf("error.position.place", i18n.N("i", j), i18n.N("place", m.Place), i18n.N("max", comp.Places[n]), i18n.N("players", n))
		}
		if seen[m.Position] {
			return zero, texts.Errorf("error.position.objective-twice", i18n.N("i", j), i18n.N("k", m.Position))
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
