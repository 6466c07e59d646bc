// Package httpenc reads what content encodings an HTTP request accepts, for
// the server's answers and for the cluster's relay, which must decide alike.
package httpenc

import (
	"net/http"
	"strings"
)

// AcceptsGzip reports whether the request's Accept-Encoding takes gzip (and
// does not refuse it with q=0).
func AcceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) != "gzip" {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
