package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
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

// encode appends v's JSON (as json.Marshal writes it) to e's buffer.
func (e *encoder) encode(v any) {
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
	// split returns the message without its view, patch and result, and
	// them. A view that is already JSON (json.RawMessage: a table encodes
	// each seat's view once per version) is spliced in as it is.
	split() (head any, view any, patch, result json.RawMessage)
}

func (m syncMsg) split() (any, any, json.RawMessage, json.RawMessage) {
	view, result := m.View, m.Result
	m.View, m.Result = nil, nil
	return m, view, nil, result
}

func (m updateMsg) split() (any, any, json.RawMessage, json.RawMessage) {
	view, patch, result := m.View, m.Patch, m.Result
	m.View, m.Patch, m.Result = nil, nil, nil
	return m, view, patch, result
}

// state writes a sync or update message: m with its view (nil: none), its
// patch and its result spliced in as they are (encoding/json would scan a
// RawMessage again to compact it, which doubled the cost of a move). The
// shape is the declared type's: TestEncodeStateMatchesMarshal compares it
// with json.Marshal of m.
func (p *encoders) state(m stateMsg) []byte {
	e := p.get()
	defer p.pool.Put(e)
	head, view, patch, result := m.split()
	e.encode(head)
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
