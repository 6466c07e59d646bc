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
	"strings"
	"time"

	"github.com/jardin-games/jardin/store"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Options tune the store.
type Options struct {
	// Synchronous is SQLite's synchronous pragma: "full" (the default: a
	// commit survives a power cut) or "normal" (a commit survives a crash
	// of the process, not of the machine; faster).
	Synchronous string
}

// DB is a Store on one SQLite file.
type DB struct {
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
	return &DB{w: w, r: r}, nil
}

// upgrade adds the columns a file made by an older jardin lacks: CREATE
// TABLE IF NOT EXISTS leaves an existing table as it was.
func upgrade(w *sql.DB) error {
	for _, c := range []struct{ table, column, def string }{
		{"identities", "lang", "TEXT NOT NULL DEFAULT ''"},
		{"tables", "remind", "INTEGER NOT NULL DEFAULT 0"},
		{"tables", "nohints", "INTEGER NOT NULL DEFAULT 0"},
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
	// Indexes of added columns: the schema above runs before they exist.
	if _, err := w.Exec(`CREATE INDEX IF NOT EXISTS tables_remind ON tables(remind) WHERE remind > 0`); err != nil {
		return fmt.Errorf("index tables.remind: %w", err)
	}
	return nil
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

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, store.ErrNotFound)
	}
	return fmt.Errorf("sqlite: %s: %w", what, err)
}

func (d *DB) CreateIdentity(ctx context.Context, id store.Identity, tokenHash []byte) error {
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: create identity: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO identities(id, name, webhook, email, lang, created) VALUES(?,?,?,?,?,?)`,
		id.ID, id.Name, id.Webhook, id.Email, id.Lang, ms(id.Created)); err != nil {
		return fmt.Errorf("sqlite: create identity: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO tokens(hash, identity) VALUES(?,?)`, tokenHash, id.ID); err != nil {
		return fmt.Errorf("sqlite: create identity token: %w", err)
	}
	return tx.Commit()
}

func (d *DB) AddToken(ctx context.Context, identity string, tokenHash []byte) error {
	if _, err := d.w.ExecContext(ctx, `INSERT INTO tokens(hash, identity) VALUES(?,?)`, tokenHash, identity); err != nil {
		return fmt.Errorf("sqlite: add token: %w", err)
	}
	return nil
}

const identityCols = `i.id, i.name, i.webhook, i.email, i.lang, i.created`

func scanIdentity(row *sql.Row) (store.Identity, error) {
	var id store.Identity
	var created int64
	err := row.Scan(&id.ID, &id.Name, &id.Webhook, &id.Email, &id.Lang, &created)
	id.Created = fromMS(created)
	return id, err
}

func (d *DB) IdentityByToken(ctx context.Context, tokenHash []byte) (store.Identity, error) {
	id, err := scanIdentity(d.r.QueryRowContext(ctx,
		`SELECT `+identityCols+` FROM tokens t JOIN identities i ON i.id = t.identity WHERE t.hash = ?`, tokenHash))
	if err != nil {
		return id, notFound(err, "identity by token")
	}
	return id, nil
}

func (d *DB) Identity(ctx context.Context, ident string) (store.Identity, error) {
	id, err := scanIdentity(d.r.QueryRowContext(ctx, `SELECT `+identityCols+` FROM identities i WHERE i.id = ?`, ident))
	if err != nil {
		return id, notFound(err, "identity "+ident)
	}
	return id, nil
}

