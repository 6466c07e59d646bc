-- Bot identities (docs/bot-api.md): an identity a program plays, for good
-- once made one; and the open seats kept for a bot until it accepts or
-- declines, an index of the tables' seats (Seat.Invited, the truth) so
-- that a bot's stream finds its invitations without reading every table.
-- The index has no key to tables: it is written before the table is, and a
-- row whose table or seat no longer invites the bot is ignored and dropped.
CREATE TABLE bots (
	identity text PRIMARY KEY REFERENCES identities(id),
	since timestamptz NOT NULL,
	arena boolean NOT NULL DEFAULT false
);
-- The bot arena's tables (server/botarena.go): their results rate the bots.
CREATE TABLE arena_tables (
	tbl text PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	game text NOT NULL,
	players integer NOT NULL,
	at timestamptz NOT NULL
);
CREATE INDEX arena_tables_at ON arena_tables(at);
CREATE TABLE bot_invitations (
	tbl text NOT NULL,
	seat integer NOT NULL,
	bot text NOT NULL REFERENCES identities(id),
	at timestamptz NOT NULL,
	PRIMARY KEY (tbl, seat)
);
CREATE INDEX bot_invitations_bot ON bot_invitations(bot);
