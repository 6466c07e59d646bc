package englishgardens

import "github.com/jardin-games/jardin/engine"

// CopyInto implements engine.Copier: the state holds no slices or maps, so
// assigning the struct is a deep copy.
func (s *state) CopyInto(dst engine.State) bool {
	d, ok := dst.(*state)
	if ok {
		*d = *s
	}
	return ok
}
