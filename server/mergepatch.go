package server

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"github.com/jardin-games/jardin/internal/jsonscan"
)

// JSON merge patches (RFC 7386) between two views, computed on the JSON
// alone: the replay sends the first step's view whole and each later step
// as the patch that turns the previous step's view into its own, so the
// server still knows nothing of any game's views.
//
// One extension, because the views' bulk is arrays (gardens, boards, seats)
// of which a move changes one element, and RFC 7386 replaces an array
// whole: an array whose length did not change is patched element by
// element, {"[]":{"3":<patch of element 3>}}, where null sets the element
// to null (an element is never removed). A merge patch cannot set a
// member to null (null means "remove"), and a view's own member named "[]"
// would read as an element patch: a view that needs either where the patch
// would carry it is sent whole instead (mergeDiff's ok is false).

// elemKey is the member of an element patch (the extension above).
const elemKey = "[]"

// member is one member of a JSON object, in the order it was written: its
// key as written (quoted: encoding/json escapes a string one way only, so
// equal keys are equal bytes) and its value.
type member struct {
	key []byte
	val []byte
}

// elemKeyJSON is elemKey as a member's key is written.
var elemKeyJSON = []byte(`"` + elemKey + `"`)

// errJSON is a value the scanner cannot read (never from encoding/json).
var errJSON = jsonscan.ErrMalformed

// members splits a JSON object into its members in order (sharing obj's
// bytes).
func members(obj []byte) ([]member, error) {
	return membersMemo(obj, nil, 0, false)
}

// membersMemo is members, a value memo holds (as its a side, or b side
// when isB) taken as that value without scanning it.
func membersMemo(obj []byte, memo *diffMemo, depth int, isB bool) ([]member, error) {
	return membersAppend(make([]member, 0, 8), obj, memo, depth, isB)
}

// membersAppend is membersMemo appending to out (a caller's scratch, whose
// members then point into obj).
func membersAppend(out []member, obj []byte, memo *diffMemo, depth int, isB bool) ([]member, error) {
	i := jsonscan.SkipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return nil, fmt.Errorf("object: %w", errJSON)
	}
	i = jsonscan.SkipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return out, nil
	}
	for {
		if i >= len(obj) || obj[i] != '"' {
			return nil, fmt.Errorf("object key: %w", errJSON)
		}
		j, err := jsonscan.SkipString(obj, i)
		if err != nil {
			return nil, fmt.Errorf("object key: %w", err)
		}
		key := obj[i:j]
		i = jsonscan.SkipSpace(obj, j)
		if i >= len(obj) || obj[i] != ':' {
			return nil, fmt.Errorf("object member %s: %w", key, errJSON)
		}
		vs := jsonscan.SkipSpace(obj, i+1)
		ve := memo.end(obj, vs, depth, keyTag(key), isB)
		if ve < 0 {
			if ve, err = jsonscan.SkipValue(obj, vs); err != nil {
				return nil, fmt.Errorf("object member %s: %w", key, err)
			}
		}
		out = append(out, member{key, obj[vs:ve]})
		i = jsonscan.SkipSpace(obj, ve)
		if i < len(obj) && obj[i] == ',' {
			i = jsonscan.SkipSpace(obj, i+1)
			continue
		}
		if i < len(obj) && obj[i] == '}' {
			return out, nil
		}
		return nil, fmt.Errorf("object: %w", errJSON)
	}
}

// isObject says whether a JSON value is an object.
func isObject(v []byte) bool {
	v = bytes.TrimLeft(v, " \t\r\n")
	return len(v) > 0 && v[0] == '{'
}

// isNull says whether a JSON value is null.
func isNull(v []byte) bool {
	return string(bytes.TrimSpace(v)) == "null"
}

// mergeable says whether v, put in a merge patch as it is, is applied as v:
// false when v is null or an object holding a null member, or a member
// named "[]", at any depth reached through objects (arrays are taken whole,
// nulls and all).
func mergeable(v []byte) (bool, error) {
	if isNull(v) {
		return false, nil
	}
	if !isObject(v) {
		return true, nil
	}
	ms, err := members(v)
	if err != nil {
		return false, err
	}
	for _, m := range ms {
		if bytes.Equal(m.key, elemKeyJSON) {
			return false, nil
		}
		if ok, err := mergeable(m.val); !ok || err != nil {
			return false, err
		}
	}
	return true, nil
}

