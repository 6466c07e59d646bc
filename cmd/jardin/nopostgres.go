//go:build !postgres

package main

import (
	"context"

	"github.com/jardin-games/jardin/internal/metrics"

	"github.com/jardin-games/jardin/store"
)

// withPostgres: the default build leaves the PostgreSQL driver out. One
// node on SQLite is what most people run, and pgx is a tenth of a first
// build's compile time (docs/performance.md, "First build"); a cluster's
// nodes are built with -tags postgres (deploy/Dockerfile does).
const withPostgres = false

func openPostgres(context.Context, string, int32) (store.Store, metrics.Collector, error) {
	return nil, nil, usageErr("cli.noPostgres")
}
