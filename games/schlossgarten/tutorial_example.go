package schlossgarten

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// TutorialExample returns base with the board's elements and seat's
// collected tiles replaced by the position data (the rulebook's figure 5d,
// in the ScorePosition JSON format), so that the tutorial draws it with the
// game's renderer and the state scores it as a table would
// (server/learn.go). Each element goes to the seat of its colour; the
// position's player must be seat's colour. The pawns, cards and the
// landscape stay as dealt.
//
// A "pawns" object ({"Kr": "2,2", "Ab": "4,4"}: K king, G gardener, A
// architect, then the colour's letter; x,y as the notation's squares) moves
// those pawns to where the rulebook's figure puts them; the others stay.
// base's turn and phase stay, so a move can be asked on the figure.
func (g game) TutorialExample(base engine.State, seat int, data []byte) (engine.State, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("schlossgarten tutorial example: %w", err)
	}
	var pawns map[string]string
	if pw, ok := raw["pawns"]; ok {
		if err := json.Unmarshal(pw, &pawns); err != nil {
			return nil, fmt.Errorf("schlossgarten tutorial example, pawns: %w", err)
		}
		delete(raw, "pawns")
		var err error
		if data, err = json.Marshal(raw); err != nil {
			return nil, fmt.Errorf("schlossgarten tutorial example: %w", err)
		}
	}
	var p positionJSON
	if err := engine.DecodeJSON(data, &p, true); err != nil || p.Player == nil {
		return nil, fmt.Errorf("schlossgarten tutorial example: want the JSON position format: %v", err)
	}
	if _, err := g.scoreJSON(data); err != nil { // every check of ScorePosition
		return nil, fmt.Errorf("schlossgarten tutorial example: %w", err)
	}
	s, ok := base.Clone().(*state)
	if !ok || seat < 0 || seat >= int(s.n) {
		return nil, fmt.Errorf("schlossgarten tutorial example: no seat %d", seat)
	}
	player, _ := parseColour(*p.Player)
	if int(s.color[seat]) != player {
		return nil, fmt.Errorf("schlossgarten tutorial example: seat %d plays %s, the example %s", seat, colorNames[s.color[seat]], colorNames[player])
	}
	seatOf := func(q int) int {
		for i := 0; i < int(s.n); i++ {
			if int(s.color[i]) == q {
				return i
			}
		}
		return -1
	}
	s.elem = [maxP][nElems]uint64{}
	s.pit = 0
	for y, r := range p.Board {
		for x, c := range strings.Fields(r) {
			switch {
			case strings.HasPrefix(c, "#"):
				s.pit |= bit(sqOf(x, y))
			case len(c) == 2 && c[0] >= 'A':
				e, q := bytes.IndexByte(elemCode[:], c[0]), bytes.IndexByte(colorLetter[:], c[1])
				i := seatOf(q)
				if i < 0 {
					return nil, fmt.Errorf("schlossgarten tutorial example: no seat plays %s", colorNames[q])
				}
				s.elem[i][e] |= bit(sqOf(x, y))
			}
		}
	}
	s.collected[seat], s.collectedN[seat] = 0, [4]int8{}
	for _, v := range p.Tiles {
		s.collected[seat] += int16(v)
		s.collectedN[seat][v]++
	}
	for i := 0; i < int(s.n); i++ {
		s.score[i] = s.collected[i] + int16(s.elemPoints(i))
	}
	for _, id := range slices.Sorted(maps.Keys(pawns)) {
		if len(id) != 2 {
			return nil, fmt.Errorf("schlossgarten tutorial example: pawn %q is not K, G or A and a colour's letter", id)
		}
		k, q := strings.IndexByte("KGA", id[0]), bytes.IndexByte(colorLetter[:], id[1])
		i := -1
		if q >= 0 {
			i = seatOf(q)
		}
		x, y, ok := strings.Cut(pawns[id], ",")
		xi, errX := strconv.Atoi(strings.TrimSpace(x))
		yi, errY := strconv.Atoi(strings.TrimSpace(y))
		if k < 0 || i < 0 || !ok || errX != nil || errY != nil || xi < 0 || yi < 0 || xi >= 7 || yi >= 7 {
			return nil, fmt.Errorf("schlossgarten tutorial example: pawn %q at %q", id, pawns[id])
		}
		sq := sqOf(xi, yi)
		// SG-T5: one pawn a square, on a landscape tile or its own colour's element
		if o := s.pawnOn(sq); o >= 0 && o != int8(i*nPawns+k) || s.pit&bit(sq) != 0 || s.elemOn(sq) >= 0 && int(s.elemOn(sq))/nElems != i {
			return nil, fmt.Errorf("schlossgarten tutorial example: pawn %q on %q, a square taken", id, pawns[id])
		}
		s.pawnSq[i][k] = int8(sq)
	}
	return s, nil
}
