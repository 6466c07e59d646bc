// Package viewjson holds what the appenders written by
// internal/cmd/viewjsongen call: the pieces of encoding/json's output that
// are not a plain append, written to give the same bytes as json.Marshal.
package viewjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

const hex = "0123456789abcdef"

// String appends s as json.Marshal writes a string: quoted; the quote and
// the backslash escaped; \b \f \n \r \t by their short escapes and any other
// control byte, <, > and & (HTML escaping) as \u00XX; invalid UTF-8 as
// \ufffd, one for each bad byte; U+2028 and U+2029 as \u2028 and \u2029.
// FuzzString checks it against encoding/json.
func String(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if safe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// safe is true for the ASCII bytes a JSON string holds as they are with
// encoding/json's HTML escaping.
var safe = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// Value appends json.Marshal(v): for what a generated appender does not
// write itself (interfaces, floats, types that marshal themselves as text,
// maps with keys other than strings). A view is JSON-serialisable by the
// engine's contract, so an error is a programming error and panics, as the
// server's encoder does.
func Value(b []byte, v any) []byte {
	j, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("viewjson: marshal %T: %v", v, err))
	}
	return append(b, j...)
}

// Marshaler appends what encoding/json writes for a value with its own
// MarshalJSON: its output compacted, with <, > and &, U+2028 and U+2029
// escaped as in a string. (json.Marshal then also checks the output is
// valid JSON; Compact does.)
func Marshaler(b []byte, m json.Marshaler) []byte {
	j, err := m.MarshalJSON()
	if err != nil {
		panic(fmt.Sprintf("viewjson: MarshalJSON of %T: %v", m, err))
	}
	var c bytes.Buffer
	if err := json.Compact(&c, j); err != nil {
		panic(fmt.Sprintf("viewjson: MarshalJSON of %T: %v", m, err))
	}
	var h bytes.Buffer
	json.HTMLEscape(&h, c.Bytes())
	return append(b, h.Bytes()...)
}
