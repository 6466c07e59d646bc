package englishgardens

import "github.com/jardin-games/jardin/engine"

var _ engine.Describer = (*state)(nil)

// refreshParts name the cards of special 1 in the order they go under the
// deck: the first is drawn first, the last ends at the very bottom.
var refreshParts = [3]string{"first", "second", "third"}

// DescribeMove implements engine.Describer with the view's ids
// (docs/english-gardens.md lists the kinds and their parts).
func (s *state) DescribeMove(m engine.Move) engine.MoveDesc {
	mv, ok := unpack(m)
	if !ok {
		return engine.MoveDesc{Kind: "unknown"}
	}
	part := func(name, id string) engine.Part { return engine.Part{Name: name, ID: id} }
	switch mv.kind {
	case mkTakeLand:
		from := "land-deck"
		if mv.a != fromDeck {
			from = landSlotID(int(mv.a))
		}
		return engine.MoveDesc{Kind: "take-land", Parts: []engine.Part{part("from", from)}}
	case mkTakeTrophy:
		from := "trophy-deck"
		if mv.a != fromDeck {
			from = troSlotID(int(mv.a))
		}
		return engine.MoveDesc{Kind: "take-trophy", Parts: []engine.Part{part("from", from)}}
	case mkRefresh:
		display, slot := "land-display", landSlotID
		if mv.a == 1 {
			display, slot = "trophy-display", troSlotID
		}
		d := engine.MoveDesc{Kind: "refresh", Parts: []engine.Part{part("display", display)}}
		slots, k, _ := decodeOrder(mv.b)
		for i, sl := range slots[:k] {
			d.Parts = append(d.Parts, part(refreshParts[i], slot(sl)))
		}
		return d
	case mkSpecial2:
		return engine.MoveDesc{Kind: "special2"}
	case mkPlace, mkCover:
		kind := "place"
		if mv.kind == mkCover {
			kind = "cover"
		}
		return engine.MoveDesc{Kind: kind, Parts: []engine.Part{part("card", handID(int(mv.a))), part("cell", cellID(int(mv.b)))}}
	case mkDiscard:
		return engine.MoveDesc{Kind: "discard", Parts: []engine.Part{part("card", handID(int(mv.a)))}}
	case mkPut:
		if mv.a < 6 {
			return engine.MoveDesc{Kind: "put", Parts: []engine.Part{part("slot", slotNames[mv.a])}}
		}
	case mkEnd:
		return engine.MoveDesc{Kind: "end"}
	case mkPass:
		return engine.MoveDesc{Kind: "pass"}
	}
	return engine.MoveDesc{Kind: "unknown"}
}

// Prompt names the current decision (engine.Describer).
func (s *state) Prompt() engine.Prompt {
	if s.Over() {
		return engine.Prompt{}
	}
	return engine.Prompt{Key: "turn"}
}
