package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// MoveDesc is a legal move as a user interface clicks it: its kind and the
// named things it touches, by the ids the game's view uses, in the order a
// player chooses them. A page highlights the targets of the legal moves and
// maps a click to a move without parsing notation; for a decision with many
// moves it asks for the first part, keeps the moves that match, then the
// next part, and so on (a tile, then its orientation, then the cell).
//
// In JSON it is one object, "kind" first and the parts in order:
// {"kind":"place","card":"hand:2","cell":"r1c3"}.
type MoveDesc struct {
	Kind  string
	Parts []Part
}

// Part is one named target of a move: Name is the role ("card", "cell",
// "orientation"), ID the view's id of the thing.
type Part struct {
	Name string
	ID   string
}

// Get returns the id of the part called name, or "".
func (d MoveDesc) Get(name string) string {
	for _, p := range d.Parts {
		if p.Name == name {
			return p.ID
		}
	}
	return ""
}

// MarshalJSON writes the ordered object form.
func (d MoveDesc) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"kind":`)
	k, _ := json.Marshal(d.Kind)
	b.Write(k)
	for _, p := range d.Parts {
		if p.Name == "kind" {
			return nil, fmt.Errorf("engine: move part may not be called kind")
		}
		n, _ := json.Marshal(p.Name)
		v, _ := json.Marshal(p.ID)
		b.WriteByte(',')
		b.Write(n)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the ordered object form, keeping the parts' order.
func (d *MoveDesc) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("move description: want an object")
	}
	*d = MoveDesc{}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return fmt.Errorf("move description: %w", err)
		}
		var v string
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("move description %q: want a string: %w", kt, err)
		}
		if kt == "kind" {
			d.Kind = v
		} else {
			d.Parts = append(d.Parts, Part{Name: kt.(string), ID: v})
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("move description: %w", err)
	}
	if d.Kind == "" {
		return fmt.Errorf("move description: no kind")
	}
	return nil
}

// Describer is implemented by states: the structured description of a legal
// move of the current decision. It allocates, so it is built only for user
// interfaces, never on a bot's path.
type Describer interface {
	DescribeMove(m Move) MoveDesc
	// Prompt names the current decision for a person: what ToMove() is
	// asked to do now ("take a landscape card or a trophy"), as a message
	// key of the game's catalogue and its arguments, rendered by
	// Catalog.Prompt. It is the zero Prompt once the game is over.
	Prompt() Prompt
}

// Prompt is the current decision as a catalogue message: prompt.<Key>,
// read by the player to move as prompt.<Key>.you ("Take a card or a
// trophy") and by everyone else as prompt.<Key> ("{actor} takes a card or
// a trophy"). Its arguments are named as an event's ({n}, {item}, {cell},
// {player}), and depend only on what every seat sees.
type Prompt struct {
	Key  string
	Args []Arg
}

// IsSeat reports whether p is a seat of s. Per-seat methods treat every other
// p as the spectator (View, Draw, Determinize) or as holding nothing (Score,
// Evaluate: 0; Components: none), and never panic.
func IsSeat(s State, p int) bool { return p >= 0 && p < s.NumPlayers() }
