package store

import "context"

// BoardEntry is one line of a leaderboard: a rating with the name of its
// identity, read together.
type BoardEntry struct {
	PlayerRating
	Name string
	Bot  bool // a bot identity (a program, docs/bot-api.md)
}

// RatingBoards reads the leaderboards: a page of them is one read, not one
// per line (docs/ratings.md).
type RatingBoards interface {
	// Board lists game's ratings by ordinal (Mu − 3·Sigma), highest first,
	// at most limit, each with its identity's name: the people's when bots
	// is false, the bot identities' when it is true (the arena's board).
	Board(ctx context.Context, game string, bots bool, limit int) ([]BoardEntry, error)
}

// RatingDelta is one seat's change at a settled table: the change and the
// rating it started from (the player's previous change at that game; none
// before their first rated game: Games is 1 and Before zero).
type RatingDelta struct {
	RatingChange
	BeforeMu, BeforeSigma float64
	HadRating             bool // the player had a rating before this table
}

// TableDeltas is what the end of a rated table shows: whether its outcome
// is stored, and each rated seat's rating before and after, in one read.
type TableDeltas interface {
	TableDeltas(ctx context.Context, table string) (settled bool, deltas []RatingDelta, err error)
}
