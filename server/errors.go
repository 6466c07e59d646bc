package server

// Errors and HTTP statuses. Handlers and the WebSocket handshake answer an
// error with s.answerErr, which maps it to a status in one place
// (statusOf): a client is told "retry" (503 with Retry-After) whenever the
// fault is the store's or the cluster's and may pass, and "give up" (4xx)
// only for what it asked. docs/server.md lists the mapping.

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/jardin-games/jardin/cluster"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// retryAfter is the Retry-After of a 503, in seconds: a NATS session comes
// back within a lease TTL, a database restart takes seconds.
const retryAfter = "1"

// errNoIdentity: the request carries no valid identity token (401).
var errNoIdentity = errors.New("no identity")

// unavailableError is a fault of a dependency that is away — the store
// (any error but ErrNotFound and ErrConflict) or NATS (no session, a
// lease request that failed or timed out): the client should retry.
type unavailableError struct {
	what string // "the database", "the cluster"
	err  error
}

func (e *unavailableError) Error() string { return e.what + " is unavailable: " + e.err.Error() }
func (e *unavailableError) Unwrap() error { return e.err }

// unavailable marks err as a fault of what, unless it is nil or says
// something about the request (not found, conflict) or its caller gave up.
func unavailable(what string, err error) error {
	var ue *unavailableError
	switch {
	case err == nil, errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrConflict),
		errors.Is(err, context.Canceled), errors.As(err, &ue):
		return err
	}
	return &unavailableError{what: what, err: err}
}

// statusError is an answer decided by a handler: a status and the error
// the client reads (in its language: errorIn).
type statusError struct {
	code int
	err  error
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

// withStatus makes err the answer code.
func withStatus(code int, err error) error { return &statusError{code: code, err: err} }

// withCode is err answered with code, or as statusOf says when code is 0.
func withCode(code int, err error) error {
	if code == 0 {
		return err
	}
	return withStatus(code, err)
}

// retryable reports whether err is a fault that may pass: a dependency
// away, this node shutting down, or a table moving between nodes.
func retryable(err error) bool {
	var ue *unavailableError
	return errors.As(err, &ue) || errors.Is(err, errClosed) || errors.Is(err, errUnloaded) ||
		errors.Is(err, errElsewhere) || errors.Is(err, errRetry) || errors.Is(err, errNotHere) ||
		errors.Is(err, cluster.ErrNoSession) || errors.Is(err, cluster.ErrNoAnswer) ||
		errors.Is(err, cluster.ErrNoOwner) || errors.Is(err, cluster.ErrClosed) ||
		errors.Is(err, context.DeadlineExceeded)
}

// statusOf is the one mapping from an error to the HTTP status and the
// error a client reads (a catalogue message: errorIn words it in the
// reader's language).
func statusOf(err error) (int, error) {
	var se *statusError
	var re *rateError
	switch {
	case errors.As(err, &se):
		return se.code, se.err
	case errors.As(err, &re):
		return http.StatusTooManyRequests, re.err
	case errors.Is(err, errNoIdentity):
		return http.StatusUnauthorized, err
	case errors.Is(err, errStoreFailed):
		return http.StatusServiceUnavailable, errStoreFailed
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, shelltext.Errorf("err.noTable")
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict, shelltext.Errorf("err.conflict")
	case retryable(err):
		return http.StatusServiceUnavailable, shelltext.Errorf("err.unavailable")
	}
	return http.StatusInternalServerError, shelltext.Errorf("err.internal")
}

// answerErr answers err with its status (statusOf), in the request's
// language; a server fault is logged with the request id.
func (s *Server) answerErr(w http.ResponseWriter, r *http.Request, err error) {
	code, shown := statusOf(err)
	if re := (*rateError)(nil); errors.As(err, &re) {
		w.Header().Set("Retry-After", retrySeconds(re.retry))
	}
	switch {
	case code == http.StatusInternalServerError:
		s.log.Error("request", "request", requestID(r), "path", r.URL.Path, "err", err)
	case code == http.StatusServiceUnavailable:
		s.log.Warn("request: retry", "request", requestID(r), "path", r.URL.Path, "err", err)
	}
	s.errorBody(w, r, code, errorJSON{Error: errorIn(shown, requestLang(r)), Code: errCode(shown)})
}

// guardedStore marks the store's faults (unavailable): a failed query
// answers 503, not 403 or 500, wherever it happens.
type guardedStore struct{ store.Store }

const dbName = "the database"

func (g guardedStore) CreateIdentity(ctx context.Context, id store.Identity, tokenHash []byte) error {
	return unavailable(dbName, g.Store.CreateIdentity(ctx, id, tokenHash))
}

func (g guardedStore) AddToken(ctx context.Context, identity string, tokenHash []byte) error {
	return unavailable(dbName, g.Store.AddToken(ctx, identity, tokenHash))
}

func (g guardedStore) IdentityByToken(ctx context.Context, tokenHash []byte) (store.Identity, error) {
	id, err := g.Store.IdentityByToken(ctx, tokenHash)
	return id, unavailable(dbName, err)
}

func (g guardedStore) Identity(ctx context.Context, id string) (store.Identity, error) {
	out, err := g.Store.Identity(ctx, id)
	return out, unavailable(dbName, err)
}

func (g guardedStore) UpdateIdentity(ctx context.Context, id store.Identity) error {
	return unavailable(dbName, g.Store.UpdateIdentity(ctx, id))
}

func (g guardedStore) CreateLink(ctx context.Context, codeHash []byte, identity string, expires time.Time) error {
	return unavailable(dbName, g.Store.CreateLink(ctx, codeHash, identity, expires))
}

func (g guardedStore) UseLink(ctx context.Context, codeHash []byte, now time.Time) (string, error) {
	id, err := g.Store.UseLink(ctx, codeHash, now)
	return id, unavailable(dbName, err)
}

func (g guardedStore) CreateTable(ctx context.Context, t store.Table) error {
	return unavailable(dbName, g.Store.CreateTable(ctx, t))
}

func (g guardedStore) Table(ctx context.Context, id string) (store.Table, error) {
	t, err := g.Store.Table(ctx, id)
	return t, unavailable(dbName, err)
}

func (g guardedStore) Tables(ctx context.Context, q store.Query) ([]store.Table, error) {
	ts, err := g.Store.Tables(ctx, q)
	return ts, unavailable(dbName, err)
}

func (g guardedStore) CountCreated(ctx context.Context, owner string, since time.Time) (int, error) {
	n, err := g.Store.CountCreated(ctx, owner, since)
	return n, unavailable(dbName, err)
}

func (g guardedStore) Entries(ctx context.Context, table string, after int) ([]store.Entry, error) {
	es, err := g.Store.Entries(ctx, table, after)
	return es, unavailable(dbName, err)
}

func (g guardedStore) ChatLines(ctx context.Context, table string, n int) ([]store.Chat, error) {
	cs, err := g.Store.ChatLines(ctx, table, n)
	return cs, unavailable(dbName, err)
}
