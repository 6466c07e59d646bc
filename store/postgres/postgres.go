// Package postgres is the store for several `jardin serve` nodes: a
// PostgreSQL database through pgx's connection pool.
//
// The schema is created and upgraded by numbered migrations embedded in the
// binary (migrations/NNNN_name.sql), applied at Open under an advisory lock
// so that nodes starting together apply each migration once. Migrations only
// add (columns with defaults, tables, indexes): a node of the previous
// version keeps working on the upgraded schema while the nodes are upgraded
// one by one, and Open accepts a database newer than the binary.
//
// The log's primary key (tbl, seq) is the fence: two nodes that both believe
// they own a table can never both store the same entry. Commit stores many
// tables' writes in one transaction (group commit: one WAL flush for all).
package postgres

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jardin-games/jardin/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationLock is the advisory lock key held while migrating: "jardin" in
// ASCII, so that it does not collide with another application's key by
// chance.
const migrationLock = 0x6a617264696e

// Options tune the store.
type Options struct {
	// MaxConns is the pool's size (0: pgx's default, the larger of 4 and
	// the number of CPUs). The connection string's pool_max_conns, if any,
	// wins over it.
	MaxConns int32
}

// DB is a Store on a PostgreSQL database.
type DB struct {
	pool *pgxpool.Pool
}

var _ store.Store = (*DB)(nil)

// Open connects to the database at dsn (a postgres:// URL or a key=value
// string, as libpq takes), applies the migrations it lacks and returns the
// store.
func Open(ctx context.Context, dsn string, o Options) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if o.MaxConns > 0 && !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = o.MaxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	d := &DB{pool: pool}
	if err := d.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return d, nil
}

// migration is one numbered schema change.
type migration struct {
	version int
	name    string
	sql     string
}

// Migrations lists the embedded migrations in order.
func Migrations() ([]migration, error) {
	files, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, f := range files {
		base := strings.TrimSuffix(strings.TrimPrefix(f, "migrations/"), ".sql")
		num, name, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("postgres: migration file %s: want NNNN_name.sql", f)
		}
		body, err := migrations.ReadFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{v, name, string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := range out {
		if out[i].version != i+1 {
			return nil, fmt.Errorf("postgres: migrations are not numbered 1, 2, 3…: %d is %s", i+1, out[i].name)
		}
	}
	return out, nil
}

// migrate applies the missing migrations, each in its own transaction,
// holding a session advisory lock so that two nodes starting at once do
// not both apply one.
func (d *DB) migrate(ctx context.Context) error {
	all, err := Migrations()
	if err != nil {
		return err
	}
	conn, err := d.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: connect: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(migrationLock)); err != nil {
		return fmt.Errorf("postgres: migration lock: %w", err)
	}
	defer conn.Exec(context.Background(), `SELECT pg_advisory_unlock($1)`, int64(migrationLock))
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())`); err != nil {
		return fmt.Errorf("postgres: schema_migrations: %w", err)
	}
	var have int
	if err := conn.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return fmt.Errorf("postgres: schema version: %w", err)
	}
	for _, m := range all {
		if m.version <= have {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations(version, name) VALUES($1, $2)`, m.version, m.name)
			return err
		})
		if err != nil {
			return fmt.Errorf("postgres: migration %04d_%s: %w", m.version, m.name, err)
		}
	}
	return nil
}

// SchemaVersion is the latest migration applied to the database.
func (d *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := d.pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("postgres: schema version: %w", err)
	}
	return v, nil
}

// Pool is the connection pool, for metrics (Pool().Stat()).
func (d *DB) Pool() *pgxpool.Pool { return d.pool }

func (d *DB) Close() error {
	d.pool.Close()
	return nil
}

func (d *DB) Ping(ctx context.Context) error {
	if err := d.pool.Ping(ctx); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	return nil
}

// ts is a time as stored: milliseconds, NULL for the zero time, the same
// precision as the SQLite store.
func ts(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	v := time.UnixMilli(t.UnixMilli())
	return &v
}

// fromTS is a stored time back, in the local zone like time.UnixMilli's.
func fromTS(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return time.UnixMilli(t.UnixMilli())
}

func notFound(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, store.ErrNotFound)
	}
	return fmt.Errorf("postgres: %s: %w", what, err)
}

func (d *DB) CreateIdentity(ctx context.Context, id store.Identity, tokenHash []byte) error {
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO identities(id, name, webhook, email, lang, created) VALUES($1,$2,$3,$4,$5,$6)`,
			id.ID, id.Name, id.Webhook, id.Email, id.Lang, ts(id.Created)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO tokens(hash, identity) VALUES($1,$2)`, tokenHash, id.ID)
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: create identity: %w", err)
	}
	return nil
}

func (d *DB) AddToken(ctx context.Context, identity string, tokenHash []byte) error {
	if _, err := d.pool.Exec(ctx, `INSERT INTO tokens(hash, identity) VALUES($1,$2)`, tokenHash, identity); err != nil {
		return fmt.Errorf("postgres: add token: %w", err)
	}
	return nil
}

