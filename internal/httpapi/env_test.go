package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ugcfolio/ugcfolio/internal/auth/authtest"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// testWeb stands in for the built app (internal/webapp tests the serving of its files).
var testWeb = fstest.MapFS{
	"index.html":           {Data: []byte("<!doctype html><html><body><div id=root></div>" + strings.Repeat("<!-- pad -->", 100) + "</body></html>")},
	"assets/app-abc123.js": {Data: []byte("console.log('app');" + strings.Repeat("/* pad */", 200))},
	"favicon.svg":          {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
}

// testEnv is a real server on a loopback port over a fresh database.
type testEnv struct {
	t      *testing.T
	store  *store.Store
	url    string
	server *Server
}

// newEnv starts a server over st with the given config tweaks.
func newEnv(t *testing.T, st *store.Store, tweak func(*config.Config)) *testEnv {
	return newEnvDeps(t, st, tweak, nil)
}

// newEnvDeps is newEnv with a say in the server's dependencies too.
func newEnvDeps(t *testing.T, st *store.Store, tweak func(*config.Config), deps func(*Deps)) *testEnv {
	t.Helper()
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir()}
	if tweak != nil {
		tweak(&cfg)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	d := Deps{Config: cfg, Store: st, Log: log, Web: fs.FS(testWeb)}
	if deps != nil {
		deps(&d)
	}
	srv := New(d)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &testEnv{t: t, store: st, url: ts.URL, server: srv}
}

// eachEnv runs fn on a server over SQLite, and over PostgreSQL when set up.
func eachEnv(t *testing.T, fn func(t *testing.T, e *testEnv)) {
	storetest.Each(t, func(t *testing.T, st *store.Store) { fn(t, newEnv(t, st, nil)) })
}

// client is a browser-like visitor: it keeps cookies between requests.
type client struct {
	e    *testEnv
	http *http.Client
}

func (e *testEnv) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, http: &http.Client{Jar: jar}}
}

// response is what a test looks at.
type response struct {
	status int
	header http.Header
	body   string
}

// json decodes the body into v, failing the test on error.
func (r response) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(r.body), v); err != nil {
		t.Fatalf("decode %q: %v", r.body, err)
	}
}

// do sends a request; body may be nil, a string (sent as is) or a value
// (sent as JSON). Extra headers come in pairs.
func (c *client) do(method, path string, body any, headers ...string) response {
	c.e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			c.e.t.Fatal(err)
		}
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, c.e.url+path, rd)
	if err != nil {
		c.e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" { // Go's client sends req.Host, not the header
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: string(b)}
}

// wantStatus fails the test unless r has the status, showing the body.
func (r response) wantStatus(t *testing.T, status int) response {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
	return r
}

// wantMessage fails the test unless r is the status with {"message": msg}.
func (r response) wantMessage(t *testing.T, status int, msg string) {
	t.Helper()
	r.wantStatus(t, status)
	var body struct{ Message string }
	r.json(t, &body)
	if body.Message != msg {
		t.Fatalf("message %q, want %q", body.Message, msg)
	}
}

func sqliteStore(t *testing.T) *store.Store { return storetest.SQLite(t) }

var discardLog = slog.New(slog.NewTextHandler(io.Discard, nil))

var errSQL = errors.New(`near "SELECT": syntax error`)

// createAccount adds a user straight to the store (as `ugcfolio admin create` does).
func createAccount(t *testing.T, st *store.Store, username, password string, admin bool) {
	t.Helper()
	// A cheap hash the real sign-in checks (authtest): a real one costs half a second under -race.
	hash := authtest.Hash(password)
	if _, err := st.CreateUser(context.Background(), store.UserInput{Username: username, PasswordHash: hash, IsAdmin: admin}); err != nil {
		t.Fatal(err)
	}
}

// loggedIn is a client with a session for username.
func (e *testEnv) loggedIn(t *testing.T, username, password string) *client {
	t.Helper()
	c := e.client()
	c.do("POST", "/api/login", map[string]string{"username": username, "password": password}).wantStatus(t, http.StatusOK)
	return c
}

// testPassword is the password of the accounts signedIn creates.
const testPassword = "hemmelig"

// signedIn creates an account straight in the store and returns a client
// logged in as it.
func (e *testEnv) signedIn(t *testing.T, username string, admin bool) *client {
	t.Helper()
	createAccount(t, e.store, username, testPassword, admin)
	return e.loggedIn(t, username, testPassword)
}

// signedInAdmin is a client logged in as the admin admin@example.no.
func (e *testEnv) signedInAdmin(t *testing.T) *client {
	t.Helper()
	return e.signedIn(t, "admin@example.no", true)
}

// validContact is a contact form that passes every rule.
func validContact() map[string]any {
	return map[string]any{"name": "Kari Nordmann", "email": "kari@example.no", "company": "Fjellkaffe",
		"service": "Pakketilbud 1", "message": "Hei! Vi vil gjerne ha tre videoer.", "website": ""}
}
