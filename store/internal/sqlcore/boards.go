package sqlcore

import (
	"context"

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