func (d *DB) UpdateIdentity(ctx context.Context, id store.Identity) error {
	res, err := d.w.ExecContext(ctx, `UPDATE identities SET name = ?, webhook = ?, email = ?, lang = ? WHERE id = ?`,
		id.Name, id.Webhook, id.Email, id.Lang, id.ID)
	if err != nil {
		return fmt.Errorf("sqlite: update identity: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("identity %s: %w", id.ID, store.ErrNotFound)
	}
	return nil
}

func (d *DB) CreateLink(ctx context.Context, codeHash []byte, identity string, expires time.Time) error {
	if _, err := d.w.ExecContext(ctx, `INSERT INTO links(hash, identity, expires) VALUES(?,?,?)`,
		codeHash, identity, ms(expires)); err != nil {
		return fmt.Errorf("sqlite: create link: %w", err)
	}
	return nil
}

func (d *DB) UseLink(ctx context.Context, codeHash []byte, now time.Time) (string, error) {
	var identity string
	var expires int64
	err := d.w.QueryRowContext(ctx, `DELETE FROM links WHERE hash = ? RETURNING identity, expires`, codeHash).
		Scan(&identity, &expires)
	if err != nil {
		return "", notFound(err, "link")
	}
	if expires <= ms(now) {
		return "", fmt.Errorf("link expired: %w", store.ErrNotFound)
	}
	return identity, nil
}

func (d *DB) CreateTable(ctx context.Context, t store.Table) error {
	opts, seats, clock, err := encodeTable(t)
	if err != nil {
		return err
	}
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: create table: %w", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO tables(id, game, players, options, seed, seats, clock, public, undo, invite,
		owner, status, created, updated, deadline, remind, result, rematch, version, nohints) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT(id) DO NOTHING`,
		t.ID, t.Game, t.Players, opts, fmt.Sprint(t.Seed), seats, clock, t.Public, t.Undo, t.Invite, t.Owner, t.Status,
		ms(t.Created), ms(t.Updated), ms(t.Deadline), ms(t.Remind), t.Result, t.Rematch, t.Version, t.NoHints)
	if err != nil {
		return fmt.Errorf("sqlite: create table: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("table %s: %w", t.ID, store.ErrConflict)
	}
	if err := writeSeats(ctx, tx, t); err != nil {
		return err
	}
	return tx.Commit()
}

func encodeTable(t store.Table) (opts, seats, clock []byte, err error) {
	if t.Options == nil {
		t.Options = map[string]string{}
	}
	if opts, err = json.Marshal(t.Options); err == nil {
		if seats, err = json.Marshal(t.Seats); err == nil {
			clock, err = json.Marshal(t.Clock)
		}
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("sqlite: encode table %s: %w", t.ID, err)
	}
	return opts, seats, clock, nil
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// writeSeats indexes who sits where, for "my tables".
func writeSeats(ctx context.Context, tx execer, t store.Table) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE tbl = ?`, t.ID); err != nil {
		return fmt.Errorf("sqlite: seats of %s: %w", t.ID, err)
	}
	for i, s := range t.Seats {
		if s.Identity == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats(tbl, seat, identity) VALUES(?,?,?)`, t.ID, i, s.Identity); err != nil {
			return fmt.Errorf("sqlite: seats of %s: %w", t.ID, err)
		}
	}
	return nil
}

// tableCols reads a table; its version is the last seq of its log, read
// from the log's primary key rather than kept in the row, so that a move is
// one insert.
const tableCols = `t.id, t.game, t.players, t.options, t.seed, t.seats, t.clock, t.public, t.undo, t.invite, t.owner, t.status,
	t.created, t.updated, t.deadline, t.remind, t.result, t.rematch, t.nohints,
	max(t.version, coalesce((SELECT max(e.seq) FROM entries e WHERE e.tbl = t.id), 0))`

type scanner interface{ Scan(dest ...any) error }

func scanTable(row scanner) (store.Table, error) {
	var t store.Table
	var opts, seats, clock []byte
	var seed string
	var created, updated, deadline, remind int64
	if err := row.Scan(&t.ID, &t.Game, &t.Players, &opts, &seed, &seats, &clock, &t.Public, &t.Undo, &t.Invite, &t.Owner,
		&t.Status, &created, &updated, &deadline, &remind, &t.Result, &t.Rematch, &t.NoHints, &t.Version); err != nil {
		return t, err
	}
	t.Created, t.Updated, t.Deadline, t.Remind = fromMS(created), fromMS(updated), fromMS(deadline), fromMS(remind)
	if _, err := fmt.Sscan(seed, &t.Seed); err != nil {
		return t, fmt.Errorf("table %s: seed %q: %w", t.ID, seed, err)
	}
	if err := json.Unmarshal(opts, &t.Options); err != nil {
		return t, fmt.Errorf("table %s: options: %w", t.ID, err)
	}
	if err := json.Unmarshal(seats, &t.Seats); err != nil {
		return t, fmt.Errorf("table %s: seats: %w", t.ID, err)
	}
	if err := json.Unmarshal(clock, &t.Clock); err != nil {
		return t, fmt.Errorf("table %s: clock: %w", t.ID, err)
	}
	return t, nil
}

func (d *DB) Table(ctx context.Context, id string) (store.Table, error) {
	t, err := scanTable(d.r.QueryRowContext(ctx, `SELECT `+tableCols+` FROM tables t WHERE t.id = ?`, id))
	if err != nil {
		return t, notFound(err, "table "+id)
	}
	return t, nil
}

func (d *DB) Tables(ctx context.Context, q store.Query) ([]store.Table, error) {
	var where []string
	var args []any
	if len(q.Status) > 0 {
		where = append(where, "t.status IN (?"+strings.Repeat(",?", len(q.Status)-1)+")")
		for _, s := range q.Status {
			args = append(args, s)
		}
	}
	if q.Public {
		where = append(where, "t.public = 1")
	}
	if q.Identity != "" {
		where = append(where, "t.id IN (SELECT tbl FROM seats WHERE identity = ?)")
		args = append(args, q.Identity)
	}
	if !q.DueTo.IsZero() {
		where = append(where, "t.deadline > 0 AND t.deadline >= ? AND t.deadline < ?")
		args = append(args, ms(q.DueFrom), ms(q.DueTo))
	}
	if !q.RemindTo.IsZero() {
		where = append(where, "t.remind > 0 AND t.remind < ?")
		args = append(args, ms(q.RemindTo))
	}
	query := `SELECT ` + tableCols + ` FROM tables t`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY t.created DESC, t.id"
	if q.Limit > 0 {
		query += fmt.Sprintf(" LIMIT %d", q.Limit)
	}
	rows, err := d.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: tables: %w", err)
	}
	defer rows.Close()
	var out []store.Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: tables: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

func (d *DB) CountCreated(ctx context.Context, owner string, since time.Time) (int, error) {
	var n int
	if err := d.r.QueryRowContext(ctx, `SELECT count(*) FROM tables WHERE owner = ? AND created >= ?`,
		owner, ms(since)).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count tables: %w", err)
	}
	return n, nil
}

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
	ins, err := tx.PrepareContext(ctx, `INSERT INTO entries(tbl, seq, kind, seat, move, client, at, clocks)
		VALUES(?,?,?,?,?,?,?,?) ON CONFLICT(tbl, seq) DO NOTHING`)
	if err != nil {
		return fail(fmt.Errorf("sqlite: prepare: %w", err))
	}
	defer ins.Close()
	for i, w := range writes {
		// A write of one insert changes nothing when it conflicts (ON
		// CONFLICT DO NOTHING); only writes of several statements need a
		// savepoint to be undone alone. Most writes are one move.
		single := len(w.Entries)+btoi(w.Table != nil)+btoi(w.Chat != nil) <= 1 && w.Table == nil
		if !single {
			if _, err := tx.ExecContext(ctx, `SAVEPOINT w`); err != nil {
				return fail(fmt.Errorf("sqlite: savepoint: %w", err))
			}
		}
		errs[i] = applyWrite(ctx, tx, ins, w)
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

func applyWrite(ctx context.Context, tx *sql.Tx, ins *sql.Stmt, w store.Write) error {
	last := 0
	for _, e := range w.Entries {
		var clocks []byte
		if e.Clocks != nil {
			clocks, _ = json.Marshal(e.Clocks)
		}
		res, err := ins.ExecContext(ctx, e.Table, e.Seq, e.Kind, e.Seat, e.Move, e.Client, ms(e.At), string(clocks))
		if err != nil {
			return fmt.Errorf("sqlite: append %s#%d: %w", e.Table, e.Seq, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("entry %s#%d: %w", e.Table, e.Seq, store.ErrConflict)
		}
		last = max(last, e.Seq)
	}
	if t := w.Table; t != nil {
		opts, seats, clock, err := encodeTable(*t)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE tables SET players = ?, options = ?, seats = ?, clock = ?, public = ?, undo = ?,
			invite = ?, status = ?, updated = ?, deadline = ?, remind = ?, result = ?, rematch = ?, version = max(version, ?, ?)
			WHERE id = ?`,
			t.Players, opts, seats, clock, t.Public, t.Undo, t.Invite, t.Status, ms(t.Updated), ms(t.Deadline), ms(t.Remind), t.Result,
			t.Rematch, t.Version, last, t.ID)
		if err != nil {
			return fmt.Errorf("sqlite: update table %s: %w", t.ID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("table %s: %w", t.ID, store.ErrNotFound)
		}
		if err := writeSeats(ctx, tx, *t); err != nil {
			return err
		}
	}
	if c := w.Chat; c != nil {
		res, err := tx.ExecContext(ctx, `INSERT INTO chat(tbl, seq, seat, name, text, at) VALUES(?,?,?,?,?,?)
			ON CONFLICT(tbl, seq) DO NOTHING`, c.Table, c.Seq, c.Seat, c.Name, c.Text, ms(c.At))
		if err != nil {
			return fmt.Errorf("sqlite: chat of %s: %w", c.Table, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("chat %s#%d: %w", c.Table, c.Seq, store.ErrConflict)
		}
	}
	return nil
}

