// Package web is the page players use: the TypeScript sources in src/,
// bundled by esbuild into static/ (go generate; see docs/web.md), embedded
// here and served by the server. The server mounts Assets under /assets/ and
// answers every page route (lobby, table, replay) with ServePage: the page
// is one shell, and its script draws what the address names.
package web

//go:generate go run -C build . -src ../src -out ../static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

//go:embed static
var static embed.FS

// asset is one embedded file, with its gzip form computed once.
type asset struct {
	body, gz []byte
	ctype    string
	etag     string
}

// Site serves the embedded page. It is immutable after New and safe for
// concurrent use.
type Site struct {
	assets map[string]*asset
	shell  *template.Template
}

// New indexes and compresses the embedded files. An error is a broken
// build (a missing bundle), not a runtime condition.
func New() (*Site, error) {
	s := &Site{assets: map[string]*asset{}}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(body)
		if err := zw.Close(); err != nil {
			return fmt.Errorf("web: compress %s: %w", p, err)
		}
		sum := sha256.Sum256(body)
		ct := mime.TypeByExtension(path.Ext(p))
		if ct == "" {
			ct = "application/octet-stream"
		}
		s.assets[strings.TrimPrefix(p, "static/")] = &asset{body: body, gz: buf.Bytes(), ctype: ct,
			etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: embedded assets: %w", err)
	}
	for _, need := range []string{"app.js", "app.css", "index.html"} {
		if s.assets[need] == nil {
			return nil, fmt.Errorf("web: the bundle lacks %s: run go generate ./web", need)
		}
	}
	s.shell, err = template.New("index.html").Parse(string(s.assets["index.html"].body))
	if err != nil {
		return nil, fmt.Errorf("web: index.html: %w", err)
	}
	return s, nil
}

// Version is a short hash of an asset's content, used in its address so
// that browsers cache it for good and fetch it again when it changes.
func (s *Site) version(name string) string {
	if a := s.assets[name]; a != nil {
		return strings.Trim(a.etag, `"`)
	}
	return ""
}

// Assets serves the bundle. Mount it as mux.Handle("/assets/", site.Assets()).
// Files are sent gzip-compressed to clients that accept it; an address
// carrying ?v= (as the page shell writes them) is cached for a year.
func (s *Site) Assets() http.Handler {
	return http.StripPrefix("/assets/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := s.assets[r.URL.Path]
		if a == nil || r.URL.Path == "index.html" {
			http.NotFound(w, r)
			return
		}
		s.write(w, r, a, r.URL.Query().Get("v") != "")
	}))
}

func (s *Site) write(w http.ResponseWriter, r *http.Request, a *asset, immutable bool) {
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("ETag", a.etag)
	h.Add("Vary", "Accept-Encoding")
	if immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if r.Header.Get("If-None-Match") == a.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := a.body
	if acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}

// Shell is what the page shell needs from the server: the language to start
// in (the page switches by itself afterwards) and the page's title.
type Shell struct {
	Lang  string // "fr" or "en"; "" lets the page follow the browser
	Title string // "" for "jardin"
}

// ServePage writes the page shell, the same for every page route: the
// script reads location.pathname and draws the lobby, a table or a replay.
func (s *Site) ServePage(w http.ResponseWriter, r *http.Request, sh Shell) {
	if sh.Title == "" {
		sh.Title = "jardin"
	}
	var buf bytes.Buffer
	err := s.shell.Execute(&buf, map[string]string{
		"Lang": sh.Lang, "Title": sh.Title,
		"JS": "/assets/app.js?v=" + s.version("app.js"), "CSS": "/assets/app.css?v=" + s.version("app.css"),
	})
	if err != nil {
		http.Error(w, "page template: "+err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	body := buf.Bytes()
	if acceptsGzip(r) {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		zw.Write(body)
		zw.Close()
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		body = z.Bytes()
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
