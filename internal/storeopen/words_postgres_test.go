//go:build postgres

package storeopen_test

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/internal/pgtest"
	"github.com/jardin-games/jardin/internal/storeopen"
	"github.com/jardin-games/jardin/shelltext"
)

var pg *pgtest.Server

func TestMain(m *testing.M) { pgtest.Main(m, &pg) }

// What a person gets wrong in a PostgreSQL --db (an address that cannot
// be read, nobody answering, a database that does not exist) is worded by
// the catalogue, against a real server; the rarer refusals keep pgx's
// words inside the catalogue's sentence.
func TestExplainPostgres(t *testing.T) {
	dsn := pg.DB(t) // skips without PostgreSQL
	host := ""
	for _, f := range strings.Fields(dsn) {
		if v, ok := strings.CutPrefix(f, "host="); ok {
			host = v
		}
	}
	for _, tc := range []struct {
		db, id string
	}{
		{"postgres://jardin@/nosuchdb?host=" + url.QueryEscape(host) + "&sslmode=disable", "cli.db.noDatabase"},
		{"postgres://jardin@127.0.0.1:1/x?sslmode=disable&connect_timeout=5", "cli.db.refused"},
		{"postgres://jardin@[bad/x", "cli.db.badURL"},
	} {
		st, _, err := storeopen.Open(context.Background(), tc.db, storeopen.Options{})
		if err == nil {
			st.Close()
			t.Errorf("%s: opened", tc.db)
			continue
		}
		var se *shelltext.Error
		if got := storeopen.Explain(tc.db, tc.db, err); !errors.As(got, &se) || se.ID != tc.id {
			t.Errorf("%s: %v, want %s", tc.db, got, tc.id)
			continue
		}
		for _, lang := range []string{"fr", "de"} {
			if msg := se.In(lang, nil); strings.Contains(msg, "failed") || !strings.Contains(msg, strconv.Quote(tc.db)) {
				t.Errorf("%s (%s): %q", tc.db, lang, msg)
			}
		}
	}
}
