package engine

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Event is one entry of the game log: a message key of the game's catalogue
// and typed arguments, not a sentence, so that each viewer reads it in their
// language and person ("You take…", "Ann prend…"). Catalog.Render turns it
// into text.
type Event struct {
	// Actor is the seat the event is about (the subject of the sentence),
	// or -1 when no seat is (the automa, the end of a round).
	Actor int `json:"actor"`
	// Private is the only seat allowed to see the event, or -1 if public.
	Private int `json:"private"`
	// Reveal marks an event that shows those who see it what was hidden
	// from them until now (a card turned face up, a tile drawn from a bag,
	// a card played from a hand, a card drawn into one's own hand): its
	// arguments depend on hidden information by nature. Every other event
	// depends only on what its viewers could already see.
	Reveal bool   `json:"reveal,omitempty"`
	Key    string `json:"key"`
	Args   []Arg  `json:"args,omitempty"`
}

// VisibleTo reports whether player may see e. A viewer that is not a seat
// (a spectator) sees the public events only.
func (e Event) VisibleTo(player int) bool { return e.Private < 0 || e.Private == player }

// ArgKind is what an event argument names.
type ArgKind uint8

const (
	ArgSeat ArgKind = iota + 1 // a seat: rendered as its name, or "you"
	ArgNum                     // a count or value
	ArgComp                    // a component id of the catalogue, rendered as its name
	ArgCell                    // a place id ("r1c3"), rendered by the catalogue's CellName
)

// Arg is one typed argument of an event. In JSON it is one of
// {"seat":1}, {"n":3}, {"comp":"card:12"}, {"cell":"r1c3"}.
type Arg struct {
	Kind ArgKind
	N    int    // ArgSeat, ArgNum
	S    string // ArgComp, ArgCell
}

// Seat is an argument naming seat i.
func Seat(i int) Arg { return Arg{Kind: ArgSeat, N: i} }

// Num is a numeric argument.
func Num(n int) Arg { return Arg{Kind: ArgNum, N: n} }

// Comp is an argument naming a component by its catalogue id.
func Comp(id string) Arg { return Arg{Kind: ArgComp, S: id} }

// Cell is an argument naming a place on a board by its view id.
func Cell(id string) Arg { return Arg{Kind: ArgCell, S: id} }

// MarshalJSON writes the one-key object form.
func (a Arg) MarshalJSON() ([]byte, error) {
	switch a.Kind {
	case ArgSeat:
		return []byte(`{"seat":` + strconv.Itoa(a.N) + `}`), nil
	case ArgNum:
		return []byte(`{"n":` + strconv.Itoa(a.N) + `}`), nil
	case ArgComp:
		s, _ := json.Marshal(a.S)
		return append(append([]byte(`{"comp":`), s...), '}'), nil
	case ArgCell:
		s, _ := json.Marshal(a.S)
		return append(append([]byte(`{"cell":`), s...), '}'), nil
	}
	return nil, fmt.Errorf("engine: event argument of unknown kind %d", a.Kind)
}

// UnmarshalJSON reads the one-key object form.
func (a *Arg) UnmarshalJSON(b []byte) error {
	var m struct {
		Seat *int    `json:"seat"`
		N    *int    `json:"n"`
		Comp *string `json:"comp"`
		Cell *string `json:"cell"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("event argument: %w", err)
	}
	n := 0
	switch {
	case m.Seat != nil:
		*a, n = Seat(*m.Seat), n+1
	case m.N != nil:
		*a, n = Num(*m.N), n+1
	case m.Comp != nil:
		*a, n = Comp(*m.Comp), n+1
	case m.Cell != nil:
		*a, n = Cell(*m.Cell), n+1
	}
	if n == 0 {
		return fmt.Errorf("event argument %s: want one of seat, n, comp, cell", b)
	}
	return nil
}

// Log collects events. A nil *Log collects nothing, so hot paths pass nil;
// games check On before building arguments, which allocates.
type Log struct {
	Events []Event
}

// On reports whether events are being collected.
func (l *Log) On() bool { return l != nil }

// Say appends a public event about actor (-1: about no seat).
func (l *Log) Say(actor int, key string, args ...Arg) {
	if l != nil {
		l.Events = append(l.Events, Event{Actor: actor, Private: -1, Key: key, Args: args})
	}
}

// Reveal appends a public event that shows what was hidden until now.
func (l *Log) Reveal(actor int, key string, args ...Arg) {
	if l != nil {
		l.Events = append(l.Events, Event{Actor: actor, Private: -1, Reveal: true, Key: key, Args: args})
	}
}

// Tell appends an event only seat may see, about that seat.
func (l *Log) Tell(seat int, key string, args ...Arg) {
	if l != nil {
		l.Events = append(l.Events, Event{Actor: seat, Private: seat, Key: key, Args: args})
	}
}

// RevealTo appends an event only seat may see that shows it what was hidden
// from it until now (a card it draws), about that seat.
func (l *Log) RevealTo(seat int, key string, args ...Arg) {
	if l != nil {
		l.Events = append(l.Events, Event{Actor: seat, Private: seat, Reveal: true, Key: key, Args: args})
	}
}

// Visible returns the events of evs that player may see, in order.
func Visible(evs []Event, player int) []Event {
	var out []Event
	for _, e := range evs {
		if e.VisibleTo(player) {
			out = append(out, e)
		}
	}
	return out
}
