// Package web holds the page's static files, embedded in the binary so that
// the server needs nothing beside it. The server serves Assets() under
// /static/ (gzipped, under content-hashed names too), lobby.html at /, and
// renders the table and replay pages' shells itself; the pages load
// table.js and style.css, the bundle of the
// TypeScript and CSS sources in src/ built by esbuild (`go generate ./web`;
// docs/web.md says how and why). The bundle is committed: building the
// server needs Go only.
package web

//go:generate go run -C build . -src ../src -out ../dist

import (
	"embed"
	"io/fs"
)

//go:embed dist
var dist embed.FS

// Assets returns the files of dist/, served at /static/.
func Assets() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic("web: " + err.Error()) // dist is embedded: cannot happen
	}
	return sub
}
