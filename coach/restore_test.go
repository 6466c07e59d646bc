package coach

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/games"
)

// A report kept as data (through JSON, as a store keeps it) and restored
// over the same record's positions reviews exactly as the report Analyze
// returned, in every language; data that does not fit the record is
// refused.
func TestRestore(t *testing.T) {
	for _, path := range []string{"../docs/examples/hanging-gardens.record.json", "testdata/alices-garden-random-ismcts-1.record.json"} {
		rec := load(t, path)
		const seed = 5
		r := analyze(t, rec, quick, seed)
		data, err := json.Marshal(r.Kept())
		if err != nil {
			t.Fatal(err)
		}
		var kept []KeptDecision
		if err := json.Unmarshal(data, &kept); err != nil {
			t.Fatal(err)
		}
		g, pos, err := Positions(games.Registry(), rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Restore(g, names(rec), pos, kept, seed)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, lang := range []string{"en", "fr", "de"} {
			if a, b := r.Review(rec, lang), back.Review(rec, lang); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s in %s: the restored report reviews otherwise:\n%+v\n%+v", path, lang, a.Seats, b.Seats)
			}
		}
		// A step that is no decision of the record, a best move that is no
		// move: refused.
		bad := append([]KeptDecision(nil), kept...)
		bad[0].Step = 0
		if _, err := Restore(g, names(rec), pos, bad, seed); err == nil {
			t.Errorf("%s: a kept decision at step 0 was restored", path)
		}
		bad = append([]KeptDecision(nil), kept...)
		bad[0].Best = "no such move"
		if _, err := Restore(g, names(rec), pos, bad, seed); err == nil {
			t.Errorf("%s: a kept best move that does not parse was restored", path)
		}
		// Kept by the coach before the estimates (its means were of the
		// losses, its values own points): refused, so that it is analysed
		// again rather than served with other means.
		var old []KeptDecision
		if err := json.Unmarshal([]byte(strings.ReplaceAll(string(data), `"estimate":`, `"was":`)), &old); err != nil {
			t.Fatal(err)
		}
		if _, err := Restore(g, names(rec), pos, old, seed); err == nil {
			t.Errorf("%s: decisions kept without estimates were restored", path)
		}
	}
}
