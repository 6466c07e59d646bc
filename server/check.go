package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/store"
)

// CheckTables replays the stored log of every table in st, as a server
// loading it would (jardin check): bad is called with the id of each table
// whose log does not replay and a *LogError naming the entry and the
// reason. It returns how many tables were checked; an error is the store's
// (nothing is known of the tables not yet read).
func CheckTables(ctx context.Context, st store.Store, reg *engine.Registry, bad func(id string, err error)) (int, error) {
	tables, err := st.Tables(ctx, store.Query{})
	if err != nil {
		return 0, fmt.Errorf("list the tables: %w", err)
	}
	for i, meta := range tables {
		entries, err := st.Entries(ctx, meta.ID, 0)
		if err != nil {
			return i, fmt.Errorf("table %s: read its log: %w", meta.ID, err)
		}
		fork, err := forkOf(ctx, st, meta.ID)
		if err != nil {
			return i, err
		}
		if _, err := replayLog(reg, meta, fork, entries); err != nil {
			var le *LogError
			if !errors.As(err, &le) {
				return i, err
			}
			bad(meta.ID, err)
		}
	}
	return len(tables), nil
}
