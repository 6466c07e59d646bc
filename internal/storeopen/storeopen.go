// Package storeopen opens the store a --db flag names: a SQLite file, or a
// PostgreSQL URL in a binary built with -tags postgres.
//
// It is a package of its own, imported by cmd/jardin, for the first build
// as much as for sharing: `go build` starts ready packages in the order of a
// depth-first walk of the imports, and a path under internal/ is walked
// before server/. SQLite's translation to Go (modernc.org/libc, then
// modernc.org/sqlite/lib) is the longest chain of a cold build; reached from
// here it starts early and compiles beside the standard library and the
// server instead of after them (docs/performance.md, "First build": 60 s →
// 41 s on the two-core machine).
package storeopen

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/jardin-games/jardin/internal/metrics"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
)

// ErrNoPostgres: a postgres:// URL given to a binary built without the
// PostgreSQL store (the default build).
var ErrNoPostgres = errors.New("this binary was built without PostgreSQL (go build -tags postgres)")

// Options tune what Open opens.
type Options struct {
	// Synchronous is SQLite's synchronous setting ("full" when empty).
	Synchronous string
	// MaxConns is the PostgreSQL pool's size (0: pgx's default).
	MaxConns int32
	// MustExist refuses a SQLite file that does not exist yet, rather than
	// creating an empty database (jardin check).
	MustExist bool
}

// IsURL reports whether db names a PostgreSQL database rather than a file.
func IsURL(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// Open opens db, and for PostgreSQL returns its pool's series for /metrics
// (nil for SQLite).
func Open(ctx context.Context, db string, o Options) (store.Store, metrics.Collector, error) {
	if IsURL(db) {
		return openPostgres(ctx, db, o.MaxConns)
	}
	if o.MustExist {
		if _, err := os.Stat(db); err != nil {
			return nil, nil, err
		}
	}
	sq, err := sqlite.Open(db, sqlite.Options{Synchronous: o.Synchronous})
	if err != nil {
		return nil, nil, err
	}
	return sq, nil, nil
}
