package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"

	"github.com/jardin-games/jardin/i18n"
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
		return textError("error.position.empty")
	}
	if trimmed[0] != '{' {
		if !json.Valid(trimmed) {
			return JSONError(data, json.Unmarshal(trimmed, new(any)))
		}
		return textError("error.position.notObject", i18n.S("kind", jsonKind(trimmed)), i18n.S("example", "{…}")) // a message cannot print braces
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return JSONError(data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return textError("error.position.trailing")
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
		return textError("error.position.syntax", i18n.N("line", line), i18n.N("column", col), i18n.S("detail", msg))
	case errors.As(err, &te):
		line, col := LineCol(data, te.Offset)
		value := te.Value
		if strings.HasPrefix(value, "number") {
			value = "number"
		}
		id := "error.position.type"
		if te.Field == "" {
			id = "error.position.type.file"
		}
		return textError(id, i18n.N("line", line), i18n.N("column", col), i18n.S("field", te.Field),
			i18n.S("want", goKind(te.Type)), i18n.S("value", value))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return textError("error.position.eof")
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return textError("error.position.unknownField", i18n.S("field", strings.Trim(f, `"`)))
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
		return "list"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	}
	return "number"
}

func goKind(t reflect.Type) string {
	if t == nil {
		return "other"
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.Slice, reflect.Array:
		return "list"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Pointer:
		return goKind(t.Elem())
	}
	return "other"
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
		return textError("error.position.otherGame", i18n.S("game", id), i18n.S("field", g))
	}
	return nil
}

// ScoreTextOrJSON scores a position file that a game accepts as text or as
// JSON: a leading byte-order mark is dropped, an empty file is refused with
// empty (a catalogue error that says what the file should hold), and the rest goes to
// fromJSON or fromText. A text position is never valid JSON, nor does it
// start with a brace or a bracket, so anything that does is read (and
// refused) as JSON.
func ScoreTextOrJSON(data []byte, empty error, fromJSON, fromText func([]byte) (Score, error)) (Score, error) {
	data = TrimBOM(data)
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Score{}, empty
	}
	if trimmed[0] == '{' || trimmed[0] == '[' || json.Valid(trimmed) {
		return fromJSON(data)
	}
	return fromText(data)
}