func (d *DB) Entries(ctx context.Context, table string, after int) ([]store.Entry, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT seq, kind, seat, move, client, at, clocks FROM entries
		WHERE tbl = ? AND seq > ? ORDER BY seq`, table, after)
	if err != nil {
		return nil, fmt.Errorf("sqlite: entries of %s: %w", table, err)
	}
	defer rows.Close()
	var out []store.Entry
	for rows.Next() {
		e := store.Entry{Table: table}
		var at int64
		var clocks string
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Seat, &e.Move, &e.Client, &at, &clocks); err != nil {
			return nil, fmt.Errorf("sqlite: entries of %s: %w", table, err)
		}
		e.At = fromMS(at)
		if clocks != "" {
			if err := json.Unmarshal([]byte(clocks), &e.Clocks); err != nil {
				return nil, fmt.Errorf("sqlite: entry %s#%d clocks: %w", table, e.Seq, err)
			}
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (d *DB) ChatLines(ctx context.Context, table string, n int) ([]store.Chat, error) {
	rows, err := d.r.QueryContext(ctx, `SELECT seq, seat, name, text, at FROM
		(SELECT * FROM chat WHERE tbl = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq`, table, n)
	if err != nil {
		return nil, fmt.Errorf("sqlite: chat of %s: %w", table, err)
	}
	defer rows.Close()
	var out []store.Chat
	for rows.Next() {
		c := store.Chat{Table: table}
		var at int64
		if err := rows.Scan(&c.Seq, &c.Seat, &c.Name, &c.Text, &at); err != nil {
			return nil, fmt.Errorf("sqlite: chat of %s: %w", table, err)
		}
		c.At = fromMS(at)
		out = append(out, c)
	}
	return out, rows.Err()
}

func (d *DB) Heartbeat(ctx context.Context, node string, at time.Time) error {
	if _, err := d.w.ExecContext(ctx, `INSERT INTO heartbeats(node, at) VALUES(?, ?)
		ON CONFLICT(node) DO UPDATE SET at = excluded.at`, node, ms(at)); err != nil {
		return fmt.Errorf("sqlite: heartbeat: %w", err)
	}
	return nil
}

func (d *DB) LastHeartbeat(ctx context.Context) (time.Time, error) {
	var at sql.NullInt64
	if err := d.r.QueryRowContext(ctx, `SELECT max(at) FROM heartbeats`).Scan(&at); err != nil {
		return time.Time{}, fmt.Errorf("sqlite: last heartbeat: %w", err)
	}
	return fromMS(at.Int64), nil
}
