// Package sqlite is the embedded store: one SQLite file in WAL mode through
// the cgo-free modernc.org/sqlite driver, so that `jardin serve` needs
// nothing else installed.
//
// Writes go through one connection (SQLite has one writer at a time anyway);
// reads use a small pool that WAL lets run beside the writer. Times are
// stored as Unix milliseconds, which every database reads the same way.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/internal/sqlcore"

	// modernc.org/sqlite rather than github.com/ncruces/go-sqlite3: both
	// pass the conformance suite, ncruces reads faster, but it costs more to
	// compile from an empty cache, which is what a newcomer's first
	// `go run` waits for (docs/performance.md, issue 24).
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Options tune the store.
type Options struct {
	// Synchronous is SQLite's synchronous pragma: "full" (the default: a
	// commit survives a power cut) or "normal" (a commit survives a crash
	// of the process, not of the machine; faster).
	Synchronous string
}

// DB is a Store on one SQLite file: the queries of package sqlcore, in
// SQLite's dialect.
type DB struct {
	*sqlcore.Core
	w *sql.DB // the single writer
	r *sql.DB // readers
}

var _ store.Store = (*DB)(nil)

const schema = `
CREATE TABLE IF NOT EXISTS identities (
	id TEXT PRIMARY KEY,
	name TEXT NOT NULL,
	webhook TEXT NOT NULL DEFAULT '',
	email TEXT NOT NULL DEFAULT '',
	lang TEXT NOT NULL DEFAULT '',
	created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
	hash BLOB PRIMARY KEY,
	identity TEXT NOT NULL REFERENCES identities(id)
);
CREATE TABLE IF NOT EXISTS links (
	hash BLOB PRIMARY KEY,
	identity TEXT NOT NULL REFERENCES identities(id),
	expires INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
	id TEXT PRIMARY KEY,
	game TEXT NOT NULL,
	players INTEGER NOT NULL,
	options TEXT NOT NULL,
	seed TEXT NOT NULL,
	seats TEXT NOT NULL,
	clock TEXT NOT NULL,
	public INTEGER NOT NULL,
	undo INTEGER NOT NULL DEFAULT 0,
	nohints INTEGER NOT NULL DEFAULT 0,
	rated INTEGER NOT NULL DEFAULT 0,
	invite TEXT NOT NULL,
	owner TEXT NOT NULL,
	status TEXT NOT NULL,
	created INTEGER NOT NULL,
	updated INTEGER NOT NULL,
	deadline INTEGER NOT NULL DEFAULT 0,
	remind INTEGER NOT NULL DEFAULT 0,
	result BLOB,
	rematch TEXT NOT NULL DEFAULT '',
	version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);
CREATE INDEX IF NOT EXISTS tables_owner ON tables(owner, created);
CREATE INDEX IF NOT EXISTS tables_deadline ON tables(deadline) WHERE deadline > 0;
CREATE TABLE IF NOT EXISTS seats (
	tbl TEXT NOT NULL,
	seat INTEGER NOT NULL,
	identity TEXT NOT NULL,
	PRIMARY KEY (tbl, seat)
);
CREATE INDEX IF NOT EXISTS seats_identity ON seats(identity);
CREATE TABLE IF NOT EXISTS entries (
	tbl TEXT NOT NULL,
	seq INTEGER NOT NULL,
	kind TEXT NOT NULL,
	seat INTEGER NOT NULL,
	move TEXT NOT NULL,
	client TEXT NOT NULL,
	at INTEGER NOT NULL,
	clocks TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (tbl, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
	tbl TEXT NOT NULL,
	seq INTEGER NOT NULL,
	seat INTEGER NOT NULL,
	name TEXT NOT NULL,
	text TEXT NOT NULL,
	at INTEGER NOT NULL,
	PRIMARY KEY (tbl, seq)
);
CREATE TABLE IF NOT EXISTS heartbeats (
	node TEXT PRIMARY KEY,
	at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS analyses (
	tbl TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	data BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS forks (
	tbl TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	source TEXT NOT NULL,
	step INTEGER NOT NULL,
	seat INTEGER NOT NULL,
	setup TEXT NOT NULL,
	moves TEXT NOT NULL,
	earlier TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS passkeys (
	id BLOB PRIMARY KEY,
	identity TEXT NOT NULL REFERENCES identities(id),
	data BLOB NOT NULL,
	created INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS passkeys_identity ON passkeys(identity);
CREATE TABLE IF NOT EXISTS challenges (
	hash BLOB PRIMARY KEY,
	kind TEXT NOT NULL,
	identity TEXT NOT NULL,
	data BLOB NOT NULL,
	expires INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS duplicates (
	tbl TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	grp TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS duplicates_grp ON duplicates(grp);
CREATE TABLE IF NOT EXISTS ratings (
	player TEXT NOT NULL,
	game TEXT NOT NULL,
	mu REAL NOT NULL,
	sigma REAL NOT NULL,
	games INTEGER NOT NULL,
	wins INTEGER NOT NULL,
	updated INTEGER NOT NULL,
	PRIMARY KEY (player, game)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, (mu - 3*sigma));
CREATE TABLE IF NOT EXISTS rated_tables (
	tbl TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS rating_changes (
	tbl TEXT NOT NULL REFERENCES rated_tables(tbl) ON DELETE CASCADE,
	seat INTEGER NOT NULL,
	game TEXT NOT NULL,
	player TEXT NOT NULL,
	place INTEGER NOT NULL,
	won INTEGER NOT NULL,
	mu REAL NOT NULL,
	sigma REAL NOT NULL,
	games INTEGER NOT NULL,
	at INTEGER NOT NULL,
	PRIMARY KEY (tbl, seat)
);
CREATE INDEX IF NOT EXISTS rating_changes_player ON rating_changes(player, at);
CREATE TABLE IF NOT EXISTS bots (
	identity TEXT PRIMARY KEY REFERENCES identities(id),
	since INTEGER NOT NULL,
	arena INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS arena_tables (
	tbl TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	game TEXT NOT NULL,
	players INTEGER NOT NULL,
	at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS arena_tables_at ON arena_tables(at);
CREATE TABLE IF NOT EXISTS bot_invitations (
	tbl TEXT NOT NULL,
	seat INTEGER NOT NULL,
	bot TEXT NOT NULL REFERENCES identities(id),
	at INTEGER NOT NULL,
	PRIMARY KEY (tbl, seat)
);
CREATE INDEX IF NOT EXISTS bot_invitations_bot ON bot_invitations(bot);
`

