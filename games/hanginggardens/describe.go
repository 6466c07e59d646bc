package hanginggardens

import "github.com/jardin-games/jardin/engine"

var _ engine.Describer = (*state)(nil)

// DescribeMove describes m for a user interface, with the ids of the view
// (docs/hanging-gardens.md, "Move descriptions"):
//
//	{"kind":"take","card":"market:2:1"}   the card of column 2, row 1
//	{"kind":"place","cell":"a0"}          a position of the mover's garden; a0 = new left end
//	{"kind":"buy","pile":"pile:3"}        the top tile of the 3-gold pile
//	{"kind":"put","cell":"b2"}            the mover's card that takes the bought tile
//	{"kind":"objective","objective":"objective:4"}
//	{"kind":"pass"}                       skip the buy or the objective step
//
// Each decision offers one kind of move (and pass), so the descriptions of
// its legal moves are distinct. A move that is not one of this game's is
// described by its notation, with the kind "unknown".
func (s *state) DescribeMove(m engine.Move) engine.MoveDesc {
	kind, a, b, ok := unpack(m)
	if ok {
		switch kind {
		case kindTake:
			if a <= 2 && b <= 3 {
				return desc("take", "card", marketCell(a, b))
			}
		case kindPlace, kindPut:
			if a <= 2 && b <= 9 {
				name := "place"
				if kind == kindPut {
					name = "put"
				}
				return desc(name, "cell", string(rune('a'+a))+string(rune('0'+b)))
			}
		case kindBuy:
			if a <= 2 && b == 0 {
				return desc("buy", "pile", pileCell(a))
			}
		case kindObjective:
			if a <= 3 && b == 0 {
				return desc("objective", "objective", objectiveCell(a))
			}
		case kindPass:
			if a == 0 && b == 0 {
				return engine.MoveDesc{Kind: "pass"}
			}
		}
	}
	return desc("unknown", "move", s.FormatMove(m))
}

func desc(kind, part, id string) engine.MoveDesc {
	return engine.MoveDesc{Kind: kind, Parts: []engine.Part{{Name: part, ID: id}}}
}

// Prompt names the current decision (engine.Describer): one key per step
// of a turn (HG-T3). The solo automa's moves are automatic, so it is never
// asked anything. The arguments are public: the card just taken and the
// tile just bought lie face up, and every player's gold is on the table.
func (s *state) Prompt() engine.Prompt {
	if s.Over() {
		return engine.Prompt{}
	}
	p := &s.pl[s.cur]
	switch s.phase {
	case phaseTake:
		return engine.Prompt{Key: "take", Args: []engine.Arg{engine.Num(int(p.Tools))}}
	case phasePlace:
		card := engine.Comp(comp.Cards[s.pendCard-1].ID)
		if p.NCards == 0 {
			return engine.Prompt{Key: "place-first", Args: []engine.Arg{card}}
		}
		return engine.Prompt{Key: "place", Args: []engine.Arg{card}}
	case phaseBuy:
		return engine.Prompt{Key: "buy", Args: []engine.Arg{engine.Num(int(p.Gold))}}
	case phasePut:
		return engine.Prompt{Key: "put", Args: []engine.Arg{engine.Comp(comp.Enh[s.pendPile].ID)}}
	case phaseObjective:
		return engine.Prompt{Key: "objective"}
	}
	return engine.Prompt{}
}
