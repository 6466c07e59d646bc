package web

import (
	"io/fs"
	"strings"
	"testing"
)

// The server's shell loads these two files; the bundle must hold them.
func TestAssetsHoldTheBundle(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"table.js", "WebSocket"},
		{"style.css", ".board"},
	} {
		b, err := fs.ReadFile(Assets(), tc.name)
		if err != nil {
			t.Fatalf("%s: %v (run go generate ./web)", tc.name, err)
		}
		if !strings.Contains(string(b), tc.want) {
			t.Errorf("%s does not look like the bundle: no %q", tc.name, tc.want)
		}
	}
}
