package server

import "github.com/jardin-games/jardin/engine"

// mustViewJSON is a game view's JSON: written by the view itself when it
// can (engine.JSONAppender, the same bytes as json.Marshal without
// reflection), else by encoding/json. A replay encodes one view a step.
func mustViewJSON(v any) []byte {
	if a, ok := v.(engine.JSONAppender); ok {
		return a.AppendJSON(nil)
	}
	return mustJSON(v)
}
