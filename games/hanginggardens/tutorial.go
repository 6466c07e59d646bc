package hanginggardens

import _ "embed"

// tutorial.json is the game's tutorial and the outline of its rules page
// (server/learn.go, docs/learn.md): a real game's seed, the moves asked of
// the learner with a wrong move the rules refuse, and the rulebook's
// scoring example. Its words are the learn.* messages of texts/.
//
//go:embed tutorial.json
var tutorialJSON []byte

// Tutorial returns the tutorial's data (JSON).
func (g game) Tutorial() []byte { return tutorialJSON }
