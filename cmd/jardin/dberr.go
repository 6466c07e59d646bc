package main

import (
	"strings"

	"github.com/jardin-games/jardin/internal/storeopen"
)

// dbError is the refusal to open --db db in the catalogue's words
// (storeopen.Explain: cli.db.*), a URL's password hidden.
func dbError(db string, err error) error {
	return storeopen.Explain(db, shownDB(db), err)
}

// shownDB is db as a message may show it: a URL's password hidden
// (redactURL), and all that comes before its host when the URL cannot be
// read (redactURL then keeps it whole).
func shownDB(db string) string {
	if !storeopen.IsURL(db) {
		return db
	}
	shown := redactURL(db)
	if shown == db {
		if at := strings.LastIndex(db, "@"); at >= 0 {
			scheme, _, _ := strings.Cut(db, "://")
			shown = scheme + "://…" + db[at:]
		}
	}
	return shown
}
