package server

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// A socket's refusals reach the client in the socket's language, from the
// catalogue, with the stable code beside them; the close reason is that
// code (within the protocol's 123 bytes), never a sentence: flooding, a
// binary frame, a frame too big and frames that are not protocol, in
// English, French and German.
func TestSocketErrorsInTheirLanguage(t *testing.T) {
	ts := startServer(t, "", Config{MaxFrame: 1024, Rate: 1, Burst: 4})
	ann, _, tb := twoSeats(t, ts, "english-gardens")
	for _, lang := range []string{"en", "fr", "de"} {
		for _, tc := range []struct {
			name   string
			frames [][]byte
			typ    websocket.MessageType
			status websocket.StatusCode
			id     string
			args   []i18n.Arg
		}{
			{"flood", slices.Repeat([][]byte{[]byte(`{"t":"ping","id":"p"}`)}, 6), websocket.MessageText,
				websocket.StatusUnsupportedData, "err.ws.tooMany", []i18n.Arg{i18n.S("rate", "1")}},
			{"binary", [][]byte{[]byte(`{"t":"sync"}`)}, websocket.MessageBinary, websocket.StatusUnsupportedData, "err.ws.binary", nil},
			{"too big", [][]byte{bytes.Repeat([]byte("x"), 5000)}, websocket.MessageText, websocket.StatusMessageTooBig,
				"err.ws.tooBig", []i18n.Arg{i18n.N("max", 1024)}},
			{"not JSON", [][]byte{[]byte("\x00garbage{")}, websocket.MessageText, websocket.StatusUnsupportedData,
				"err.ws.badJSON", []i18n.Arg{i18n.S("offset", "1")}},
			{"unknown type", [][]byte{[]byte(`{"t":"hack"}`)}, websocket.MessageText, websocket.StatusUnsupportedData,
				"err.ws.unknownType", []i18n.Arg{i18n.S("type", `"hack"`)}},
			{"unknown field", [][]byte{[]byte(`{"t":"sync","x":1}`)}, websocket.MessageText, websocket.StatusUnsupportedData,
				"err.ws.unknownField", []i18n.Arg{i18n.S("field", `"x"`)}},
		} {
			s := ann.dial(tb.ID, "lang="+lang)
			s.next(outSync)
			for _, f := range tc.frames {
				s.ws.Write(context.Background(), tc.typ, f)
			}
			m := s.next(outError)
			code := strings.TrimPrefix(tc.id, "err.")
			want := shelltext.T(lang, tc.id, tc.args...)
			if got := str(m, "message"); got != want || strings.Contains(got, "⟦") || (lang != "en" && got == shelltext.T("en", tc.id, tc.args...)) {
				t.Errorf("%s, %s: error %q, want %q", lang, tc.name, got, want)
			}
			if got := str(m, "code"); got != code {
				t.Errorf("%s, %s: code %q, want %q", lang, tc.name, got, code)
			}
			select {
			case <-s.done:
			case <-time.After(5 * time.Second):
				t.Fatalf("%s, %s: socket not closed", lang, tc.name)
			}
			var ce websocket.CloseError
			if !errors.As(s.err, &ce) || ce.Code != tc.status || ce.Reason != code {
				t.Errorf("%s, %s: closed with %v, want %v with reason %q", lang, tc.name, s.err, tc.status, code)
			}
		}
	}
}

// Every close reason is a code of the catalogue's (worded in every
// language) and fits the 123 bytes RFC 6455 allows.
func TestSocketCloseReasons(t *testing.T) {
	for _, name := range []string{"unloaded", "slowReader", "writeFailed", "noPong", "tooMany", "binary", "tooBig",
		"unloading", "moved", "shutdown", "seatToBot", "nodeSilent"} {
		reason := wsClose(name)
		if len(reason) > maxCloseReason {
			t.Errorf("close reason %q: %d bytes, over %d", reason, len(reason), maxCloseReason)
		}
		for _, lang := range shelltext.Offered() {
			if m := shelltext.T(lang, "err."+reason); m == "" || m == "err."+reason || strings.Contains(m, "⟦") {
				t.Errorf("%s: close reason %q has no message: %q", lang, reason, m)
			}
		}
	}
	// Every err.ws.* message is such a code.
	for _, id := range shelltext.Bundle().Catalog(i18n.Source).IDs() {
		if name, ok := strings.CutPrefix(id, wsMsg); ok && len(wsClose(name)) > maxCloseReason {
			t.Errorf("%s: code over %d bytes", id, maxCloseReason)
		}
	}
}

// errCode names the innermost catalogue error of a chain, and "internal"
// for an error the catalogue does not word.
func TestErrCode(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{wsErr("tooMany"), "ws.tooMany"},
		{shelltext.Wrap("err.seatBot", shelltext.Errorf("err.bot.budget")), "bot.budget"},
		{shelltext.Wrap("err.options", errors.New("a game's own")), "options"},
		{shelltext.Errorf("cli.rpc.noState"), "rpc.noState"},
		{errors.New("disk full"), "internal"},
	} {
		if got := errCode(tc.err); got != tc.want {
			t.Errorf("errCode(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// Reading a client message with its limit checked by the reader costs
// what the library's Read does: the same allocations (b.ReportAllocs) and
// time, a move-sized message at a time.
func BenchmarkReadFrame(b *testing.B) {
	for _, name := range []string{"library", "read"} {
		b.Run(name, func(b *testing.B) {
			ready := make(chan *websocket.Conn, 1)
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				ws, err := websocket.Accept(w, r, nil)
				if err != nil {
					b.Error(err)
					return
				}
				ready <- ws
				<-r.Context().Done()
			}))
			defer srv.Close()
			client, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
			if err != nil {
				b.Fatal(err)
			}
			defer client.CloseNow()
			ws := <-ready
			ws.SetReadLimit(4096)
			c := &conn{ws: ws, srv: &Server{cfg: Config{MaxFrame: 4096}}, ctx: context.Background()}
			msg := []byte(`{"t":"move","v":12,"id":"k3j9x-17","i":3}`)
			go func() {
				for range b.N {
					if client.Write(context.Background(), websocket.MessageText, msg) != nil {
						return
					}
				}
			}()
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				var got []byte
				var err error
				if name == "library" {
					_, got, err = ws.Read(context.Background())
				} else {
					_, got, err = c.read()
				}
				if err != nil || len(got) != len(msg) {
					b.Fatal(err, len(got))
				}
			}
		})
	}
}