const identityCols = `i.id, i.name, i.webhook, i.email, i.lang, i.created`

func scanIdentity(row pgx.Row) (store.Identity, error) {
	var id store.Identity
	var created *time.Time
	err := row.Scan(&id.ID, &id.Name, &id.Webhook, &id.Email, &id.Lang, &created)
	id.Created = fromTS(created)
	return id, err
}

func (d *DB) IdentityByToken(ctx context.Context, tokenHash []byte) (store.Identity, error) {
	id, err := scanIdentity(d.pool.QueryRow(ctx,
		`SELECT `+identityCols+` FROM tokens t JOIN identities i ON i.id = t.identity WHERE t.hash = $1`, tokenHash))
	if err != nil {
		return id, notFound(err, "identity by token")
	}
	return id, nil
}

func (d *DB) Identity(ctx context.Context, ident string) (store.Identity, error) {
	id, err := scanIdentity(d.pool.QueryRow(ctx, `SELECT `+identityCols+` FROM identities i WHERE i.id = $1`, ident))
	if err != nil {
		return id, notFound(err, "identity "+ident)
	}
	return id, nil
}

func (d *DB) UpdateIdentity(ctx context.Context, id store.Identity) error {
	tag, err := d.pool.Exec(ctx, `UPDATE identities SET name = $1, webhook = $2, email = $3, lang = $4 WHERE id = $5`,
		id.Name, id.Webhook, id.Email, id.Lang, id.ID)
	if err != nil {
		return fmt.Errorf("postgres: update identity: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("identity %s: %w", id.ID, store.ErrNotFound)
	}
	return nil
}

func (d *DB) CreateLink(ctx context.Context, codeHash []byte, identity string, expires time.Time) error {
	if _, err := d.pool.Exec(ctx, `INSERT INTO links(hash, identity, expires) VALUES($1,$2,$3)`,
		codeHash, identity, ts(expires)); err != nil {
		return fmt.Errorf("postgres: create link: %w", err)
	}
	return nil
}

func (d *DB) UseLink(ctx context.Context, codeHash []byte, now time.Time) (string, error) {
	var identity string
	var expires *time.Time
	err := d.pool.QueryRow(ctx, `DELETE FROM links WHERE hash = $1 RETURNING identity, expires`, codeHash).
		Scan(&identity, &expires)
	if err != nil {
		return "", notFound(err, "link")
	}
	if !fromTS(expires).After(fromTS(ts(now))) {
		return "", fmt.Errorf("link expired: %w", store.ErrNotFound)
	}
	return identity, nil
}

// tableRow is a table's columns as stored.
type tableRow struct {
	opts, seats, clock []byte
}

func encodeTable(t store.Table) (tableRow, error) {
	var r tableRow
	var err error
	if t.Options == nil {
		t.Options = map[string]string{}
	}
	if r.opts, err = json.Marshal(t.Options); err == nil {
		if r.seats, err = json.Marshal(t.Seats); err == nil {
			r.clock, err = json.Marshal(t.Clock)
		}
	}
	if err != nil {
		return r, fmt.Errorf("postgres: encode table %s: %w", t.ID, err)
	}
	return r, nil
}

func (d *DB) CreateTable(ctx context.Context, t store.Table) error {
	r, err := encodeTable(t)
	if err != nil {
		return err
	}
	tag, err := d.pool.Exec(ctx, `INSERT INTO tables(id, game, players, options, seed, seats, clock, public, undo, invite,
		owner, status, created, updated, deadline, result, rematch, version, remind, nohints)
		VALUES($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20)
		ON CONFLICT(id) DO NOTHING`,
		t.ID, t.Game, t.Players, string(r.opts), int64(t.Seed), string(r.seats), string(r.clock), t.Public, t.Undo,
		t.Invite, t.Owner, t.Status, ts(t.Created), ts(t.Updated), ts(t.Deadline), t.Result, t.Rematch, t.Version, ts(t.Remind), t.NoHints)
	if err != nil {
		return fmt.Errorf("postgres: create table: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("table %s: %w", t.ID, store.ErrConflict)
	}
	return nil
}

const tableCols = `t.id, t.game, t.players, t.options, t.seed, t.seats, t.clock, t.public, t.undo, t.invite, t.owner,
	t.status, t.created, t.updated, t.deadline, t.result, t.rematch, t.version, t.remind, t.nohints`

func scanTable(row pgx.Row) (store.Table, error) {
	var t store.Table
	var opts, seats, clock []byte
	var seed int64
	var created, updated, deadline, remind *time.Time
	if err := row.Scan(&t.ID, &t.Game, &t.Players, &opts, &seed, &seats, &clock, &t.Public, &t.Undo, &t.Invite,
		&t.Owner, &t.Status, &created, &updated, &deadline, &t.Result, &t.Rematch, &t.Version, &remind, &t.NoHints); err != nil {
		return t, err
	}
	t.Seed = uint64(seed)
	t.Created, t.Updated, t.Deadline, t.Remind = fromTS(created), fromTS(updated), fromTS(deadline), fromTS(remind)
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
	t, err := scanTable(d.pool.QueryRow(ctx, `SELECT `+tableCols+` FROM tables t WHERE t.id = $1`, id))
	if err != nil {
		return t, notFound(err, "table "+id)
	}
	return t, nil
}

func (d *DB) Tables(ctx context.Context, q store.Query) ([]store.Table, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if len(q.Status) > 0 {
		statuses := make([]string, len(q.Status)) // a text[] for pgx, whatever the Go type
		for i, st := range q.Status {
			statuses[i] = string(st)
		}
		where = append(where, "t.status = ANY("+arg(statuses)+")")
	}
	if q.Public {
		where = append(where, "t.public")
	}
	if q.Identity != "" {
		who, _ := json.Marshal([]map[string]string{{"identity": q.Identity}})
		where = append(where, "t.seats @> "+arg(string(who))+"::jsonb")
	}
	if !q.DueTo.IsZero() {
		where = append(where, "t.deadline >= "+arg(ts(q.DueFrom))+" AND t.deadline < "+arg(ts(q.DueTo)))
	}
	if !q.RemindTo.IsZero() {
		where = append(where, "t.remind < "+arg(ts(q.RemindTo)))
	}
	query := `SELECT ` + tableCols + ` FROM tables t`
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	// Ids in byte order whatever the database's collation, as in SQLite.
	query += ` ORDER BY t.created DESC, t.id COLLATE "C"`
	if q.Limit > 0 {
		query += " LIMIT " + arg(q.Limit)
	}
	rows, err := d.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: tables: %w", err)
	}
	defer rows.Close()
	var out []store.Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: tables: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: tables: %w", err)
	}
	return out, nil
}

