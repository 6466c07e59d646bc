// Package pgtest starts a throwaway PostgreSQL server for tests, from the
// binaries of Debian's postgresql package: initdb into a temporary folder,
// then the server itself listening only on a Unix socket in that folder,
// run as an unprivileged user when the tests run as root (PostgreSQL refuses
// to run as root). One server per test package (Main, from TestMain); a
// fresh database per test (DB).
//
// When PostgreSQL is not installed the tests that need it are skipped with a
// message saying so, except when JARDIN_REQUIRE_POSTGRES=1 (the project's
// test script sets it after installing the package): then the package fails.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// RequireEnv is the environment variable that turns a missing PostgreSQL
// into a failure instead of a skip.
const RequireEnv = "JARDIN_REQUIRE_POSTGRES"

// BinEnv names a folder holding initdb and postgres, searched before
// Debian's /usr/lib/postgresql/*/bin and PATH (another installation, or a
// folder without them to test what happens when PostgreSQL is missing).
const BinEnv = "JARDIN_PG_BIN"

// User is the system user the server runs as when the tests run as root.
// It is created (a system user without a home or a shell) if missing.
const User = "jardin-pg"

// Server is a running throwaway PostgreSQL server, or, when none could be
// started, the reason (DB then skips the test).
type Server struct {
	dir  string // data directory, socket and log all live here
	bin  string // where postgres is
	cred *syscall.Credential
	cmd  *exec.Cmd
	exit chan error // the server process's exit
	skip string
	n    atomic.Int64
}

// ErrNotInstalled is returned by Start when no PostgreSQL binaries are found.
var ErrNotInstalled = errors.New("PostgreSQL is not installed (no initdb and postgres under /usr/lib/postgresql/*/bin or in PATH; apt-get install postgresql)")

