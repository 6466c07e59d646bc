package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/coder/websocket"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// The socket's own errors and close reasons are worded by the catalogue
// (err.ws.*), as every error a person or a program may read: a refused
// frame gets {"t":"error","code","message"}, the message in the socket's
// language (its ?lang=, else the page's: serveWS) and the code for a
// program, which never parses a sentence. The code is the message's id
// without "err." ("ws.tooMany"), as `jardin rpc`'s codes are theirs
// without "cli." (docs/server.md lists them).
//
// A close reason is the code alone: the WebSocket protocol allows 123 bytes
// of reason, and a sentence in some language could pass that where a code
// never does; the page never shows a close reason (it says the connection
// is lost and reconnects), a program reads the code. The log keeps the code
// too: operators read it in docs/server.md's table, in English.

// wsMsg is the id prefix of the socket's errors.
const wsMsg = "err.ws."

// maxCloseReason is the longest close reason RFC 6455 allows (a control
// frame's 125 bytes of payload, less the status code's two).
const maxCloseReason = 123

// wsErr is the socket error of message err.ws.<name>.
func wsErr(name string, args ...i18n.Arg) *shelltext.Error {
	return shelltext.Errorf(wsMsg+name, args...)
}

// wsClose is the close reason of socket error err.ws.<name>: its code.
func wsClose(name string) string { return "ws." + name }

// errCode is err's code: the id of the innermost catalogue error of its
// chain (the most precise: "seat 2: ismcts:fast: not a budget" is the
// bot's bot.budget, not the seat's), without its "err." or "cli."; err
// "internal" when the catalogue does not word it.
func errCode(err error) string {
	code := "internal"
	for e := err; e != nil; e = errors.Unwrap(e) {
		if se, ok := e.(*shelltext.Error); ok {
			code = se.ID
		}
	}
	if c, ok := strings.CutPrefix(code, "err."); ok {
		return c
	}
	return strings.TrimPrefix(code, "cli.")
}

// badFrame words a strict JSON decoder's refusal of a client message: what
// is wrong with it, for the cases a client meets (not JSON, cut short, not
// an object, a field unknown or of the wrong type); any other is "not a
// JSON object", never the decoder's English.
func badFrame(err error) *shelltext.Error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return wsErr("badJSON", i18n.S("offset", strconv.FormatInt(syntax.Offset, 10)))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return wsErr("cutShort")
	case errors.As(err, &typ) && typ.Field == "":
		return wsErr("notObject")
	case errors.As(err, &typ):
		return wsErr("badType", i18n.S("field", quoted(typ.Field)))
	}
	// encoding/json has no type for an unknown field: its message is
	// `json: unknown field "name"`.
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if u, uerr := strconv.Unquote(f); uerr == nil {
			f = quoted(u)
		}
		return wsErr("unknownField", i18n.S("field", f))
	}
	return wsErr("notObject")
}

// quoted is a client's word as an error quotes it: in Go's quotes, cut to
// a length a line can show (a frame may carry kilobytes), on a rune.
func quoted(s string) string {
	const max = 40
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

// refuse sends a client the refusal of its message, err in the socket's
// language with its code, then closes the socket with status and the code.
func (c *conn) refuse(status websocket.StatusCode, err error) {
	c.srv.met.badFrames.Inc()
	code := errCode(err)
	c.reply(mustJSON(errorMsg{T: outError, Code: code, Message: errorIn(err, c.lang)}))
	c.closeWith(status, code)
}

// errFrameTooBig is a client message over cfg.MaxFrame (read).
var errFrameTooBig = fmt.Errorf("frame over the limit: %w", websocket.ErrMessageTooBig)

// read reads one client message of at most cfg.MaxFrame bytes. The limit
// is checked here rather than left to the library's read limit, which
// closes the socket itself with its own English reason ("read limited at
// N bytes") before the reader can send its refusal: read never asks for
// more than one byte past the limit, which the library's limit (the
// frame limit plus the one byte it reads ahead) still allows. It reads as
// io.ReadAll does (the library's Read), with no allocation of its own.
func (c *conn) read() (websocket.MessageType, []byte, error) {
	// inFrames (conn_input.go) says errIdle, rather than wait deep in the
	// library, only while the reader is in here.
	c.in.reading.Store(true)
	defer c.in.reading.Store(false)
	typ, r, err := c.ws.Reader(c.ioCtx()) // conn_io.go
	if err != nil {
		return 0, nil, err
	}
	limit := c.srv.cfg.MaxFrame
	b := make([]byte, 0, min(512, limit+1))
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // let append grow it
		}
		n, err := r.Read(b[len(b):min(cap(b), limit+1)])
		b = b[:len(b)+n]
		switch {
		case len(b) > limit:
			return 0, nil, errFrameTooBig
		case err == io.EOF:
			return typ, b, nil
		case err != nil:
			return 0, nil, err
		}
	}
}
