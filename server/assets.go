package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/jardin-games/jardin/internal/httpenc"
)

// The page's static files (package web), served at /static/. Each file is
// read and gzipped once when the server starts (the bundle is about 60 KB:
// compressing it at best compression takes a few milliseconds, once), and
// is reachable under two names:
//
//   - /static/table.js: no-cache with an ETag (a revalidation costs a 304),
//     for anything that names the file directly;
//   - /static/table.<hash>.js, the hash of its content: cached a year,
//     immutable. The pages the server renders (the table's shell, the
//     lobby) name files this way, so a browser loads the bundle once per
//     version of it and never a stale one.

// staticFile is one asset, ready to send.
type staticFile struct {
	ctype string
	etag  string
	body  []byte
	gz    []byte // nil when gzip does not make it smaller
}

// staticSet is the assets by plain and hashed name; it does not change
// once built.
type staticSet struct {
	plain  map[string]*staticFile
	hashed map[string]*staticFile
	names  map[string]string // plain name → hashed name
}

// Compression levels: assets once at start, at the best ratio; answers
// computed per request (a replay), fast.
const (
	gzipAssets = gzip.BestCompression
	gzipFast   = gzip.BestSpeed
)

// newStatic reads the files at the top of fsys. HTML files have their
// references to /static/NAME rewritten to the hashed names.
func newStatic(fsys fs.FS) (*staticSet, error) {
	st := &staticSet{plain: map[string]*staticFile{}, hashed: map[string]*staticFile{}, names: map[string]string{}}
	if fsys == nil {
		return st, nil
	}
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("static files: %w", err)
	}
	var pages []string
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		if path.Ext(e.Name()) == ".html" {
			pages = append(pages, e.Name()) // after the files they name
			continue
		}
		b, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return nil, fmt.Errorf("static file %s: %w", e.Name(), err)
		}
		st.add(e.Name(), b)
	}
	for _, name := range pages {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("static file %s: %w", name, err)
		}
		for plain, hashed := range st.names {
			b = bytes.ReplaceAll(b, []byte(`"/static/`+plain+`"`), []byte(`"/static/`+hashed+`"`))
		}
		st.add(name, b)
	}
	return st, nil
}

func (st *staticSet) add(name string, b []byte) {
	sum := sha256.Sum256(b)
	h := hex.EncodeToString(sum[:5])
	ext := path.Ext(name)
	ctype := mime.TypeByExtension(ext)
	if ctype == "" {
		ctype = http.DetectContentType(b)
	}
	f := &staticFile{ctype: ctype, etag: `"` + h + `"`, body: b}
	if z := gzipBytes(b, gzipAssets); len(z) < len(b) {
		f.gz = z
	}
	hashed := strings.TrimSuffix(name, ext) + "." + h + ext
	st.plain[name], st.hashed[hashed], st.names[name] = f, f, hashed
}

// path is the address pages use for asset name: its hashed name when the
// set has it.
func (st *staticSet) path(name string) string {
	if h, ok := st.names[name]; ok {
		return "/static/" + h
	}
	return "/static/" + name
}

// file returns the asset at /static/NAME and whether NAME is hashed.
func (st *staticSet) file(name string) (*staticFile, bool) {
	if f, ok := st.hashed[name]; ok {
		return f, true
	}
	return st.plain[name], false
}

// ServeHTTP serves /static/NAME (the prefix already stripped).
func (st *staticSet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, immutable := st.file(r.URL.Path)
	if f == nil {
		http.NotFound(w, r)
		return
	}
	if immutable {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	f.serve(w, r)
}

// serve sends the file, gzipped when the client takes it, or a 304 when
// the client holds this version.
func (f *staticFile) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("ETag", f.etag)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Add("Vary", "Accept-Encoding")
	if inm := r.Header.Get("If-None-Match"); inm != "" && strings.Contains(inm, f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	if f.gz != nil && httpenc.AcceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// gzipBytes compresses b at level.
func gzipBytes(b []byte, level int) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		panic(err) // only the constant levels above are used
	}
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}
