package store

import "context"

// Fork is where a forked table's game starts: a finished table's game after
// Step moves, its hidden parts dealt again for Seat (engine.State.Determinize
// with the forked table's own Table.Seed), after the source's own re-deals
// (Earlier) if it was forked too. The source's moves are kept here,
// not looked up, so that the forked table replays whatever becomes of its
// source.
type Fork struct {
	Table  string // the forked table
	Source string // the finished table it was forked from
	Step   int    // moves of the source's game made before the fork (len(Moves))
	Seat   int    // the seat whose information the re-deal keeps
	Setup  uint64 // the source game's seed: its setup, as engine.Game.New takes it
	Moves  []ForkMove
	// Earlier is the re-deals of the source's own game up to Step, in
	// order, when the source was itself forked (nil for a game played
	// from its setup).
	Earlier []Redeal
}

// Redeal is one re-deal of a forked game: after After of its moves, the
// state became Determinize(Seat, Seed).
type Redeal struct {
	After int    `json:"after"`
	Seat  int    `json:"seat"`
	Seed  uint64 `json:"seed,string"`
}

// ForkMove is one of the source's moves before the fork.
type ForkMove struct {
	Seat int    `json:"seat"`
	Move string `json:"move"` // in the game's notation
}

// Forks keeps where forked tables start ("play from here" in a replay,
// server/fork.go).
type Forks interface {
	// CreateForkTable stores a new table and its fork at once (both or
	// neither); ErrConflict if the table's id exists.
	CreateForkTable(ctx context.Context, t Table, f Fork) error
	// Fork returns where table starts; ErrNotFound for a table that was not
	// forked (every table created by CreateTable).
	Fork(ctx context.Context, table string) (Fork, error)
}
