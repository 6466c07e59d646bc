package store

import (
	"context"
	"time"
)

// Daily is one person's play of one day's daily deal of a game
// (server/daily.go): the table dealt to them, made once. Its key is (Day,
// Game, Identity): a second start of the same deal finds this row and
// resumes its table instead of dealing again.
type Daily struct {
	Day      string // the UTC date, "2006-01-02"
	Game     string
	Identity string
	Table    string // the table dealt; it exists as long as the row does
	Seat     int    // the person's seat at Table (the others are bots)
	Started  time.Time
}

// DailyPlay is a Daily with what the ranking reads: its player's name, and
// its table's status, result pad and last change (when it ended, once over),
// and whether a bot played on for the person (Zombie: they left or ran out of
// time).
type DailyPlay struct {
	Daily
	Name    string
	Status  Status
	Result  []byte
	Updated time.Time
	Zombie  bool
}

// Dailies keeps the daily deals' plays and the secret their seeds are
// derived from.
type Dailies interface {
	// CreateDaily stores table t and d (d.Table is t.ID) in one
	// transaction: ErrConflict, and nothing stored, when d.Identity already
	// has d.Day's d.Game (or t's id exists).
	CreateDaily(ctx context.Context, d Daily, t Table) error
	// DailyOf is identity's play of day's game; ErrNotFound if none.
	DailyOf(ctx context.Context, day, game, identity string) (Daily, error)
	// DailyByTable is the play whose table is table; ErrNotFound when
	// table is not a daily deal's.
	DailyByTable(ctx context.Context, table string) (Daily, error)
	// DailyPlays lists every play of day's game, the first started first
	// (ties by identity).
	DailyPlays(ctx context.Context, day, game string) ([]DailyPlay, error)
	// DailyDays lists the days on which identity finished a daily deal
	// (its table is over), the latest first, at most limit (0: all).
	DailyDays(ctx context.Context, identity string, limit int) ([]string, error)
	// DailySecret returns the secret the daily seeds are derived from,
	// storing fresh first if none is stored yet: every caller, on every
	// node and after every restart, gets the one stored first.
	DailySecret(ctx context.Context, fresh []byte) ([]byte, error)
}
