package sqlcore

import (
	"context"
	"fmt"

	"github.com/jardin-games/jardin/store"
)

// CreateDuplicate inserts t and its group row, and of's if of starts the
// group, in one transaction.
func (c *Core) CreateDuplicate(ctx context.Context, t store.Table, of string) error {
	return c.Drv.Tx(ctx, func(conn Conn) error {
		var grp string
		err := conn.QueryRow(ctx, c.Q(`SELECT grp FROM duplicates WHERE tbl = ?`), of).Scan(&grp)
		if err != nil {
			if err = c.notFound(err, "duplicates of "+of); !isNotFound(err) {
				return err
			}
			var one int
			if err := conn.QueryRow(ctx, c.Q(`SELECT 1 FROM tables WHERE id = ?`), of).Scan(&one); err != nil {
				return c.notFound(err, "table "+of)
			}
			grp = of
			if _, err := c.exec(ctx, conn, `INSERT INTO duplicates(tbl, grp) VALUES(?, ?) ON CONFLICT(tbl) DO NOTHING`, of, grp); err != nil {
				return c.errorf("group of %s: %w", of, err)
			}
		}
		if err := c.insertTable(ctx, conn, t); err != nil {
			return err
		}
		if _, err := c.exec(ctx, conn, `INSERT INTO duplicates(tbl, grp) VALUES(?, ?)`, t.ID, grp); err != nil {
			return c.errorf("group of %s: %w", t.ID, err)
		}
		return nil
	})
}

// Duplicates lists table's group by the tables' creation.
func (c *Core) Duplicates(ctx context.Context, table string) ([]string, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT d.tbl FROM duplicates d JOIN tables t ON t.id = d.tbl
		WHERE d.grp = (SELECT grp FROM duplicates WHERE tbl = ?) ORDER BY d.tbl = d.grp DESC, t.created, d.tbl`), table)
	if err != nil {
		return nil, c.errorf("duplicates of %s: %w", table, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, c.errorf("duplicates of %s: %w", table, err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("duplicates of %s: %w", table, err)
	}
	return out, nil
}
