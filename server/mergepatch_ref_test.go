package server

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/jardin-games/jardin/internal/jsonscan"
)

// The merge-patch diff as it was before the side-by-side scan learnt to step
// over a member present in one view only and the common prefix and suffix
// were compared eight bytes at a time (commit 1237ec2), kept word for word
// (its functions renamed ref…) as the reference the new diff must equal
// byte for byte: TestDiffIsTheReference and FuzzDiffIsTheReference.

// valuePatch is the patch that turns the member or element a into b (they
// differ): a merge patch between objects, an element patch between arrays
// of one length (unless b is shorter), else b itself.
func refValuePatch(a, b []byte, m *diffMemo, depth int) ([]byte, bool, error) {
	switch {
	case isObject(a) && isObject(b):
		return refDiff(a, b, m, depth)
	case isArray(a) && isArray(b):
		out, same, err := refElementPatch(a, b, m, depth)
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
func refElementPatch(a, b []byte, m *diffMemo, depth int) (out []byte, same bool, err error) {
	pre, suf := refCommon(a, b)
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
					sub, ok, err = refValuePatch(ae, be, m, depth+1)
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
// suffix, which do not overlap in the shorter.
func refCommon(a, b []byte) (pre, suf int) {
	n := min(len(a), len(b))
	for pre < n && a[pre] == b[pre] {
		pre++
	}
	for suf < n-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	return pre, suf
}

// lockstepDiff is mergeDiff between objects a and b whose members have the
// same keys in the same order (the common case: one type's view at two
// versions), scanned side by side; ok is false, with no error, when the
// keys differ (mergeDiff then matches them by key) or the patch cannot be
// a merge patch. Within the common prefix a member is scanned once, and the
// scan stops where the rest of both is the same bytes.
func refLockstepDiff(a, b []byte, m *diffMemo, depth int) (patch []byte, ok bool, err error) {
	pre, suf := refCommon(a, b)
	i, j := jsonscan.SkipSpace(a, 0)+1, jsonscan.SkipSpace(b, 0)+1 // past the braces
	out := append(make([]byte, 0, 64), '{')
	for {
		i, j = jsonscan.SkipSpace(a, i), jsonscan.SkipSpace(b, j)
		if i >= len(a) || j >= len(b) {
			return nil, false, fmt.Errorf("object: %w", errJSON)
		}
		if len(a)-i == len(b)-j && len(a)-i <= suf {
			return append(out, '}'), true, nil // the same members from here on
		}
		endA, endB := a[i] == '}', b[j] == '}'
		if endA || endB {
			return append(out, '}'), endA && endB, nil
		}
		if a[i] != '"' || b[j] != '"' {
			return nil, false, fmt.Errorf("object key: %w", errJSON)
		}
		ke, err := jsonscan.SkipString(a, i)
		if err != nil {
			return nil, false, err
		}
		kb, err := jsonscan.SkipString(b, j)
		if err != nil {
			return nil, false, err
		}
		key := a[i:ke]
		if !bytes.Equal(key, b[j:kb]) || bytes.Equal(key, elemKeyJSON) {
			return nil, false, nil
		}
		vi, vj := jsonscan.SkipSpace(a, ke), jsonscan.SkipSpace(b, kb)
		if vi >= len(a) || vj >= len(b) || a[vi] != ':' || b[vj] != ':' {
			return nil, false, fmt.Errorf("object member %s: %w", key, errJSON)
		}
		vi, vj = jsonscan.SkipSpace(a, vi+1), jsonscan.SkipSpace(b, vj+1)
		tag := keyTag(key)
		ie, je, sub, ok, hit := m.find(a, b, vi, vj, depth, tag)
		if !hit {
			if ie, err = jsonscan.SkipValue(a, vi); err != nil {
				return nil, false, err
			}
			je = ie
			if vi != vj || ie > pre { // within the common prefix b's value is a's
				if je, err = jsonscan.SkipValue(b, vj); err != nil {
					return nil, false, err
				}
			}
			av, bv := a[vi:ie], b[vj:je]
			sub, ok = nil, true
			if !bytes.Equal(av, bv) {
				if sub, ok, err = refValuePatch(av, bv, m, depth+1); err != nil {
					return nil, false, err
				}
			}
			m.add(av, bv, sub, ok, depth, tag)
		}
		if !ok {
			return nil, false, nil
		}
		if sub != nil {
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(append(append(out, key...), ':'), sub...)
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

// diff is mergeDiff with m, the memo of the values diffed before (nil:
// none), at depth (0: the views themselves).
func refDiff(a, b []byte, memo *diffMemo, depth int) (patch []byte, ok bool, err error) {
	if !isObject(a) || !isObject(b) {
		if isObject(b) {
			ok, err = mergeable(b)
		} else {
			ok = !isNull(b) // a patch of null would read as "no view"
		}
		return b, ok, err
	}
	if patch, ok, err := refLockstepDiff(a, b, memo, depth); ok || err != nil {
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
					if sub, ok, err = refValuePatch(am[i].val, m.val, memo, depth+1); err != nil {
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
