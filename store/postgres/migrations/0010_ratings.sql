-- Ratings (issue 26, docs/ratings.md): whether a table is rated, each
-- person's rating per game, and what each finished rated table did to them.
-- rated_tables holds one row a settled table, so that a table's outcome is
-- applied once whatever crashes between its end and its rating.
ALTER TABLE tables ADD COLUMN rated boolean NOT NULL DEFAULT false;
CREATE TABLE ratings (
	player text NOT NULL,
	game text NOT NULL,
	mu double precision NOT NULL,
	sigma double precision NOT NULL,
	games integer NOT NULL,
	wins integer NOT NULL,
	updated timestamptz NOT NULL,
	PRIMARY KEY (player, game)
);
CREATE INDEX ratings_board ON ratings(game, (mu - 3*sigma));
CREATE TABLE rated_tables (
	tbl text PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	at timestamptz NOT NULL
);
CREATE TABLE rating_changes (
	tbl text NOT NULL REFERENCES rated_tables(tbl) ON DELETE CASCADE,
	seat integer NOT NULL,
	game text NOT NULL,
	player text NOT NULL,
	place integer NOT NULL,
	won boolean NOT NULL,
	mu double precision NOT NULL,
	sigma double precision NOT NULL,
	games integer NOT NULL,
	at timestamptz NOT NULL,
	PRIMARY KEY (tbl, seat)
);
CREATE INDEX rating_changes_player ON rating_changes(player, at);
CREATE INDEX tables_unrated ON tables(updated) WHERE rated AND status = 'over';