// isArray says whether a JSON value is an array.
func isArray(v []byte) bool {
	v = bytes.TrimLeft(v, " \t\r\n")
	return len(v) > 0 && v[0] == '['
}

// valuePatch is the patch that turns the member or element a into b (they
// differ): a merge patch between objects, an element patch between arrays
// of one length (unless b is shorter), else b itself.
func valuePatch(a, b []byte, m *diffMemo, depth int) ([]byte, bool, error) {
	switch {
	case isObject(a) && isObject(b):
		return diff(a, b, m, depth)
	case isArray(a) && isArray(b):
		out, same, err := elementPatch(a, b, m, depth)
		if err != nil {
			return nil, false, err
		}
		if same {
			// A short array may be shorter whole.
			if ok, err := mergeable(b); len(out) < len(b) || !ok || err != nil {
				return out, true, nil
			}
		}
	}
	ok, err := mergeable(b)
	return b, ok, err
}

// elementPatch is the element patch between arrays a and b, scanned side by
// side (no element is decoded or collected: a live table diffs every
// seat's view on every move); same is false when their lengths differ.
func elementPatch(a, b []byte, m *diffMemo, depth int) (out []byte, same bool, err error) {
	pre, suf := common(a, b)
	i, j := jsonscan.SkipSpace(a, 0)+1, jsonscan.SkipSpace(b, 0)+1 // past the brackets
	out = append(make([]byte, 0, 64), `{"[]":{`...)
	first := true
	for n := 0; ; n++ {
		i, j = jsonscan.SkipSpace(a, i), jsonscan.SkipSpace(b, j)
		if i >= len(a) || j >= len(b) {
			return nil, false, fmt.Errorf("array: %w", errJSON)
		}
		if len(a)-i == len(b)-j && len(a)-i <= suf {
			// The rest is the same bytes from an element's start on: the
			// same elements, as many in both.
			return append(out, "}}"...), true, nil
		}
		endA, endB := a[i] == ']', b[j] == ']'
		if endA || endB {
			return append(out, "}}"...), endA && endB, nil
		}
		tag := uint64(n) | 1<<63
		ie, je, sub, ok, hit := m.find(a, b, i, j, depth, tag)
		if hit && !ok {
			return nil, false, nil
		}
		if !hit {
			if ie, err = jsonscan.SkipValue(a, i); err != nil {
				return nil, false, fmt.Errorf("array: %w", err)
			}
			je = ie
			if i != j || ie > pre { // within the common prefix b's element is a's
				if je, err = jsonscan.SkipValue(b, j); err != nil {
					return nil, false, fmt.Errorf("array: %w", err)
				}
			}
			ae, be := a[i:ie], b[j:je]
			sub, ok = nil, true
			if !bytes.Equal(ae, be) {
				// An element has no "remove": null sets it to null.
				sub = be
				if !isNull(be) {
					sub, ok, err = valuePatch(ae, be, m, depth+1)
					if err != nil {
						return nil, false, err
					}
				}
			}
			m.add(ae, be, sub, ok, depth, tag)
			if !ok {
				return nil, false, nil
			}
		}
		if sub != nil {
			if !first {
				out = append(out, ',')
			}
			first = false
			out = strconv.AppendInt(append(out, '"'), int64(n), 10)
			out = append(append(out, `":`...), sub...)
		}
		i, j = jsonscan.SkipSpace(a, ie), jsonscan.SkipSpace(b, je)
		if i < len(a) && a[i] == ',' {
			i++
		}
		if j < len(b) && b[j] == ',' {
			j++
		}
	}
}

