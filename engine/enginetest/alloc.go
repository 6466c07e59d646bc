package enginetest

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// HotPathAllocs is the number of allocations, at s, of LegalMoves, of
// Score for every player, and of Apply (without a log) of every legal move
// on scratch, a reused copy. Bots run these millions of times a search, so
// each game's tests require 0 in every phase of random games. buf is the
// reused move buffer; s must implement engine.Copier into scratch. An
// Apply that fails is returned as err.
func HotPathAllocs(s, scratch engine.State, buf *[]engine.Move) (allocs float64, err error) {
	cp := s.(engine.Copier)
	allocs = testing.AllocsPerRun(1, func() {
		*buf = s.LegalMoves((*buf)[:0])
		for p := 0; p < s.NumPlayers(); p++ {
			_ = s.Score(p)
		}
		for _, m := range *buf {
			cp.CopyInto(scratch)
			if e := scratch.Apply(m, nil); e != nil {
				err = e
			}
		}
	})
	return allocs, err
}
