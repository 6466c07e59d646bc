package sqlcore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jardin-games/jardin/store"
)

// PlayerRatings reads the current ratings at game of those players who
// have one.
func (c *Core) PlayerRatings(ctx context.Context, game string, players []string) (map[string]store.PlayerRating, error) {
	out := make(map[string]store.PlayerRating, len(players))
	if len(players) == 0 {
		return out, nil
	}
	args := []any{game}
	for _, p := range players {
		args = append(args, p)
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(players)), ",")
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT player, game, mu, sigma, games, wins, updated FROM ratings
		WHERE game = ? AND player IN (`+marks+`)`), args...)
	if err != nil {
		return nil, c.errorf("ratings at %s: %w", game, err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := c.scanRating(rows)
		if err != nil {
			return nil, c.errorf("ratings at %s: %w", game, err)
		}
		out[r.Player] = r
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("ratings at %s: %w", game, err)
	}
	return out, nil
}

func (c *Core) scanRating(row Row) (store.PlayerRating, error) {
	var r store.PlayerRating
	updated, get := c.D.ScanTime()
	if err := row.Scan(&r.Player, &r.Game, &r.Mu, &r.Sigma, &r.Games, &r.Wins, updated); err != nil {
		return r, err
	}
	r.Updated = get()
	return r, nil
}

// RateTable settles a finished rated table: its row in rated_tables (the
// once-only fence, by the table's id), each player's new rating if they
// still have the one it was computed from, and the history, in one
// transaction: any refusal leaves nothing stored.
func (c *Core) RateTable(ctx context.Context, table string, at time.Time, changes []store.RatingChange) error {
	return c.Drv.Tx(ctx, func(conn Conn) error {
		n, err := c.exec(ctx, conn, `INSERT INTO rated_tables(tbl, at) SELECT id, ? FROM tables
			WHERE id = ? AND rated AND status = 'over' ON CONFLICT(tbl) DO NOTHING`, c.D.Time(at), table)
		if err != nil {
			return c.errorf("rate table %s: %w", table, err)
		}
		if n == 0 {
			var one int
			err := conn.QueryRow(ctx, c.Q(`SELECT 1 FROM rated_tables WHERE tbl = ?`), table).Scan(&one)
			if err == nil {
				return fmt.Errorf("table %s already rated: %w", table, store.ErrConflict)
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return c.errorf("rate table %s: %w", table, err)
			}
			return fmt.Errorf("table %s: %w", table, store.ErrNotRated)
		}
		for _, ch := range changes {
			if ch.Table != table || ch.Games < 1 {
				return fmt.Errorf("rate table %s: change of seat %d is for table %q after %d games", table, ch.Seat, ch.Table, ch.Games)
			}
			win := 0
			if ch.Won {
				win = 1
			}
			if ch.Games == 1 {
				n, err = c.exec(ctx, conn, `INSERT INTO ratings(player, game, mu, sigma, games, wins, updated)
					VALUES(?,?,?,?,?,?,?) ON CONFLICT(player, game) DO NOTHING`,
					ch.Player, ch.Game, ch.Mu, ch.Sigma, 1, win, c.D.Time(at))
			} else {
				n, err = c.exec(ctx, conn, `UPDATE ratings SET mu = ?, sigma = ?, games = ?, wins = wins + ?, updated = ?
					WHERE player = ? AND game = ? AND games = ?`,
					ch.Mu, ch.Sigma, ch.Games, win, c.D.Time(at), ch.Player, ch.Game, ch.Games-1)
			}
			if err != nil {
				return c.errorf("rate table %s: rating of %s: %w", table, ch.Player, err)
			}
			if n == 0 {
				return fmt.Errorf("table %s: %s's rating changed since it was read: %w", table, ch.Player, store.ErrConflict)
			}
			if _, err := c.exec(ctx, conn, `INSERT INTO rating_changes(tbl, seat, game, player, place, won, mu, sigma, games, at)
				VALUES(?,?,?,?,?,?,?,?,?,?)`, table, ch.Seat, ch.Game, ch.Player, ch.Place, ch.Won, ch.Mu, ch.Sigma, ch.Games,
				c.D.Time(at)); err != nil {
				return c.errorf("rate table %s: change of seat %d: %w", table, ch.Seat, err)
			}
		}
		return nil
	})
}

const changeCols = `tbl, seat, game, player, place, won, mu, sigma, games, at`

func (c *Core) changes(ctx context.Context, what, query string, args ...any) ([]store.RatingChange, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(query), args...)
	if err != nil {
		return nil, c.errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []store.RatingChange
	for rows.Next() {
		var ch store.RatingChange
		at, get := c.D.ScanTime()
		if err := rows.Scan(&ch.Table, &ch.Seat, &ch.Game, &ch.Player, &ch.Place, &ch.Won, &ch.Mu, &ch.Sigma, &ch.Games, at); err != nil {
			return nil, c.errorf("%s: %w", what, err)
		}
		ch.At = get()
		out = append(out, ch)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("%s: %w", what, err)
	}
	return out, nil
}

// TableRating reads whether table is settled and its changes by seat.
func (c *Core) TableRating(ctx context.Context, table string) (bool, []store.RatingChange, error) {
	var one int
	err := c.Drv.Reader().QueryRow(ctx, c.Q(`SELECT 1 FROM rated_tables WHERE tbl = ?`), table).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil, nil
	}
	if err != nil {
		return false, nil, c.errorf("rating of %s: %w", table, err)
	}
	chs, err := c.changes(ctx, "rating of "+table, `SELECT `+changeCols+` FROM rating_changes WHERE tbl = ? ORDER BY seat`, table)
	return err == nil, chs, err
}

// Leaderboard lists game's ratings by ordinal, highest first.
func (c *Core) Leaderboard(ctx context.Context, game string, limit int) ([]store.PlayerRating, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT player, game, mu, sigma, games, wins, updated FROM ratings
		WHERE game = ? ORDER BY mu - 3*sigma DESC, player LIMIT ?`), game, limit)
	if err != nil {
		return nil, c.errorf("leaderboard of %s: %w", game, err)
	}
	defer rows.Close()
	var out []store.PlayerRating
	for rows.Next() {
		r, err := c.scanRating(rows)
		if err != nil {
			return nil, c.errorf("leaderboard of %s: %w", game, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("leaderboard of %s: %w", game, err)
	}
	return out, nil
}

// RatingHistory lists player's last limit changes, oldest first.
func (c *Core) RatingHistory(ctx context.Context, player string, limit int) ([]store.RatingChange, error) {
	chs, err := c.changes(ctx, "rating history of "+player, `SELECT `+changeCols+` FROM rating_changes
		WHERE player = ? ORDER BY at DESC, tbl DESC LIMIT ?`, player, limit)
	for i, j := 0, len(chs)-1; i < j; i, j = i+1, j-1 {
		chs[i], chs[j] = chs[j], chs[i]
	}
	return chs, err
}

// UnsettledTables lists finished rated tables not settled yet.
func (c *Core) UnsettledTables(ctx context.Context, limit int) ([]string, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT t.id FROM tables t WHERE t.rated AND t.status = 'over'
		AND NOT EXISTS (SELECT 1 FROM rated_tables r WHERE r.tbl = t.id) ORDER BY t.updated, t.id LIMIT ?`), limit)
	if err != nil {
		return nil, c.errorf("unsettled tables: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, c.errorf("unsettled tables: %w", err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("unsettled tables: %w", err)
	}
	return out, nil
}