// common is the length of a's and b's common prefix and of their common
// suffix, which do not overlap in the shorter. Both are compared eight
// bytes at a time (a view's two versions share most of their bytes: this
// loop was a third of the side-by-side scan's time), the first differing
// byte of a word found from its XOR.
func common(a, b []byte) (pre, suf int) {
	n := min(len(a), len(b))
	for pre+8 <= n {
		if x := binary.LittleEndian.Uint64(a[pre:]) ^ binary.LittleEndian.Uint64(b[pre:]); x != 0 {
			pre += bits.TrailingZeros64(x) / 8
			goto suffix
		}
		pre += 8
	}
	for pre < n && a[pre] == b[pre] {
		pre++
	}
suffix:
	m := n - pre
	for suf+8 <= m {
		if x := binary.BigEndian.Uint64(a[len(a)-suf-8:]) ^ binary.BigEndian.Uint64(b[len(b)-suf-8:]); x != 0 {
			return pre, suf + bits.TrailingZeros64(x)/8
		}
		suf += 8
	}
	for suf < m && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	return pre, suf
}

// nextMember is the index of the next member's key (or of the closing
// brace) after a member whose value ends at obj[i].
func nextMember(obj []byte, i int) int {
	i = jsonscan.SkipSpace(obj, i)
	if i < len(obj) && obj[i] == ',' {
		i++
	}
	return jsonscan.SkipSpace(obj, i)
}

// memberAt reads the member whose key starts at obj[i]: its key is
// obj[i:ke], its value obj[vs:ve], and the next member's key (or the
// closing brace) is at next.
func memberAt(obj []byte, i int) (ke, vs, ve, next int, err error) {
	if ke, err = jsonscan.SkipString(obj, i); err != nil {
		return 0, 0, 0, 0, fmt.Errorf("object key: %w", err)
	}
	vs = jsonscan.SkipSpace(obj, ke)
	if vs >= len(obj) || obj[vs] != ':' {
		return 0, 0, 0, 0, fmt.Errorf("object member %s: %w", obj[i:ke], errJSON)
	}
	vs = jsonscan.SkipSpace(obj, vs+1)
	if ve, err = jsonscan.SkipValue(obj, vs); err != nil {
		return 0, 0, 0, 0, fmt.Errorf("object member %s: %w", obj[i:ke], err)
	}
	return ke, vs, ve, nextMember(obj, ve), nil
}

// keyAt is the key that starts at obj[i], or nil at the closing brace or
// what is not a key.
func keyAt(obj []byte, i int) []byte {
	if i >= len(obj) || obj[i] != '"' {
		return nil
	}
	ke, err := jsonscan.SkipString(obj, i)
	if err != nil {
		return nil
	}
	return obj[i:ke]
}

// holds says whether keys holds key.
func holds(keys [][]byte, key []byte) bool {
	for _, k := range keys {
		if bytes.Equal(k, key) {
			return true
		}
	}
	return false
}

