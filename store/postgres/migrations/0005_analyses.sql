-- The coach's analyses of finished tables (server/analysis.go): one row a
-- table, made once when the game ends (or when its replay first asks) and
-- kept, so that a restart does not mean analysing again. The data is JSON
-- that only jardin reads back, kept byte for byte like the result pad.
CREATE TABLE analyses (
	tbl text PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	data bytea NOT NULL
);
