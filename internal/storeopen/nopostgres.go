//go:build !postgres

package storeopen

import (
	"context"

	"github.com/jardin-games/jardin/internal/metrics"
	"github.com/jardin-games/jardin/store"
)

// The default build leaves the PostgreSQL driver out: one node on SQLite is
// what most people run, and pgx was a tenth of a first build's compile time
// (docs/performance.md, "First build"). A cluster's nodes are built with
// -tags postgres (deploy/Dockerfile does).
func openPostgres(context.Context, string, int32) (store.Store, metrics.Collector, error) {
	return nil, nil, ErrNoPostgres
}