// lockstepDiff is mergeDiff between objects a and b, scanned side by side:
// the common case is one type's view at two versions, its members with the
// same keys in the same order. Within the common prefix a member is
// scanned once, and the scan stops where the rest of both is the same
// bytes. A member present in one view only (an omitempty member that
// appeared or went) is stepped over: a's is noted as removed, b's written
// as added where it stands, which is the patch matching the members by key
// gives (b's members in order, then a's removed ones, in a's order) as long
// as no key stands in both views out of order. When one does, matched is
// false and the caller matches the members by key (diff). ok is false,
// with no error, when the patch cannot be a merge patch.
//
// The keys of an object are taken as distinct, as encoding/json writes
// them.
func lockstepDiff(a, b []byte, m *diffMemo, depth int) (patch []byte, ok, matched bool, err error) {
	pre, suf := common(a, b)
	i, j := jsonscan.SkipSpace(a, 0)+1, jsonscan.SkipSpace(b, 0)+1 // past the braces
	out := append(make([]byte, 0, 64), '{')
	// The keys met in one view only so far: a's (removed, unless the
	// key comes later in b) and b's (added, unless it comes later in a).
	var goneBuf, addedBuf [4][]byte
	gone, added := goneBuf[:0], addedBuf[:0]
	for {
		i, j = jsonscan.SkipSpace(a, i), jsonscan.SkipSpace(b, j)
		if i >= len(a) || j >= len(b) {
			return nil, false, true, fmt.Errorf("object: %w", errJSON)
		}
		endA, endB := a[i] == '}', b[j] == '}'
		if endA && endB || len(a)-i == len(b)-j && len(a)-i <= suf {
			// The end, or the same members from here on. (Once keys
			// differed, the members matched by key would have met a
			// member named "[]" there too: a view holding one is sent
			// whole, which a search of the bytes left rules out.)
			if !endB && (len(gone) > 0 || len(added) > 0) && bytes.Contains(b[j:], elemKeyJSON) {
				return nil, false, false, nil
			}
			for _, k := range gone {
				if len(out) > 1 {
					out = append(out, ',')
				}
				out = append(append(out, k...), ":null"...)
			}
			return append(out, '}'), true, true, nil
		}
		if !endA && a[i] != '"' || !endB && b[j] != '"' {
			return nil, false, true, fmt.Errorf("object key: %w", errJSON)
		}
		ka, kb := keyAt(a, i), keyAt(b, j)
		if !endA && ka == nil || !endB && kb == nil {
			return nil, false, true, fmt.Errorf("object key: %w", errJSON)
		}
		if !endA && !endB && bytes.Equal(ka, kb) {
			key := ka
			if bytes.Equal(key, elemKeyJSON) {
				return nil, false, true, nil
			}
			vi, vj := jsonscan.SkipSpace(a, i+len(key)), jsonscan.SkipSpace(b, j+len(key))
			if vi >= len(a) || vj >= len(b) || a[vi] != ':' || b[vj] != ':' {
				return nil, false, true, fmt.Errorf("object member %s: %w", key, errJSON)
			}
			vi, vj = jsonscan.SkipSpace(a, vi+1), jsonscan.SkipSpace(b, vj+1)
			tag := keyTag(key)
			ie, je, sub, ok, hit := m.find(a, b, vi, vj, depth, tag)
			if !hit {
				if ie, err = jsonscan.SkipValue(a, vi); err != nil {
					return nil, false, true, err
				}
				je = ie
				if vi != vj || ie > pre { // within the common prefix b's value is a's
					if je, err = jsonscan.SkipValue(b, vj); err != nil {
						return nil, false, true, err
					}
				}
				av, bv := a[vi:ie], b[vj:je]
				sub, ok = nil, true
				if !bytes.Equal(av, bv) {
					if sub, ok, err = valuePatch(av, bv, m, depth+1); err != nil {
						return nil, false, true, err
					}
				}
				m.add(av, bv, sub, ok, depth, tag)
			}
			if !ok {
				return nil, false, true, nil
			}
			if sub != nil {
				if len(out) > 1 {
					out = append(out, ',')
				}
				out = append(append(append(out, key...), ':'), sub...)
			}
			i, j = nextMember(a, ie), nextMember(b, je)
			continue
		}
		// A key in one view only here. Which view's member is stepped
		// over: a's, when a's next key is b's (a member went); b's, when
		// b's next key is a's (a member appeared); else both (one went,
		// another came).
		var naA, nbB int // the next members
		var bvs, bve int // b's value
		if !endA {
			var err error
			if _, _, _, naA, err = memberAt(a, i); err != nil {
				return nil, false, true, err
			}
		}
		if !endB {
			var err error
			if _, bvs, bve, nbB, err = memberAt(b, j); err != nil {
				return nil, false, true, err
			}
		}
		stepA, stepB := !endA, !endB
		if stepA && stepB {
			if bytes.Equal(keyAt(a, naA), kb) {
				stepB = false
			} else if bytes.Equal(keyAt(b, nbB), ka) {
				stepA = false
			}
		}
		if stepA {
			if holds(added, ka) {
				return nil, false, false, nil // a key out of order
			}
			gone = append(gone, ka)
			i = naA
		}
		if stepB {
			if holds(gone, kb) {
				return nil, false, false, nil
			}
			// A member that cannot be added in a patch is left to the
			// match by key: it may stand in a further on.
			bv := b[bvs:bve]
			if bytes.Equal(kb, elemKeyJSON) {
				return nil, false, false, nil
			}
			if ok, err := mergeable(bv); !ok || err != nil {
				return nil, false, err != nil, err
			}
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(append(append(out, kb...), ':'), bv...)
			added = append(added, kb)
			j = nbB
		}
	}
}

