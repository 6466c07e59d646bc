package sqlcore

import "context"

// PutAnalysis stores (or replaces) table's analysis: one row per table,
// its bytes as given.
func (c *Core) PutAnalysis(ctx context.Context, table string, data []byte) error {
	if data == nil {
		data = []byte{} // the column is NOT NULL: nothing is stored as empty
	}
	if _, err := c.exec(ctx, c.Drv.Writer(), `INSERT INTO analyses(tbl, data) VALUES(?, ?)
		ON CONFLICT(tbl) DO UPDATE SET data = excluded.data`, table, data); err != nil {
		return c.errorf("put analysis of %s: %w", table, err)
	}
	return nil
}

// Analysis reads table's analysis back; ErrNotFound without one.
func (c *Core) Analysis(ctx context.Context, table string) ([]byte, error) {
	var data []byte
	if err := c.Drv.Reader().QueryRow(ctx, c.Q(`SELECT data FROM analyses WHERE tbl = ?`), table).Scan(&data); err != nil {
		return nil, c.notFound(err, "analysis of "+table)
	}
	return data, nil
}
