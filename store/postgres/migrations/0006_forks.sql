-- Where a forked table starts ("play from here" in a replay, server/fork.go):
-- a finished table's game after `step` moves (kept here as JSON, [{"seat":
-- 0, "move": "…"}, …], with the source game's seed `setup`), its hidden
-- parts dealt again for `seat` from the forked table's own seed, after the
-- source's own re-deals (`earlier`, JSON [{"after": N, "seat": S, "seed":
-- "X"}, …]) when it was forked too. One row per forked table; every other
-- table has none.
CREATE TABLE forks (
	tbl text PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
	source text NOT NULL,
	step integer NOT NULL,
	seat integer NOT NULL,
	setup bigint NOT NULL,
	moves text NOT NULL,
	earlier text NOT NULL
);
