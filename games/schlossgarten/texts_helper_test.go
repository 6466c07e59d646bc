package schlossgarten

import "github.com/jardin-games/jardin/engine/enginetest"

// The event messages older tests compare (enginetest).
type message = enginetest.EventMessage

func messages() map[string]message { return enginetest.EventMessages(catalog()) }