// mergeDiff is the merge patch that turns the JSON value a into b: "{}" when
// they are the same. ok is false when no merge patch gives b exactly (b
// would need a null member set); the caller then sends b whole. a and b
// come from encoding/json, so equal values are equal bytes.
func mergeDiff(a, b []byte) (patch []byte, ok bool, err error) {
	return diff(a, b, nil, 0)
}

// diff is mergeDiff with m, the memo of the values diffed before (nil:
// none), at depth (0: the views themselves).
func diff(a, b []byte, memo *diffMemo, depth int) (patch []byte, ok bool, err error) {
	if !isObject(a) || !isObject(b) {
		if isObject(b) {
			ok, err = mergeable(b)
		} else {
			ok = !isNull(b) // a patch of null would read as "no view"
		}
		return b, ok, err
	}
	if patch, ok, matched, err := lockstepDiff(a, b, memo, depth); matched || err != nil {
		return patch, ok, err
	}
	am, err := membersMemo(a, memo, depth, false)
	if err != nil {
		return nil, false, err
	}
	bm, err := membersMemo(b, memo, depth, true)
	if err != nil {
		return nil, false, err
	}
	// Members are matched by key; encoding/json writes a type's members in
	// one order, so the member at the same index is tried first.
	used := make([]bool, len(am))
	find := func(j int, key []byte) int {
		if j < len(am) && !used[j] && bytes.Equal(am[j].key, key) {
			return j
		}
		for i := range am {
			if !used[i] && bytes.Equal(am[i].key, key) {
				return i
			}
		}
		return -1
	}
	out := append(make([]byte, 0, 64), '{')
	add := func(key, val []byte) {
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(out, key...), ':'), val...)
	}
	for j, m := range bm {
		if bytes.Equal(m.key, elemKeyJSON) {
			return nil, false, nil
		}
		i := find(j, m.key)
		if i >= 0 {
			used[i] = true
		}
		switch {
		case i >= 0:
			tag := keyTag(m.key)
			sub, ok, hit := memo.same(am[i].val, m.val, depth, tag)
			if !hit {
				sub, ok = nil, true
				if !bytes.Equal(am[i].val, m.val) {
					if sub, ok, err = valuePatch(am[i].val, m.val, memo, depth+1); err != nil {
						return nil, false, err
					}
				}
				memo.add(am[i].val, m.val, sub, ok, depth, tag)
			}
			if !ok {
				return nil, false, nil
			}
			if sub != nil {
				add(m.key, sub)
			}
		default:
			if ok, err := mergeable(m.val); !ok || err != nil {
				return nil, false, err
			}
			add(m.key, m.val)
		}
	}
	for i, m := range am { // removed members, in a's order
		if !used[i] {
			add(m.key, []byte("null"))
		}
	}
	return append(out, '}'), true, nil
}

// ApplyMergePatch is the value a view patch (mergeDiff) turns target into,
// on decoded JSON: RFC 7386's MergePatch where {"[]":{"3":…}} patches an
// array's elements, as a client applies it (web/src/patch.ts is the
// page's; the server's tests use this one). A patch
// that does not fit target (an element out of range) is skipped there.
func ApplyMergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	if elems, ok := p[elemKey].(map[string]any); ok {
		if arr, ok := target.([]any); ok {
			out := slices.Clone(arr)
			for k, v := range elems {
				if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(out) {
					out[i] = ApplyMergePatch(out[i], v)
				}
			}
			return out
		}
	}
	t, _ := target.(map[string]any)
	out := make(map[string]any, len(t)+len(p))
	for k, v := range t {
		out[k] = v
	}
	for k, v := range p {
		if v == nil {
			delete(out, k)
		} else {
			out[k] = ApplyMergePatch(out[k], v)
		}
	}
	return out
}

