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
	"github.com/jardin-games/jardin/store/internal/sqlcore"
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

// DB is a Store on a PostgreSQL database: the queries of package sqlcore,
// in PostgreSQL's dialect.
type DB struct {
	*sqlcore.Core
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
	d := &DB{Core: &sqlcore.Core{D: &dialect, Drv: pgDriver{pool}}, pool: pool}
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

// dialect is PostgreSQL's: times are timestamptz to the millisecond (NULL:
// none); the seed is the uint64's bits in a bigint; options, seats and
// clock are jsonb, and "my tables" looks into the seats (seats @> …, a GIN
// index); an entry's clocks are a bigint[]; Commit keeps a table's version
// in its row.
var dialect = sqlcore.Dialect{
	Name:     "postgres",
	Numbered: true,
	Time:     func(t time.Time) any { return ts(t) },
	ScanTime: func() (any, func() time.Time) {
		var v *time.Time
		return &v, func() time.Time { return fromTS(v) }
	},
	Seed: func(s uint64) any { return int64(s) },
	ScanSeed: func() (any, func() (uint64, error)) {
		var v int64
		return &v, func() (uint64, error) { return uint64(v), nil }
	},
	JSON: func(b []byte) any { return string(b) },
	ScanClocks: func() (any, func() ([]int64, error)) {
		var v []int64
		return &v, func() ([]int64, error) { return v, nil }
	},
	Version:  "t.version",
	Greatest: "GREATEST",
	Set:      func(col string) string { return col + " IS NOT NULL" },
	SeatedBy: func(identity string) (string, any) {
		who, _ := json.Marshal([]map[string]string{{"identity": identity}})
		return "t.seats @> ?::jsonb", string(who)
	},
	ByteOrder: ` COLLATE "C"`,
}

// pgDriver runs the core's queries on the pool.
type pgDriver struct{ pool *pgxpool.Pool }

func (d pgDriver) Reader() sqlcore.Conn { return pgConn{d.pool} }
func (d pgDriver) Writer() sqlcore.Conn { return pgConn{d.pool} }

func (d pgDriver) Tx(ctx context.Context, f func(sqlcore.Conn) error) error {
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error { return f(pgConn{tx}) })
}

// pgQuerier is what a pool and a transaction share.
type pgQuerier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

type pgConn struct{ q pgQuerier }

func (c pgConn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := c.q.Exec(ctx, query, args...)
	return tag.RowsAffected(), err
}

func (c pgConn) QueryRow(ctx context.Context, query string, args ...any) sqlcore.Row {
	return c.q.QueryRow(ctx, query, args...)
}

func (c pgConn) Query(ctx context.Context, query string, args ...any) (sqlcore.Rows, error) {
	return c.q.Query(ctx, query, args...)
}

// retryable reports a transaction aborted by PostgreSQL's deadlock detector
// or a serialization failure, which a new attempt may pass.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}
