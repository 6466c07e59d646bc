// Package sqlcore is the SQL both stores run: the queries and the row
// scanning of store.Store, written once, with a Dialect for what SQLite and
// PostgreSQL spell differently (placeholders, times, seeds, JSON, the log's
// clocks, how a table's version and its seated people are found).
//
// The core reaches its database through Driver, a small interface over
// database/sql (SQLite, see FromSQL) or pgx (PostgreSQL, adapted in package
// store/postgres). What each database does its own way stays in its
// package: opening and migrating, and Commit — SQLite stores each write in a
// savepoint of one transaction, PostgreSQL sends all writes in one round
// trip — both with the queries and encodings of this package.
package sqlcore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jardin-games/jardin/store"
)

// Row is one result row (a *sql.Row, a pgx.Row).
type Row interface{ Scan(dest ...any) error }

// Rows is a result set.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// Conn runs statements on a pool, a connection or a transaction. A query
// that finds no row reports an error that wraps sql.ErrNoRows (pgx's
// ErrNoRows does).
type Conn interface {
	// Exec runs a statement and returns the number of rows it changed.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	QueryRow(ctx context.Context, query string, args ...any) Row
	Query(ctx context.Context, query string, args ...any) (Rows, error)
}

// Driver gives the core its connections.
type Driver interface {
	// Reader runs queries that change nothing.
	Reader() Conn
	// Writer runs one statement that changes something.
	Writer() Conn
	// Tx runs f in a transaction, committed if f returns nil.
	Tx(ctx context.Context, f func(Conn) error) error
}

// Dialect is what the databases spell differently. Queries are written with
// ? placeholders, numbered ($1, $2, …) for a Numbered dialect.
type Dialect struct {
	// Name prefixes errors ("sqlite: …").
	Name     string
	Numbered bool
	// Time is a time as bound (the zero time: none); ScanTime is a
	// destination for a stored time (which may be NULL) and the function
	// that reads it once scanned.
	Time     func(time.Time) any
	ScanTime func() (dest any, get func() time.Time)
	// Seed is a table's seed as bound; ScanSeed reads it back.
	Seed     func(uint64) any
	ScanSeed func() (dest any, get func() (uint64, error))
	// JSON is a table's options, seats or clock (JSON) as bound.
	JSON func([]byte) any
	// ScanClocks reads a log entry's clocks (nil: none).
	ScanClocks func() (dest any, get func() ([]int64, error))
	// Version is the SQL of table t's version (the seq of its last entry).
	Version string
	// Greatest is the SQL function of the largest of its arguments.
	Greatest string
	// Set is the condition that a time column holds a time.
	Set func(col string) string
	// SeatedBy is the condition that identity holds a seat at table t, and
	// its one argument.
	SeatedBy func(identity string) (cond string, arg any)
	// IndexSeats: the seats table indexes who sits where, rewritten with
	// each table's row (SQLite); without it, SeatedBy reads the row's seats.
	IndexSeats bool
	// ByteOrder follows "ORDER BY t.id" so that ids sort by their bytes
	// whatever the database's collation.
	ByteOrder string
}

// Core is store.Store but Commit, Ping and Close, on one database.
type Core struct {
	D   *Dialect
	Drv Driver
}

// Q is query with the dialect's placeholders.
func (c *Core) Q(query string) string {
	if !c.D.Numbered {
		return query
	}
	var sb strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] != '?' {
			sb.WriteByte(query[i])
			continue
		}
		n++
		sb.WriteByte('$')
		sb.WriteString(strconv.Itoa(n))
	}
	return sb.String()
}

func (c *Core) exec(ctx context.Context, conn Conn, query string, args ...any) (int64, error) {
	return conn.Exec(ctx, c.Q(query), args...)
}

func (c *Core) errorf(format string, args ...any) error {
	return fmt.Errorf(c.D.Name+": "+format, args...)
}

func (c *Core) notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, store.ErrNotFound)
	}
	return c.errorf("%s: %w", what, err)
}

// ms is t as stored: to the millisecond, the precision of both stores.
func ms(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return time.UnixMilli(t.UnixMilli())
}

const insertToken = `INSERT INTO tokens(hash, identity) VALUES(?,?)`

func (c *Core) CreateIdentity(ctx context.Context, id store.Identity, tokenHash []byte) error {
	err := c.Drv.Tx(ctx, func(tx Conn) error {
		if _, err := c.exec(ctx, tx, `INSERT INTO identities(id, name, webhook, email, lang, created) VALUES(?,?,?,?,?,?)`,
			id.ID, id.Name, id.Webhook, id.Email, id.Lang, c.D.Time(id.Created)); err != nil {
			return err
		}
		if _, err := c.exec(ctx, tx, insertToken, tokenHash, id.ID); err != nil {
			return fmt.Errorf("token: %w", err)
		}
		return nil
	})
	if err != nil {
		return c.errorf("create identity: %w", err)
	}
	return nil
}

