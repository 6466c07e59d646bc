package happygarden

import "github.com/jardin-games/jardin/engine"

// CopyInto implements engine.Copier, reusing dst's garden grid.
func (s *state) CopyInto(dst engine.State) bool {
	d, ok := dst.(*state)
	if !ok {
		return false
	}
	grid := d.grid
	*d = *s
	d.grid = append(grid[:0], s.grid...)
	return true
}
