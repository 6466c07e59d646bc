package store

import (
	"context"
	"time"
)

// Bot is a bot identity: an identity that a program plays (docs/bot-api.md).
// Becoming one is irreversible, so that a name once shown as a bot's is
// never a person's afterwards.
type Bot struct {
	Identity string
	Name     string // the identity's name
	Since    time.Time
	// Arena: the bot takes part in the bot arena (docs/bot-api.md): the
	// server seats it at arena tables without inviting it.
	Arena bool
}

// ArenaTable is a table the bot arena made: its results rate the bots.
type ArenaTable struct {
	Table   string
	Game    string
	Players int
	At      time.Time
}

// Invitation is an open seat kept for a bot identity (Seat.Invited): the
// bot accepts it by taking the seat, or declines it and the seat opens to
// everyone. The table's row is the truth; invitations are an index of it,
// so that a bot's stream finds its pending ones without reading every open
// table.
type Invitation struct {
	Table string
	Seat  int
	Bot   string // the bot identity
	At    time.Time
}

// BotIdentities keeps which identities are bots and the seats they are
// invited to.
type BotIdentities interface {
	// MakeBot makes identity a bot from a time on: ErrNotFound for no such
	// identity, ErrConflict if it is one already (nothing changes).
	MakeBot(ctx context.Context, identity string, at time.Time) error
	// BotIdentity is identity as a bot; ErrNotFound if it is not one.
	BotIdentity(ctx context.Context, identity string) (Bot, error)
	// BotIdentities lists the bots by name (then id), at most limit (0: all).
	BotIdentities(ctx context.Context, limit int) ([]Bot, error)
	// PutInvitation indexes an invitation (replacing the one of that seat).
	PutInvitation(ctx context.Context, inv Invitation) error
	// Invitations lists bot's invitations, oldest first.
	Invitations(ctx context.Context, bot string) ([]Invitation, error)
	// DropInvitation removes the invitation of a table's seat (none: no
	// error).
	DropInvitation(ctx context.Context, table string, seat int) error
	// SetArena opts bot in or out of the arena; ErrNotFound for no bot.
	SetArena(ctx context.Context, bot string, on bool) error
	// PutArenaTable records a table the arena made (the table must exist).
	PutArenaTable(ctx context.Context, at ArenaTable) error
	// ArenaTables lists the arena's tables made at or after since, oldest
	// first, at most limit (0: all).
	ArenaTables(ctx context.Context, since time.Time, limit int) ([]ArenaTable, error)
}
