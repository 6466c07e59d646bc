package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAssetsServeTheBundleCompressed(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, ctype string
		gzip        bool
	}{
		{"/assets/app.js?v=" + s.version("app.js"), "text/javascript", true},
		{"/assets/app.css", "text/css", false},
	} {
		req := httptest.NewRequest("GET", tc.path, nil)
		if tc.gzip {
			req.Header.Set("Accept-Encoding", "br, gzip")
		}
		rec := httptest.NewRecorder()
		s.Assets().ServeHTTP(rec, req)
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), tc.ctype) {
			t.Fatalf("%s: %d %q", tc.path, rec.Code, rec.Header().Get("Content-Type"))
		}
		body := rec.Body.Bytes()
		if tc.gzip {
			if rec.Header().Get("Content-Encoding") != "gzip" {
				t.Fatalf("%s: not compressed", tc.path)
			}
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
				t.Errorf("%s: a versioned address should be cached for good", tc.path)
			}
		}
		name := strings.TrimPrefix(strings.SplitN(tc.path, "?", 2)[0], "/assets/")
		if string(body) != string(s.assets[name].body) {
			t.Errorf("%s: body differs from the embedded file", tc.path)
		}
	}
	// A revalidation with the ETag answers 304; the shell's template is not an asset.
	req := httptest.NewRequest("GET", "/assets/app.js", nil)
	req.Header.Set("If-None-Match", s.assets["app.js"].etag)
	rec := httptest.NewRecorder()
	s.Assets().ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: got %d, want 304", rec.Code)
	}
	rec = httptest.NewRecorder()
	s.Assets().ServeHTTP(rec, httptest.NewRequest("GET", "/assets/index.html", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("index.html as an asset: got %d, want 404", rec.Code)
	}
}

func TestServePageLinksTheVersionedBundle(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	s.ServePage(rec, httptest.NewRequest("GET", "/t/abc", nil), Shell{Lang: "fr", Title: "Partie <1>"})
	b := rec.Body.String()
	for _, want := range []string{
		`<html lang="fr">`,
		`src="/assets/app.js?v=` + s.version("app.js") + `"`,
		`href="/assets/app.css?v=` + s.version("app.css") + `"`,
		`<title>Partie &lt;1&gt;</title>`,
	} {
		if !strings.Contains(b, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}
