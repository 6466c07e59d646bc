package sqlcore

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jardin-games/jardin/store"
)

// CreateForkTable stores a table and its fork in one transaction: a forked
// table without its start cannot be replayed, a start without its table
// means nothing.
func (c *Core) CreateForkTable(ctx context.Context, t store.Table, f store.Fork) error {
	if f.Table != t.ID {
		return fmt.Errorf("fork of table %q stored with table %q", f.Table, t.ID)
	}
	if f.Step != len(f.Moves) {
		return fmt.Errorf("fork of table %s: step %d with %d moves", t.ID, f.Step, len(f.Moves))
	}
	// A table that cannot be encoded is refused before the transaction.
	if _, err := c.encodeTable(t); err != nil {
		return err
	}
	moves := f.Moves
	if moves == nil {
		moves = []store.ForkMove{}
	}
	mv, err := json.Marshal(moves)
	if err != nil {
		return fmt.Errorf("fork of table %s: %w", t.ID, err)
	}
	earlier := f.Earlier
	if earlier == nil {
		earlier = []store.Redeal{}
	}
	ea, err := json.Marshal(earlier)
	if err != nil {
		return fmt.Errorf("fork of table %s: %w", t.ID, err)
	}
	return c.Drv.Tx(ctx, func(conn Conn) error {
		if err := c.insertTable(ctx, conn, t); err != nil {
			return err
		}
		if _, err := c.exec(ctx, conn, `INSERT INTO forks(tbl, source, step, seat, setup, moves, earlier) VALUES(?,?,?,?,?,?,?)`,
			f.Table, f.Source, f.Step, f.Seat, c.D.Seed(f.Setup), string(mv), string(ea)); err != nil {
			return c.errorf("create fork %s: %w", t.ID, err)
		}
		return nil
	})
}

// Fork reads where a forked table starts; ErrNotFound for any other table.
func (c *Core) Fork(ctx context.Context, table string) (store.Fork, error) {
	f := store.Fork{Table: table}
	setup, getSetup := c.D.ScanSeed()
	var mv, ea string
	if err := c.Drv.Reader().QueryRow(ctx, c.Q(`SELECT source, step, seat, setup, moves, earlier FROM forks WHERE tbl = ?`), table).
		Scan(&f.Source, &f.Step, &f.Seat, setup, &mv, &ea); err != nil {
		return store.Fork{}, c.notFound(err, "fork "+table)
	}
	var err error
	if f.Setup, err = getSetup(); err != nil {
		return store.Fork{}, c.errorf("fork %s: setup: %w", table, err)
	}
	if err := json.Unmarshal([]byte(mv), &f.Moves); err != nil {
		return store.Fork{}, c.errorf("fork %s: moves: %w", table, err)
	}
	if err := json.Unmarshal([]byte(ea), &f.Earlier); err != nil {
		return store.Fork{}, c.errorf("fork %s: earlier re-deals: %w", table, err)
	}
	if len(f.Earlier) == 0 {
		f.Earlier = nil
	}
	return f, nil
}
