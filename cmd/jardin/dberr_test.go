package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// A --db that cannot be opened (a folder that does not exist, a file that
// is no database, a file check cannot find) is explained in the
// environment's language by the catalogue, never by the driver's English;
// the error carries its message's id (its code). Nothing is created.
func TestDBErrorsInTheirLanguage(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "notes.db")
	if err := os.WriteFile(notDB, []byte("my shopping list\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.db")
	q := func(s string) i18n.Arg { return i18n.S("db", strconv.Quote(s)) }
	for _, tc := range []struct {
		args []string
		db   string
		id   string
		more []i18n.Arg
	}{
		{[]string{"serve", "--addr", "127.0.0.1:0", "--db", "/nonexistent/x.db"}, "/nonexistent/x.db", "cli.db.noDir", []i18n.Arg{i18n.S("dir", `"/nonexistent"`)}},
		{[]string{"serve", "--addr", "127.0.0.1:0", "--db", notDB}, notDB, "cli.db.notDB", nil},
		{[]string{"check", "--db", missing}, missing, "cli.db.noFile", nil},
	} {
		for _, lang := range []string{"en", "fr", "de"} {
			env := map[string]string{"LANG": lang}
			code, _, errs := term{getenv: func(k string) string { return env[k] }}.run(t, "", tc.args...)
			want := shelltext.T(lang, tc.id, append([]i18n.Arg{q(tc.db)}, tc.more...)...)
			if code != 1 || !strings.Contains(errs, want) {
				t.Errorf("%s (%s): exit %d, %q; want 1 and %q", tc.args, lang, code, errs, want)
			}
			for _, english := range []string{"unable to open", "not a database", "no such file", "sqlite:", "schema"} {
				if lang != "en" && strings.Contains(errs, english) {
					t.Errorf("%s (%s): %q is in English", tc.args, lang, errs)
				}
			}
		}
		if _, err := os.Stat(missing); err == nil {
			t.Errorf("%s created %s", tc.args, missing)
		}
	}
	// The code: the error's message id.
	var se *shelltext.Error
	if err := dbError(notDB, errors.New("x")); !errors.As(err, &se) || se.ID != "cli.db.sqlite" {
		t.Errorf("an unknown SQLite refusal: %v, want cli.db.sqlite", err)
	}
}

// A PostgreSQL URL that cannot be read is shown without what comes before
// its host (its password may be there).
func TestShownDBHidesPasswords(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://ann:secret@db:5432/jardin": "postgres://ann:xxxxx@db:5432/jardin",
		"postgres://ann:secret@[bad/jardin":    "postgres://…@[bad/jardin",
		"/var/lib/jardin.db":                   "/var/lib/jardin.db",
	} {
		if got := shownDB(in); got != want {
			t.Errorf("shownDB(%q) = %q, want %q", in, got, want)
		}
	}
}
