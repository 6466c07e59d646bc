package server

// Rate limits per client address and per identity (token buckets): no one
// person can fill the database with identities, renames and link codes, or
// take the server's time from the others with a stream of writes.

import (
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/jardin-games/jardin/shelltext"
)

// limiter is a set of token buckets by key. Buckets nobody used for a while
// are full again and are dropped, so that the map stays the size of the
// recent clients.
type limiter struct {
	every time.Duration // one token per every
	burst int
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiter(every time.Duration, burst int, now func() time.Time) *limiter {
	return &limiter{every: every, burst: burst, now: now, buckets: map[string]*bucket{}}
}

// allow takes a token from key's bucket, or reports how long until one is
// there.
func (l *limiter) allow(key string) (bool, time.Duration) {
	if l == nil || l.every <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	full := l.every * time.Duration(l.burst)
	if now.Sub(l.swept) > full {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > full {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b := l.buckets[key]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.buckets[key] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// rateError is a request over a limit: 429, and when to try again.
type rateError struct {
	retry time.Duration
	err   error
}

func (e *rateError) Error() string { return e.err.Error() }
func (e *rateError) Unwrap() error { return e.err }

// retrySeconds is a Retry-After value: whole seconds, at least 1.
func retrySeconds(d time.Duration) string {
	return strconv.Itoa(max(1, int(math.Ceil(d.Seconds()))))
}

// clientAddr is the address a request comes from: the connection's, or,
// with --trust-proxy, the last address the proxy appended to
// X-Forwarded-For (earlier ones are the client's to write).
func (s *Server) clientAddr(r *http.Request) string {
	if s.cfg.TrustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if a := strings.TrimSpace(parts[len(parts)-1]); a != "" {
				return a
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limitWrites refuses, with 429 and Retry-After, the writes (every method
// but GET and HEAD) of an address or an identity over --write-rate.
func (s *Server) limitWrites(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			h.ServeHTTP(w, r)
			return
		}
		keys := []string{"addr " + s.clientAddr(r)}
		if tok := requestToken(r); tok != "" {
			keys = append(keys, "id "+string(hashToken(tok)))
		}
		for _, k := range keys {
			if ok, d := s.writes.allow(k); !ok {
				s.answerErr(w, r, &rateError{retry: d, err: shelltext.Errorf("err.rateLimited")})
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// allowIdentity takes a token of the address's identity-creation bucket.
func (s *Server) allowIdentity(r *http.Request) error {
	if ok, d := s.identities.allow("addr " + s.clientAddr(r)); !ok {
		return &rateError{retry: d, err: shelltext.Errorf("err.identityRate")}
	}
	return nil
}
