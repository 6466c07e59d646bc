package sqlcore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jardin-games/jardin/store"
)

// The daily deals' plays (store.Dailies): one row per person, day and game
// in dailies, whose primary key is what makes a deal played once; the
// ranking joins each play's table (status, result) and its person's name.

// CreateDaily inserts t and d in one transaction; a second play of the same
// day's game is ErrConflict and leaves no table behind.
func (c *Core) CreateDaily(ctx context.Context, d store.Daily, t store.Table) error {
	if d.Table != t.ID {
		return c.errorf("daily of %s: table %q is not the table given (%q)", d.Identity, d.Table, t.ID)
	}
	if _, err := c.encodeTable(t); err != nil {
		return err
	}
	err := c.Drv.Tx(ctx, func(conn Conn) error {
		if err := c.insertTable(ctx, conn, t); err != nil {
			return err
		}
		n, err := c.exec(ctx, conn, `INSERT INTO dailies(day, game, identity, tbl, seat, started) VALUES(?,?,?,?,?,?)
			ON CONFLICT(day, game, identity) DO NOTHING`, d.Day, d.Game, d.Identity, d.Table, d.Seat, c.D.Time(d.Started))
		if err != nil {
			return c.errorf("create daily: %w", err)
		}
		if n == 0 {
			return fmt.Errorf("daily %s %s of %s: %w", d.Day, d.Game, d.Identity, store.ErrConflict)
		}
		return nil
	})
	return err
}

const dailyCols = `d.day, d.game, d.identity, d.tbl, d.seat, d.started`

func (c *Core) scanDaily(row Row, more ...any) (store.Daily, error) {
	var d store.Daily
	started, get := c.D.ScanTime()
	if err := row.Scan(append([]any{&d.Day, &d.Game, &d.Identity, &d.Table, &d.Seat, started}, more...)...); err != nil {
		return store.Daily{}, err
	}
	d.Started = get()
	return d, nil
}

func (c *Core) DailyOf(ctx context.Context, day, game, identity string) (store.Daily, error) {
	d, err := c.scanDaily(c.Drv.Reader().QueryRow(ctx, c.Q(`SELECT `+dailyCols+` FROM dailies d
		WHERE d.day = ? AND d.game = ? AND d.identity = ?`), day, game, identity))
	if err != nil {
		return store.Daily{}, c.notFound(err, "daily "+day+" "+game+" of "+identity)
	}
	return d, nil
}

func (c *Core) DailyByTable(ctx context.Context, table string) (store.Daily, error) {
	d, err := c.scanDaily(c.Drv.Reader().QueryRow(ctx, c.Q(`SELECT `+dailyCols+` FROM dailies d WHERE d.tbl = ?`), table))
	if err != nil {
		return store.Daily{}, c.notFound(err, "daily of table "+table)
	}
	return d, nil
}

func (c *Core) DailyPlays(ctx context.Context, day, game string) ([]store.DailyPlay, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT `+dailyCols+`, i.name, t.status, t.result, t.updated, t.seats
		FROM dailies d JOIN tables t ON t.id = d.tbl JOIN identities i ON i.id = d.identity
		WHERE d.day = ? AND d.game = ? ORDER BY d.started, d.identity`+c.D.ByteOrder), day, game)
	if err != nil {
		return nil, c.errorf("daily plays %s %s: %w", day, game, err)
	}
	defer rows.Close()
	var out []store.DailyPlay
	for rows.Next() {
		var p store.DailyPlay
		var status string
		var seats []byte
		updated, get := c.D.ScanTime()
		d, err := c.scanDaily(rows, &p.Name, &status, &p.Result, updated, &seats)
		if err != nil {
			return nil, c.errorf("daily plays %s %s: %w", day, game, err)
		}
		var ss []store.Seat
		if err := json.Unmarshal(seats, &ss); err != nil {
			return nil, c.errorf("daily plays %s %s: seats of %s: %w", day, game, d.Table, err)
		}
		p.Daily, p.Status, p.Updated = d, store.Status(status), get()
		p.Zombie = d.Seat >= 0 && d.Seat < len(ss) && ss[d.Seat].Zombie
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("daily plays %s %s: %w", day, game, err)
	}
	return out, nil
}

func (c *Core) DailyDays(ctx context.Context, identity string, limit int) ([]string, error) {
	query, args := `SELECT DISTINCT d.day FROM dailies d JOIN tables t ON t.id = d.tbl
		WHERE d.identity = ? AND t.status = ? ORDER BY d.day DESC`, []any{identity, string(store.StatusOver)}
	if limit > 0 {
		query, args = query+` LIMIT ?`, append(args, limit)
	}
	rows, err := c.Drv.Reader().Query(ctx, c.Q(query), args...)
	if err != nil {
		return nil, c.errorf("daily days of %s: %w", identity, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var day string
		if err := rows.Scan(&day); err != nil {
			return nil, c.errorf("daily days of %s: %w", identity, err)
		}
		out = append(out, day)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("daily days of %s: %w", identity, err)
	}
	return out, nil
}

// DailySecret keeps the first secret ever offered: an insert that does
// nothing when a row exists, then a read of that row.
func (c *Core) DailySecret(ctx context.Context, fresh []byte) ([]byte, error) {
	if len(fresh) == 0 {
		return nil, c.errorf("daily secret: %w", errors.New("no fresh secret offered"))
	}
	if _, err := c.exec(ctx, c.Drv.Writer(), `INSERT INTO daily_secret(id, secret) VALUES(1, ?) ON CONFLICT(id) DO NOTHING`, fresh); err != nil {
		return nil, c.errorf("daily secret: %w", err)
	}
	var secret []byte
	if err := c.Drv.Reader().QueryRow(ctx, c.Q(`SELECT secret FROM daily_secret WHERE id = 1`)).Scan(&secret); err != nil {
		return nil, c.errorf("daily secret: %w", err)
	}
	return secret, nil
}
