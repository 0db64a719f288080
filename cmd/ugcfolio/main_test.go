package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// env makes a Getenv from pairs. Video processing is off unless a pair
// turns it on: the uploads of these tests are not real videos.
func env(pairs ...string) func(string) string {
	m := map[string]string{"UGCFOLIO_VIDEO_PROCESSING": "off"}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i]] = pairs[i+1]
	}
	return func(k string) string { return m[k] }
}

type result struct {
	code           int
	stdout, stderr string
}

func runCmd(t *testing.T, ctx context.Context, getenv func(string) string, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(ctx, args, strings.NewReader(stdin), &out, &errOut, getenv)
	return result{code, out.String(), errOut.String()}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// serveUntilHealthy starts serve, waits for /healthz to answer 200, then
// stops it the way SIGTERM would and returns its result.
func serveUntilHealthy(t *testing.T, getenv func(string) string, args ...string) result {
	t.Helper()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan result, 1)
	go func() {
		done <- runCmd(t, ctx, getenv, "", append([]string{"serve", "--addr", addr}, args...)...)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		select {
		case r := <-done:
			t.Fatalf("serve stopped early: %+v", r)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("server never became healthy")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	return <-done
}

func TestServeCreatesSQLiteInDataDir(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "fresh", "data")
	r := serveUntilHealthy(t, env(), "--data", dir)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "ugcfolio.db")); err != nil {
		t.Fatalf("no database file: %v", err)
	}
	if !strings.Contains(r.stdout, "SQLite at "+filepath.Join(dir, "ugcfolio.db")) {
		t.Fatalf("log does not name the database: %s", r.stdout)
	}
}

func TestServeOnPostgres(t *testing.T) {
	t.Parallel()
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	dsn, err := storetest.FreshPostgresURL(t)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	r := serveUntilHealthy(t, env("DATABASE_URL", dsn), "--data", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "database=PostgreSQL") {
		t.Fatalf("exit %d, stdout %s, stderr %s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "ugcfolio.db")); err == nil {
		t.Fatal("an SQLite file was created although PostgreSQL was chosen")
	}
}

func TestServeDemoSeedsOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := serveUntilHealthy(t, env(), "--data", dir, "--demo")
	if !strings.Contains(first.stdout, "password: ") || !strings.Contains(first.stdout, "admin@ugcfolio.no") {
		t.Fatalf("demo admin not announced: %s", first.stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "uploads", "demo-1.svg")); err != nil {
		t.Fatalf("demo poster missing: %v", err)
	}
	checkDemoLogos(t, dir)
	second := serveUntilHealthy(t, env(), "--data", dir, "--demo")
	if strings.Contains(second.stdout, "password: ") {
		t.Fatal("demo content seeded twice")
	}
}

