//go:build postgres

package storeopen

import (
	"context"

	"github.com/jardin-games/jardin/internal/metrics"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/postgres"
)

func openPostgres(ctx context.Context, url string, maxConns int32) (store.Store, metrics.Collector, error) {
	pg, err := postgres.Open(ctx, url, postgres.Options{MaxConns: maxConns})
	if err != nil {
		return nil, nil, err
	}
	return pg, pg.Collector(), nil
}
