package viewjson

import (
	"bytes"
	"encoding/json"
	"testing"
)

// String writes every string as json.Marshal does: the seeds hold each
// escape (short ones, \u00XX for control bytes and HTML's <, > and &,
// U+2028/2029, invalid UTF-8 as \ufffd at the start, middle and end), and
// the fuzzer tries others.
func FuzzString(f *testing.F) {
	for _, s := range []string{"", "plain", `a"b\c`, "\b\f\n\r\t", "\x00\x01\x1f\x7f", "<script>&amp;</script>",
		"\u2028\u2029", "\xff", "a\xffb", "\xe2\x80", "\xe2\x80\xa8x", "\xed\xa0\x80", "é日本😀", "\xf4\x90\x80\x80",
		"tile:O03", "r2c3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := String([]byte("pre"), s); !bytes.Equal(got[3:], want) || string(got[:3]) != "pre" {
			t.Fatalf("String(%q) = %s, json.Marshal gives %s", s, got, want)
		}
	})
}

type marshals struct{ s string }

func (m marshals) MarshalJSON() ([]byte, error) { return []byte(m.s), nil }

// Marshaler compacts and escapes a MarshalJSON's output as encoding/json
// does before it splices it in.
func TestMarshaler(t *testing.T) {
	for _, s := range []string{`{ "a" : [ 1, 2 ] }`, `"<&>"`, "\"\u2028\"", `null`, "\n\t 3 \n"} {
		want, err := json.Marshal(marshals{s})
		if err != nil {
			t.Fatal(err)
		}
		if got := Marshaler(nil, marshals{s}); !bytes.Equal(got, want) {
			t.Errorf("Marshaler(%q) = %s, want %s", s, got, want)
		}
	}
}
