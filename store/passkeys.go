package store

import (
	"context"
	"time"
)

// Passkey is a WebAuthn credential that authenticates an identity
// (server/passkey.go): a lost cookie no longer loses the identity.
type Passkey struct {
	ID       []byte // the credential's id, as the authenticator made it
	Identity string
	// Data is the credential as the WebAuthn library keeps it (public
	// key, signature counter, flags), JSON that only the server reads.
	Data    []byte
	Created time.Time
}

// Passkeys keeps identities' passkeys and the one-use challenges of the
// WebAuthn ceremonies that register them and sign in with them.
type Passkeys interface {
	// AddPasskey stores a passkey; ErrConflict if its id is stored.
	AddPasskey(ctx context.Context, p Passkey) error
	// Passkey finds a passkey by its credential id; ErrNotFound if none.
	Passkey(ctx context.Context, id []byte) (Passkey, error)
	// PasskeysOf lists identity's passkeys, oldest first.
	PasskeysOf(ctx context.Context, identity string) ([]Passkey, error)
	// UpdatePasskey replaces a passkey's data (its signature counter
	// after a sign-in); ErrNotFound if it is not stored.
	UpdatePasskey(ctx context.Context, id []byte, data []byte) error
	// PutChallenge stores a ceremony's challenge (hashed) of a kind
	// ("register", "login"), for identity ("" to sign in) with the
	// library's session data, until expires; it drops expired ones.
	PutChallenge(ctx context.Context, hash []byte, kind, identity string, data []byte, expires time.Time) error
	// UseChallenge consumes a challenge of kind: its identity and data
	// once; ErrNotFound for an unknown, used, expired or other-kind one.
	UseChallenge(ctx context.Context, hash []byte, kind string, now time.Time) (identity string, data []byte, err error)
}
