package sqlcore

import (
	"context"
	"fmt"
	"time"

	"github.com/jardin-games/jardin/store"
)

// MakeBot inserts the bot's row only for an identity that exists and is no
// bot yet; when nothing was inserted, a read says which of the two it was.
func (c *Core) MakeBot(ctx context.Context, identity string, at time.Time) error {
	n, err := c.exec(ctx, c.Drv.Writer(), `INSERT INTO bots(identity, since)
		SELECT id, ? FROM identities WHERE id = ? ON CONFLICT(identity) DO NOTHING`, c.D.Time(at), identity)
	if err != nil {
		return c.errorf("make %s a bot: %w", identity, err)
	}
	if n == 1 {
		return nil
	}
	if _, err := c.BotIdentity(ctx, identity); err == nil {
		return fmt.Errorf("%s is a bot already: %w", identity, store.ErrConflict)
	}
	if _, err := c.Identity(ctx, identity); err != nil {
		return err
	}
	return c.errorf("make %s a bot: not stored", identity)
}

const botCols = `b.identity, i.name, b.since, b.arena`

func (c *Core) scanBot(row Row) (store.Bot, error) {
	var b store.Bot
	since, get := c.D.ScanTime()
	err := row.Scan(&b.Identity, &b.Name, since, &b.Arena)
	b.Since = get()
	return b, err
}

// BotIdentity reads one bot.
func (c *Core) BotIdentity(ctx context.Context, identity string) (store.Bot, error) {
	b, err := c.scanBot(c.Drv.Reader().QueryRow(ctx,
		c.Q(`SELECT `+botCols+` FROM bots b JOIN identities i ON i.id = b.identity WHERE b.identity = ?`), identity))
	if err != nil {
		return b, c.notFound(err, "bot "+identity)
	}
	return b, nil
}

// BotIdentities lists the bots by name.
func (c *Core) BotIdentities(ctx context.Context, limit int) ([]store.Bot, error) {
	q := `SELECT ` + botCols + ` FROM bots b JOIN identities i ON i.id = b.identity ORDER BY i.name, b.identity` + c.D.ByteOrder
	var args []any
	if limit > 0 {
		q += ` LIMIT ?`
		args = append(args, limit)
	}
	rows, err := c.Drv.Reader().Query(ctx, c.Q(q), args...)
	if err != nil {
		return nil, c.errorf("bots: %w", err)
	}
	defer rows.Close()
	var out []store.Bot
	for rows.Next() {
		b, err := c.scanBot(rows)
		if err != nil {
			return nil, c.errorf("bots: %w", err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("bots: %w", err)
	}
	return out, nil
}

// PutInvitation indexes an invitation, replacing the seat's last.
func (c *Core) PutInvitation(ctx context.Context, inv store.Invitation) error {
	if _, err := c.exec(ctx, c.Drv.Writer(), `INSERT INTO bot_invitations(tbl, seat, bot, at) VALUES(?, ?, ?, ?)
		ON CONFLICT(tbl, seat) DO UPDATE SET bot = excluded.bot, at = excluded.at`,
		inv.Table, inv.Seat, inv.Bot, c.D.Time(inv.At)); err != nil {
		return c.errorf("invite %s to %s: %w", inv.Bot, inv.Table, err)
	}
	return nil
}

// Invitations lists a bot's invitations, oldest first.
func (c *Core) Invitations(ctx context.Context, bot string) ([]store.Invitation, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT tbl, seat, bot, at FROM bot_invitations WHERE bot = ?
		ORDER BY at, tbl, seat`), bot)
	if err != nil {
		return nil, c.errorf("invitations of %s: %w", bot, err)
	}
	defer rows.Close()
	var out []store.Invitation
	for rows.Next() {
		var inv store.Invitation
		at, get := c.D.ScanTime()
		if err := rows.Scan(&inv.Table, &inv.Seat, &inv.Bot, at); err != nil {
			return nil, c.errorf("invitations of %s: %w", bot, err)
		}
		inv.At = get()
		out = append(out, inv)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("invitations of %s: %w", bot, err)
	}
	return out, nil
}

// DropInvitation removes a seat's invitation, if any.
func (c *Core) DropInvitation(ctx context.Context, table string, seat int) error {
	if _, err := c.exec(ctx, c.Drv.Writer(), `DELETE FROM bot_invitations WHERE tbl = ? AND seat = ?`, table, seat); err != nil {
		return c.errorf("drop invitation %s/%d: %w", table, seat, err)
	}
	return nil
}

// SetArena opts a bot in or out of the arena.
func (c *Core) SetArena(ctx context.Context, bot string, on bool) error {
	n, err := c.exec(ctx, c.Drv.Writer(), `UPDATE bots SET arena = ? WHERE identity = ?`, on, bot)
	if err != nil {
		return c.errorf("arena of %s: %w", bot, err)
	}
	if n == 0 {
		return fmt.Errorf("bot %s: %w", bot, store.ErrNotFound)
	}
	return nil
}

// PutArenaTable records an arena table.
func (c *Core) PutArenaTable(ctx context.Context, at store.ArenaTable) error {
	if _, err := c.exec(ctx, c.Drv.Writer(), `INSERT INTO arena_tables(tbl, game, players, at) VALUES(?, ?, ?, ?)`,
		at.Table, at.Game, at.Players, c.D.Time(at.At)); err != nil {
		return c.errorf("arena table %s: %w", at.Table, err)
	}
	return nil
}

// ArenaTables lists the arena's tables since a time, oldest first.
func (c *Core) ArenaTables(ctx context.Context, since time.Time, limit int) ([]store.ArenaTable, error) {
	q := `SELECT tbl, game, players, at FROM arena_tables WHERE at >= ? ORDER BY at, tbl` + c.D.ByteOrder
	args := []any{c.D.Time(since)}
	if limit > 0 {
		q += ` LIMIT ?`
		args = append(args, limit)
	}
	rows, err := c.Drv.Reader().Query(ctx, c.Q(q), args...)
	if err != nil {
		return nil, c.errorf("arena tables: %w", err)
	}
	defer rows.Close()
	var out []store.ArenaTable
	for rows.Next() {
		var a store.ArenaTable
		at, get := c.D.ScanTime()
		if err := rows.Scan(&a.Table, &a.Game, &a.Players, at); err != nil {
			return nil, c.errorf("arena tables: %w", err)
		}
		a.At = get()
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("arena tables: %w", err)
	}
	return out, nil
}
