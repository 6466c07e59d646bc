package storeopen

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// A --db that cannot be opened is a person's mistake as often as a fault
// (a folder mistyped, a file that is no database, a wrong password), and
// the drivers say it in their own English, with internals. Explain words
// the cases a person meets with the shell catalogue (cli.db.*), in the
// command's language; the rarer others keep the driver's words inside the
// catalogue's sentence.

// Explain is err, Open's refusal of db, as a catalogue error (its id says
// which case it is); shown is db as it may be shown (a URL's password
// hidden).
func Explain(db, shown string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, ErrNoPostgres) {
		return shelltext.Errorf("cli.noPostgres")
	}
	q := i18n.S("db", strconv.Quote(shown))
	if IsURL(db) {
		return explainPostgres(db, q, err)
	}
	if errors.Is(err, fs.ErrNotExist) {
		// Open's MustExist (jardin check) found no file.
		return shelltext.Errorf("cli.db.noFile", q)
	}
	if dir := filepath.Dir(db); !isDir(dir) {
		return shelltext.Errorf("cli.db.noDir", q, i18n.S("dir", strconv.Quote(dir)))
	}
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		// SQLite's primary result codes (the low byte of an extended one).
		switch coded.Code() & 0xff {
		case 26: // SQLITE_NOTADB
			return shelltext.Errorf("cli.db.notDB", q)
		case 5, 6: // SQLITE_BUSY, SQLITE_LOCKED
			return shelltext.Errorf("cli.db.busy", q)
		case 14, 3, 8: // SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY
			return shelltext.Errorf("cli.db.cannotOpen", q)
		}
	}
	if errors.Is(err, fs.ErrPermission) {
		return shelltext.Errorf("cli.db.cannotOpen", q)
	}
	return shelltext.Wrap("cli.db.sqlite", err, q)
}

// isDir reports whether dir is a folder that exists.
func isDir(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}
