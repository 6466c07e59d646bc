// Package games assembles the registry of every game jardin plays.
package games

import (
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games/alicesgarden"
	"github.com/jardin-games/jardin/games/englishgardens"
	"github.com/jardin-games/jardin/games/hanginggardens"
	"github.com/jardin-games/jardin/games/happygarden"
	"github.com/jardin-games/jardin/games/schlossgarten"
)

// Registry returns a registry holding every game, in the order of the
// project's game table.
func Registry() *engine.Registry {
	return engine.NewRegistry(
		englishgardens.Game,
		alicesgarden.Game,
		hanginggardens.Game,
		happygarden.Game,
		schlossgarten.Game,
	)
}
