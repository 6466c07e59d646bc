package server

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/record"
)

// Names with bidirectional or invisible controls were accepted, displayed
// reversed, and made records that `jardin replay` refuses: one rule
// (record.Forbidden) now refuses them on entry.
func TestNamesRefuseHiddenControls(t *testing.T) {
	ts := startServer(t, "", Defaults())
	for _, name := range []string{
		"Ann\u202eevil", "\u2066Bob\u2069", "Eve\u200f", "zero\u200bwidth", "join\u2060er", "\ufeffBOM", "tab\there", "bell\a",
	} {
		c := &client{t: t, base: ts.URL}
		var body string
		if code := c.call("POST", "/api/me", map[string]string{"name": name}, &body); code != 400 {
			t.Errorf("name %q: %d %s, want 400", name, code, body)
		} else if !strings.Contains(body, "U+") {
			t.Errorf("name %q: the refusal does not name the character: %s", name, body)
		}
	}
	// what people do write passes: accents, scripts, emoji sequences with joiners
	for _, name := range []string{"Zoë", "محمد", "李雷", "👩\u200d🌾 Ann", "Rosa (🌹)"} {
		c := &client{t: t, base: ts.URL}
		if code := c.call("POST", "/api/me", map[string]string{"name": name}, nil); code != 200 {
			t.Errorf("name %q refused: %d", name, code)
		}
	}
}

// Every name the server accepts makes a record its own reader accepts.
func TestAcceptedNamesMakeValidRecords(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pool := []rune{'a', 'Z', ' ', 'é', '李', '\u202e', '\u2066', '\u200b', '\u200d', '\u200c', '\ufeff', '\u0000', '\u007f',
		'\u0085', '\u061c', '\u180e', '\u00ad', '🌹', '\ufe0f', '\U000e0001'}
	accepted := 0
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			if rng.IntN(3) == 0 {
				b.WriteRune(pool[rng.IntN(len(pool))])
			} else {
				b.WriteRune(rune(rng.IntN(0x3000)))
			}
		}
		name, err := cleanName(b.String())
		if err != nil {
			continue
		}
		accepted++
		if err := record.CheckText(name, record.MaxName); err != nil {
			t.Fatalf("the server accepts %q, the record refuses it: %v", name, err)
		}
	}
	if accepted < 1000 {
		t.Fatalf("only %d names accepted: the test checks too little", accepted)
	}
}
