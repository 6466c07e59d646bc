package store

import (
	"context"
	"errors"
	"time"
)

// ErrNotRated is returned by RateTable for a table that is not a finished
// rated table: a rating changes only through one (issue 26).
var ErrNotRated = errors.New("not a finished rated table")

// PlayerRating is a person's rating at one game (docs/ratings.md): the
// Plackett-Luce belief Mu ± Sigma after Games rated games, Wins of them won.
type PlayerRating struct {
	Player  string // identity
	Game    string
	Mu      float64
	Sigma   float64
	Games   int
	Wins    int
	Updated time.Time
}

// RatingChange is what one finished rated table did to one person's
// rating: their place and their rating after it.
type RatingChange struct {
	Table  string
	Game   string
	Player string // identity
	Seat   int
	Place  int // 1 for the winner(s); leavers and players out of time share the last
	// Won counts the game as a win (PlayerRating.Wins): first and still
	// playing at the end (when every person left, they share the first
	// place, and nobody won).
	Won   bool
	Mu    float64
	Sigma float64
	// Games is the player's rated games of Game counting this one: the
	// store applies the change only if they had Games−1 before (so that two
	// tables rated at once never both start from the same rating).
	Games int
	At    time.Time
}

// Ratings keeps the people's ratings per game and their history. The
// rating itself is computed by the server (package rating); the store makes
// a table's changes happen once, all together, from the ratings they were
// computed from.
type Ratings interface {
	// PlayerRatings returns the current ratings at game of the players who
	// have one (the others are absent from the map).
	PlayerRatings(ctx context.Context, game string, players []string) (map[string]PlayerRating, error)
	// RateTable stores the outcome of a finished rated table in one
	// transaction: its changes (none: the table is settled without rating
	// anyone). ErrConflict when the table's outcome is already stored, or
	// when a player's games count is not Games−1 any more (nothing is then
	// stored); ErrNotRated for a table that is not rated or not over.
	RateTable(ctx context.Context, table string, at time.Time, changes []RatingChange) error
	// TableRating reports whether table's outcome is stored, and its
	// changes by seat.
	TableRating(ctx context.Context, table string) (settled bool, changes []RatingChange, err error)
	// Leaderboard lists game's ratings by ordinal (Mu − 3·Sigma), highest
	// first, at most limit.
	Leaderboard(ctx context.Context, game string, limit int) ([]PlayerRating, error)
	// RatingHistory lists a player's changes at every game, oldest first,
	// the last limit of them.
	RatingHistory(ctx context.Context, player string, limit int) ([]RatingChange, error)
	// UnsettledTables lists finished rated tables whose outcome is not
	// stored yet (a crash came between the end and the rating), oldest
	// first, at most limit.
	UnsettledTables(ctx context.Context, limit int) ([]string, error)
}
