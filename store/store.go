// Package store keeps what the server must not lose: identities, tables and
// the append-only log of each table (moves, undos, seat replacements), chat,
// the coach's analyses of finished tables, and the server's heartbeat. One interface, Store, with an embedded SQLite
// implementation (package store/sqlite) and, later, PostgreSQL; both pass the
// conformance suite in store/storetest.
//
// A table's state is never stored: it is rebuilt by replaying its log from
// the seed, which takes micro- to milliseconds. The log's (table, seq) key is
// unique, so that two writers that both believe they own a table can never
// both append the same entry: the fence against double writes.
package store

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is returned when an identity, table or link does not exist.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned for a write whose log entry (table, seq) is
// already stored, or whose table was changed by a newer write.
var ErrConflict = errors.New("conflict: already stored")

// Identity is an anonymous player: a display name and optional ways to tell
// them it is their turn. Tokens that authenticate it are stored hashed.
type Identity struct {
	ID      string
	Name    string
	Webhook string // URL receiving a JSON POST on "your turn", or ""
	Email   string // address receiving an e-mail on "your turn", or ""
	// Lang is the language the person reads (the page's, when the identity
	// was created or renamed): "your turn" e-mails and webhooks speak it.
	// "" is the source language.
	Lang    string
	Created time.Time
}

// Status is a table's stage.
type Status string

// Table statuses.
const (
	StatusOpen    Status = "open"    // waiting for people to take open seats
	StatusLive    Status = "live"    // being played
	StatusOver    Status = "over"    // finished; the record may be downloaded
	StatusAborted Status = "aborted" // given up before the end by everyone
)

// SeatKind says who plays a seat.
type SeatKind string

// Seat kinds.
const (
	SeatOpen  SeatKind = "open"  // waiting for a person
	SeatHuman SeatKind = "human" // a person holds it
	SeatBot   SeatKind = "bot"   // a bot plays it
)

// Seat is one seat of a table.
type Seat struct {
	Kind SeatKind `json:"kind"`
	// Bot is the bot's kind and level ("greedy", "ismcts:easy"), for a bot
	// seat and for a person replaced by a bot (Zombie).
	Bot string `json:"bot,omitempty"`
	// Identity holds the seat (human seats).
	Identity string `json:"identity,omitempty"`
	Name     string `json:"name"`
	// Zombie: the person ran out of time or left, and Bot plays for them
	// since log entry ZombieAt.
	Zombie   bool `json:"zombie,omitempty"`
	ZombieAt int  `json:"zombieAt,omitempty"`
	// Rematch is the seat's answer to a rematch once the game is over:
	// RematchOffered (it offered), RematchAgreed, RematchDeclined (the
	// offer ended there), or "" (not asked, or not answered yet). It is
	// in the seat so that an offer survives a restart.
	Rematch RematchAnswer `json:"rematch,omitempty"`
	// Invited is the bot identity an open seat is kept for until it
	// accepts or declines (docs/bot-api.md); Program marks a seat a bot
	// identity holds, so that its name shows as a bot's everywhere.
	Invited string `json:"invited,omitempty"`
	Program bool   `json:"program,omitempty"`
}

// RematchAnswer is a seat's answer to a rematch offer.
type RematchAnswer string

// Rematch answers.
const (
	RematchOffered  RematchAnswer = "offered"
	RematchAgreed   RematchAnswer = "agreed"
	RematchDeclined RematchAnswer = "declined"
)

// ClockMode is a table's kind of time control.
type ClockMode string

// Clock modes.
const (
	ClockNone     ClockMode = "none"
	ClockRealtime ClockMode = "realtime" // Base and Increment per player
	ClockAsync    ClockMode = "async"    // PerMove for each decision
)

// Clock is a table's time control.
type Clock struct {
	Mode      ClockMode     `json:"mode"`
	Base      time.Duration `json:"base,omitempty"`
	Increment time.Duration `json:"increment,omitempty"`
	PerMove   time.Duration `json:"perMove,omitempty"`
}

// Table is one game table: what it plays and who sits at it. Its progress is
// the log (Entry), not a field here.
type Table struct {
	ID      string
	Game    string
	Players int
	Options map[string]string
	Seed    uint64
	Seats   []Seat
	Clock   Clock
	Public  bool // listed in the lobby while open
	Undo    bool // players may take back moves that revealed nothing
	// NoHints: the seat to move may not ask what a bot would play. Hints are
	// on at casual tables (every table today); rated tables will set it.
	// Set at creation only.
	NoHints bool
	// Rated: the table's final ranking changes its players' ratings
	// (ratings.go). Set at creation only.
	Rated   bool
	Invite  string // code of the invite link that lets people take open seats
	Owner   string // identity that created it
	Status  Status
	Created time.Time
	Updated time.Time
	// Deadline is when the player to move runs out of time (zero: none).
	// It is stored so that deadlines fire after a restart, and so that a
	// scheduler finds the async tables that are due without loading them.
	Deadline time.Time
	// Remind is when the person to move at an async table is reminded that
	// a quarter of the decision's time is left (zero: no reminder due, or
	// it was sent). Stored for the same reasons as Deadline, and so that a
	// reminder is sent once: the row says it was sent before it is.
	Remind time.Time
	// Result is the JSON score pad once over.
	Result []byte
	// Rematch is the id of the table that replays this one, if any.
	Rematch string
	// Version is the seq of the last entry of the table's log.
	Version int
}

