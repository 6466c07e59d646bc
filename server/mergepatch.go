package server

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
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
var errJSON = errors.New("malformed JSON")

// The scanner below reads the JSON that encoding/json writes without
// decoding it: a live table diffs every seat's view on every move
// (table_payload.go), and json.Decoder's tokens cost more than the views'
// encoding. Whitespace is tolerated between tokens.

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// skipString returns the index after the string whose opening quote is at i.
// (A byte loop: a view's strings are short ids, for which IndexByte's setup
// costs more than it saves.)
func skipString(b []byte, i int) (int, error) {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, errJSON
}

// special marks the bytes skipValue stops at inside an object or array.
var special = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}

// skipValue returns the index after the value that starts at i.
func skipValue(b []byte, i int) (int, error) {
	i = skipSpace(b, i)
	if i >= len(b) {
		return 0, errJSON
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			c := b[i]
			if !special[c] {
				i++
				continue
			}
			switch c {
			case '"':
				j, err := skipString(b, i)
				if err != nil {
					return 0, err
				}
				i = j
				continue
			case '{', '[':
				depth++
			default:
				depth--
				if depth == 0 {
					return i + 1, nil
				}
			}
			i++
		}
		return 0, errJSON
	}
	for ; i < len(b); i++ {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i, nil
		}
	}
	return i, nil
}

// members splits a JSON object into its members in order (sharing obj's
// bytes).
func members(obj []byte) ([]member, error) {
	i := skipSpace(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return nil, fmt.Errorf("object: %w", errJSON)
	}
	out := make([]member, 0, 8)
	i = skipSpace(obj, i+1)
	if i < len(obj) && obj[i] == '}' {
		return out, nil
	}
	for {
		if i >= len(obj) || obj[i] != '"' {
			return nil, fmt.Errorf("object key: %w", errJSON)
		}
		j, err := skipString(obj, i)
		if err != nil {
			return nil, fmt.Errorf("object key: %w", err)
		}
		key := obj[i:j]
		i = skipSpace(obj, j)
		if i >= len(obj) || obj[i] != ':' {
			return nil, fmt.Errorf("object member %s: %w", key, errJSON)
		}
		vs := skipSpace(obj, i+1)
		ve, err := skipValue(obj, vs)
		if err != nil {
			return nil, fmt.Errorf("object member %s: %w", key, err)
		}
		out = append(out, member{key, obj[vs:ve]})
		i = skipSpace(obj, ve)
		if i < len(obj) && obj[i] == ',' {
			i = skipSpace(obj, i+1)
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
func valuePatch(a, b []byte) ([]byte, bool, error) {
	switch {
	case isObject(a) && isObject(b):
		return mergeDiff(a, b)
	case isArray(a) && isArray(b):
		out, same, err := elementPatch(a, b)
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
func elementPatch(a, b []byte) (out []byte, same bool, err error) {
	pre, suf := common(a, b)
	i, j := skipSpace(a, 0)+1, skipSpace(b, 0)+1 // past the brackets
	out = append(make([]byte, 0, 64), `{"[]":{`...)
	first := true
	for n := 0; ; n++ {
		i, j = skipSpace(a, i), skipSpace(b, j)
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
		ie, err := skipValue(a, i)
		if err != nil {
			return nil, false, fmt.Errorf("array: %w", err)
		}
		je := ie
		if i != j || ie > pre { // within the common prefix b's element is a's
			if je, err = skipValue(b, j); err != nil {
				return nil, false, fmt.Errorf("array: %w", err)
			}
		}
		ae, be := a[i:ie], b[j:je]
		if !bytes.Equal(ae, be) {
			// An element has no "remove": null sets it to null.
			sub, ok := be, true
			if !isNull(be) {
				if sub, ok, err = valuePatch(ae, be); !ok || err != nil {
					return nil, false, err
				}
			}
			if !first {
				out = append(out, ',')
			}
			first = false
			out = strconv.AppendInt(append(out, '"'), int64(n), 10)
			out = append(append(out, `":`...), sub...)
		}
		i, j = skipSpace(a, ie), skipSpace(b, je)
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
func common(a, b []byte) (pre, suf int) {
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
func lockstepDiff(a, b []byte) (patch []byte, ok bool, err error) {
	pre, suf := common(a, b)
	i, j := skipSpace(a, 0)+1, skipSpace(b, 0)+1 // past the braces
	out := append(make([]byte, 0, 64), '{')
	for {
		i, j = skipSpace(a, i), skipSpace(b, j)
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
		ke, err := skipString(a, i)
		if err != nil {
			return nil, false, err
		}
		kb, err := skipString(b, j)
		if err != nil {
			return nil, false, err
		}
		key := a[i:ke]
		if !bytes.Equal(key, b[j:kb]) || bytes.Equal(key, elemKeyJSON) {
			return nil, false, nil
		}
		vi, vj := skipSpace(a, ke), skipSpace(b, kb)
		if vi >= len(a) || vj >= len(b) || a[vi] != ':' || b[vj] != ':' {
			return nil, false, fmt.Errorf("object member %s: %w", key, errJSON)
		}
		vi, vj = skipSpace(a, vi+1), skipSpace(b, vj+1)
		ie, err := skipValue(a, vi)
		if err != nil {
			return nil, false, err
		}
		je := ie
		if vi != vj || ie > pre { // within the common prefix b's value is a's
			if je, err = skipValue(b, vj); err != nil {
				return nil, false, err
			}
		}
		if av, bv := a[vi:ie], b[vj:je]; !bytes.Equal(av, bv) {
			sub, ok, err := valuePatch(av, bv)
			if !ok || err != nil {
				return nil, false, err
			}
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(append(append(out, key...), ':'), sub...)
		}
		i, j = skipSpace(a, ie), skipSpace(b, je)
		if i < len(a) && a[i] == ',' {
			i++
		}
		if j < len(b) && b[j] == ',' {
			j++
		}
	}
}

// mergeDiff is the merge patch that turns the JSON value a into b: "{}" when
// they are the same. ok is false when no merge patch gives b exactly (b
// would need a null member set); the caller then sends b whole. a and b
// come from encoding/json, so equal values are equal bytes.
func mergeDiff(a, b []byte) (patch []byte, ok bool, err error) {
	if !isObject(a) || !isObject(b) {
		if isObject(b) {
			ok, err = mergeable(b)
		} else {
			ok = !isNull(b) // a patch of null would read as "no view"
		}
		return b, ok, err
	}
	if patch, ok, err := lockstepDiff(a, b); ok || err != nil {
		return patch, ok, err
	}
	am, err := members(a)
	if err != nil {
		return nil, false, err
	}
	bm, err := members(b)
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
		case i >= 0 && bytes.Equal(am[i].val, m.val):
		case i >= 0:
			sub, ok, err := valuePatch(am[i].val, m.val)
			if !ok || err != nil {
				return nil, false, err
			}
			add(m.key, sub)
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
// page's; jardin loadtest and the server's tests use this one). A patch
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
