package server

import (
	"strings"
	"testing"
)

func TestDecodeClient(t *testing.T) {
	for _, tc := range []struct {
		in      string
		wantErr string // "" for a valid message
	}{
		{`{"t":"move","v":3,"id":"a","i":0}`, ""},
		{`{"t":"move","v":3,"id":"a","n":"take 3"}`, ""},
		{`{"t":"move","v":3,"id":"a"}`, `exactly one of "i"`},
		{`{"t":"move","v":3,"id":"a","i":1,"n":"x"}`, `exactly one of "i"`},
		{`{"t":"move","id":"a","i":1}`, `"v"`},
		{`{"t":"move","v":1,"i":1}`, `"id"`},
		{`{"t":"move","v":1,"id":"a","i":-1}`, "negative"},
		{`{"t":"move","v":1,"id":"` + strings.Repeat("x", 65) + `","i":1}`, "id longer"},
		{`{"t":"undo","v":2,"id":"u"}`, ""},
		{`{"t":"undo"}`, `"v"`},
		{`{"t":"chat","text":"hello <b>"}`, ""},
		{`{"t":"chat","text":""}`, "empty"},
		{`{"t":"chat","text":"` + strings.Repeat("é", 301) + `"}`, "longer than 300"},
		{`{"t":"sync"}`, ""},
		{`{"t":"ping","id":"p1"}`, ""},
		{`{"t":"leave"}`, ""},
		{`{"t":"rematch"}`, ""},
		{`{"t":"sync","i":1}`, "belong to move"},
		{`{"t":"ping","text":"x"}`, "belongs to chat"},
		{`{"t":"dance"}`, "unknown message type"},
		{`{}`, `no "t"`},
		{`{"t":"sync","extra":1}`, "not a protocol JSON object"},
		{`{"t":"sync"} {"t":"sync"}`, "data after"},
		{`[1,2]`, "not a protocol JSON object"},
		{`garbage`, "not a protocol JSON object"},
		{"\xff\xfe", "not UTF-8"},
		{`{"t":"move","v":"3","id":"a","i":0}`, "not a protocol JSON object"},
	} {
		_, err := decodeClient([]byte(tc.in))
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tc.in, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", tc.in, err, tc.wantErr)
		}
	}
}

// The decoder never panics, and what it accepts is a well-formed message.
func FuzzDecodeClient(f *testing.F) {
	for _, s := range []string{`{"t":"move","v":3,"id":"a","i":0}`, `{"t":"chat","text":"hi"}`, `{"t":"undo","v":1}`,
		`{"t":"move","v":1,"id":"b","n":"take 3"}`, `{}`, `[]`, `"x"`, `{"t":"sync"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := decodeClient(b)
		if err != nil {
			return
		}
		switch m.T {
		case msgMove:
			if m.V == nil || m.ID == "" || (m.I == nil) == (m.N == nil) || (m.I != nil && *m.I < 0) {
				t.Fatalf("accepted a malformed move: %q", b)
			}
		case msgChat:
			if m.Text == "" || len([]rune(m.Text)) > maxChatLen {
				t.Fatalf("accepted a malformed chat line: %q", b)
			}
		case msgUndo, msgSync, msgPing, msgLeave, msgRematch:
		default:
			t.Fatalf("accepted type %q", m.T)
		}
		if len(m.ID) > maxClientID {
			t.Fatalf("accepted a long id: %q", b)
		}
	})
}
