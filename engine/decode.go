package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// bom is the UTF-8 byte-order mark some editors put at the start of files.
var bom = []byte{0xEF, 0xBB, 0xBF}

// TrimBOM drops a leading UTF-8 byte-order mark.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, bom) }

// DecodeJSON decodes one JSON object from data into v (a pointer to a
// struct) for a file a person wrote: a leading byte-order mark is ignored;
// null, an array, a number or anything but an object is refused; unknown
// fields are refused when strict; and errors read without Go type names: a
// syntax error gives its line and column, a type error the field and the
// kind of value wanted ("field cells: want an object, not a list").
func DecodeJSON(data []byte, v any, strict bool) error {
	data = TrimBOM(data)
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return errors.New("the file is empty")
	}
	if trimmed[0] != '{' {
		if !json.Valid(trimmed) {
			return JSONError(data, json.Unmarshal(trimmed, new(any)))
		}
		return fmt.Errorf("want a JSON object ({…}), not %s", jsonKind(trimmed))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return JSONError(data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("the file goes on after its JSON object")
	}
	return nil
}

// JSONError rewrites an encoding/json error about data for a person:
// positions as line and column, value kinds in plain words, no Go types.
func JSONError(data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &se):
		line, col := LineCol(data, se.Offset)
		msg := strings.TrimPrefix(se.Error(), "json: ")
		return fmt.Errorf("line %d, column %d: JSON syntax error: %s", line, col, msg)
	case errors.As(err, &te):
		line, col := LineCol(data, te.Offset)
		field := te.Field
		if field == "" {
			field = "the file"
		} else {
			field = "field " + field
		}
		return fmt.Errorf("line %d, column %d: %s: want %s, not %s", line, col, field, goKind(te.Type), te.Value)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return errors.New("the JSON ends too early (a bracket or brace is not closed)")
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s", f)
	}
	return errors.New(strings.TrimPrefix(msg, "json: "))
}

// LineCol turns a byte offset in data into a 1-based line and column.
func LineCol(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1)
	if col < 1 {
		col = 1
	}
	return line, col
}

func jsonKind(v []byte) string {
	switch v[0] {
	case 'n':
		return "null"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	}
	return "a number"
}

func goKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return goKind(t.Elem())
	}
	return "another value"
}

// GameField returns the "game" field of a JSON object in data, if data is a
// JSON object that has one (a leading byte-order mark is ignored).
func GameField(data []byte) (string, bool) {
	var v struct {
		Game *string `json:"game"`
	}
	if json.Unmarshal(TrimBOM(data), &v) != nil || v.Game == nil {
		return "", false
	}
	return *v.Game, true
}

// CheckGameField refuses a position whose "game" field names another game
// than id (a missing field is fine: the caller chose the game).
func CheckGameField(data []byte, id string) error {
	if g, ok := GameField(data); ok && g != id {
		return fmt.Errorf("this file does not look like a %s position: its \"game\" field says %q", id, g)
	}
	return nil
}

// ScoreTextOrJSON scores a position file that a game accepts as text or as
// JSON: a leading byte-order mark is dropped, an empty file is refused with
// empty (which says what the file should hold), and the rest goes to
// fromJSON or fromText. A text position is never valid JSON, nor does it
// start with a brace or a bracket, so anything that does is read (and
// refused) as JSON.
func ScoreTextOrJSON(data []byte, empty string, fromJSON, fromText func([]byte) (Score, error)) (Score, error) {
	data = TrimBOM(data)
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Score{}, errors.New(empty)
	}
	if trimmed[0] == '{' || trimmed[0] == '[' || json.Valid(trimmed) {
		return fromJSON(data)
	}
	return fromText(data)
}
