package sqlcore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jardin-games/jardin/store"
)

func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }

// AddPasskey inserts a passkey; a stored credential id is ErrConflict.
func (c *Core) AddPasskey(ctx context.Context, p store.Passkey) error {
	n, err := c.exec(ctx, c.Drv.Writer(), `INSERT INTO passkeys(id, identity, data, created) VALUES(?, ?, ?, ?)
		ON CONFLICT(id) DO NOTHING`, p.ID, p.Identity, p.Data, c.D.Time(p.Created))
	if err != nil {
		return c.errorf("add passkey: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("passkey: %w", store.ErrConflict)
	}
	return nil
}

func (c *Core) scanPasskey(row Row) (store.Passkey, error) {
	var p store.Passkey
	created, get := c.D.ScanTime()
	if err := row.Scan(&p.ID, &p.Identity, &p.Data, created); err != nil {
		return p, err
	}
	p.Created = get()
	return p, nil
}

// Passkey reads one passkey by its credential id.
func (c *Core) Passkey(ctx context.Context, id []byte) (store.Passkey, error) {
	p, err := c.scanPasskey(c.Drv.Reader().QueryRow(ctx, c.Q(`SELECT id, identity, data, created FROM passkeys WHERE id = ?`), id))
	if err != nil {
		return p, c.notFound(err, "passkey")
	}
	return p, nil
}

// PasskeysOf lists an identity's passkeys, oldest first.
func (c *Core) PasskeysOf(ctx context.Context, identity string) ([]store.Passkey, error) {
	rows, err := c.Drv.Reader().Query(ctx, c.Q(`SELECT id, identity, data, created FROM passkeys WHERE identity = ?
		ORDER BY created, id`), identity)
	if err != nil {
		return nil, c.errorf("passkeys of %s: %w", identity, err)
	}
	defer rows.Close()
	var out []store.Passkey
	for rows.Next() {
		p, err := c.scanPasskey(rows)
		if err != nil {
			return nil, c.errorf("passkeys of %s: %w", identity, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, c.errorf("passkeys of %s: %w", identity, err)
	}
	return out, nil
}

// UpdatePasskey replaces a passkey's data.
func (c *Core) UpdatePasskey(ctx context.Context, id []byte, data []byte) error {
	n, err := c.exec(ctx, c.Drv.Writer(), `UPDATE passkeys SET data = ? WHERE id = ?`, data, id)
	if err != nil {
		return c.errorf("update passkey: %w", err)
	}
	if n == 0 {
		return fmt.Errorf("passkey: %w", store.ErrNotFound)
	}
	return nil
}

// PutChallenge stores a challenge and drops the expired ones (those never
// answered), so that the table stays the size of the ceremonies under way.
func (c *Core) PutChallenge(ctx context.Context, hash []byte, kind, identity string, data []byte, expires time.Time) error {
	return c.Drv.Tx(ctx, func(conn Conn) error {
		if _, err := c.exec(ctx, conn, `DELETE FROM challenges WHERE expires < ?`, c.D.Time(time.Now())); err != nil {
			return c.errorf("drop expired challenges: %w", err)
		}
		if _, err := c.exec(ctx, conn, `INSERT INTO challenges(hash, kind, identity, data, expires) VALUES(?, ?, ?, ?, ?)`,
			hash, kind, identity, data, c.D.Time(expires)); err != nil {
			return c.errorf("put challenge: %w", err)
		}
		return nil
	})
}

// UseChallenge deletes the challenge as it reads it: a second use finds
// nothing.
func (c *Core) UseChallenge(ctx context.Context, hash []byte, kind string, now time.Time) (string, []byte, error) {
	var k, identity string
	var data []byte
	expires, get := c.D.ScanTime()
	err := c.Drv.Writer().QueryRow(ctx, c.Q(`DELETE FROM challenges WHERE hash = ? RETURNING kind, identity, data, expires`), hash).
		Scan(&k, &identity, &data, expires)
	if err != nil {
		return "", nil, c.notFound(err, "challenge")
	}
	if k != kind {
		return "", nil, fmt.Errorf("challenge of a %s, not a %s: %w", k, kind, store.ErrNotFound)
	}
	if !get().After(ms(now)) {
		return "", nil, fmt.Errorf("challenge expired: %w", store.ErrNotFound)
	}
	return identity, data, nil
}
