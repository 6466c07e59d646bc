// Package jsonscan steps over JSON values without decoding them: the
// server's merge-patch diff reads every seat's view on every move, and the
// load generator reads the members it checks in every message, where
// encoding/json's decoder costs more than the encoding it reads. It reads
// the JSON encoding/json writes; whitespace is tolerated between tokens.
// It does not validate: a value it steps over may still be malformed inside.
package jsonscan

import "errors"

// ErrMalformed is a value the scanner cannot read (never from encoding/json).
var ErrMalformed = errors.New("malformed JSON")

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func SkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// SkipString returns the index after the string whose opening quote is at i.
// (A byte loop: a view's strings are short ids, for which IndexByte's setup
// costs more than it saves.)
func SkipString(b []byte, i int) (int, error) {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1, nil
		}
	}
	return 0, ErrMalformed
}

// special marks the bytes SkipValue stops at inside an object or array.
var special = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}

// SkipValue returns the index after the value that starts at or after i
// (whitespace first is skipped). A scalar ends at the first delimiter; an
// empty one (a delimiter at i) is not an error here: callers that need a
// value check that the index moved.
func SkipValue(b []byte, i int) (int, error) {
	i = SkipSpace(b, i)
	if i >= len(b) {
		return 0, ErrMalformed
	}
	switch b[i] {
	case '"':
		return SkipString(b, i)
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
				j, err := SkipString(b, i)
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
		return 0, ErrMalformed
	}
	for ; i < len(b); i++ {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i, nil
		}
	}
	return i, nil
}
