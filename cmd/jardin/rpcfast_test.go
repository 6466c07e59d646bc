package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/games"
)

// rpcFastSeeds are lines the fast path reads and lines it must leave to
// decodeRequest (escapes, case, duplicates, floats, nulls, options).
var rpcFastSeeds = []string{
	`{"op":"apply","state":1,"action":3,"legal":true}`,
	` { "op" : "legal" , "state" : 12 } `,
	`{"op":"step","states":[1,2],"actions":[0,5],"legal":false}`,
	`{"op":"step","states":[],"actions":[]}`,
	`{"op":"batch","requests":[{"op":"apply","state":1,"action":2},{"op":"free","state":3}]}`,
	`{"op":"batch","requests":[]}`,
	`{"op":"batch","requests":[{"op":"batch","requests":[]}]}`,
	`{"op":"new","game":"alices_garden_v1","players":2,"seed":123456789012345678}`,
	`{"op":"new","game":"alices_garden_v1","players":2,"seed":18446744073709551615}`,
	`{"op":"new","game":"alices_garden_v1","players":2,"seed":1,"options":{"side":"B"}}`,
	`{"op":"apply","state":-0,"action":-1}`, `{"op":"apply","state":01}`, `{"op":"apply","state":1.0}`,
	`{"op":"apply","state":1e3}`, `{"op":"apply","state":null}`, `{"op":"legal","state":1,"state":2}`,
	`{"Op":"legal","state":1}`, `{"op":"le\u0067al","state":1}`, `{"op":"légal","state":1}`,
	`{"op":"legal","state":99999999999999999999}`, `{"op":"apply","state":1,"action":4294967296}`,
	`{"op":"legal","state":1}x`, `{"op":"legal","state":1,}`, `{}`, `{"op":""}`, `[]`, `null`,
	`{"op":"legal","state":1,"moves":true}`, `{"op":"view","state":1,"player":-1}`,
	`{"op":"apply","state":1,"actions":[1,2,3]}`, `{"op":"step","states":[1,1],"actions":[0,0]}`,
}

// FuzzRPCFastParse: whatever a line holds, the fast path either declines
// it or reads exactly the request decodeRequest reads (a batch's requests
// included), so that it changes nothing but the speed.
func FuzzRPCFastParse(f *testing.F) {
	for _, s := range rpcFastSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		fast, ok := parseFast(line)
		if !ok {
			return
		}
		slow, err := decodeRequest(line)
		if err != nil {
			t.Fatalf("the fast path reads %q, decodeRequest refuses it: %v", line, err)
		}
		if fast.parsed != nil {
			if len(slow.Requests) != len(fast.parsed) {
				t.Fatalf("%q: %d requests, decodeRequest %d", line, len(fast.parsed), len(slow.Requests))
			}
			for i, raw := range slow.Requests {
				sub, err := decodeRequest(raw)
				if err != nil {
					t.Fatalf("the fast path reads %q, decodeRequest refuses request %d: %v", line, i, err)
				}
				if !reflect.DeepEqual(sub, fast.parsed[i]) {
					t.Fatalf("%q request %d: fast %+v, decodeRequest %+v", line, i, fast.parsed[i], sub)
				}
			}
			fast.parsed, fast.Requests, slow.Requests = nil, nil, nil
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: fast %+v, decodeRequest %+v", line, fast, slow)
		}
	})
}

// The fast path reads the hot requests (it is not declining them all).
func TestRPCFastParseReads(t *testing.T) {
	for _, s := range rpcFastSeeds[:6] {
		if _, ok := parseFast([]byte(s)); !ok {
			t.Errorf("the fast path declines %s", s)
		}
	}
	for _, s := range []string{`{"op":"legal","state":1,"state":2}`, `{"Op":"legal","state":1}`, `{"op":"apply","state":1.0}`} {
		if _, ok := parseFast([]byte(s)); ok {
			t.Errorf("the fast path reads %s, which it must leave to decodeRequest", s)
		}
	}
}