// Open opens (creating if needed) the store in file path.
func Open(path string, o Options) (*DB, error) {
	sync := strings.ToUpper(o.Synchronous)
	if sync == "" {
		sync = "FULL"
	}
	if sync != "FULL" && sync != "NORMAL" {
		return nil, fmt.Errorf("sqlite: synchronous %q: want full or normal", o.Synchronous)
	}
	dsn := func(txlock string) string {
		q := url.Values{}
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous("+sync+")")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "foreign_keys(1)")
		q.Set("_txlock", txlock)
		return "file:" + path + "?" + q.Encode()
	}
	w, err := sql.Open("sqlite", dsn("immediate"))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if _, err := w.Exec(schema); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: create schema in %s: %w", path, err)
	}
	if err := upgrade(w); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: upgrade schema in %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", dsn("deferred"))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	r.SetMaxIdleConns(4)
	return &DB{Core: &sqlcore.Core{D: &dialect, Drv: sqlcore.SQLDriver{R: r, W: w}}, w: w, r: r}, nil
}

// upgrade adds the columns a file made by an older jardin lacks: CREATE
// TABLE IF NOT EXISTS leaves an existing table as it was.
func upgrade(w *sql.DB) error {
	for _, c := range []struct{ table, column, def string }{
		{"identities", "lang", "TEXT NOT NULL DEFAULT ''"},
		{"tables", "remind", "INTEGER NOT NULL DEFAULT 0"},
		{"tables", "nohints", "INTEGER NOT NULL DEFAULT 0"},
		{"tables", "rated", "INTEGER NOT NULL DEFAULT 0"},
	} {
		var n int
		if err := w.QueryRow(`SELECT count(*) FROM pragma_table_info(?) WHERE name = ?`, c.table, c.column).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			if _, err := w.Exec(`ALTER TABLE ` + c.table + ` ADD COLUMN ` + c.column + ` ` + c.def); err != nil {
				return fmt.Errorf("add %s.%s: %w", c.table, c.column, err)
			}
		}
	}
	// The daily deals' tables (daily.go).
	if _, err := w.Exec(dailySchema); err != nil {
		return fmt.Errorf("daily tables: %w", err)
	}
	// Indexes of added columns: the schema above runs before they exist.
	if _, err := w.Exec(`CREATE INDEX IF NOT EXISTS tables_remind ON tables(remind) WHERE remind > 0`); err != nil {
		return fmt.Errorf("index tables.remind: %w", err)
	}
	return nil
}

