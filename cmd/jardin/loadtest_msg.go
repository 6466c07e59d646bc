package main

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/jardin-games/jardin/internal/jsonscan"
)

// ltMsg is what a simulated person reads of a message from the server: the
// members it acts on or checks. Reading them with encoding/json (a map of
// every member, then each one decoded again) was half the load
// generator's CPU a move, and the load generator shares the machine's
// cores with the server it measures.
type ltMsg struct {
	t       []byte // the type, as written ("update", with its quotes)
	v, from int
	toMove  int
	status  []byte // as written
	legal   int    // legal moves listed
	seed    bool   // a member "seed" (a leak)
	record  bool   // a member "record" (a leak while the game is live)
	view    bool   // a member "view" (a whole view)
	patch   []byte // the member "patch", as written
}

var errLtJSON = errors.New("not the JSON of a server message")

// is says whether the message's type is typ.
func (m *ltMsg) is(typ string) bool {
	return len(m.t) == len(typ)+2 && string(m.t[1:len(m.t)-1]) == typ
}

// parseLtMsg reads the top-level members of the JSON object b into m. The
// view is written after every member read here (docs/server.md: the view,
// then the result, last), so the scan stops at it: a whole view is checked
// for being JSON where it is kept (onView), and the whole message is
// searched for a seed.
func parseLtMsg(b []byte, m *ltMsg) error {
	*m = ltMsg{}
	i := jsonscan.SkipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errLtJSON
	}
	i = jsonscan.SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return errLtJSON
		}
		ke, err := ltSkipString(b, i)
		if err != nil {
			return err
		}
		key := b[i+1 : ke-1]
		i = jsonscan.SkipSpace(b, ke)
		if i >= len(b) || b[i] != ':' {
			return errLtJSON
		}
		vs := jsonscan.SkipSpace(b, i+1)
		if string(key) == "view" {
			m.view = true
			return nil
		}
		ve, err := ltSkipValue(b, vs)
		if err != nil {
			return fmt.Errorf("member %s: %w", key, err)
		}
		val := b[vs:ve]
		switch string(key) {
		case "t":
			m.t = val
		case "v":
			m.v, err = ltInt(val)
		case "from":
			m.from, err = ltInt(val)
		case "toMove":
			m.toMove, err = ltInt(val)
		case "status":
			m.status = val
		case "legal":
			m.legal, err = ltCount(val)
		case "seed":
			m.seed = true
		case "record":
			m.record = true
		case "patch":
			m.patch = val
		}
		if err != nil {
			return fmt.Errorf("member %s: %w", key, err)
		}
		i = jsonscan.SkipSpace(b, ve)
		if i < len(b) && b[i] == ',' {
			i = jsonscan.SkipSpace(b, i+1)
			continue
		}
		if i < len(b) && b[i] == '}' {
			return nil
		}
		return errLtJSON
	}
}

// ltSkipString is the index after the string whose quote is at b[i].
func ltSkipString(b []byte, i int) (int, error) {
	j, err := jsonscan.SkipString(b, i)
	if err != nil {
		return 0, errLtJSON
	}
	return j, nil
}

// ltSkipValue is the index after the value that starts at b[i]; an empty
// scalar (a delimiter at i) is malformed here.
func ltSkipValue(b []byte, i int) (int, error) {
	j, err := jsonscan.SkipValue(b, i)
	if err != nil || j == i {
		return 0, errLtJSON
	}
	return j, nil
}

// ltInt reads a JSON integer (a version or a seat).
func ltInt(v []byte) (int, error) {
	neg := len(v) > 0 && v[0] == '-'
	if neg {
		v = v[1:]
	}
	if len(v) == 0 || len(v) > 18 {
		return 0, errLtJSON
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, errLtJSON
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, nil
}

// ltCount is the number of elements of a JSON array (0 for null).
func ltCount(v []byte) (int, error) {
	if bytes.Equal(v, []byte("null")) {
		return 0, nil
	}
	if len(v) < 2 || v[0] != '[' {
		return 0, errLtJSON
	}
	i, n := jsonscan.SkipSpace(v, 1), 0
	for i < len(v) && v[i] != ']' {
		j, err := ltSkipValue(v, i)
		if err != nil {
			return 0, err
		}
		n++
		i = jsonscan.SkipSpace(v, j)
		if i < len(v) && v[i] == ',' {
			i = jsonscan.SkipSpace(v, i+1)
		}
	}
	return n, nil
}
