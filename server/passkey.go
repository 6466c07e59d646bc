package server

// Passkeys (issue 26): an identity stays account-free, a cookie's token,
// but it can be protected by a passkey (WebAuthn) so that a lost cookie
// does not lose it: signing in with the passkey on a browser without the
// cookie gives that browser a new token of the same identity. "Continue on
// another device" (a one-time link) stays.
//
// The ceremonies are the WebAuthn library's (github.com/go-webauthn/
// webauthn); jardin keeps their challenges in the store, one use each
// (deleted as they are read) and for passkeyTTL, and the passkeys' public
// keys and signature counters. The relying party is the request's host
// (WebAuthn refuses IP addresses: a server reached by address cannot
// offer passkeys), so one server answers under each of its names.

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

const (
	passkeyTTL = 5 * time.Minute // a ceremony's challenge expires after this
	// Ceremonies begun per address: one every passkeyEvery after a burst.
	// Each stores a challenge, and signing in is a guess at someone's
	// identity: both are spam to bound.
	passkeyEvery = 6 * time.Second
	passkeyBurst = 20
	maxPasskeys  = 10 // passkeys per identity
)

// Challenge kinds (store.Passkeys).
const (
	ceremonyRegister = "register"
	ceremonyLogin    = "login"
)

// relyingParty is the WebAuthn configuration for the request's host.
func (s *Server) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "" || net.ParseIP(strings.Trim(host, "[]")) != nil {
		return nil, withStatus(http.StatusBadRequest, shelltext.Errorf("err.passkeyHost"))
	}
	// The page's origin: the scheme the browser used. Behind a proxy that
	// ends TLS the connection is plain but the page is https: both are
	// accepted for this host, which the browser fills in truthfully (and
	// offers WebAuthn on http only for localhost).
	wa, err := webauthn.New(&webauthn.Config{
		RPID:          host,
		RPDisplayName: "jardin",
		RPOrigins:     []string{"https://" + r.Host, "http://" + r.Host},
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			ResidentKey:      protocol.ResidentKeyRequirementRequired,
			UserVerification: protocol.VerificationPreferred,
		},
		Timeouts: webauthn.TimeoutsConfig{
			Login:        webauthn.TimeoutConfig{Enforce: true, Timeout: passkeyTTL},
			Registration: webauthn.TimeoutConfig{Enforce: true, Timeout: passkeyTTL},
		},
	})
	if err != nil {
		return nil, withStatus(http.StatusBadRequest, &shelltext.Error{ID: "err.passkeyHost", Err: err})
	}
	return wa, nil
}

// passkeyUser is an identity as the library sees it: its id is the user
// handle the authenticator keeps, and signs in with.
type passkeyUser struct {
	id    store.Identity
	creds []webauthn.Credential
}

func (u passkeyUser) WebAuthnID() []byte                         { return []byte(u.id.ID) }
func (u passkeyUser) WebAuthnName() string                       { return u.id.Name }
func (u passkeyUser) WebAuthnDisplayName() string                { return u.id.Name }
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

// userOf loads an identity and its passkeys.
func (s *Server) userOf(ctx context.Context, id store.Identity) (passkeyUser, error) {
	keys, err := s.st.PasskeysOf(ctx, id.ID)
	if err != nil {
		return passkeyUser{}, err
	}
	u := passkeyUser{id: id}
	for _, k := range keys {
		var c webauthn.Credential
		if err := json.Unmarshal(k.Data, &c); err != nil {
			return u, fmt.Errorf("passkey of %s: %w", id.ID, err)
		}
		u.creds = append(u.creds, c)
	}
	return u, nil
}

// refusedPasskey is the library's refusal of a credential as a person
// reads it: one sentence in their language; the library's reason, in
// English and technical, goes to the log.
func (s *Server) refusedPasskey(r *http.Request, err error) error {
	s.log.Info("passkey refused", "request", requestID(r), "path", r.URL.Path, "err", err)
	return &shelltext.Error{ID: "err.passkeyBad", Err: err}
}

func challengeHash(c string) []byte {
	h := sha256.Sum256([]byte(c))
	return h[:]
}

// allowCeremony takes a token of the address's passkey bucket.
func (s *Server) allowCeremony(r *http.Request) error {
	if ok, d := s.passkeys.allow("addr " + s.clientAddr(r)); !ok {
		return &rateError{retry: d, err: shelltext.Errorf("err.passkeyRate")}
	}
	return nil
}

// keepSession stores a ceremony's session under its challenge.
func (s *Server) keepSession(ctx context.Context, kind, identity string, sess *webauthn.SessionData) error {
	data, err := json.Marshal(sess)
	if err != nil {
		return fmt.Errorf("passkey session: %w", err)
	}
	return s.st.PutChallenge(ctx, challengeHash(sess.Challenge), kind, identity, data, s.now().Add(passkeyTTL))
}