// EntryKind says what a log entry does.
type EntryKind string

// Entry kinds.
const (
	KindMove   EntryKind = "move"   // Move is the notation of a move by Seat
	KindUndo   EntryKind = "undo"   // Seat took back N moves (Move holds N)
	KindZombie EntryKind = "zombie" // Seat is played by a greedy bot from now on
)

// Entry is one step of a table's log.
type Entry struct {
	Table  string
	Seq    int // 1, 2, 3, … per table; (Table, Seq) is unique
	Kind   EntryKind
	Seat   int
	Move   string
	Client string // the client's id for the move, to apply a resent move once
	At     time.Time
	// Clocks is every seat's remaining realtime clock after the entry, in
	// milliseconds (nil without a realtime clock).
	Clocks []int64
}

// Chat is one line of a table's chat.
type Chat struct {
	Table string
	Seq   int // 1, 2, 3, … per table
	Seat  int // -1: a spectator
	Name  string
	Text  string
	At    time.Time
}

// Write is what one table changes at once: log entries, its row, a chat
// line. A Write is applied atomically; Commit applies many writes of many
// tables in one transaction (group commit) and reports each one's outcome.
type Write struct {
	Entries []Entry
	Table   *Table // replaces the table's row (not its id, owner, seed, game)
	Chat    *Chat
}

// Query selects tables.
type Query struct {
	Status   []Status  // any of these statuses (none: any)
	Public   bool      // only public tables
	Identity string    // only tables where this identity holds a seat
	DueFrom  time.Time // with a deadline at or after this time (with DueTo; zero: no lower bound)
	DueTo    time.Time // only tables with a deadline before this (zero: any)
	RemindTo time.Time // only tables with a reminder due before this (zero: any)
	Limit    int       // at most this many (0: no limit)
}

// The store by concern: a caller asks for the part it uses (the Batcher
// only commits), and Store is all of them.

// Identities keeps people: who they are, the tokens that authenticate them
// and the one-time links that move them to another device.
type Identities interface {
	// CreateIdentity stores a new identity and its first token's hash.
	CreateIdentity(ctx context.Context, id Identity, tokenHash []byte) error
	// AddToken lets another token (another device) authenticate identity.
	AddToken(ctx context.Context, identity string, tokenHash []byte) error
	// IdentityByToken finds the identity a token's hash authenticates.
	IdentityByToken(ctx context.Context, tokenHash []byte) (Identity, error)
	Identity(ctx context.Context, id string) (Identity, error)
	// UpdateIdentity changes name, webhook and e-mail.
	UpdateIdentity(ctx context.Context, id Identity) error
	// CreateLink stores a one-time code (hashed) that moves identity to
	// another device until expires.
	CreateLink(ctx context.Context, codeHash []byte, identity string, expires time.Time) error
	// UseLink consumes a link code: it returns its identity once, and
	// ErrNotFound for an unknown, used or expired code.
	UseLink(ctx context.Context, codeHash []byte, now time.Time) (string, error)
}

// TableRows creates and finds tables (what they play, who sits, their
// stage); their rows change only through Commit.
type TableRows interface {
	// CreateTable stores a new table; ErrConflict if its id exists.
	CreateTable(ctx context.Context, t Table) error
	Table(ctx context.Context, id string) (Table, error)
	// Tables lists tables by creation time, newest first.
	Tables(ctx context.Context, q Query) ([]Table, error)
	// CountCreated counts the tables owner created since a time.
	CountCreated(ctx context.Context, owner string, since time.Time) (int, error)
}

// Committer applies writes: the only way a table's log, row and chat
// change.
type Committer interface {
	// Commit applies writes in one transaction; errs[i] is nil when
	// writes[i] is stored, ErrConflict when one of its entries' (table,
	// seq) was already stored (nothing of that write is then applied), or
	// another error (nothing at all is then applied).
	Commit(ctx context.Context, writes []Write) (errs []error)
}

// Log is the tables' append-only logs: written by Commit, read back to
// replay a table.
type Log interface {
	Committer
	// Entries returns a table's log after seq, in order.
	Entries(ctx context.Context, table string, after int) ([]Entry, error)
}

// ChatLog reads the tables' chat (lines are written by Commit).
type ChatLog interface {
	// ChatLines returns the last n chat lines of a table, oldest first.
	ChatLines(ctx context.Context, table string, n int) ([]Chat, error)
}

// Heartbeats records that nodes run.
type Heartbeats interface {
	// Heartbeat records that node was running at a time; LastHeartbeat
	// returns the latest of any node (zero if none), so that a restarted
	// server knows how long it was down.
	Heartbeat(ctx context.Context, node string, at time.Time) error
	LastHeartbeat(ctx context.Context) (time.Time, error)
}

// Store is the server's persistence: every part above. Implementations are
// safe for concurrent use.
type Store interface {
	Identities
	TableRows
	Log
	ChatLog
	Heartbeats
	Analyses
	Forks
	Duplicates
	Passkeys
	Dailies
	Ratings
	RatingBoards
	TableDeltas
	BotIdentities

	// Ping reports whether the store is usable.
	Ping(ctx context.Context) error
	Close() error
}
