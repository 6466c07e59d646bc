package jsonscan

import (
	"encoding/json"
	"testing"
)

// SkipValue steps over exactly one value: for any JSON text encoding/json
// accepts, the value ends where the text's trailing whitespace starts; a
// value followed by ",1" ends before the comma.
func FuzzSkipValue(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `"a\"b"`, `{"a":[1,{"b":"}"}],"c":null}`, ` -1.5e3 `, `true`, `"\\"`, `[[[]]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			// Not a value: the scanner may step anywhere, but never past the end or backwards.
			if j, err := SkipValue([]byte(s), 0); err == nil && (j < 0 || j > len(s)) {
				t.Fatalf("%q: index %d out of range", s, j)
			}
			return
		}
		b := []byte(s)
		j, err := SkipValue(b, 0)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if end := SkipSpace(b, j); end != len(b) {
			t.Fatalf("%q: value ends at %d, then %q is left", s, j, b[j:])
		}
		b2 := append(append([]byte{}, b...), ",1"...)
		if k, err := SkipValue(b2, 0); err != nil || b2[SkipSpace(b2, k)] != ',' {
			t.Fatalf("%q,1: ended at %d (%v)", s, k, err)
		}
	})
}