// takeSession consumes the session of the challenge a response answers:
// refused if unknown, used, expired or of another ceremony.
func (s *Server) takeSession(ctx context.Context, kind, challenge string) (string, webauthn.SessionData, error) {
	var sess webauthn.SessionData
	identity, data, err := s.st.UseChallenge(ctx, challengeHash(challenge), kind, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return "", sess, withStatus(http.StatusBadRequest, shelltext.Errorf("err.passkeyChallenge"))
	}
	if err != nil {
		return "", sess, err
	}
	if err := json.Unmarshal(data, &sess); err != nil {
		return "", sess, fmt.Errorf("passkey session: %w", err)
	}
	return identity, sess, nil
}

// passkeysJSON is what the settings page shows: when each passkey was
// added (nothing else of them is the person's business).
type passkeysJSON struct {
	Passkeys []passkeyInfo `json:"passkeys"`
}

type passkeyInfo struct {
	Created int64 `json:"created"` // ms since 1970
}

// apiPasskeys: GET /api/passkeys lists the caller's passkeys.
func (s *Server) apiPasskeys(w http.ResponseWriter, r *http.Request) {
	id, err := s.identify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	keys, err := s.st.PasskeysOf(r.Context(), id.ID)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	out := passkeysJSON{Passkeys: []passkeyInfo{}}
	for _, k := range keys {
		out.Passkeys = append(out.Passkeys, passkeyInfo{Created: k.Created.UnixMilli()})
	}
	writeJSON(w, http.StatusOK, out)
}

