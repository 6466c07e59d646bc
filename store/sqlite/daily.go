package sqlite

// dailySchema is the daily deals' tables (store.Dailies), made by upgrade
// in a file of any age: see migrations/0009_dailies.sql of the PostgreSQL
// store for what they hold.
const dailySchema = `
CREATE TABLE IF NOT EXISTS dailies (
	day TEXT NOT NULL,
	game TEXT NOT NULL,
	identity TEXT NOT NULL,
	tbl TEXT NOT NULL UNIQUE REFERENCES tables(id) ON DELETE CASCADE,
	seat INTEGER NOT NULL,
	started INTEGER NOT NULL,
	PRIMARY KEY (day, game, identity)
);
CREATE INDEX IF NOT EXISTS dailies_identity ON dailies(identity, day);
CREATE TABLE IF NOT EXISTS daily_secret (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	secret BLOB NOT NULL
);
`
