package sqlcore

import (
	"context"
	"database/sql"

	"github.com/jardin-games/jardin/store"
)

// Board lists game's people's or bots' ratings with their names, in one
// read: a bot is an identity with a row in bots.
func (c *Core) Board(ctx context.Context, game string, bots bool, limit int) ([]store.BoardEntry, error) {
	which := `b.identity IS NULL`
	if bots {
		which = `b.identity IS NOT NULL`
	}
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT r.player, r.game, r.mu, r.sigma, r.games, r.wins, r.updated, i.name
		FROM ratings r JOIN identities i ON i.id = r.player LEFT JOIN bots b ON b.identity = r.player
		WHERE r.game = ? AND `+which+` ORDER BY r.mu - 3*r.sigma DESC, r.player LIMIT ?`), game, limit)
	if err != nil {
		return nil, c.errorf("board of %s: %w", game, err)
	}
	defer rows.Close()
	var out []store.BoardEntry
	for rows.Next() {
		var e store.BoardEntry
		updated, get := c.D.ScanTime()
		if err := rows.Scan(&e.Player, &e.Game, &e.Mu, &e.Sigma, &e.Games, &e.Wins, updated, &e.Name); err != nil {
			return nil, c.errorf("board of %s: %w", game, err)
		}
		e.Updated, e.Bot = get(), bots
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("board of %s: %w", game, err)
	}
	return out, nil
}

// TableDeltas reads a settled table's changes with each one's previous
// rating: the same player's change at the same game one rated game before
// (RateTable makes games counts follow each other one by one).
func (c *Core) TableDeltas(ctx context.Context, table string) (bool, []store.RatingDelta, error) {
	settled, _, err := c.TableRating(ctx, table)
	if err != nil || !settled {
		return settled, nil, err
	}
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT c.tbl, c.seat, c.game, c.player, c.place, c.won, c.mu, c.sigma, c.games, c.at,
		p.mu, p.sigma FROM rating_changes c LEFT JOIN rating_changes p
		ON p.player = c.player AND p.game = c.game AND p.games = c.games - 1
		WHERE c.tbl = ? ORDER BY c.seat`), table)
	if err != nil {
		return false, nil, c.errorf("rating changes of %s: %w", table, err)
	}
	defer rows.Close()
	out := []store.RatingDelta{}
	for rows.Next() {
		var d store.RatingDelta
		var mu, sigma sql.NullFloat64
		at, get := c.D.ScanTime()
		if err := rows.Scan(&d.Table, &d.Seat, &d.Game, &d.Player, &d.Place, &d.Won, &d.Mu, &d.Sigma, &d.Games, at,
			&mu, &sigma); err != nil {
			return false, nil, c.errorf("rating changes of %s: %w", table, err)
		}
		d.At = get()
		d.BeforeMu, d.BeforeSigma, d.HadRating = mu.Float64, sigma.Float64, mu.Valid
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return false, nil, c.errorf("rating changes of %s: %w", table, err)
	}
	return true, out, nil
}
