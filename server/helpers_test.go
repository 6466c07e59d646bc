package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/store"
	"github.com/jardin-games/jardin/store/sqlite"
	"github.com/jardin-games/jardin/web"
)

// testServer is a server on 127.0.0.1 with a real SQLite file.
type testServer struct {
	*Server
	URL  string
	http *httptest.Server
	db   *sqlite.DB
	path string
}

func quietLog() *slog.Logger {
	if os.Getenv("JARDIN_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func startServer(t testing.TB, path string, cfg Config) *testServer {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "jardin.db")
	}
	db, err := sqlite.Open(path, sqlite.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Log == nil {
		cfg.Log = quietLog()
	}
	if cfg.Rate == 0 {
		cfg.Rate, cfg.Burst = 10000, 10000 // test players move as fast as they can
	}
	srv, hs := startLoopback(t, cfg, db)
	ts := &testServer{Server: srv, URL: hs.URL, http: hs, db: db, path: path}
	t.Cleanup(ts.stop)
	return ts
}

func (ts *testServer) stop() {
	if ts.http == nil {
		return
	}
	ts.http.CloseClientConnections()
	ts.http.Close()
	ts.Server.Close()
	ts.db.Close()
	ts.http = nil
}

// client is one person: an identity token, and HTTP calls with it.
type client struct {
	t     testing.TB
	base  string
	token string
	id    string
	name  string
}

func newClient(t testing.TB, base, name string) *client {
	t.Helper()
	c := &client{t: t, base: base, name: name}
	var me meJSON
	if code := c.call("POST", "/api/me", map[string]string{"name": name}, &me); code != 200 {
		t.Fatalf("POST /api/me: %d", code)
	}
	c.token, c.id = me.Token, me.ID
	return c
}

// call sends a JSON request and decodes the answer into out; it returns
// the status code.
func (c *client) call(method, path string, body, out any) int {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	if c.token != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: c.token})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if sp, ok := out.(*string); ok {
		*sp = string(b)
	} else if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			c.t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
	return resp.StatusCode
}

func (c *client) create(req createReq) createdJSON {
	c.t.Helper()
	var out createdJSON
	var raw string
	code := c.call("POST", "/api/tables", req, &out)
	if code != http.StatusCreated {
		c.call("POST", "/api/tables", req, &raw)
		c.t.Fatalf("create table: %d %s", code, raw)
	}
	return out
}

func (c *client) join(id, invite string) int {
	c.t.Helper()
	var out map[string]int
	if code := c.call("POST", "/api/tables/"+id+"/join", joinReq{Invite: invite}, &out); code != 200 {
		c.t.Fatalf("join %s: %d", id, code)
	}
	return out["seat"]
}

// sock is one WebSocket with everything it received.
type sock struct {
	t    testing.TB
	ws   *websocket.Conn
	raw  chan []byte
	all  [][]byte
	err  error
	done chan struct{}
	v    int
	seq  int
	// prefix starts the client ids play sends (a new connection after a
	// restart must not reuse the ids of the first: those are answered as
	// already applied).
	prefix string
}

func (c *client) dial(table string, query string) *sock {
	c.t.Helper()
	s, err := c.tryDial(table, query)
	if err != nil {
		c.t.Fatalf("dial %s: %v", table, err)
	}
	return s
}

func (c *client) tryDial(table string, query string) (*sock, error) {
	u := "ws" + strings.TrimPrefix(c.base, "http") + "/ws/tables/" + table + "?" + query
	h := http.Header{}
	if c.token != "" {
		h.Set("Cookie", cookieName+"="+c.token)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 24)
	s := &sock{t: c.t, ws: ws, raw: make(chan []byte, 4096), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		for {
			_, b, err := ws.Read(context.Background())
			if err != nil {
				s.err = err
				close(s.raw)
				return
			}
			s.raw <- b
		}
	}()
	return s, nil
}

// next returns the next message of type typ (others are skipped but kept
// in all), or fails after a while.
func (s *sock) next(types ...string) map[string]json.RawMessage {
	s.t.Helper()
	m, err := s.tryNext(10*time.Second, types...)
	if err != nil {
		s.t.Fatal(err)
	}
	return m
}

func (s *sock) tryNext(d time.Duration, types ...string) (map[string]json.RawMessage, error) {
	timeout := time.After(d)
	for {
		select {
		case b, ok := <-s.raw:
			if !ok {
				return nil, fmt.Errorf("socket closed: %v", s.err)
			}
			s.all = append(s.all, b)
			var m map[string]json.RawMessage
			if err := json.Unmarshal(b, &m); err != nil {
				return nil, fmt.Errorf("server sent non-JSON %q", b)
			}
			var typ string
			json.Unmarshal(m["t"], &typ)
			if v, ok := m["v"]; ok && (typ == outSync || typ == outUpdate) {
				json.Unmarshal(v, &s.v)
			}
			for _, want := range types {
				if typ == want {
					return m, nil
				}
			}
		case <-timeout:
			return nil, fmt.Errorf("no %v message within %s", types, d)
		}
	}
}

func (s *sock) send(v any) {
	s.t.Helper()
	b, _ := json.Marshal(v)
	if err := s.ws.Write(context.Background(), websocket.MessageText, b); err != nil {
		s.t.Fatalf("write: %v", err)
	}
}

func (s *sock) close() { s.ws.CloseNow() }

func str(m map[string]json.RawMessage, k string) string {
	var v string
	json.Unmarshal(m[k], &v)
	return v
}

func num(m map[string]json.RawMessage, k string) int {
	v := -99
	json.Unmarshal(m[k], &v)
	return v
}

func count(m map[string]json.RawMessage, k string) int {
	var v []json.RawMessage
	json.Unmarshal(m[k], &v)
	return len(v)
}

// startLoopback starts a server on db and serves it on a loopback port
// (httptest's default listener may take any interface's address).
func startLoopback(t testing.TB, cfg Config, db store.Store) (*Server, *httptest.Server) {
	t.Helper()
	// tests make people and moves as fast as they can (limits_test.go sets its own)
	if cfg.IdentityBurst == 0 {
		cfg.IdentityBurst = 100000
	}
	if cfg.WriteBurst == 0 {
		cfg.WriteBurst = 100000
	}
	srv := New(cfg, db, games.Registry(), web.Assets())
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv.Handler())
	hs.Listener.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs.Listener = l
	hs.Start()
	srv.cfg.BaseURL = hs.URL
	return srv, hs
}
