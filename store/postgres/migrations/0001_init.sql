-- The first schema: what store.Store keeps. Times are timestamptz at
-- millisecond precision (NULL: none); the seed is the uint64's bits in a
-- bigint; JSON that is only read back by jardin is jsonb, except the result
-- pad, kept byte for byte.
CREATE TABLE identities (
	id text PRIMARY KEY,
	name text NOT NULL,
	webhook text NOT NULL DEFAULT '',
	email text NOT NULL DEFAULT '',
	created timestamptz
);

CREATE TABLE tokens (
	hash bytea PRIMARY KEY,
	identity text NOT NULL REFERENCES identities(id)
);

CREATE TABLE links (
	hash bytea PRIMARY KEY,
	identity text NOT NULL REFERENCES identities(id),
	expires timestamptz NOT NULL
);

CREATE TABLE tables (
	id text PRIMARY KEY,
	game text NOT NULL,
	players integer NOT NULL,
	options jsonb NOT NULL,
	seed bigint NOT NULL,
	seats jsonb NOT NULL,
	clock jsonb NOT NULL,
	public boolean NOT NULL,
	undo boolean NOT NULL DEFAULT false,
	invite text NOT NULL,
	owner text NOT NULL,
	status text NOT NULL,
	created timestamptz,
	updated timestamptz,
	deadline timestamptz,
	result bytea,
	rematch text NOT NULL DEFAULT '',
	version integer NOT NULL DEFAULT 0
);
CREATE INDEX tables_status ON tables (status, created DESC);
CREATE INDEX tables_owner ON tables (owner, created);
CREATE INDEX tables_deadline ON tables (deadline) WHERE deadline IS NOT NULL;
-- "My tables": seats @> '[{"identity": …}]'.
CREATE INDEX tables_seats ON tables USING gin (seats jsonb_path_ops);

-- The log. Its primary key (tbl, seq) is the fence: two nodes that both
-- believe they own a table can never both store entry seq.
CREATE TABLE entries (
	tbl text NOT NULL,
	seq integer NOT NULL,
	kind text NOT NULL,
	seat integer NOT NULL,
	move text NOT NULL,
	client text NOT NULL,
	at timestamptz,
	clocks bigint[],
	PRIMARY KEY (tbl, seq)
);

CREATE TABLE chat (
	tbl text NOT NULL,
	seq integer NOT NULL,
	seat integer NOT NULL,
	name text NOT NULL,
	text text NOT NULL,
	at timestamptz,
	PRIMARY KEY (tbl, seq)
);

CREATE TABLE heartbeats (
	node text PRIMARY KEY,
	at timestamptz NOT NULL
);
