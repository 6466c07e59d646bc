package server

import (
	"bytes"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// post sends a JSON POST from address addr (X-Forwarded-For) with token.
func post(t *testing.T, base, path, token, addr, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", base+path, bytes.NewBufferString(body))
	req.Header.Set("Content-Type", "application/json")
	if addr != "" {
		req.Header.Set("X-Forwarded-For", addr)
	}
	if token != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: token})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// One address cannot make identities without bound (10,000 in 20 s
// before): past its burst it is answered 429 with Retry-After. A forged
// X-Forwarded-For changes nothing unless the server is told to trust it.
func TestIdentityCreationLimitedPerAddress(t *testing.T) {
	for _, trust := range []bool{false, true} {
		ts := startServer(t, "", Config{IdentityBurst: 3, IdentityEvery: time.Hour, TrustProxy: trust})
		for i := range 3 {
			if r := post(t, ts.URL, "/api/me", "", "10.0.0.1", `{"name":"Ann"}`); r.StatusCode != 200 {
				t.Fatalf("identity %d: %d", i, r.StatusCode)
			}
		}
		r := post(t, ts.URL, "/api/me", "", "10.0.0.1", `{"name":"Ann"}`)
		if r.StatusCode != 429 {
			t.Fatalf("4th identity from one address: %d, want 429", r.StatusCode)
		}
		if s, _ := strconv.Atoi(r.Header.Get("Retry-After")); s < 1 {
			t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
		}
		other := post(t, ts.URL, "/api/me", "", "10.0.0.2", `{"name":"Bob"}`)
		if trust && other.StatusCode != 200 {
			t.Errorf("behind a trusted proxy, another address: %d, want 200", other.StatusCode)
		}
		if !trust && other.StatusCode != 429 {
			t.Errorf("a forged X-Forwarded-For got past the limit: %d", other.StatusCode)
		}
	}
}

// Writes are limited per identity (whatever address it uses) and per
// address (whatever identity): no one person floods the others.
func TestWritesLimitedPerIdentityAndAddress(t *testing.T) {
	ts := startServer(t, "", Config{TrustProxy: true, WriteBurst: 5, WriteEvery: time.Hour})
	ann := newClient(t, ts.URL, "Ann") // one write, from the loopback address
	codes := map[int]int{}
	for i := range 6 {
		r := post(t, ts.URL, "/api/me", ann.token, "10.1.0."+strconv.Itoa(i), `{"name":"Ann"}`)
		codes[r.StatusCode]++
	}
	if codes[429] == 0 {
		t.Fatalf("one identity from many addresses was never limited: %v", codes)
	}
	// another identity at one address, past the address's burst
	bob := &client{t: t, base: ts.URL}
	var last int
	for range 6 {
		last = post(t, ts.URL, "/api/me", bob.token, "10.2.0.1", `{"name":"Bob"}`).StatusCode
	}
	if last != 429 {
		t.Fatalf("one address's writes were never limited: %d", last)
	}
	// reads are not limited
	for range 10 {
		if code := ann.call("GET", "/api/games", nil, nil); code != 200 {
			t.Fatalf("GET /api/games: %d", code)
		}
	}
}

func TestLimiterRefills(t *testing.T) {
	now := time.Unix(0, 0)
	l := newLimiter(time.Second, 2, func() time.Time { return now })
	for i, want := range []bool{true, true, false} {
		if ok, _ := l.allow("k"); ok != want {
			t.Fatalf("take %d: %v", i, ok)
		}
	}
	if ok, _ := l.allow("other"); !ok {
		t.Fatal("another key shares the bucket")
	}
	now = now.Add(time.Second)
	if ok, _ := l.allow("k"); !ok {
		t.Fatal("no token after a second")
	}
	now = now.Add(time.Hour)
	l.allow("x") // sweeps the idle buckets
	if len(l.buckets) != 1 {
		t.Fatalf("%d buckets kept, want the one used now", len(l.buckets))
	}
}
