// Package record reads, writes and replays game records: JSON documents
// holding a game's id, options, seed, seats and moves in notation, like PGN
// for chess (docs/records.md).
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// Version is the record format version this package writes and reads.
const Version = 1

// Record is one game.
type Record struct {
	Format  int            `json:"format"`
	Game    string         `json:"game"`
	Options engine.Options `json:"options,omitempty"`
	Seed    uint64         `json:"seed,string"`
	Players []Seat         `json:"players"`
	Moves   []Step         `json:"moves"`
	Result  *engine.Result `json:"result,omitempty"`
}

// Seat is one player of the game.
type Seat struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // "human", or the bot kind: "random", "greedy", …
}

// Step is one move: who made it and its notation.
type Step struct {
	Player int    `json:"player"`
	Move   string `json:"move"`
}

// stepRE matches one indented move object, to put it on a single line.
var stepRE = regexp.MustCompile(`\{\n\s*"player": (\d+),\n\s*"move": ("(?:[^"\\]|\\.)*")\n\s*\}`)

// Marshal writes r as indented JSON with one move per line, which reads
// like a score sheet and diffs well.
func (r *Record) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	b = stepRE.ReplaceAll(b, []byte(`{"player": $1, "move": $2}`))
	return append(b, '\n'), nil
}

// Parse reads a record and checks its shape (not its moves: see Replay).
// Unknown fields are errors, so that a typo is not silently ignored.
func Parse(data []byte) (*Record, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("record: %w", describeJSONError(data, err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("record: unexpected data after the JSON document")
	}
	if r.Format != Version {
		return nil, fmt.Errorf("record: format %d, this version of jardin reads format %d", r.Format, Version)
	}
	if r.Game == "" {
		return nil, fmt.Errorf("record: missing \"game\"")
	}
	if len(r.Players) == 0 {
		return nil, fmt.Errorf("record: \"players\" is empty")
	}
	for i, m := range r.Moves {
		if m.Player < 0 || m.Player >= len(r.Players) {
			return nil, fmt.Errorf("record: move %d: player %d does not exist (%d players)", i+1, m.Player, len(r.Players))
		}
	}
	return &r, nil
}

func describeJSONError(data []byte, err error) error {
	// The seed is the only number read from a string (JSON numbers lose
	// precision past 2^53 in browsers), and encoding/json does not name it.
	if strings.Contains(err.Error(), "into uint64") {
		return fmt.Errorf("\"seed\": want a whole number in quotes, e.g. \"seed\": \"42\"")
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := position(data, se.Offset)
		return fmt.Errorf("line %d, column %d: %v", line, col, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		line, col := position(data, te.Offset)
		return fmt.Errorf("line %d, column %d: field %q: want %s, got %s", line, col, te.Field, te.Type, te.Value)
	}
	return err
}

func position(data []byte, off int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < off && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// MoveError is a record move that could not be replayed.
type MoveError struct {
	Number int // 1-based move number
	Move   string
	Err    error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d %q: %v", e.Number, e.Move, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// Lookup finds games by id; *engine.Registry implements it.
type Lookup interface {
	Lookup(id string) (engine.Game, error)
}

// Replay sets the game up again and applies every move. It fails at the
// first move that is illegal or made by the wrong player, and when the
// record's result differs from the replayed one. each, if not nil, is
// called after every move with its number and the events it produced.
func Replay(games Lookup, r *Record, each func(n int, s engine.State, events []engine.Event)) (engine.State, error) {
	g, err := games.Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	s, err := g.New(len(r.Players), r.Seed, r.Options)
	if err != nil {
		return nil, fmt.Errorf("record setup: %w", err)
	}
	for i, st := range r.Moves {
		if s.Over() {
			return nil, &MoveError{i + 1, st.Move, fmt.Errorf("the game is already over")}
		}
		if s.ToMove() != st.Player {
			return nil, &MoveError{i + 1, st.Move, fmt.Errorf("made by player %d, but player %d is to move", st.Player+1, s.ToMove()+1)}
		}
		m, err := s.ParseMove(st.Move)
		if err != nil {
			return nil, &MoveError{i + 1, st.Move, err}
		}
		var log engine.Log
		if err := s.Apply(m, &log); err != nil {
			return nil, &MoveError{i + 1, st.Move, err}
		}
		if each != nil {
			each(i+1, s, log.Events)
		}
	}
	if r.Result != nil {
		got := s.Result()
		if !reflect.DeepEqual(normalise(*r.Result), normalise(got)) {
			return s, fmt.Errorf("the recorded result differs from the replayed one")
		}
	}
	return s, nil
}

// normalise makes results comparable after a JSON round trip.
func normalise(r engine.Result) engine.Result {
	b, _ := json.Marshal(r)
	var out engine.Result
	_ = json.Unmarshal(b, &out)
	return out
}
