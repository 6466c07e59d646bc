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
		// The discard pile first, then the card: a click on a hand card
		// that has no cell must not discard it at once (a page plays a
		// move as soon as a single one matches the clicks), so a discard
		// is always asked for on its own target.
		return engine.MoveDesc{Kind: "discard", Parts: []engine.Part{part("to", discardPileID), part("card", handID(int(mv.a)))}}
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

// Prompt names the current decision (engine.Describer). Its key and
// arguments read only what every seat sees: in a game of two or more, which
// actions are open at the start of a turn depends on the decks and displays
// and on the village card's side, never on a hand (special action 2, which
// does, is offered under "use your village card" whenever the card is face
// up). A solo game has no other seat to hide the hand from.
func (s *state) Prompt() engine.Prompt {
	p := &s.pl[s.cur]
	switch s.phase {
	case phStart, phAfterRefresh:
		a, b := s.actionA(p), s.actionB(p)
		village := s.phase == phStart && p.villageUp && (s.landAvailable() || s.trophyAvailable())
		end := s.phase == phStart && s.solo()
		if !a && !b && !village && !end {
			return engine.Prompt{Key: "pass"}
		}
		// {n}: 0 both actions, 1 landscape only, 2 trophy only, 3 neither;
		// {n2}: the village card may be used first; {n3}: solo, the game
		// may be declared over.
		which := 0
		switch {
		case a && !b:
			which = 1
		case b && !a:
			which = 2
		case !a && !b:
			which = 3
		}
		return engine.Prompt{Key: "start", Args: []engine.Arg{engine.Num(which), engine.Num(boolNum(village)), engine.Num(boolNum(end))}}
	case phPlace:
		if s.solo() {
			if s.handCanPlace(p) {
				return engine.Prompt{Key: "place-solo"}
			}
			return engine.Prompt{Key: "discard-solo"}
		}
		return engine.Prompt{Key: "place"}
	case phS2Take:
		return engine.Prompt{Key: "special2-take"}
	case phCover:
		return engine.Prompt{Key: "special2-cover"}
	case phStructTake:
		return engine.Prompt{Key: "structure-trophy"}
	case phTrophyPlace:
		if s.solo() && !s.heldStruct {
			return engine.Prompt{Key: "trophy-place-empty"}
		}
		return engine.Prompt{Key: "trophy-place"}
	}
	return engine.Prompt{}
}

func boolNum(b bool) int {
	if b {
		return 1
	}
	return 0
}