func (d *DB) CountCreated(ctx context.Context, owner string, since time.Time) (int, error) {
	var n int
	if err := d.pool.QueryRow(ctx, `SELECT count(*) FROM tables WHERE owner = $1 AND created >= $2`,
		owner, ts(since)).Scan(&n); err != nil {
		return 0, fmt.Errorf("postgres: count tables: %w", err)
	}
	return n, nil
}

func (d *DB) Entries(ctx context.Context, table string, after int) ([]store.Entry, error) {
	rows, err := d.pool.Query(ctx, `SELECT seq, kind, seat, move, client, at, clocks FROM entries
		WHERE tbl = $1 AND seq > $2 ORDER BY seq`, table, after)
	if err != nil {
		return nil, fmt.Errorf("postgres: entries of %s: %w", table, err)
	}
	defer rows.Close()
	var out []store.Entry
	for rows.Next() {
		e := store.Entry{Table: table}
		var at *time.Time
		if err := rows.Scan(&e.Seq, &e.Kind, &e.Seat, &e.Move, &e.Client, &at, &e.Clocks); err != nil {
			return nil, fmt.Errorf("postgres: entries of %s: %w", table, err)
		}
		e.At = fromTS(at)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: entries of %s: %w", table, err)
	}
	return out, nil
}

func (d *DB) ChatLines(ctx context.Context, table string, n int) ([]store.Chat, error) {
	rows, err := d.pool.Query(ctx, `SELECT seq, seat, name, text, at FROM
		(SELECT * FROM chat WHERE tbl = $1 ORDER BY seq DESC LIMIT $2) c ORDER BY seq`, table, n)
	if err != nil {
		return nil, fmt.Errorf("postgres: chat of %s: %w", table, err)
	}
	defer rows.Close()
	var out []store.Chat
	for rows.Next() {
		c := store.Chat{Table: table}
		var at *time.Time
		if err := rows.Scan(&c.Seq, &c.Seat, &c.Name, &c.Text, &at); err != nil {
			return nil, fmt.Errorf("postgres: chat of %s: %w", table, err)
		}
		c.At = fromTS(at)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: chat of %s: %w", table, err)
	}
	return out, nil
}

func (d *DB) Heartbeat(ctx context.Context, node string, at time.Time) error {
	if _, err := d.pool.Exec(ctx, `INSERT INTO heartbeats(node, at) VALUES($1, $2)
		ON CONFLICT(node) DO UPDATE SET at = excluded.at`, node, ts(at)); err != nil {
		return fmt.Errorf("postgres: heartbeat: %w", err)
	}
	return nil
}

func (d *DB) LastHeartbeat(ctx context.Context) (time.Time, error) {
	var at *time.Time
	if err := d.pool.QueryRow(ctx, `SELECT max(at) FROM heartbeats`).Scan(&at); err != nil {
		return time.Time{}, fmt.Errorf("postgres: last heartbeat: %w", err)
	}
	return fromTS(at), nil
}

// retryable reports a transaction aborted by PostgreSQL's deadlock detector
// or a serialization failure, which a new attempt may pass.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}