// dialect is SQLite's: times are Unix milliseconds (0: none), which every
// database reads the same way; the seed is its decimal digits (SQLite's
// integers are signed); options, seats and clock are JSON bytes; an entry's
// clocks are JSON text (”: none); the seats table indexes who sits where;
// a table's version is read from its log's primary key rather than kept in
// the row, so that a move is one insert.
var dialect = sqlcore.Dialect{
	Name: "sqlite",
	Time: func(t time.Time) any { return ms(t) },
	ScanTime: func() (any, func() time.Time) {
		var v sql.NullInt64
		return &v, func() time.Time { return fromMS(v.Int64) }
	},
	Seed: func(s uint64) any { return strconv.FormatUint(s, 10) },
	ScanSeed: func() (any, func() (uint64, error)) {
		var v string
		return &v, func() (uint64, error) {
			s, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("seed %q: %w", v, err)
			}
			return s, nil
		}
	},
	JSON: func(b []byte) any { return b },
	ScanClocks: func() (any, func() ([]int64, error)) {
		var v string
		return &v, func() ([]int64, error) {
			if v == "" {
				return nil, nil
			}
			var c []int64
			err := json.Unmarshal([]byte(v), &c)
			return c, err
		}
	},
	Version:  `max(t.version, coalesce((SELECT max(e.seq) FROM entries e WHERE e.tbl = t.id), 0))`,
	Greatest: "max",
	Set:      func(col string) string { return col + " > 0" },
	SeatedBy: func(identity string) (string, any) {
		return "t.id IN (SELECT tbl FROM seats WHERE identity = ?)", identity
	},
	IndexSeats: true,
}

func (d *DB) Close() error {
	return errors.Join(d.r.Close(), d.w.Close())
}

func (d *DB) Ping(ctx context.Context) error {
	var n int
	if err := d.r.QueryRowContext(ctx, "SELECT 1").Scan(&n); err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	return nil
}

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v)
}

const insertEntry = `INSERT INTO entries(tbl, seq, kind, seat, move, client, at, clocks)
	VALUES(?,?,?,?,?,?,?,?) ON CONFLICT(tbl, seq) DO NOTHING`

// Commit applies all writes in one transaction, each inside a savepoint so
// that a conflicting write is undone alone: one fsync for many tables'
// moves is what lets SQLite keep up with thousands of moves a second.
func (d *DB) Commit(ctx context.Context, writes []store.Write) []error {
	errs := make([]error, len(writes))
	fail := func(err error) []error {
		for i := range errs {
			errs[i] = err
		}
		return errs
	}
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return fail(fmt.Errorf("sqlite: begin: %w", err))
	}
	defer tx.Rollback()
	ins, err := tx.PrepareContext(ctx, insertEntry)
	if err != nil {
		return fail(fmt.Errorf("sqlite: prepare: %w", err))
	}
	defer ins.Close()
	conn := sqlcore.FromSQL(tx)
	for i, w := range writes {
		// A write of one insert changes nothing when it conflicts (ON
		// CONFLICT DO NOTHING); only writes of several statements need a
		// savepoint to be undone alone. Most writes are one move.
		single := len(w.Entries)+btoi(w.Chat != nil) <= 1 && w.Table == nil
		if !single {
			if _, err := tx.ExecContext(ctx, `SAVEPOINT w`); err != nil {
				return fail(fmt.Errorf("sqlite: savepoint: %w", err))
			}
		}
		errs[i] = d.applyWrite(ctx, conn, ins, w)
		if single {
			continue
		}
		if errs[i] != nil {
			if _, err := tx.ExecContext(ctx, `ROLLBACK TO w`); err != nil {
				return fail(fmt.Errorf("sqlite: rollback to savepoint: %w", err))
			}
		}
		if _, err := tx.ExecContext(ctx, `RELEASE w`); err != nil {
			return fail(fmt.Errorf("sqlite: release savepoint: %w", err))
		}
	}
	if err := tx.Commit(); err != nil {
		return fail(fmt.Errorf("sqlite: commit: %w", err))
	}
	return errs
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (d *DB) applyWrite(ctx context.Context, tx sqlcore.Conn, ins *sql.Stmt, w store.Write) error {
	last := 0
	for _, e := range w.Entries {
		var clocks []byte
		if e.Clocks != nil {
			clocks, _ = json.Marshal(e.Clocks)
		}
		res, err := ins.ExecContext(ctx, e.Table, e.Seq, string(e.Kind), e.Seat, e.Move, e.Client, ms(e.At), string(clocks))
		if err != nil {
			return fmt.Errorf("sqlite: append %s#%d: %w", e.Table, e.Seq, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("entry %s#%d: %w", e.Table, e.Seq, store.ErrConflict)
		}
		last = max(last, e.Seq)
	}
	if t := w.Table; t != nil {
		if err := d.UpdateTable(ctx, tx, t, last); err != nil {
			return err
		}
	}
	if c := w.Chat; c != nil {
		n, err := tx.Exec(ctx, `INSERT INTO chat(tbl, seq, seat, name, text, at) VALUES(?,?,?,?,?,?)
			ON CONFLICT(tbl, seq) DO NOTHING`, c.Table, c.Seq, c.Seat, c.Name, c.Text, ms(c.At))
		if err != nil {
			return fmt.Errorf("sqlite: chat of %s: %w", c.Table, err)
		}
		if n == 0 {
			return fmt.Errorf("chat %s#%d: %w", c.Table, c.Seq, store.ErrConflict)
		}
	}
	return nil
}
