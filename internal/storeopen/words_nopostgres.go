//go:build !postgres

package storeopen

import (
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// explainPostgres: a binary without PostgreSQL only refuses a URL with
// ErrNoPostgres (Explain); anything else keeps its words in the
// catalogue's sentence.
func explainPostgres(_ string, q i18n.Arg, err error) error {
	return shelltext.Wrap("cli.db.postgres", err, q)
}
