package pgtest_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jardin-games/jardin/internal/pgtest"
)

var pg *pgtest.Server

func TestMain(m *testing.M) { pgtest.Main(m, &pg) }

// Each test gets its own empty database, and what one writes the next does
// not see.
func TestFreshDatabases(t *testing.T) {
	var names []string
	for i := range 2 {
		t.Run("", func(t *testing.T) {
			c, err := pgx.Connect(t.Context(), pg.DB(t))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close(t.Context())
			var n int
			if err := c.QueryRow(t.Context(), `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				t.Errorf("database %d starts with %d tables", i, n)
			}
			if _, err := c.Exec(t.Context(), `CREATE TABLE x (v int)`); err != nil {
				t.Fatal(err)
			}
			var name string
			c.QueryRow(t.Context(), `SELECT current_database()`).Scan(&name)
			names = append(names, name)
		})
	}
	if len(names) == 2 && names[0] == names[1] {
		t.Errorf("two tests shared database %s", names[0])
	}
}

// The server never runs as root, which PostgreSQL refuses anyway; as root
// the tests run it as pgtest.User.
func TestUnprivileged(t *testing.T) {
	c, err := pgx.Connect(t.Context(), pg.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(t.Context())
	var pid int
	if err := c.QueryRow(t.Context(), `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Skipf("cannot read the backend's status: %v", err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "Uid:" {
			if f[1] == "0" {
				t.Errorf("the PostgreSQL backend runs as root")
			}
			if os.Geteuid() != 0 && f[1] != strconv.Itoa(os.Geteuid()) {
				t.Errorf("backend uid %s, want ours %d", f[1], os.Geteuid())
			}
			return
		}
	}
	t.Error("no Uid line in the backend's status")
}