func (c *Core) AddToken(ctx context.Context, identity string, tokenHash []byte) error {
	if _, err := c.exec(ctx, c.Drv.Writer(), insertToken, tokenHash, identity); err != nil {
		return c.errorf("add token: %w", err)
	}
	return nil
}

const identityCols = `i.id, i.name, i.webhook, i.email, i.lang, i.created`

func (c *Core) scanIdentity(row Row) (store.Identity, error) {
	var id store.Identity
	created, get := c.D.ScanTime()
	err := row.Scan(&id.ID, &id.Name, &id.Webhook, &id.Email, &id.Lang, created)
	id.Created = get()
	return id, err
}

func (c *Core) IdentityByToken(ctx context.Context, tokenHash []byte) (store.Identity, error) {
	id, err := c.scanIdentity(c.Drv.Reader().QueryRow(ctx,
		c.Q(`SELECT `+identityCols+` FROM tokens t JOIN identities i ON i.id = t.identity WHERE t.hash = ?`), tokenHash))
	if err != nil {
		return id, c.notFound(err, "identity by token")
	}
	return id, nil
}

func (c *Core) Identity(ctx context.Context, ident string) (store.Identity, error) {
	id, err := c.scanIdentity(c.Drv.Reader().QueryRow(ctx,
		c.Q(`SELECT `+identityCols+` FROM identities i WHERE i.id = ?`), ident))
	if err != nil {
		return id, c.notFound(err, "identity "+ident)
	}
	return id, nil
}

