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
