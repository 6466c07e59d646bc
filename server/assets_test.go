package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// rawGet sends a GET without the transport's own gzip handling, so that the
// test sees the Content-Encoding the server chose.
func rawGet(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// The bundle is gzipped for clients that take it, revalidated by ETag under
// its plain name and cached for good under its hashed name, which is the
// name the pages use.
func TestStaticFiles(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "happy-garden", Seats: []string{"me", "greedy"}})
	var shell, home string
	ann.call("GET", "/t/"+tb.ID, nil, &shell)
	ann.call("GET", "/", nil, &home)
	hashed := regexp.MustCompile(`/static/table\.[0-9a-f]{10}\.js`)
	js := hashed.FindString(shell)
	if js == "" || !hashed.MatchString(home) || !regexp.MustCompile(`/static/style\.[0-9a-f]{10}\.css`).MatchString(home) {
		t.Fatalf("the pages do not name the bundle by its hash: table %q, lobby %q", js, home)
	}
	_, plain := rawGet(t, ts.URL+"/static/table.js", nil)
	if len(plain) < 10_000 || !bytes.Contains(plain, []byte("WebSocket")) {
		t.Fatalf("/static/table.js: %d bytes", len(plain))
	}
	for _, tc := range []struct {
		name, path, accept, encoding, cache string
	}{
		{"hashed, gzip", js, "gzip, deflate, br", "gzip", "public, max-age=31536000, immutable"},
		{"hashed, identity", js, "", "", "public, max-age=31536000, immutable"},
		{"plain, gzip", "/static/table.js", "br;q=1, gzip;q=0.8", "gzip", "no-cache"},
		{"plain, gzip refused", "/static/table.js", "gzip;q=0", "", "no-cache"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, b := rawGet(t, ts.URL+tc.path, map[string]string{"Accept-Encoding": tc.accept})
			h := resp.Header
			if resp.StatusCode != 200 || h.Get("Content-Encoding") != tc.encoding || h.Get("Cache-Control") != tc.cache ||
				!strings.Contains(h.Get("Vary"), "Accept-Encoding") || !strings.HasPrefix(h.Get("Content-Type"), "text/javascript") {
				t.Fatalf("%d, headers %v", resp.StatusCode, h)
			}
			if tc.encoding == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				z := len(b)
				b, _ = io.ReadAll(zr)
				t.Logf("table.js: %d bytes, %d gzipped", len(b), z)
			}
			if !bytes.Equal(b, plain) {
				t.Errorf("the body is not table.js (%d bytes, want %d)", len(b), len(plain))
			}
			// A client holding this version gets a 304.
			again, body := rawGet(t, ts.URL+tc.path, map[string]string{"If-None-Match": h.Get("ETag")})
			if again.StatusCode != http.StatusNotModified || len(body) != 0 {
				t.Errorf("revalidation: %d with %d bytes", again.StatusCode, len(body))
			}
		})
	}
	for _, p := range []string{"/static/table.0000000000.js", "/static/nothing.js", "/static/"} {
		if resp, _ := rawGet(t, ts.URL+p, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, resp.StatusCode)
		}
	}
}