func TestBadConfigurationStopsWithOneLine(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, []byte("x"), 0o600)
	taken, _ := net.Listen("tcp", "127.0.0.1:0")
	defer taken.Close()

	cases := []struct {
		name   string
		getenv func(string) string
		args   []string
		want   string
	}{
		{"bad address", env(), []string{"--addr", "nonsense", "--data", t.TempDir()}, `bad address "nonsense"`},
		{"bad port", env(), []string{"--addr", "127.0.0.1:99999", "--data", t.TempDir()}, "port must be a number"},
		{"address in use", env(), []string{"--addr", taken.Addr().String(), "--data", t.TempDir()}, "cannot listen on " + taken.Addr().String()},
		{"unwritable data dir", env(), []string{"--addr", "127.0.0.1:0", "--data", filepath.Join(file, "sub")}, "data directory " + filepath.Join(file, "sub") + " cannot be created"},
		{"unreachable database", env("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none?connect_timeout=2"), []string{"--addr", "127.0.0.1:0", "--data", t.TempDir()}, "database: no answer: failed to connect"},
		{"not a postgres URL", env("DATABASE_URL", "mysql://x"), []string{"--addr", "127.0.0.1:0", "--data", t.TempDir()}, "DATABASE_URL must start with postgres://"},
		{"half a gate", env("UGCFOLIO_GATE_USERNAME", "u"), []string{"--addr", "127.0.0.1:0", "--data", t.TempDir()}, "set both UGCFOLIO_GATE_USERNAME and UGCFOLIO_GATE_PASSWORD"},
		{"stray argument", env(), []string{"--data", t.TempDir(), "extra"}, `unexpected argument "extra"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			r := runCmd(t, ctx, tc.getenv, "", append([]string{"serve"}, tc.args...)...)
			if r.code == 0 {
				t.Fatal("exit code 0")
			}
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "ugcfolio: ") || !strings.Contains(lines[0], tc.want) {
				t.Fatalf("stderr %q, want one line with %q", r.stderr, tc.want)
			}
		})
	}
}

func TestHelpOnEveryCommand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, args := range [][]string{{"--help"}, {"serve", "--help"}, {"admin", "--help"}, {"admin", "create", "--help"}, {"admin", "promote", "--help"}} {
		r := runCmd(t, ctx, env(), "", args...)
		if r.code != 0 || !strings.Contains(r.stdout+r.stderr, "Usage") {
			t.Errorf("%v: exit %d, output %q", args, r.code, r.stdout+r.stderr)
		}
	}
	if r := runCmd(t, ctx, env(), "", "frobnicate"); r.code != 2 || !strings.Contains(r.stderr, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: %+v", r)
	}
}

func TestAdminCreateAndPromote(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	getenv := env("UGCFOLIO_DATA", dir)

	r := runCmd(t, ctx, getenv, "hemmelig-passord\n", "admin", "create", "--email", "kari@example.no", "--name", "Kari")
	if r.code != 0 || !strings.Contains(r.stdout, "Created admin kari@example.no (Kari)") {
		t.Fatalf("create: %+v", r)
	}
	failures := []struct {
		stdin string
		args  []string
		want  string
	}{
		{"hemmelig-passord\n", []string{"create", "--email", "KARI@example.no"}, "kari@example.no already has an account, an admin (add --reset-password"},
		{"hemmelig-passord\n", []string{"create", "--email", "not-an-email"}, "Please enter a valid email address"},
		{"12345\n", []string{"create", "--email", "ola@example.no"}, "Password must be at least 6 characters"},
		{"hemmelig123\n", []string{"create", "--email", "ola@example.no"}, "an admin password must be at least 12 characters"},
		{"", []string{"create", "--email", "ola@example.no"}, "no password on standard input"},
		{"", []string{"promote", "nobody@example.no"}, "User not found"},
		{"", []string{"promote"}, "admin promote takes one argument"},
	}
	for _, f := range failures {
		r := runCmd(t, ctx, getenv, f.stdin, append([]string{"admin"}, f.args...)...)
		if r.code != 1 || strings.TrimSpace(r.stderr) != "ugcfolio: "+f.want && !strings.Contains(r.stderr, f.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", f.args, r.code, r.stderr, f.want)
		}
	}
	if r := runCmd(t, ctx, getenv, "", "admin", "promote", "kari@example.no"); r.code != 0 || !strings.Contains(r.stdout, "kari@example.no is now an admin") {
		t.Fatalf("promote: %+v", r)
	}
}

// The admin commands read DATABASE_URL_FILE as serve does; they
// created the admin in an SQLite file while serve ran on PostgreSQL.
func TestAdminCommandsReadDatabaseURLFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad-url")
	os.WriteFile(bad, []byte("mysql://somewhere/db\n"), 0o600)
	r := runCmd(t, ctx, env("UGCFOLIO_DATA", dir, "DATABASE_URL_FILE", bad), "hemmelig-passord\n", "admin", "create", "--email", "kari@example.no")
	if r.code == 0 || !strings.Contains(r.stderr, "DATABASE_URL must start with postgres://") {
		t.Fatalf("a bad DATABASE_URL_FILE was not used: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "ugcfolio.db")); err == nil {
		t.Fatal("an SQLite database was created instead")
	}
	r = runCmd(t, ctx, env("UGCFOLIO_DATA", dir, "DATABASE_URL_FILE", filepath.Join(dir, "missing")), "hemmelig-passord\n", "admin", "promote", "kari@example.no")
	if r.code == 0 || !strings.Contains(r.stderr, "DATABASE_URL_FILE") {
		t.Fatalf("a missing DATABASE_URL_FILE was ignored: %+v", r)
	}

	if os.Getenv("TEST_DATABASE_URL") == "" {
		return // the PostgreSQL half runs where a server answers (CI sets it)
	}
	pg, err := storetest.FreshPostgresURL(t)
	if err != nil {
		t.Fatal(err)
	}
	urlFile := filepath.Join(dir, "database-url")
	os.WriteFile(urlFile, []byte(pg+"\n"), 0o600)
	getenv := env("UGCFOLIO_DATA", dir, "DATABASE_URL_FILE", urlFile)
	if r := runCmd(t, ctx, getenv, "hemmelig-passord\n", "admin", "create", "--email", "kari@example.no"); r.code != 0 {
		t.Fatalf("create on PostgreSQL: %+v", r)
	}
	st, err := store.Open(ctx, pg, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if u, err := st.UserByUsername(ctx, "kari@example.no"); err != nil || !u.IsAdmin {
		t.Fatalf("admin not on PostgreSQL: %+v %v", u, err)
	}
}

// Without a configured public URL, serve says once at start which
// address its absolute links name (never a request's Host header); with one,
// it says nothing.
func TestServeWarnsOnceWithoutPublicURL(t *testing.T) {
	t.Parallel()
	r := serveUntilHealthy(t, env(), "--data", t.TempDir())
	out := r.stdout + r.stderr
	if n := strings.Count(out, "no UGCFOLIO_PUBLIC_URL"); n != 1 {
		t.Fatalf("the warning came %d times:\n%s", n, out)
	}
	r = serveUntilHealthy(t, env("UGCFOLIO_PUBLIC_URL", "https://ugc.example.no"), "--data", t.TempDir())
	if out := r.stdout + r.stderr; strings.Contains(out, "no UGCFOLIO_PUBLIC_URL") {
		t.Fatalf("warned with a public URL:\n%s", out)
	}
}

// checkDemoLogos: the demo's client logos are in the strip, in order, each an
// uploaded PNG whose processing has begun (a visitor sees a logo once its
// photo is processed, never the original).
func checkDemoLogos(t *testing.T, dir string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, "", filepath.Join(dir, "ugcfolio.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	logos, err := st.ListClientLogos(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range logos {
		names = append(names, l.Name)
		name := strings.TrimPrefix(l.ImageURL, "/uploads/")
		if _, err := os.Stat(filepath.Join(dir, "uploads", name)); err != nil || !strings.HasSuffix(name, ".png") {
			t.Errorf("logo %s: upload %q: %v", l.Name, l.ImageURL, err)
		}
		if _, err := st.GetMediaAsset(ctx, name); err != nil {
			t.Errorf("logo %s has no processing: %v", l.Name, err)
		}
	}
	if got := strings.Join(names, ", "); got != "Nordlys Hudpleie, Fjellkaffe, Bølge Studio, Tindra, Havn & Co" {
		t.Errorf("demo logos %s", got)
	}
}
