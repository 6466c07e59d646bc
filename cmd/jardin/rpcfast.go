package main

import (
	"encoding/json"
	"strconv"
)

// The fast path of jardin rpc: a program playing many games spends most of
// the engine's time decoding requests and encoding answers, not playing
// (docs/performance.md, "jardin rpc"). encoding/json decodes each request
// by reflection, and a batch twice (the batch as raw messages, then each
// request); it encodes each answer from a map, sorting its keys.
//
// parseFast reads the requests programs send in the hot loop (apply, legal,
// step, new without options, free, and batches of them) in one pass with no
// reflection. It accepts only what it reads exactly as decodeRequest would:
// keys spelt exactly as documented, each at most once, strings without
// escapes or non-ASCII bytes, integers without fraction or exponent. On
// anything else it declines and decodeRequest, the reference, reads the
// line (FuzzRPCFastParse checks that the two agree on every line the fast
// path accepts). The answers of legal, apply and step are typed and
// appended to a byte buffer directly (appendAnswer).

// fastParser reads one line.
type fastParser struct {
	b []byte
	i int
}

// parseFast reads line as one request, or declines (false).
func parseFast(line []byte) (rpcRequest, bool) {
	p := fastParser{b: line}
	req, ok := p.object(true)
	if !ok {
		return rpcRequest{}, false
	}
	p.space()
	if p.i != len(p.b) {
		return rpcRequest{}, false
	}
	return req, true
}

func (p *fastParser) space() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// byte consumes c after white space.
func (p *fastParser) byte(c byte) bool {
	p.space()
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// str reads a string of printable ASCII without escapes.
func (p *fastParser) str() (string, bool) {
	b, ok := p.raw()
	return string(b), ok
}

// raw reads a string of printable ASCII without escapes, as the bytes of
// the line.
func (p *fastParser) raw() ([]byte, bool) {
	if !p.byte('"') {
		return nil, false
	}
	start := p.i
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return p.b[start : p.i-1], true
		case c == '\\' || c < 0x20 || c >= 0x80:
			return nil, false
		}
		p.i++
	}
	return nil, false
}

// op reads the op: a known op is the constant string (no allocation per
// request), another one a copy.
func (p *fastParser) op() (string, bool) {
	b, ok := p.raw()
	if !ok {
		return "", false
	}
	switch string(b) {
	case "apply":
		return "apply", true
	case "legal":
		return "legal", true
	case "step":
		return "step", true
	case "new":
		return "new", true
	case "free":
		return "free", true
	case "batch":
		return "batch", true
	}
	return string(b), true
}

// digits reads a JSON integer's text: an optional minus when signed, then 0
// or a digit 1-9 and more digits, not followed by a fraction or an
// exponent. At most 18 digits, so that any value fits in an int64.
func (p *fastParser) digits(signed bool) (string, bool) {
	p.space()
	start := p.i
	if signed && p.i < len(p.b) && p.b[p.i] == '-' {
		p.i++
	}
	first := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	n := p.i - first
	if n == 0 || n > 18 || n > 1 && p.b[first] == '0' {
		return "", false
	}
	if p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		return "", false
	}
	return string(p.b[start:p.i]), true
}

func (p *fastParser) int64() (int64, bool) {
	s, ok := p.digits(true)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

// int reads an int that also fits in 32 bits, whatever the platform.
func (p *fastParser) int() (int, bool) {
	v, ok := p.int64()
	if !ok || v != int64(int32(v)) {
		return 0, false
	}
	return int(v), true
}

func (p *fastParser) bool() (bool, bool) {
	p.space()
	rest := p.b[p.i:]
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "true":
		p.i += 4
		return true, true
	case len(rest) >= 5 && string(rest[:5]) == "false":
		p.i += 5
		return false, true
	}
	return false, false
}

// list reads a JSON array, each element by elem.
func (p *fastParser) list(elem func() bool) bool {
	if !p.byte('[') {
		return false
	}
	if p.byte(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if p.byte(']') {
			return true
		}
		if !p.byte(',') {
			return false
		}
	}
}

