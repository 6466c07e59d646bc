//go:build postgres

package storeopen

import (
	"errors"
	"net"
	"strconv"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// explainPostgres words pgx's refusal of URL db (q is db as shown): an
// address it cannot read, a host unknown or not answering, a user or
// password refused, a database missing; others in pgx's words.
func explainPostgres(db string, q i18n.Arg, err error) error {
	var parse *pgconn.ParseConfigError
	if errors.As(err, &parse) {
		return shelltext.Errorf("cli.db.badURL", q)
	}
	host, name := "", ""
	if cfg, perr := pgconn.ParseConfig(db); perr == nil {
		host, name = net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))), cfg.Database
	}
	var pg *pgconn.PgError
	var dns *net.DNSError
	switch {
	case errors.As(err, &pg) && (pg.Code == "28P01" || pg.Code == "28000"):
		// invalid_password, invalid_authorization_specification
		return shelltext.Errorf("cli.db.auth", q)
	case errors.As(err, &pg) && pg.Code == "3D000": // invalid_catalog_name
		return shelltext.Errorf("cli.db.noDatabase", q, i18n.S("name", strconv.Quote(name)))
	case errors.As(err, &dns):
		return shelltext.Errorf("cli.db.noHost", q, i18n.S("host", strconv.Quote(dns.Name)))
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return shelltext.Errorf("cli.db.refused", q, i18n.S("host", host))
	}
	return shelltext.Wrap("cli.db.postgres", err, q)
}
