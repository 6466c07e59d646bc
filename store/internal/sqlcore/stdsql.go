package sqlcore

import (
	"context"
	"database/sql"
)

// SQLConn is what *sql.DB and *sql.Tx share.
type SQLConn interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// FromSQL is a Conn on a database/sql pool or transaction.
func FromSQL(c SQLConn) Conn { return stdConn{c} }

type stdConn struct{ c SQLConn }

func (s stdConn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := s.c.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (s stdConn) QueryRow(ctx context.Context, query string, args ...any) Row {
	return s.c.QueryRowContext(ctx, query, args...)
}

func (s stdConn) Query(ctx context.Context, query string, args ...any) (Rows, error) {
	rows, err := s.c.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return stdRows{rows}, nil
}

type stdRows struct{ *sql.Rows }

func (r stdRows) Close() { r.Rows.Close() }

// SQLDriver is a Driver on database/sql pools: W writes (one connection for
// SQLite), R reads.
type SQLDriver struct{ R, W *sql.DB }

func (d SQLDriver) Reader() Conn { return stdConn{d.R} }
func (d SQLDriver) Writer() Conn { return stdConn{d.W} }

func (d SQLDriver) Tx(ctx context.Context, f func(Conn) error) error {
	tx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(stdConn{tx}); err != nil {
		return err
	}
	return tx.Commit()
}
