package enginetest

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// ApplyMoves parses each move of notation in turn on s and applies it,
// failing t at the first that does not parse, is not listed (LegalMoves) or
// is refused, and returns the moves. It plays on s itself: pass a clone to keep s (undo tests build the
// moves of a position they then ask engine.Undoable about).
func ApplyMoves(t testing.TB, s engine.State, notation ...string) []engine.Move {
	t.Helper()
	out := make([]engine.Move, 0, len(notation))
	var legal []engine.Move
	for _, txt := range notation {
		m, err := s.ParseMove(txt)
		if err != nil {
			t.Fatalf("parse %q: %v", txt, err)
		}
		if legal = s.LegalMoves(legal[:0]); !slices.Contains(legal, m) {
			t.Fatalf("%q is not among the %d legal moves", txt, len(legal))
		}
		if err := s.Apply(m, nil); err != nil {
			t.Fatalf("apply %q: %v", txt, err)
		}
		out = append(out, m)
	}
	return out
}

// DescribeJSON returns the JSON of s's structured description of the move
// notation names (engine.Describer), as the server sends it, failing t if
// the notation does not parse.
func DescribeJSON(t testing.TB, s engine.State, notation string) string {
	t.Helper()
	m, err := s.ParseMove(notation)
	if err != nil {
		t.Fatalf("parse %q: %v", notation, err)
	}
	b, err := json.Marshal(s.DescribeMove(m))
	if err != nil {
		t.Fatalf("%q: %v", notation, err)
	}
	return string(b)
}