// object reads one request; top is false inside a batch, where a request
// holding requests is left to decodeRequest.
func (p *fastParser) object(top bool) (rpcRequest, bool) {
	var req rpcRequest
	if !p.byte('{') {
		return req, false
	}
	var seen uint32
	if p.byte('}') {
		return req, false // no op: decodeRequest words the error
	}
	for {
		key, ok := p.raw()
		if !ok || !p.byte(':') {
			return req, false
		}
		bit, known := fastKeys[string(key)]
		if !known || seen&bit != 0 {
			return req, false
		}
		seen |= bit
		switch string(key) {
		case "op":
			req.Op, ok = p.op()
		case "game":
			req.Game, ok = p.str()
		case "players":
			req.Players, ok = p.int()
		case "seed":
			var s string
			if s, ok = p.digits(false); ok {
				v, err := strconv.ParseUint(s, 10, 64)
				req.Seed, ok = &v, err == nil
			}
		case "state":
			var v int64
			v, ok = p.int64()
			req.State = &v
		case "action":
			var v int
			v, ok = p.int()
			req.Action = &v
		case "player":
			var v int
			v, ok = p.int()
			req.Player = &v
		case "legal":
			req.Legal, ok = p.bool()
		case "moves":
			req.Moves, ok = p.bool()
		case "states":
			req.States = []int64{}
			ok = p.list(func() bool {
				v, ok := p.int64()
				req.States = append(req.States, v)
				return ok
			})
		case "actions":
			req.Actions = []int{}
			ok = p.list(func() bool {
				v, ok := p.int()
				req.Actions = append(req.Actions, v)
				return ok
			})
		case "requests":
			if !top {
				return req, false
			}
			req.parsed = []rpcRequest{}
			ok = p.list(func() bool {
				sub, ok := p.object(false)
				req.parsed = append(req.parsed, sub)
				return ok
			})
			req.Requests = make([]json.RawMessage, len(req.parsed)) // the count, as decodeRequest gives it
		}
		if !ok {
			return req, false
		}
		if p.byte('}') {
			break
		}
		if !p.byte(',') {
			return req, false
		}
	}
	if req.Op == "" {
		return req, false
	}
	return req, true
}

// fastKeys are the request fields the fast path reads, each a bit of the
// keys seen (options is left to decodeRequest).
var fastKeys = map[string]uint32{
	"op": 1 << 0, "game": 1 << 1, "players": 1 << 2, "seed": 1 << 3, "state": 1 << 4, "action": 1 << 5,
	"player": 1 << 6, "legal": 1 << 7, "moves": 1 << 8, "states": 1 << 9, "actions": 1 << 10, "requests": 1 << 11,
}

// legalAnswer answers legal, and apply and step with "legal": the seat to
// decide (-1 at the end) and its legal actions, sorted.
type legalAnswer struct {
	Actions []int `json:"actions"`
	Player  int   `json:"player"`
}

// playerAnswer answers apply: the seat to decide next.
type playerAnswer struct {
	Player int `json:"player"`
}

// stateAnswer answers new, clone and determinize.
type stateAnswer struct {
	State int64 `json:"state"`
}

// batchAnswer answers batch.
type batchAnswer struct {
	Answers []any `json:"answers"`
}

// stepAnswer answers step: per state, the seat to decide next and, with
// "legal", its legal actions.
type stepAnswer struct {
	Actions [][]int `json:"actions,omitempty"`
	Players []int   `json:"players"`
}

// appendAnswer appends a's JSON to buf: the typed answers directly, the
// others through encoding/json (the same bytes json.Marshal gives).
func appendAnswer(buf []byte, a any) ([]byte, error) {
	switch a := a.(type) {
	case *legalAnswer:
		buf = append(buf, `{"actions":`...)
		buf = appendInts(buf, a.Actions)
		buf = append(buf, `,"player":`...)
		buf = strconv.AppendInt(buf, int64(a.Player), 10)
		return append(buf, '}'), nil
	case playerAnswer:
		buf = append(buf, `{"player":`...)
		buf = strconv.AppendInt(buf, int64(a.Player), 10)
		return append(buf, '}'), nil
	case stateAnswer:
		buf = append(buf, `{"state":`...)
		buf = strconv.AppendInt(buf, a.State, 10)
		return append(buf, '}'), nil
	case *stepAnswer:
		buf = append(buf, '{')
		if a.Actions != nil {
			buf = append(buf, `"actions":[`...)
			for i, x := range a.Actions {
				if i > 0 {
					buf = append(buf, ',')
				}
				buf = appendInts(buf, x)
			}
			buf = append(buf, "],"...)
		}
		buf = append(buf, `"players":`...)
		buf = appendInts(buf, a.Players)
		return append(buf, '}'), nil
	case batchAnswer:
		buf = append(buf, `{"answers":[`...)
		for i, x := range a.Answers {
			if i > 0 {
				buf = append(buf, ',')
			}
			var err error
			if buf, err = appendAnswer(buf, x); err != nil {
				return buf, err
			}
		}
		return append(buf, "]}"...), nil
	}
	b, err := json.Marshal(a)
	return append(buf, b...), err
}

func appendInts(buf []byte, xs []int) []byte {
	buf = append(buf, '[')
	for i, x := range xs {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendInt(buf, int64(x), 10)
	}
	return append(buf, ']')
}
