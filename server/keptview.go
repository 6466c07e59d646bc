package server

import (
	"bytes"
	"sync"
)

// The table keeps each connected seat's view at the latest version, the
// base of the seat's next patch: about 4.6 KB a seat in a 4-seat
// schlossgarten game, 34 MB of the live heap at 2,000 tables. Three
// quarters of those bytes are the same for every seat at one version (the
// board, the market, the other seats' public parts). keptView keeps a
// view's large top-level members once per table and version, shared by
// the seats whose views hold the same bytes, and each seat's other bytes
// as its own. Joined again (appendTo), a kept view is the seat's view byte
// for byte: a seat's patch is still computed from that seat's own two
// views only, and sharing bytes between the kept values of one table tells
// no seat anything (nothing kept is sent; only the seat's own view, joined
// again, is diffed and sent).

// keptShareMin is the smallest member value kept once for all seats:
// smaller ones cost more to look up and reference than to copy.
const keptShareMin = 128

// keptView is one seat's view as kept: its bytes in order, runs of the
// seat's own (parts of own) and member values shared with the table's
// other seats at the same version.
type keptView struct {
	runs [][]byte
	n    int // the view's length
}

// keptShare is what a table's kept views share at one version: member
// values by their key (as written, quoted).
type keptShare struct {
	v    int
	vals map[string][]byte
}

// appendTo appends the view's bytes to b.
func (k keptView) appendTo(b []byte) []byte {
	for _, r := range k.runs {
		b = append(b, r...)
	}
	return b
}

// keepView is view (at the table's current version) as kept: its
// top-level members of keptShareMin bytes or more are shared with the
// other seats' kept views at this version whose same member has the same
// bytes. view is the caller's (copied, never referenced).
func (t *table) keepView(view []byte) keptView {
	if t.shared.v != t.version || t.shared.vals == nil {
		// The values of the version before stay referenced by the views
		// still kept from it; the map starts again.
		t.shared = keptShare{v: t.version, vals: map[string][]byte{}}
	}
	var msBuf [32]member // a view's top-level members, on the stack (one broadcast made 4 KB of them a seat)
	ms, err := membersAppend(msBuf[:0], view, nil, 0, false)
	if err != nil {
		// Not an object (no game's view): kept whole.
		return keptView{runs: [][]byte{bytes.Clone(view)}, n: len(view)}
	}
	// The seat's own bytes, in one buffer: everything but the shared
	// values. Runs are made in a second pass, once own no longer moves.
	type piece struct {
		shared []byte // nil: own[from:to]
		from   int
		to     int
	}
	var piecesBuf [64]piece // on the stack for any view of up to 32 shared members
	pieces := piecesBuf[:0]
	tmp := getViewBuf()
	defer putViewBuf(tmp)
	own := *tmp
	at := 0 // view's bytes before at are in pieces
	for _, m := range ms {
		if len(m.val) < keptShareMin {
			continue
		}
		start := cap(view) - cap(m.val)          // m.val is a part of view
		s, found := t.shared.vals[string(m.key)] // no string allocated for a lookup
		if !found {
			s = bytes.Clone(m.val)
			t.shared.vals[string(m.key)] = s
		} else if !bytes.Equal(s, m.val) {
			continue // this seat's member differs: its own bytes
		}
		if start > at {
			pieces = append(pieces, piece{from: len(own), to: len(own) + start - at})
			own = append(own, view[at:start]...)
		}
		pieces = append(pieces, piece{shared: s})
		at = start + len(m.val)
	}
	if at < len(view) {
		pieces = append(pieces, piece{from: len(own), to: len(own) + len(view) - at})
		own = append(own, view[at:]...)
	}
	*tmp = own
	own = bytes.Clone(own) // exact size
	k := keptView{runs: make([][]byte, len(pieces)), n: len(view)}
	for i, p := range pieces {
		if p.shared != nil {
			k.runs[i] = p.shared
		} else {
			k.runs[i] = own[p.from:p.to:p.to]
		}
	}
	return k
}

// viewBufs are the buffers views are joined into for the moment they are
// diffed or sent.
var viewBufs = sync.Pool{New: func() any { return new([]byte) }}

func getViewBuf() *[]byte  { return viewBufs.Get().(*[]byte) }
func putViewBuf(b *[]byte) { *b = (*b)[:0]; viewBufs.Put(b) }
