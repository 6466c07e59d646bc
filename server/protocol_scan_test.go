package server

import (
	"reflect"
	"testing"
)

var scanClientSeeds = []string{
	`{"t":"move","v":12,"id":"m-12","i":3}`,
	`{"t":"ping","id":"p1"}`,
	`{"t":"sync"}`,
	`{"t":"undo","v":0,"id":"u"}`,
	`{"t":"move","v":-1,"id":"x","i":0}`,
	`{}`,
	`{"t":"move","v":012,"id":"a","i":1}`,
	`{"t":"move","v":1.0,"id":"a","i":1}`,
	`{"t":"move","v":1e2,"id":"a","i":1}`,
	`{"t":"move","v":1234567890123,"id":"a","i":1}`,
	`{"t":"move","v":"1","id":"a","i":1}`,
	`{"t":"move","v":null,"id":"a","i":1}`,
	`{"t":"move","t":"ping"}`,
	`{"T":"ping"}`,
	`{"t":"ping","x":1}`,
	`{"t":"pi\u006eg"}`,
	`{"t":"ping"} `,
	` {"t":"ping"}`,
	`{"t":"ping",}`,
	`{"t":"ping"}{}`,
	`{"t":"chat","text":"hello"}`,
	`{"t":"move","v":3,"id":"a","n":"D4"}`,
	`{"t":"ping","id":"é"}`,
	`{"t":"ping","id":""}`,
	`{"t":}`,
	`{"t"`,
	`{`,
	`[]`,
	`{"t":"move","v":-,"id":"a","i":1}`,
	`{"t":"move","v":-0,"id":"a","i":1}`,
}

// Where scanClient reads a message, it reads what encoding/json's strict
// decoding reads; it declines the rest.
func TestScanClientIsDecodeStrict(t *testing.T) {
	read := 0
	for _, s := range scanClientSeeds {
		if checkScanClient(t, []byte(s)) {
			read++
		}
	}
	// The common messages take the fast path.
	for _, s := range scanClientSeeds[:5] {
		if _, ok := scanClient([]byte(s)); !ok {
			t.Errorf("scanClient declined %s", s)
		}
	}
	t.Logf("%d of %d messages read by scanClient", read, len(scanClientSeeds))
}

func checkScanClient(t *testing.T, b []byte) bool {
	got, ok := scanClient(b)
	if !ok {
		return false
	}
	var want clientMsg
	if err := decodeStrict(b, &want); err != nil {
		t.Fatalf("scanClient read %s, which encoding/json refuses: %v", b, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("scanClient read %s as %+v, encoding/json as %+v", b, got, want)
	}
	return true
}

func FuzzScanClient(f *testing.F) {
	for _, s := range scanClientSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkScanClient(t, b) })
}
