-- Passkeys (server/passkey.go): WebAuthn credentials that authenticate an
-- identity, so that a lost cookie does not lose it; data is the WebAuthn
-- library's credential (public key, signature counter) as JSON bytes that
-- only jardin reads back. challenges are the ceremonies under way: one use
-- each (deleted as read), until they expire.
CREATE TABLE passkeys (
	id bytea PRIMARY KEY,
	identity text NOT NULL REFERENCES identities(id),
	data bytea NOT NULL,
	created timestamptz
);
CREATE INDEX passkeys_identity ON passkeys(identity);

CREATE TABLE challenges (
	hash bytea PRIMARY KEY,
	kind text NOT NULL,
	identity text NOT NULL,
	data bytea NOT NULL,
	expires timestamptz NOT NULL
);
CREATE INDEX challenges_expires ON challenges(expires);