func (c *Core) UpdateIdentity(ctx context.Context, id store.Identity) error {
	n, err := c.exec(ctx, c.Drv.Writer(), `UPDATE identities SET name = ?, webhook = ?, email = ?, lang = ? WHERE id = ?`,
		id.Name, id.Webhook, id.Email, id.Lang, id.ID)
	if err != nil {
		return c.errorf("update identity: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("identity %s: %w", id.ID, store.ErrNotFound)
	}
	return nil
}

func (c *Core) CreateLink(ctx context.Context, codeHash []byte, identity string, expires time.Time) error {
	if _, err := c.exec(ctx, c.Drv.Writer(), `INSERT INTO links(hash, identity, expires) VALUES(?,?,?)`,
		codeHash, identity, c.D.Time(expires)); err != nil {
		return c.errorf("create link: %w", err)
	}
	return nil
}

func (c *Core) UseLink(ctx context.Context, codeHash []byte, now time.Time) (string, error) {
	var identity string
	expires, get := c.D.ScanTime()
	err := c.Drv.Writer().QueryRow(ctx, c.Q(`DELETE FROM links WHERE hash = ? RETURNING identity, expires`), codeHash).
		Scan(&identity, expires)
	if err != nil {
		return "", c.notFound(err, "link")
	}
	if !get().After(ms(now)) {
		return "", fmt.Errorf("link expired: %w", store.ErrNotFound)
	}
	return identity, nil
}

// tableRow is a table's JSON columns as stored.
type tableRow struct{ opts, seats, clock any }

func (c *Core) encodeTable(t store.Table) (tableRow, error) {
	if t.Options == nil {
		t.Options = map[string]string{}
	}
	opts, err := json.Marshal(t.Options)
	var seats, clock []byte
	if err == nil {
		if seats, err = json.Marshal(t.Seats); err == nil {
			clock, err = json.Marshal(t.Clock)
		}
	}
	if err != nil {
		return tableRow{}, c.errorf("encode table %s: %w", t.ID, err)
	}
	return tableRow{c.D.JSON(opts), c.D.JSON(seats), c.D.JSON(clock)}, nil
}

func (c *Core) CreateTable(ctx context.Context, t store.Table) error {
	if !c.D.IndexSeats {
		return c.insertTable(ctx, c.Drv.Writer(), t) // one statement
	}
	return c.Drv.Tx(ctx, func(conn Conn) error { return c.insertTable(ctx, conn, t) })
}

// insertTable inserts t's row (and its seats) on conn: CreateTable's, and
// CreateDuplicate's, CreateForkTable's and CreateDaily's inside their
// transactions.
func (c *Core) insertTable(ctx context.Context, conn Conn, t store.Table) error {
	r, err := c.encodeTable(t)
	if err != nil {
		return err
	}
	n, err := c.exec(ctx, conn, `INSERT INTO tables(id, game, players, options, seed, seats, clock, public, undo, invite,
	owner, status, created, updated, deadline, remind, result, rematch, version, nohints, rated) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
	ON CONFLICT(id) DO NOTHING`,
		t.ID, t.Game, t.Players, r.opts, c.D.Seed(t.Seed), r.seats, r.clock, t.Public, t.Undo, t.Invite, t.Owner,
		string(t.Status), c.D.Time(t.Created), c.D.Time(t.Updated), c.D.Time(t.Deadline), c.D.Time(t.Remind), t.Result,
		t.Rematch, t.Version, t.NoHints, t.Rated)
	if err != nil {
		return c.errorf("create table: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("table %s: %w", t.ID, store.ErrConflict)
	}
	return c.WriteSeats(ctx, conn, t)
}

// WriteSeats indexes who sits where, for "my tables", in a dialect that
// IndexSeats.
func (c *Core) WriteSeats(ctx context.Context, conn Conn, t store.Table) error {
	if !c.D.IndexSeats {
		return nil
	}
	if _, err := c.exec(ctx, conn, `DELETE FROM seats WHERE tbl = ?`, t.ID); err != nil {
		return c.errorf("seats of %s: %w", t.ID, err)
	}
	for i, s := range t.Seats {
		if s.Identity == "" {
			continue
		}
		if _, err := c.exec(ctx, conn, `INSERT INTO seats(tbl, seat, identity) VALUES(?,?,?)`, t.ID, i, s.Identity); err != nil {
			return c.errorf("seats of %s: %w", t.ID, err)
		}
	}
	return nil
}

// UpdateTable replaces table t's row (not its id, owner, seed, game) and its
// seats' index; its version becomes at least last, the seq of the write's
// last entry. It reports ErrNotFound for a missing table.
func (c *Core) UpdateTable(ctx context.Context, conn Conn, t *store.Table, last int) error {
	query, args, err := c.UpdateTableSQL(t, last)
	if err != nil {
		return err
	}
	n, err := conn.Exec(ctx, query, args...)
	if err != nil {
		return c.errorf("update table %s: %w", t.ID, err)
	}
	if n == 0 {
		return fmt.Errorf("table %s: %w", t.ID, store.ErrNotFound)
	}
	return c.WriteSeats(ctx, conn, *t)
}

// UpdateTableSQL is the statement of UpdateTable without the seats' index,
// for a dialect that sends it in a batch of its own.
func (c *Core) UpdateTableSQL(t *store.Table, last int) (query string, args []any, err error) {
	r, err := c.encodeTable(*t)
	if err != nil {
		return "", nil, err
	}
	return c.Q(`UPDATE tables SET players = ?, options = ?, seats = ?, clock = ?, public = ?, undo = ?,
		invite = ?, status = ?, updated = ?, deadline = ?, remind = ?, result = ?, rematch = ?,
		version = ` + c.D.Greatest + `(version, ?, ?) WHERE id = ?`),
		[]any{t.Players, r.opts, r.seats, r.clock, t.Public, t.Undo, t.Invite, string(t.Status), c.D.Time(t.Updated),
			c.D.Time(t.Deadline), c.D.Time(t.Remind), t.Result, t.Rematch, t.Version, last, t.ID}, nil
}

func (c *Core) tableCols() string {
	return `t.id, t.game, t.players, t.options, t.seed, t.seats, t.clock, t.public, t.undo, t.invite, t.owner, t.status,
	t.created, t.updated, t.deadline, t.remind, t.result, t.rematch, t.nohints, t.rated, ` + c.D.Version
}

func (c *Core) scanTable(row Row) (store.Table, error) {
	var t store.Table
	var opts, seats, clock []byte
	seed, getSeed := c.D.ScanSeed()
	created, getCreated := c.D.ScanTime()
	updated, getUpdated := c.D.ScanTime()
	deadline, getDeadline := c.D.ScanTime()
	remind, getRemind := c.D.ScanTime()
	if err := row.Scan(&t.ID, &t.Game, &t.Players, &opts, seed, &seats, &clock, &t.Public, &t.Undo, &t.Invite, &t.Owner,
		&t.Status, created, updated, deadline, remind, &t.Result, &t.Rematch, &t.NoHints, &t.Rated, &t.Version); err != nil {
		return t, err
	}
	t.Created, t.Updated, t.Deadline, t.Remind = getCreated(), getUpdated(), getDeadline(), getRemind()
	var err error
	if t.Seed, err = getSeed(); err != nil {
		return t, fmt.Errorf("table %s: %w", t.ID, err)
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

func (c *Core) Table(ctx context.Context, id string) (store.Table, error) {
	t, err := c.scanTable(c.Drv.Reader().QueryRow(ctx, c.Q(`SELECT `+c.tableCols()+` FROM tables t WHERE t.id = ?`), id))
	if err != nil {
		return t, c.notFound(err, "table "+id)
	}
	return t, nil
}

func (c *Core) Tables(ctx context.Context, q store.Query) ([]store.Table, error) {
	var where []string
	var args []any
	if len(q.Status) > 0 {
		where = append(where, "t.status IN (?"+strings.Repeat(",?", len(q.Status)-1)+")")
		for _, s := range q.Status {
			args = append(args, string(s))
		}
	}
	if q.Public {
		where = append(where, "t.public = TRUE")
	}
	if q.Identity != "" {
		cond, arg := c.D.SeatedBy(q.Identity)
		where = append(where, cond)
		args = append(args, arg)
	}
	if !q.DueTo.IsZero() {
		where = append(where, c.D.Set("t.deadline")+" AND t.deadline < ?")
		args = append(args, c.D.Time(q.DueTo))
		// No DueFrom is no lower bound in both dialects (a NULL bound
		// would match nothing in PostgreSQL).
		if !q.DueFrom.IsZero() {
			where = append(where, "t.deadline >= ?")
			args = append(args, c.D.Time(q.DueFrom))
		}
	}
	if !q.RemindTo.IsZero() {
		where = append(where, c.D.Set("t.remind")+" AND t.remind < ?")
		args = append(args, c.D.Time(q.RemindTo))
	}
	query := `SELECT ` + c.tableCols() + ` FROM tables t`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY t.created DESC, t.id" + c.D.ByteOrder
	if q.Limit > 0 {
		query += " LIMIT ?"
		args = append(args, q.Limit)
	}
	rows, err := c.Drv.Reader().Query(ctx, c.Q(query), args...)
	if err != nil {
		return nil, c.errorf("tables: %w", err)
	}
	defer rows.Close()
	var out []store.Table
	for rows.Next() {
		t, err := c.scanTable(rows)
		if err != nil {
			return nil, c.errorf("tables: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("tables: %w", err)
	}
	return out, nil
}

func (c *Core) CountCreated(ctx context.Context, owner string, since time.Time) (int, error) {
	query, args := `SELECT count(*) FROM tables WHERE owner = ?`, []any{owner}
	if !since.IsZero() { // the zero time counts all (a NULL bound would count none in PostgreSQL)
		query, args = query+` AND created >= ?`, append(args, c.D.Time(since))
	}
	var n int
	if err := c.Drv.Reader().QueryRow(ctx, c.Q(query), args...).Scan(&n); err != nil {
		return 0, c.errorf("count tables: %w", err)
	}
	return n, nil
}

func (c *Core) Entries(ctx context.Context, table string, after int) ([]store.Entry, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT seq, kind, seat, move, client, at, clocks FROM entries
		WHERE tbl = ? AND seq > ? ORDER BY seq`), table, after)
	if err != nil {
		return nil, c.errorf("entries of %s: %w", table, err)
	}
	defer rows.Close()
	var out []store.Entry
	for rows.Next() {
		e := store.Entry{Table: table}
		at, getAt := c.D.ScanTime()
		clocks, getClocks := c.D.ScanClocks()
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Seat, &e.Move, &e.Client, at, clocks); err != nil {
			return nil, c.errorf("entries of %s: %w", table, err)
		}
		e.At = getAt()
		if e.Clocks, err = getClocks(); err != nil {
			return nil, c.errorf("entry %s#%d clocks: %w", table, e.Seq, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("entries of %s: %w", table, err)
	}
	return out, nil
}

func (c *Core) ChatLines(ctx context.Context, table string, n int) ([]store.Chat, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT seq, seat, name, text, at FROM
		(SELECT * FROM chat WHERE tbl = ? ORDER BY seq DESC LIMIT ?) c ORDER BY seq`), table, n)
	if err != nil {
		return nil, c.errorf("chat of %s: %w", table, err)
	}
	defer rows.Close()
	var out []store.Chat
	for rows.Next() {
		ch := store.Chat{Table: table}
		at, getAt := c.D.ScanTime()
		if err := rows.Scan(&ch.Seq, &ch.Seat, &ch.Name, &ch.Text, at); err != nil {
			return nil, c.errorf("chat of %s: %w", table, err)
		}
		ch.At = getAt()
		out = append(out, ch)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("chat of %s: %w", table, err)
	}
	return out, nil
}

func (c *Core) Heartbeat(ctx context.Context, node string, at time.Time) error {
	if _, err := c.exec(ctx, c.Drv.Writer(), `INSERT INTO heartbeats(node, at) VALUES(?, ?)
		ON CONFLICT(node) DO UPDATE SET at = excluded.at`, node, c.D.Time(at)); err != nil {
		return c.errorf("heartbeat: %w", err)
	}
	return nil
}

func (c *Core) LastHeartbeat(ctx context.Context) (time.Time, error) {
	at, get := c.D.ScanTime()
	if err := c.Drv.Reader().QueryRow(ctx, `SELECT max(at) FROM heartbeats`).Scan(at); err != nil {
		return time.Time{}, c.errorf("last heartbeat: %w", err)
	}
	return get(), nil
}
