package server

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzAPI sends arbitrary requests to the HTTP API in process: no input may
// panic or end in a 500, and every error is JSON or a page, never a Go
// error's internals.
func FuzzAPI(f *testing.F) {
	ts := startServer(f, "", Config{})
	ann := newClient(f, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	for _, seed := range []struct{ method, path, body string }{
		{"POST", "/api/tables", `{"game":"english-gardens","seats":["me","greedy"],"clock":{"mode":"realtime","minutes":5}}`},
		{"POST", "/api/tables", `{"game":"happy-garden","players":3,"options":{"first":"2"},"seats":["me","open","ismcts:easy"]}`},
		{"POST", "/api/tables", `{"game":"x","seats":[],"clock":{"mode":"async","hours":1e308}}`},
		{"POST", "/api/tables/" + tb.ID + "/join", `{"invite":"` + tb.Invite + `","seat":1}`},
		{"POST", "/api/tables/" + tb.ID + "/join", `{"seat":-5}`},
		{"POST", "/api/tables/" + tb.ID + "/leave", ``},
		{"POST", "/api/tables/" + tb.ID + "/rematch", `{}`},
		{"GET", "/api/tables/" + tb.ID + "/record", ``},
		{"GET", "/api/tables/" + tb.ID, ``},
		{"GET", "/api/tables?mine=1", ``},
		{"POST", "/api/me", `{"name":"Bob","webhook":"http://x","email":"b@c.d"}`},
		{"POST", "/api/me/link", ``},
		{"POST", "/continue/abc", ``},
		{"POST", "/lobby/create", `game=english-gardens&seat=me&seat=open&clock=realtime&minutes=NaN`},
		{"POST", "/join/" + tb.ID, `name=Cid&invite=` + tb.Invite},
		{"GET", "/t/" + strings.Repeat("x", 300), ``},
		{"GET", "/ws/tables/" + tb.ID + "?since=-1&seat=x", ``},
	} {
		f.Add(seed.method, seed.path, seed.body, true)
	}
	h := ts.Handler()
	f.Fuzz(func(t *testing.T, method, path, body string, auth bool) {
		if !strings.HasPrefix(path, "/") || strings.ContainsAny(path, " \r\n#") || len(path) > 2000 {
			return
		}
		if method != "GET" && method != "POST" && method != "PUT" && method != "DELETE" {
			return
		}
		if _, err := url.ParseRequestURI("http://127.0.0.1" + path); err != nil {
			return // not a request a client can send
		}
		req := httptest.NewRequest(method, "http://127.0.0.1"+path, bytes.NewReader([]byte(body)))
		if strings.HasPrefix(body, "{") {
			req.Header.Set("Content-Type", "application/json")
		} else {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		if auth {
			req.AddCookie(&http.Cookie{Name: cookieName, Value: ann.token})
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s %s %q: %d %s", method, path, body, rec.Code, rec.Body)
		}
		if strings.Contains(rec.Body.String(), "goroutine ") || strings.Contains(rec.Body.String(), "runtime error") {
			t.Fatalf("%s %s: internals in the answer: %s", method, path, rec.Body)
		}
	})
}