// diffMemo remembers the large values one broadcast has diffed, so that
// the next seat's diff takes a member or element it shares with a seat
// diffed before (a board, a market, the other seats' public parts: most of
// a view is the same for every seat at one version) from the memo: found
// by comparing bytes, which is far cheaper than scanning them, and its
// patch is the one computed before. The patch between two values is a
// function of their bytes alone, so a hit gives what the diff would, and
// no seat is told anything its own two views do not say.
//
// Only objects, arrays and strings of memoMin bytes or more are kept: a
// value that starts with a kept one's bytes is that value (its brackets or
// quotes close where the kept one's do).
type diffMemo struct {
	entries []memoEntry
	n       int // entries in use (the rest keep their buffers for reuse)
	hits    int // values found (for the tests)
}

type memoEntry struct {
	depth int
	tag   uint64 // the member's key (keyTag) or the element's index
	a, b  []byte // the values, copied
	patch []byte // their patch, unless equal
	equal bool
	ok    bool // a merge patch can express it
}

const (
	memoMin     = 128 // smaller values cost less to scan than to look up
	memoEntries = 64
)

// keyTag is a member key's tag in the memo (FNV-1a).
func keyTag(key []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range key {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h &^ (1 << 63) // elements set the top bit
}

// reset empties m for the next broadcast, keeping its buffers.
func (m *diffMemo) reset() {
	if m != nil {
		m.n, m.hits = 0, 0
	}
}

// find looks up the values starting at a[i] and b[j]: hit says whether m
// holds them, and then ie and je are their ends, sub their patch (nil:
// equal) and ok whether a merge patch can express it.
func (m *diffMemo) find(a, b []byte, i, j, depth int, tag uint64) (ie, je int, sub []byte, ok, hit bool) {
	if m == nil {
		return 0, 0, nil, false, false
	}
	for k := range m.n {
		e := &m.entries[k]
		if e.tag == tag && e.depth == depth && bytes.HasPrefix(a[i:], e.a) && bytes.HasPrefix(b[j:], e.b) {
			m.hits++
			if e.equal {
				return i + len(e.a), j + len(e.b), nil, e.ok, true
			}
			return i + len(e.a), j + len(e.b), e.patch, e.ok, true
		}
	}
	return 0, 0, nil, false, false
}

// end is the end of the value at obj[i] when memo holds it (as its a side,
// or b side when isB), else -1.
func (m *diffMemo) end(obj []byte, i, depth int, tag uint64, isB bool) int {
	if m == nil {
		return -1
	}
	for k := range m.n {
		e := &m.entries[k]
		v := e.a
		if isB {
			v = e.b
		}
		if e.tag == tag && e.depth == depth && bytes.HasPrefix(obj[i:], v) {
			m.hits++
			return i + len(v)
		}
	}
	return -1
}

// same is find for the values av and bv already delimited.
func (m *diffMemo) same(av, bv []byte, depth int, tag uint64) (sub []byte, ok, hit bool) {
	if m == nil {
		return nil, false, false
	}
	for k := range m.n {
		e := &m.entries[k]
		if e.tag == tag && e.depth == depth && bytes.Equal(av, e.a) && bytes.Equal(bv, e.b) {
			m.hits++
			if e.equal {
				return nil, e.ok, true
			}
			return e.patch, e.ok, true
		}
	}
	return nil, false, false
}

// add keeps av and bv, whose patch is sub, when they are large enough.
func (m *diffMemo) add(av, bv, sub []byte, ok bool, depth int, tag uint64) {
	if m == nil || m.n == memoEntries || len(av) < memoMin || len(bv) < memoMin || !bracketed(av) || !bracketed(bv) {
		return
	}
	if m.n == len(m.entries) {
		m.entries = append(m.entries, memoEntry{})
	}
	e := &m.entries[m.n]
	m.n++
	e.depth, e.tag, e.ok = depth, tag, ok
	e.a = append(e.a[:0], av...)
	e.b = append(e.b[:0], bv...)
	e.equal = sub == nil
	e.patch = append(e.patch[:0], sub...)
}

// bracketed says whether v is an object, an array or a string: a value
// whose end its bytes tell.
func bracketed(v []byte) bool {
	return len(v) > 0 && (v[0] == '{' || v[0] == '[' || v[0] == '"')
}