// The answers written directly are the bytes encoding/json writes: every
// answer of a session that plays, steps, batches and errs.
func TestRPCAnswerBytes(t *testing.T) {
	srv, err := newRPCServer(games.Registry(), 100, "en")
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{
		`{"op":"new","game":"english_gardens_v1","players":2,"seed":5}`,
		`{"op":"new","game":"alices_garden_v1","players":3,"seed":5}`,
		`{"op":"legal","state":1}`,
		`{"op":"apply","state":1,"action":0}`,
		`{"op":"legal","state":1}`,
		`{"op":"apply","state":1,"action":0,"legal":true}`,
		`{"op":"step","states":[2],"actions":[0],"legal":true}`,
		`{"op":"step","states":[2],"actions":[0]}`,
		`{"op":"batch","requests":[{"op":"legal","state":2},{"op":"clone","state":2},{"op":"nope"},{"op":"legal","state":9}]}`,
		`{"op":"result","state":1}`, `{"op":"legal","state":2,"moves":true}`, `not json <&>`,
	}
	for _, l := range lines {
		a := srv.handleLine([]byte(l))
		got, err := appendAnswer(nil, a)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: written %s, encoding/json %s", l, got, want)
		}
	}
}

// step applies one action per state, all or nothing; apply with "actions"
// applies a sequence, all or nothing; both answer as docs/research.md says.
func TestRPCStep(t *testing.T) {
	a := rpcSession(t, []string{
		`{"op":"new","game":"hanging_gardens_v1","players":2,"seed":1}`, // 1
		`{"op":"new","game":"hanging_gardens_v1","players":2,"seed":1}`, // 2: the same game
		`{"op":"new","game":"hanging_gardens_v1","players":2,"seed":1}`, // 3: the same game
		`{"op":"legal","state":1}`,
		`{"op":"step","states":[1,2],"actions":[0,999]}`,            // 4: out of range
		`{"op":"step","states":[1,2],"actions":[0,58]}`,             // 5: pass is not legal at the start
		`{"op":"step","states":[1,1],"actions":[0,0]}`,              // 6: twice
		`{"op":"step","states":[1,7],"actions":[0,0]}`,              // 7: no state 7
		`{"op":"step","states":[1],"actions":[0,0]}`,                // 8: lengths
		`{"op":"step","states":[1,2],"actions":[0,0],"legal":true}`, // 9
		`{"op":"legal","state":3}`,                                  // 10
		`{"op":"apply","state":3,"actions":[0,58,58]}`,              // 11: refused at actions[1]
		`{"op":"legal","state":3}`,                                  // 12: unchanged
		`{"op":"apply","state":3,"action":0,"actions":[0]}`,         // 13: both
		`{"op":"apply","state":3,"actions":[0],"legal":true}`,       // 14
		`{"op":"step","states":[1,2],"actions":[13,13]}`,            // 15: the place step 9 offers
	})
	first := a[3]["actions"].([]any)
	if len(first) == 0 || first[0] != 0.0 {
		t.Fatalf("legal at the start: %v (want action 0 among them)", a[3])
	}
	for i, want := range map[int]string{4: "out of range", 5: "not legal now", 6: "named twice", 7: "no state 7", 8: "one action per state", 11: "actions[1]", 13: "not both"} {
		if e, _ := a[i]["error"].(string); !strings.Contains(e, want) {
			t.Errorf("answer %d: %v, want an error saying %q", i, a[i], want)
		}
	}
	// nothing refused moved state 1: step 9 answers as the first step
	// from the start, the same for both copies of one game (seat 0 places
	// the card it took)
	got, ok := a[9]["actions"].([]any)
	if !ok || len(got) != 2 || !reflect.DeepEqual(got[0], got[1]) || !reflect.DeepEqual(a[9]["players"], []any{0.0, 0.0}) {
		t.Fatalf("step: %v", a[9])
	}
	if !reflect.DeepEqual(a[10], a[12]) {
		t.Errorf("a refused sequence changed the state: legal %v, then %v", a[10], a[12])
	}
	if !reflect.DeepEqual(a[14]["actions"], got[0]) || a[14]["player"] != 0.0 {
		t.Errorf("apply [0] with legal: %v, want what step answered, %v", a[14], got[0])
	}
	if _, isErr := a[15]["error"]; isErr || a[15]["actions"] != nil || len(a[15]["players"].([]any)) != 2 {
		t.Errorf("step without legal: %v, want players only", a[15])
	}
}
