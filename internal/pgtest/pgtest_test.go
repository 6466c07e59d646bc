package pgtest_test

import (
	"os"
	"os/exec"
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

// Without PostgreSQL the tests are skipped and say why, unless
// JARDIN_REQUIRE_POSTGRES=1 makes that a failure.
func TestMissingPostgres(t *testing.T) {
	if os.Getenv(pgtest.BinEnv) != "" {
		t.Skip("already the child run")
	}
	for _, require := range []string{"", "1"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestFreshDatabases$", "-test.v")
		cmd.Env = append(os.Environ(), pgtest.BinEnv+"="+t.TempDir(), pgtest.RequireEnv+"="+require)
		out, err := cmd.CombinedOutput()
		switch {
		case require == "" && (err != nil || !strings.Contains(string(out), "--- SKIP") ||
			!strings.Contains(string(out), "PostgreSQL is not installed")):
			t.Errorf("without PostgreSQL: %v\n%s", err, out)
		case require == "1" && (err == nil || !strings.Contains(string(out), "PostgreSQL is not installed")):
			t.Errorf("without PostgreSQL, %s=1: %v\n%s", pgtest.RequireEnv, err, out)
		}
	}
}

// Halt and Resume restart the server at the same address with its
// databases; Terminate ends the sessions of one database.
func TestHaltResumeTerminate(t *testing.T) {
	dsn := pg.DB(t)
	c, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Exec(t.Context(), `CREATE TABLE kept (v int); INSERT INTO kept VALUES (7)`); err != nil {
		t.Fatal(err)
	}
	if n, err := pg.Terminate(pgtest.DBName(dsn)); err != nil || n != 1 {
		t.Fatalf("Terminate: %d sessions ended (%v), want 1", n, err)
	}
	if _, err := c.Exec(t.Context(), `SELECT 1`); err == nil {
		t.Error("a terminated session still answers")
	}
	c.Close(t.Context())
	if err := pg.Halt(); err != nil {
		t.Fatal(err)
	}
	if c, err := pgx.Connect(t.Context(), dsn); err == nil {
		c.Close(t.Context())
		t.Fatal("a halted server accepts connections")
	}
	if err := pg.Resume(); err != nil {
		t.Fatal(err)
	}
	c, err = pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(t.Context())
	var v int
	if err := c.QueryRow(t.Context(), `SELECT v FROM kept`).Scan(&v); err != nil || v != 7 {
		t.Fatalf("after Resume: %d, %v", v, err)
	}
}