// apiPasskeyRegister: POST /api/passkeys/register begins protecting the
// caller's identity with a passkey: it answers the options for the
// browser's navigator.credentials.create.
func (s *Server) apiPasskeyRegister(w http.ResponseWriter, r *http.Request) {
	out, err := s.passkeyRegister(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) passkeyRegister(r *http.Request) (*protocol.CredentialCreation, error) {
	id, err := s.identify(r)
	if err != nil {
		return nil, err
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		return nil, err
	}
	if err := s.allowCeremony(r); err != nil {
		return nil, err
	}
	u, err := s.userOf(r.Context(), id)
	if err != nil {
		return nil, err
	}
	if len(u.creds) >= maxPasskeys {
		return nil, withStatus(http.StatusConflict, shelltext.Errorf("err.passkeyMany"))
	}
	creation, sess, err := wa.BeginRegistration(u,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(webauthn.Credentials(u.creds).CredentialDescriptors()))
	if err != nil {
		return nil, fmt.Errorf("begin passkey registration: %w", err)
	}
	if err := s.keepSession(r.Context(), ceremonyRegister, id.ID, sess); err != nil {
		return nil, err
	}
	return creation, nil
}

// apiPasskeyRegistered: POST /api/passkeys/register/finish takes the
// browser's new credential and keeps it for the caller's identity.
func (s *Server) apiPasskeyRegistered(w http.ResponseWriter, r *http.Request) {
	if err := s.passkeyRegistered(w, r); err != nil {
		s.answerErr(w, r, err)
		return
	}
	s.apiPasskeys(w, r)
}

func (s *Server) passkeyRegistered(w http.ResponseWriter, r *http.Request) error {
	id, err := s.identify(r)
	if err != nil {
		return err
	}
	wa, err := s.relyingParty(r)
	if err != nil {
		return err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBody(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return withStatus(http.StatusBadRequest, s.refusedPasskey(r, err))
	}
	owner, sess, err := s.takeSession(r.Context(), ceremonyRegister, parsed.Response.CollectedClientData.Challenge)
	if err != nil {
		return err
	}
	if owner != id.ID {
		// Another identity's ceremony (its challenge is now spent).
		return withStatus(http.StatusBadRequest, shelltext.Errorf("err.passkeyChallenge"))
	}
	u, err := s.userOf(r.Context(), id)
	if err != nil {
		return err
	}
	cred, err := wa.CreateCredential(u, sess, parsed)
	if err != nil {
		return withStatus(http.StatusBadRequest, s.refusedPasskey(r, err))
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return fmt.Errorf("passkey: %w", err)
	}
	err = s.st.AddPasskey(r.Context(), store.Passkey{ID: cred.ID, Identity: id.ID, Data: data, Created: s.now()})
	if errors.Is(err, store.ErrConflict) {
		return withStatus(http.StatusConflict, shelltext.Errorf("err.passkeyKnown"))
	}
	return err
}

// apiPasskeyLogin: POST /api/passkeys/login begins signing in with a
// passkey, on a browser that may have no identity: the options for
// navigator.credentials.get, for any passkey of this site (the
// authenticator says whose).
func (s *Server) apiPasskeyLogin(w http.ResponseWriter, r *http.Request) {
	wa, err := s.relyingParty(r)
	if err == nil {
		err = s.allowCeremony(r)
	}
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	assertion, sess, err := wa.BeginDiscoverableLogin()
	if err == nil {
		err = s.keepSession(r.Context(), ceremonyLogin, "", sess)
	}
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, assertion)
}

// apiPasskeyLoggedIn: POST /api/passkeys/login/finish checks the
// browser's signature and gives it a new token of the passkey's
// identity (the cookie; the token too, once, for programs).
func (s *Server) apiPasskeyLoggedIn(w http.ResponseWriter, r *http.Request) {
	id, tok, err := s.passkeyLoggedIn(w, r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, meJSON{ID: id.ID, Name: id.Name, Webhook: id.Webhook, Email: id.Email, Token: tok})
}

func (s *Server) passkeyLoggedIn(w http.ResponseWriter, r *http.Request) (store.Identity, string, error) {
	wa, err := s.relyingParty(r)
	if err != nil {
		return store.Identity{}, "", err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBody(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return store.Identity{}, "", withStatus(http.StatusBadRequest, s.refusedPasskey(r, err))
	}
	_, sess, err := s.takeSession(r.Context(), ceremonyLogin, parsed.Response.CollectedClientData.Challenge)
	if err != nil {
		return store.Identity{}, "", err
	}
	var found passkeyUser
	var lookup error // the store's failure, not the credential's
	handler := func(rawID, userHandle []byte) (webauthn.User, error) {
		k, err := s.st.Passkey(r.Context(), rawID)
		if err != nil {
			lookup = err
			return nil, err
		}
		if k.Identity != string(userHandle) {
			return nil, fmt.Errorf("passkey of %s, user handle %q: %w", k.Identity, userHandle, store.ErrNotFound)
		}
		id, err := s.st.Identity(r.Context(), k.Identity)
		if err != nil {
			lookup = err
			return nil, err
		}
		if found, err = s.userOf(r.Context(), id); err != nil {
			lookup = err
		}
		return found, err
	}
	_, cred, err := wa.ValidatePasskeyLogin(handler, sess, parsed)
	if lookup != nil && !errors.Is(lookup, store.ErrNotFound) {
		return store.Identity{}, "", lookup
	}
	if errors.Is(lookup, store.ErrNotFound) {
		return store.Identity{}, "", withStatus(http.StatusUnauthorized, shelltext.Errorf("err.passkeyUnknown"))
	}
	if err != nil {
		return store.Identity{}, "", withStatus(http.StatusUnauthorized, s.refusedPasskey(r, err))
	}
	if cred.Authenticator.CloneWarning {
		// The counter went back: a copy of the key signs. Refused, and
		// the counter kept as it was.
		return store.Identity{}, "", withStatus(http.StatusUnauthorized, shelltext.Errorf("err.passkeyClone"))
	}
	// The new counter is kept before the token is given: a failed write
	// signs nobody in.
	data, err := json.Marshal(cred)
	if err != nil {
		return store.Identity{}, "", fmt.Errorf("passkey: %w", err)
	}
	if err := s.st.UpdatePasskey(r.Context(), cred.ID, data); err != nil {
		return store.Identity{}, "", err
	}
	tok := newToken()
	if err := s.st.AddToken(r.Context(), found.id.ID, hashToken(tok)); err != nil {
		return store.Identity{}, "", err
	}
	s.setCookie(w, tok)
	return found.id, tok, nil
}

func (g guardedStore) AddPasskey(ctx context.Context, p store.Passkey) error {
	return unavailable(dbName, g.Store.AddPasskey(ctx, p))
}

func (g guardedStore) Passkey(ctx context.Context, id []byte) (store.Passkey, error) {
	p, err := g.Store.Passkey(ctx, id)
	return p, unavailable(dbName, err)
}

func (g guardedStore) PasskeysOf(ctx context.Context, identity string) ([]store.Passkey, error) {
	ps, err := g.Store.PasskeysOf(ctx, identity)
	return ps, unavailable(dbName, err)
}

func (g guardedStore) UpdatePasskey(ctx context.Context, id []byte, data []byte) error {
	return unavailable(dbName, g.Store.UpdatePasskey(ctx, id, data))
}

func (g guardedStore) PutChallenge(ctx context.Context, hash []byte, kind, identity string, data []byte, expires time.Time) error {
	return unavailable(dbName, g.Store.PutChallenge(ctx, hash, kind, identity, data, expires))
}

func (g guardedStore) UseChallenge(ctx context.Context, hash []byte, kind string, now time.Time) (string, []byte, error) {
	id, data, err := g.Store.UseChallenge(ctx, hash, kind, now)
	return id, data, unavailable(dbName, err)
}
