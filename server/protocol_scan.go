package server

import "strconv"

// scanClient reads the client messages programs and pages send on every
// move — compact objects of the fields t, v, id and i, plain strings and
// whole numbers — without encoding/json, whose decoder (allocated for each
// message, and its reflection) was 4% of the server's CPU at 2,000 tables.
// ok is false for anything else (whitespace, escapes, a repeated or
// another field, "n", "text", numbers it does not write as a plain
// integer of at most nine digits): decodeStrict reads it then, with its
// errors. Where ok is true, the message is what decodeStrict makes of the
// same bytes (TestScanClientIsDecodeStrict, FuzzScanClient).
func scanClient(b []byte) (m clientMsg, ok bool) {
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return m, false
	}
	var seen [4]bool // t, v, id, i
	i := 1
	if b[i] == '}' {
		return m, i == len(b)-1
	}
	for {
		key, j, ok := scanPlainString(b, i)
		if !ok || j >= len(b) || b[j] != ':' {
			return m, false
		}
		i = j + 1
		var f int
		switch key {
		case "t":
			f = 0
			m.T, i, ok = scanPlainString(b, i)
		case "v":
			f = 1
			var n int
			n, i, ok = scanPlainInt(b, i)
			m.V = &n
		case "id":
			f = 2
			m.ID, i, ok = scanPlainString(b, i)
		case "i":
			f = 3
			var n int
			n, i, ok = scanPlainInt(b, i)
			m.I = &n
		default:
			return m, false
		}
		if !ok || seen[f] || i >= len(b) {
			return m, false
		}
		seen[f] = true
		switch b[i] {
		case ',':
			i++
		case '}':
			return m, i == len(b)-1
		default:
			return m, false
		}
	}
}

// scanPlainString reads the string at b[i]: printable ASCII, no quote or
// backslash inside (nothing to unescape), and returns it and where it
// ends.
func scanPlainString(b []byte, i int) (string, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return "", i, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return string(b[i+1 : j]), j + 1, true
		case c < 0x20 || c > 0x7e || c == '\\':
			return "", i, false
		}
	}
	return "", i, false
}

// scanPlainInt reads the number at b[i] written as a plain integer
// (optional minus, no leading zero, at most nine digits: it fits an int
// as encoding/json decodes it).
func scanPlainInt(b []byte, i int) (int, int, bool) {
	j := i
	if j < len(b) && b[j] == '-' {
		j++
	}
	d := j
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	if j == d || j-d > 9 || (b[d] == '0' && j-d > 1) {
		return 0, i, false
	}
	n, err := strconv.Atoi(string(b[i:j]))
	return n, j, err == nil
}
