package engine

import (
	"fmt"
	"sort"
	"strings"
)

// Registry finds games by id. It is built once and then only read, so it is
// safe for concurrent use.
type Registry struct {
	games []Game
	byID  map[string]Game
}

// NewRegistry returns a registry of games, listed in the given order. It
// panics on a duplicate id, a programming error.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{byID: make(map[string]Game, len(games))}
	for _, g := range games {
		if _, dup := r.byID[g.ID()]; dup {
			panic("engine: duplicate game id " + g.ID())
		}
		r.byID[g.ID()] = g
		r.games = append(r.games, g)
	}
	return r
}

// All returns the games in registration order.
func (r *Registry) All() []Game { return append([]Game(nil), r.games...) }

// Lookup returns the game with id, or an error listing the known ids.
func (r *Registry) Lookup(id string) (Game, error) {
	if g, ok := r.byID[id]; ok {
		return g, nil
	}
	ids := make([]string, 0, len(r.byID))
	for k := range r.byID {
		ids = append(ids, k)
	}
	sort.Strings(ids)
	return nil, fmt.Errorf("unknown game %q (known: %s)", id, strings.Join(ids, ", "))
}
