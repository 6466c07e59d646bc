package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/internal/storeopen"
	"github.com/jardin-games/jardin/server"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// errCheckFailed is check's verdict when a table does not replay: the
// tables are already named on stdout, so the error line only sums up.
var errCheckFailed = shelltext.Errorf("cli.err.checkFailed")

// cmdCheck replays every table of a database, as a server loading it
// would, and names those that fail: docs/cli.md.
func cmdCheck(e *env, args []string) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	db := fs.String("db", "", "cli.flag.check.db")
	if _, err := e.parse(fs, args, 0, 0, "cli.wantCheck"); err != nil {
		return err
	}
	if *db == "" {
		return usageErr("cli.checkDB")
	}
	st, err := openForCheck(e, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	failed := 0
	n, err := server.CheckTables(e.ctx, st, e.reg, func(id string, terr error) {
		failed++
		fmt.Fprintf(e.stdout, "FAIL %s\n", oneLine(terr.Error()))
	})
	if err != nil {
		return fmt.Errorf("after %d tables: %w", n, err)
	}
	lang, _ := e.lang("") // the environment's: check has no --lang
	fmt.Fprintln(e.stdout, say(lang, "cli.err.checkSummary", i18n.N("n", n), i18n.N("failed", failed)))
	if failed > 0 {
		return errCheckFailed
	}
	return nil
}

// openForCheck opens db as serve does, except that a SQLite file must
// exist already: checking a mistyped path must not create an empty
// database and call it sound.
func openForCheck(e *env, db string) (store.Store, error) {
	st, _, err := storeopen.Open(e.ctx, db, storeopen.Options{MustExist: true})
	switch {
	case errors.Is(err, storeopen.ErrNoPostgres):
		return nil, usageErr("cli.noPostgres")
	case err != nil:
		return nil, dbError(db, err)
	}
	return st, nil
}
