package happygarden

import "github.com/jardin-games/jardin/engine"

// DescribeMove implements engine.Describer: a legal move's kind and the
// things it touches, by the view's ids (docs/happy-garden.md), in the order
// a player chooses them. Only user interfaces call it; it allocates.
func (s *state) DescribeMove(m engine.Move) engine.MoveDesc {
	kind, a, b, c := unpack(m)
	part := func(name, id string) engine.Part { return engine.Part{Name: name, ID: id} }
	d := engine.MoveDesc{}
	switch kind {
	case mvTake:
		d.Kind = "take"
		if a >= 0 && a < 6 {
			d.Parts = []engine.Part{part("tile", tileID(int(s.shop[a]))), part("slot", slotID(a))}
		}
	case mvPlace:
		// The tile placed: the held tile, a starting tile, or the tile
		// being repotted.
		t := s.held
		if s.phase == phRepotDest {
			t = s.repotT
		}
		d.Kind = "place"
		d.Parts = []engine.Part{part("tile", tileID(int(t))), part("cell", cellID(b))}
	case mvRepot:
		d.Kind = "repot"
	case mvLift:
		d.Kind, d.Parts = "lift", []engine.Part{part("tile", tileID(a))}
	case mvWater:
		d.Kind = "water"
		d.Parts = []engine.Part{part("tile", tileID(a))}
		if c < numColours {
			d.Parts = append(d.Parts, part("colour", colourID(uint8(c))))
		}
	case mvEnd:
		d.Kind = "end"
	case mvSteal:
		d.Kind, d.Parts = "steal", []engine.Part{part("tile", tileID(a))}
	case mvWorm:
		d.Kind, d.Parts = "worm", []engine.Part{part("tile", tileID(a))}
	case mvGust:
		d.Kind = "gust"
		d.Parts = []engine.Part{part("from", tileID(a))}
		if c >= ttButterfly && c <= ttMole {
			d.Parts = append(d.Parts, part("token", tokenIDs[c]))
		}
		d.Parts = append(d.Parts, part("to", tileID(b)))
	case mvDrum:
		d.Kind, d.Parts = "drum", []engine.Part{part("tile", tileID(a))}
	case mvPass:
		d.Kind = "pass"
	case mvGive:
		d.Kind, d.Parts = "give", []engine.Part{part("seat", seatID(a))}
	case mvMole:
		d.Kind, d.Parts = "mole", []engine.Part{part("tile", tileID(a))}
	default:
		d.Kind = "unknown"
	}
	return d
}

// Prompt names the current decision (engine.Describer).
func (s *state) Prompt() engine.Prompt {
	if s.Over() {
		return engine.Prompt{}
	}
	return engine.Prompt{Key: "turn"}
}
