package main

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// The protocol's errors are sentences for the person reading a program's
// log, so they come from the shell catalogue (cli.rpc.*, in the session's
// language: --lang, else the environment), and each carries a code for
// the program itself, which must never parse a sentence: the message's id
// without its "cli." ("rpc.noState"). docs/research.md lists the codes.

// rpcMsg is the id prefix of the protocol's messages; a code is the id
// without "cli.".
const rpcMsg = "cli.rpc."

// rpcInternal is the code of an error the catalogue does not word for the
// protocol: the engine's own, a bug of a game.
const rpcInternal = "rpc.internal"

// errorAnswer is an error's answer: the sentence and its code.
type errorAnswer struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// rpcErr is an error of message cli.rpc.<name>.
func rpcErr(name string, args ...i18n.Arg) error { return shelltext.Errorf(rpcMsg+name, args...) }

// rpcCode is err's code: its message's name, else rpc.internal.
func rpcCode(err error) string {
	var se *shelltext.Error
	if errors.As(err, &se) && strings.HasPrefix(se.ID, rpcMsg) {
		return strings.TrimPrefix(se.ID, "cli.")
	}
	return rpcInternal
}

// errAnswer is err's answer in the session's language, on one line of
// bounded length (an error may quote a request of megabytes).
func (srv *rpcServer) errAnswer(err error) errorAnswer {
	return errorAnswer{Error: oneLine(errText(err, srv.lang)), Code: rpcCode(err)}
}

// badRequest words a strict decoder's refusal: what is wrong with the
// line, in the catalogue's words, for the cases a program meets (not
// JSON, cut short, not an object, a field unknown or of the wrong type);
// any other keeps the decoder's own words inside the catalogue's sentence.
func badRequest(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return rpcErr("badJSON", i18n.S("offset", strconv.FormatInt(syntax.Offset, 10)))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return rpcErr("cutShort")
	case errors.As(err, &typ) && typ.Field == "":
		return rpcErr("notObject")
	case errors.As(err, &typ):
		return rpcErr("badType", i18n.S("field", strconv.Quote(typ.Field)))
	}
	// encoding/json has no type for an unknown field: its message is
	// `json: unknown field "name"`.
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return rpcErr("unknownField", i18n.S("field", f))
	}
	return rpcErr("badRequest", i18n.S("err", err.Error()))
}

// rpcOps lists the ops, for the error naming an unknown one.
const rpcOps = "games, new, legal, apply, step, notation, view, observation, determinize, clone, free, result, batch"

// quoted is s as an error quotes it: in Go's quotes, cut to a length a
// line can show (an unknown game's name may be megabytes).
func quoted(s string) string {
	const max = 200
	if len(s) > max {
		return strconv.Quote(s[:max]) + "…"
	}
	return strconv.Quote(s)
}

// num is an integer argument that chooses no plural form.
func num(name string, n int64) i18n.Arg { return i18n.S(name, strconv.FormatInt(n, 10)) }
