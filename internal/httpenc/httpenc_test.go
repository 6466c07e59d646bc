package httpenc

import (
	"net/http/httptest"
	"testing"
)

func TestAcceptsGzip(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"br, gzip;q=0.5", true},
		{"gzip;q=0", false},
		{"gzip; q=0.000", false},
		{"deflate, br", false},
		{"x-gzip", false},
		{" gzip ;q=1", true},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if c.header != "" {
			r.Header.Set("Accept-Encoding", c.header)
		}
		if got := AcceptsGzip(r); got != c.want {
			t.Errorf("Accept-Encoding %q: %v, want %v", c.header, got, c.want)
		}
	}
}
