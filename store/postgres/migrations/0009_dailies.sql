-- The daily deals (server/daily.go): one row per person, UTC day and game,
-- whose key is what makes a day's deal played once by an identity; its
-- table is the table dealt (private to that person until the day is over).
-- daily_secret holds the one secret the days' seeds are derived from, made
-- by the first node that needs it and the same for every node after.
CREATE TABLE dailies (
	day text NOT NULL,
	game text NOT NULL,
	identity text NOT NULL,
	tbl text NOT NULL UNIQUE REFERENCES tables(id) ON DELETE CASCADE,
	seat integer NOT NULL,
	started timestamptz,
	PRIMARY KEY (day, game, identity)
);
CREATE INDEX dailies_identity ON dailies (identity, day);
CREATE TABLE daily_secret (
	id integer PRIMARY KEY CHECK (id = 1),
	secret bytea NOT NULL
);
