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

// Prompt names the current decision (engine.Describer): one key per phase,
// and per revealed token while its effect is resolved. Every argument is
// public: Happy Garden hides only the bag's and the pile's order.
func (s *state) Prompt() engine.Prompt {
	switch s.phase {
	case phSetupPlace:
		return engine.Prompt{Key: "setup"}
	case phSteal:
		return engine.Prompt{Key: "steal"}
	case phEffect:
		switch s.curToken() {
		case tokWorm:
			return engine.Prompt{Key: "worm"}
		case tokGust:
			return engine.Prompt{Key: "gust"}
		case tokDrum:
			return engine.Prompt{Key: "drum"}
		}
	case phTurn:
		if !s.anyTake() {
			// HP-T13: no tile fits, the turn can only end.
			return engine.Prompt{Key: "skip"}
		}
		return engine.Prompt{Key: "choose"}
	case phPlace:
		return engine.Prompt{Key: "place"}
	case phAfter:
		return engine.Prompt{Key: "after"}
	case phGive:
		return engine.Prompt{Key: "give", Args: []engine.Arg{engine.Num(int(s.pend))}}
	case phReceive:
		return engine.Prompt{Key: "receive", Args: []engine.Arg{engine.Seat(int(s.giver))}}
	case phRepotTile:
		return engine.Prompt{Key: "repot"}
	case phRepotDest:
		return engine.Prompt{Key: "repot_dest"}
	}
	return engine.Prompt{}
}