// Main is the body of a package's TestMain: it starts a server, stores it
// in *srv, runs the tests and stops the server. Without PostgreSQL *srv is
// a Server whose DB skips each test (or, under JARDIN_REQUIRE_POSTGRES=1,
// the package fails at once).
func Main(m *testing.M, srv **Server) {
	s, err := Start()
	if err != nil {
		if os.Getenv(RequireEnv) == "1" || !errors.Is(err, ErrNotInstalled) {
			fmt.Fprintf(os.Stderr, "pgtest: %v\n", err)
			os.Exit(1)
		}
		s = &Server{skip: err.Error()}
	}
	*srv = s
	code := m.Run()
	if err := s.Stop(); err != nil {
		fmt.Fprintf(os.Stderr, "pgtest: stop: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// binDir finds the directory holding initdb and postgres: $JARDIN_PG_BIN
// if set, else the newest /usr/lib/postgresql/N/bin, else PATH.
func binDir() (string, error) {
	if d := os.Getenv(BinEnv); d != "" {
		if isExec(filepath.Join(d, "initdb")) && isExec(filepath.Join(d, "postgres")) {
			return d, nil
		}
		return "", fmt.Errorf("%s=%s: no initdb and postgres there: %w", BinEnv, d, ErrNotInstalled)
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if isExec(filepath.Join(d, "initdb")) && isExec(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		d := filepath.Dir(p)
		if isExec(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", ErrNotInstalled
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func isExec(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// runAs is who the server runs as: nil for the current user, or User's
// credentials when running as root.
func runAs() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup(User)
	if err != nil {
		// Two test packages may race to create it: look it up again
		// whatever useradd says.
		out, uerr := exec.Command("useradd", "--system", "--user-group", "--no-create-home",
			"--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", User).CombinedOutput()
		if u, err = user.Lookup(User); err != nil {
			return nil, fmt.Errorf("running as root, and no user %s to run PostgreSQL as (useradd: %v: %s)",
				User, uerr, strings.TrimSpace(string(out)))
		}
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("user %s: uid %q gid %q", User, u.Uid, u.Gid)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true}, nil
}

// Start initialises a cluster in a new temporary folder and starts a server
// on a Unix socket there, tuned for tests (no fsync: a crash of the machine
// loses a test database, nothing else).
func Start() (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	cred, err := runAs()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "jardin-pg-")
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	s := &Server{dir: dir, bin: bin, cred: cred}
	fail := func(err error) (*Server, error) {
		os.RemoveAll(dir)
		return nil, err
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return fail(fmt.Errorf("pgtest: %w", err))
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "--pgdata", data, "--username", "jardin",
		"--auth", "trust", "--encoding", "UTF8", "--locale", "C", "--no-sync", "--no-instructions")
	initdb.Dir = dir
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		return fail(fmt.Errorf("pgtest: initdb: %v\n%s", err, out))
	}
	if err := s.launch(); err != nil {
		return fail(err)
	}
	return s, nil
}

// launch starts the server process on s's data directory and waits until
// it accepts connections.
func (s *Server) launch() error {
	logf, err := os.OpenFile(filepath.Join(s.dir, "server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	defer logf.Close()
	// The server is our child rather than pg_ctl's, so that it dies with the
	// test process (Pdeathsig) instead of outliving a killed test run.
	s.cmd = exec.Command(filepath.Join(s.bin, "postgres"), "-D", filepath.Join(s.dir, "data"),
		"-c", "listen_addresses=",
		"-c", "unix_socket_directories="+s.dir,
		"-c", "fsync=off",
		"-c", "synchronous_commit=off",
		"-c", "full_page_writes=off",
		"-c", "max_connections=300",
		"-c", "shared_buffers=32MB",
		"-c", "log_min_messages=warning",
	)
	s.cmd.Dir = s.dir
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred, Pdeathsig: syscall.SIGQUIT, Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		return fmt.Errorf("pgtest: start postgres: %w", err)
	}
	exit := make(chan error, 1)
	s.exit = exit
	cmd := s.cmd
	go func() { exit <- cmd.Wait() }()
	if err := s.ready(30 * time.Second); err != nil {
		s.cmd.Process.Kill()
		<-s.exit
		log, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
		return fmt.Errorf("pgtest: %w\n%s", err, log)
	}
	return nil
}

// Halt stops the server as an operator's restart does (fast shutdown:
// every session is ended, transactions in flight roll back) and keeps its
// data directory and socket path, so that Resume starts it again at the
// same address with the same databases. Clients see connections refused
// until then.
func (s *Server) Halt() error {
	if s == nil || s.cmd == nil {
		return errors.New("pgtest: no server to halt")
	}
	s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case e := <-s.exit:
		s.exit <- e // for Stop, should the server not be resumed
		return nil
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
		s.exit <- <-s.exit
		return errors.New("pgtest: postgres did not stop within 20 s; killed")
	}
}

// Resume starts the server again after Halt, on the same data directory
// and socket; it returns once the server accepts connections.
func (s *Server) Resume() error {
	if s == nil || s.dir == "" {
		return errors.New("pgtest: no server to resume")
	}
	return s.launch()
}

// Terminate ends every client session of database name from the server
// side (pg_terminate_backend), as an administrator or a failover would;
// it returns how many it ended.
func (s *Server) Terminate(name string) (int, error) {
	ctx := context.Background()
	c, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return 0, err
	}
	defer c.Close(ctx)
	var n int
	err = c.QueryRow(ctx, `SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = $1 AND pid <> pg_backend_pid()) AS ended`, name).Scan(&n)
	return n, err
}

// DBName is the database name in a connection string made by DSN or DB.
func DBName(dsn string) string {
	for _, f := range strings.Fields(dsn) {
		if v, ok := strings.CutPrefix(f, "dbname="); ok {
			return v
		}
	}
	return ""
}

// ready waits until the server accepts connections.
func (s *Server) ready(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c, err := pgx.Connect(ctx, s.DSN("postgres"))
		cancel()
		if err == nil {
			c.Close(context.Background())
			return nil
		}
		select {
		case e := <-s.exit:
			s.exit <- e
			return fmt.Errorf("postgres exited: %v", e)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres not ready after %v: %v", limit, err)
		}
	}
}

// DSN is the connection string of database name on this server.
func (s *Server) DSN(name string) string {
	return fmt.Sprintf("host=%s port=5432 user=jardin dbname=%s sslmode=disable", s.dir, name)
}

// DB creates a fresh, empty database for t, dropped when t ends, and
// returns its connection string. It skips t when there is no server.
func (s *Server) DB(t testing.TB) string {
	t.Helper()
	if s == nil || s.cmd == nil {
		reason := "no PostgreSQL server (pgtest.Main not called from TestMain)"
		if s != nil && s.skip != "" {
			reason = s.skip
		}
		t.Skipf("skipped: %s; set %s=1 to make this a failure", reason, RequireEnv)
	}
	name := fmt.Sprintf("t%d", s.n.Add(1))
	if err := s.admin(context.Background(), "CREATE DATABASE "+name+" TEMPLATE template0"); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		if err := s.admin(context.Background(), "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop database %s: %v", name, err)
		}
	})
	return s.DSN(name)
}

func (s *Server) admin(ctx context.Context, sql string) error {
	c, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	_, err = c.Exec(ctx, sql)
	return err
}

// Stop shuts the server down (fast shutdown) and removes its folder.
func (s *Server) Stop() error {
	if s == nil || s.cmd == nil {
		return nil
	}
	defer os.RemoveAll(s.dir)
	s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-s.exit:
		return nil
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
		<-s.exit
		return errors.New("postgres did not stop within 20 s; killed")
	}
}
