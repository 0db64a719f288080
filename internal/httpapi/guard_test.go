package httpapi

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// newServerEnv is newEnv with a hook that sees the *Server before the first
// request: tests use it to add routes or tighten rate limits.
func newServerEnv(t *testing.T, st *store.Store, tweak func(*config.Config), prepare func(*Server)) *testEnv {
	t.Helper()
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir()}
	if tweak != nil {
		tweak(&cfg)
	}
	srv := New(Deps{Config: cfg, Store: st, Log: discardLog, Web: fs.FS(testWeb)})
	if prepare != nil {
		prepare(srv)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &testEnv{t: t, store: st, url: ts.URL}
}

var pathWildcard = regexp.MustCompile(`\{[^}]*\}`)

// requestFor turns a mux pattern ("DELETE /api/admin/contact/{id}") into a
// method and a concrete path, each wildcard replaced by 1 ({$} by nothing).
func requestFor(pattern string) (method, path string) {
	method, path, found := strings.Cut(pattern, " ")
	if !found {
		method, path = "GET", pattern
	}
	path = strings.ReplaceAll(path, "{$}", "")
	return method, pathWildcard.ReplaceAllString(path, "1")
}

func TestRequestFor(t *testing.T) {
	t.Parallel()
	cases := map[string][2]string{
		"GET /api/admin/contact":             {"GET", "/api/admin/contact"},
		"PUT /api/admin/contact/{id}/read":   {"PUT", "/api/admin/contact/1/read"},
		"DELETE /api/admin/x/{id}/{rest...}": {"DELETE", "/api/admin/x/1/1"},
		"/api/admin/any/{$}":                 {"GET", "/api/admin/any/"},
	}
	for pattern, want := range cases {
		if m, p := requestFor(pattern); m != want[0] || p != want[1] {
			t.Errorf("%s: %s %s, want %v", pattern, m, p, want)
		}
	}
}

// TestEveryAdminRouteIsGuarded walks every route registered with s.admin —
// today's and any added later — and proves the guard answers on each: 401
// without a session, 403 for a logged-in non-admin, and the handler itself
// for an admin.
func TestEveryAdminRouteIsGuarded(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		var routes []string
		e := newServerEnv(t, st, nil, func(s *Server) {
			// A route of the test's own, so the walk is never empty (and proves
			// that the admin answer below reaches a handler).
			s.admin("PATCH /api/admin/guard-walk-probe/{id}", func(w http.ResponseWriter, r *http.Request) error {
				w.WriteHeader(http.StatusTeapot)
				return nil
			})
			routes = append(routes, s.adminRoutes...)
		})
		createAccount(t, st, "admin@example.no", "admin-passord", true)
		createAccount(t, st, "user@example.no", "user-passord", false)
		visitor := e.client()
		user := e.loggedIn(t, "user@example.no", "user-passord")
		admin := e.loggedIn(t, "admin@example.no", "admin-passord")

		visited := 0
		for _, pattern := range routes {
			method, path := requestFor(pattern)
			if !strings.HasPrefix(path, "/api/admin/") {
				t.Errorf("%s: admin route outside /api/admin/", pattern)
			}
			visitor.do(method, path, `{}`).wantMessage(t, http.StatusUnauthorized, "Not logged in")
			user.do(method, path, `{}`).wantMessage(t, http.StatusForbidden, "Admin access required")
			r := admin.do(method, path, `{}`)
			if r.status == http.StatusUnauthorized || (r.status == http.StatusForbidden && strings.Contains(r.body, "Admin access required")) {
				t.Errorf("%s: an admin is refused: %d %s", pattern, r.status, r.body)
			}
			if pattern == "PATCH /api/admin/guard-walk-probe/{id}" && r.status != http.StatusTeapot {
				t.Errorf("the probe route did not reach its handler for an admin: %d", r.status)
			}
			visited++
		}
		if visited < 1 {
			t.Fatal("the walk visited no admin route")
		}
		t.Logf("walked %d admin routes", visited)
	})
}

// TestAdminPathSpaceGuardedStructurally: the guard covers the whole path
// space, not only routes registered through s.admin — a route added with a
// plain s.mux.Handle, an unknown admin path, and disguised paths.
func TestAdminPathSpaceGuardedStructurally(t *testing.T) {
	t.Parallel()
	st := sqliteStore(t)
	e := newServerEnv(t, st, nil, func(s *Server) {
		s.mux.Handle("GET /api/admin/forgot-the-guard", s.handle(func(w http.ResponseWriter, r *http.Request) error {
			return httpx.WriteJSON(w, http.StatusOK, map[string]string{"secret": "admin data"})
		}))
	})
	createAccount(t, st, "admin@example.no", "admin-passord", true)
	createAccount(t, st, "user@example.no", "user-passord", false)
	user := e.loggedIn(t, "user@example.no", "user-passord")
	admin := e.loggedIn(t, "admin@example.no", "admin-passord")

	for _, path := range []string{"/api/admin/forgot-the-guard", "/api/admin/no-such-route", "/api/admin", "/api/%61dmin/forgot-the-guard"} {
		r := e.client().do("GET", path, nil)
		if r.status != http.StatusUnauthorized || strings.Contains(r.body, "admin data") {
			t.Errorf("visitor %s: %d %s", path, r.status, r.body)
		}
		r = user.do("GET", path, nil)
		if r.status != http.StatusForbidden || strings.Contains(r.body, "admin data") {
			t.Errorf("non-admin %s: %d %s", path, r.status, r.body)
		}
	}
	admin.do("GET", "/api/admin/forgot-the-guard", nil).wantStatus(t, http.StatusOK)
	admin.do("GET", "/api/admin/no-such-route", nil).wantStatus(t, http.StatusNotFound)
}

func TestIsAdminPath(t *testing.T) {
	t.Parallel()
	for p, want := range map[string]bool{
		"/api/admin":         true,
		"/api/admin/":        true,
		"/api/admin/x/1":     true,
		"/api//admin/x":      true,
		"/api/x/../admin/y":  true,
		"/api/administrator": false,
		"/api/user":          false,
		"/admin":             false, // the app's client route, not the API
		"/api/portfolio/no":  false,
	} {
		if got := isAdminPath(p); got != want {
			t.Errorf("isAdminPath(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestAdminRegistrationOutsideAdminSpacePanics(t *testing.T) {
	t.Parallel()
	s := New(Deps{Store: sqliteStore(t), Log: discardLog, Web: fs.FS(testWeb)})
	defer func() {
		if recover() == nil {
			t.Fatal("s.admin accepted a route outside /api/admin/")
		}
	}()
	s.admin("GET /api/portfolio-admin", func(http.ResponseWriter, *http.Request) error { return nil })
}
