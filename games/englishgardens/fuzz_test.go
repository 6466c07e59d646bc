package englishgardens

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// FuzzScorePosition: the position parser never panics; whatever it accepts
// is one JSON object (a byte-order mark aside) with its "cells", whose
// "game" field, if any, names this game, and scores with categories that
// add up to the total; whatever it refuses is explained without Go type
// names.
func FuzzScorePosition(f *testing.F) {
	if b, err := os.ReadFile("../../docs/examples/english-gardens.position.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"cells":{"r1c1":["lawn","red rose pond"]},"trophies":{"c1":[1,2]}}`))
	f.Add([]byte(`{"village":"down"}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`[]`))
	f.Add([]byte("\xEF\xBB\xBF{\"game\":\"english-gardens\",\"cells\":{}}"))
	f.Add([]byte(`{"game":"happy-garden","cells":{}}`))
	f.Add([]byte(`{"cells":{"r1c1":"lawn",}}`))
	f.Add([]byte(`{"cells":{},"solo":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Game.(engine.PositionScorer).ScorePosition(data)
		if err != nil {
			for _, goName := range []string{"map[", "json.", "RawMessage", "englishgardens."} {
				if strings.Contains(err.Error(), goName) {
					t.Fatalf("error %q names a Go type", err)
				}
			}
			return
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(engine.TrimBOM(data), &obj) != nil || obj == nil {
			t.Fatalf("%q accepted, but it is not a JSON object", data)
		}
		hasCells := false // JSON field names match case-insensitively
		for k, v := range obj {
			hasCells = hasCells || strings.EqualFold(k, "cells") && string(v) != "null"
		}
		if !hasCells {
			t.Fatalf("%q accepted without cells", data)
		}
		if g, ok := engine.GameField(data); ok && g != Game.ID() {
			t.Fatalf("%q accepted with game %q", data, g)
		}
		sum := 0
		for _, p := range sc.Points {
			sum += p
		}
		if sum != sc.Total || len(sc.Points) != len(sc.Categories) {
			t.Fatalf("breakdown %v does not add up to %d", sc.Points, sc.Total)
		}
	})
}
