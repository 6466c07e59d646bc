package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/store"
)

// encoders encodes state messages with reused buffers. Under load the
// garbage collector, not the CPU, set the tail latency: a move's messages
// were marshalled into fresh buffers grown by doubling, then copied into
// the message, about 88 KB of garbage a move for a 4-seat table, and each
// collection's assists stalled the tables' goroutines for tens of
// milliseconds. Encoding into a pooled buffer leaves one allocation per
// message, of its exact size.
type encoders struct {
	pool  sync.Pool
	memos sync.Pool // *diffMemo, one a broadcast (table.applied)
}

// memo is an empty diff memo for one broadcast; give it back with putMemo.
func (p *encoders) memo() *diffMemo {
	if m, ok := p.memos.Get().(*diffMemo); ok {
		return m
	}
	return &diffMemo{}
}

func (p *encoders) putMemo(m *diffMemo) {
	m.reset()
	p.memos.Put(m)
}

type encoder struct {
	buf  bytes.Buffer
	json *json.Encoder
}

func (p *encoders) get() *encoder {
	if e, ok := p.pool.Get().(*encoder); ok {
		e.buf.Reset()
		return e
	}
	e := &encoder{}
	e.json = json.NewEncoder(&e.buf)
	return e
}

// encode appends v's JSON (as json.Marshal writes it) to e's buffer. A
// game's view that writes its own JSON (engine.JSONAppender) does so: the
// same bytes without reflection, encoding/json having been the largest part
// of the server's CPU a move (docs/performance.md, issue 24).
func (e *encoder) encode(v any) {
	if a, ok := v.(engine.JSONAppender); ok {
		e.buf.Write(a.AppendJSON(e.buf.AvailableBuffer()))
		return
	}
	if err := e.json.Encode(v); err != nil {
		// Only our own message types are encoded here, and views that
		// the engine contract makes JSON-serialisable.
		panic(fmt.Sprintf("server: marshal %T: %v", v, err))
	}
	e.buf.Truncate(e.buf.Len() - 1) // Encode's newline
}

// stateMsg is a sync or an update: a message with a view (or an update's
// patch of it) and maybe a result, which state writes after the rest.
type stateMsg interface {
	// split returns the message without its view, patch and result (and,
	// for an update, its legal moves), and them. A view that is already
	// JSON (json.RawMessage: a table encodes each seat's view once per
	// version) is spliced in as it is.
	split() (head any, legal []engine.MoveDesc, view any, patch, result json.RawMessage)
}

func (m syncMsg) split() (any, []engine.MoveDesc, any, json.RawMessage, json.RawMessage) {
	view, result := m.View, m.Result
	m.View, m.Result = nil, nil
	return m, nil, view, nil, result
}

// updateHead is updateMsg without the members state writes itself. A
// conversion between the two compiles only while their fields are the
// same, so a member added to updateMsg cannot be left out here.
type updateHead struct {
	T       string            `json:"t"`
	V       int               `json:"v"`
	From    int               `json:"from"`
	Status  store.Status      `json:"status"`
	ToMove  int               `json:"toMove"`
	Prompt  string            `json:"prompt,omitempty"`
	Legal   []engine.MoveDesc `json:"-"`
	Events  []eventOut        `json:"events,omitempty"`
	Seats   []seatInfo        `json:"seats"`
	Clocks  clockInfo         `json:"clocks"`
	Undo    *int              `json:"undo,omitempty"`
	Record  string            `json:"record,omitempty"`
	Rematch string            `json:"rematch,omitempty"`
	Offer   *offerInfo        `json:"offer,omitempty"`
	View    any               `json:"-"`
	Patch   json.RawMessage   `json:"-"`
	Result  json.RawMessage   `json:"-"`
}

func (m updateMsg) split() (any, []engine.MoveDesc, any, json.RawMessage, json.RawMessage) {
	return updateHead(m), m.Legal, m.View, m.Patch, m.Result
}

// appendLegal appends the legal moves as encoding/json writes them
// (engine.MoveDesc.MarshalJSON, then compacted): the seat to move's update
// lists them all, and through its Marshaler encoding/json marshalled each
// name and id alone, then scanned the whole again. ok is false when a
// description cannot be written (a part named "kind": MarshalJSON's error).
func appendLegal(b []byte, legal []engine.MoveDesc) ([]byte, bool) {
	b = append(b, '[')
	for i, d := range legal {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(append(b, `{"kind":`...), d.Kind)
		for _, p := range d.Parts {
			if p.Name == "kind" {
				return b, false
			}
			b = appendJSONString(append(b, ','), p.Name)
			b = appendJSONString(append(b, ':'), p.ID)
		}
		b = append(b, '}')
	}
	return append(b, ']'), true
}

// appendJSONString appends s as encoding/json writes a string: quoted, and
// anything but printable ASCII other than the quote, the backslash and
// <, > and & (which it escapes for HTML) left to encoding/json itself.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// state writes a sync or update message: m with its view (nil: none), its
// patch and its result spliced in as they are (encoding/json would scan a
// RawMessage again to compact it, which doubled the cost of a move). The
// shape is the declared type's: TestEncodeStateMatchesMarshal compares it
// with json.Marshal of m.
func (p *encoders) state(m stateMsg) []byte {
	e := p.get()
	defer p.pool.Put(e)
	head, legal, view, patch, result := m.split()
	e.encode(head)
	if len(legal) > 0 {
		// Spliced before the closing brace, which comes back after them.
		e.buf.Truncate(e.buf.Len() - 1)
		b, ok := appendLegal(append(e.buf.AvailableBuffer(), `,"legal":`...), legal)
		if !ok {
			e.encode(legal) // panics with MarshalJSON's error
		}
		e.buf.Write(append(b, '}'))
	}
	end := e.buf.Len() - 1 // without the closing brace
	raw, isRaw := view.(json.RawMessage)
	if view != nil && !isRaw {
		e.encode(view)
	}
	size := e.buf.Len() + len(raw) + len(patch) + len(result) // the brace dropped from the head comes back at the end
	if view != nil {
		size += len(`,"view":`)
	}
	if patch != nil {
		size += len(`,"patch":`)
	}
	if result != nil {
		size += len(`,"result":`)
	}
	b := make([]byte, 0, size)
	all := e.buf.Bytes()
	b = append(b, all[:end]...)
	switch {
	case isRaw:
		b = append(append(b, `,"view":`...), raw...)
	case view != nil:
		b = append(append(b, `,"view":`...), all[end+1:]...)
	}
	if patch != nil {
		b = append(append(b, `,"patch":`...), patch...)
	}
	if result != nil {
		b = append(append(b, `,"result":`...), result...)
	}
	return append(b, '}')
}
