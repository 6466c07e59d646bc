package server

import (
	"strings"
	"testing"
)

func TestDecodeClient(t *testing.T) {
	for _, tc := range []struct {
		in      string
		wantErr string // the error's code (errCode), "" for a valid message
	}{
		{`{"t":"move","v":3,"id":"a","i":0}`, ""},
		{`{"t":"move","v":3,"id":"a","n":"take 3"}`, ""},
		{`{"t":"move","v":3,"id":"a"}`, "ws.moveOneOf"},
		{`{"t":"move","v":3,"id":"a","i":1,"n":"x"}`, "ws.moveOneOf"},
		{`{"t":"move","id":"a","i":1}`, "ws.moveNoV"},
		{`{"t":"move","v":1,"i":1}`, "ws.moveNoID"},
		{`{"t":"move","v":1,"id":"a","i":-1}`, "ws.moveNegative"},
		{`{"t":"move","v":1,"id":"` + strings.Repeat("x", 65) + `","i":1}`, "ws.idLong"},
		{`{"t":"undo","v":2,"id":"u"}`, ""},
		{`{"t":"undo"}`, "ws.undoNoV"},
		{`{"t":"chat","text":"hello <b>"}`, ""},
		{`{"t":"chat","text":""}`, "ws.chatEmpty"},
		{`{"t":"chat","text":"` + strings.Repeat("é", 301) + `"}`, "ws.chatLong"},
		{`{"t":"sync"}`, ""},
		{`{"t":"ping","id":"p1"}`, ""},
		{`{"t":"leave"}`, ""},
		{`{"t":"rematch"}`, ""},
		{`{"t":"sync","i":1}`, "ws.onlyMove"},
		{`{"t":"ping","text":"x"}`, "ws.onlyChat"},
		{`{"t":"dance"}`, "ws.unknownType"},
		{`{}`, "ws.noType"},
		{`{"t":"sync","extra":1}`, "ws.unknownField"},
		{`{"t":"sync"} {"t":"sync"}`, "ws.trailing"},
		{`[1,2]`, "ws.notObject"},
		{`garbage`, "ws.badJSON"},
		{`{"t":"sync"`, "ws.cutShort"},
		{`null`, "ws.noType"},
		{"\xff\xfe", "ws.notUTF8"},
		{`{"t":"move","v":"3","id":"a","i":0}`, "ws.badType"},
	} {
		_, err := decodeClient([]byte(tc.in))
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tc.in, err)
		case tc.wantErr != "" && (err == nil || errCode(err) != tc.wantErr):
			t.Errorf("%s: error %v, want %s", tc.in, err, tc.wantErr)
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
