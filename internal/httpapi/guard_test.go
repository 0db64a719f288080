package httpapi

import (
	"crypto/tls"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/clientaddr"
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

// TestSessionCookieSecureOverHTTPS: the cookie is Secure when the client's
// connection is HTTPS — TLS on our listener, or a trusted proxy saying so —
// and not over plain HTTP, where a browser would drop a Secure cookie.
func TestSessionCookieSecureOverHTTPS(t *testing.T) {
	t.Parallel()
	st := sqliteStore(t)
	createAccount(t, st, "kari@example.no", "hemmelig", false)
	login := func(t *testing.T, url string, hc *http.Client, headers ...string) string {
		t.Helper()
		req, _ := http.NewRequest("POST", url+"/api/login", strings.NewReader(`{"username":"kari@example.no","password":"hemmelig"}`))
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		res, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("login: %d", res.StatusCode)
		}
		return strings.Join(res.Header.Values("Set-Cookie"), "\n")
	}
	handler := func(trusted ...netip.Prefix) http.Handler {
		return New(Deps{Config: config.Config{TrustedProxies: trusted}, Store: st, Log: discardLog, Web: fs.FS(testWeb)}).Handler()
	}
	loopback := netip.MustParsePrefix("127.0.0.1/32")
	other := netip.MustParsePrefix("10.0.0.0/8")

	plain := httptest.NewServer(handler())
	defer plain.Close()
	viaProxy := httptest.NewServer(handler(loopback)) // the test client plays the proxy
	defer viaProxy.Close()
	notOurProxy := httptest.NewServer(handler(other))
	defer notOurProxy.Close()
	overTLS := httptest.NewTLSServer(handler())
	defer overTLS.Close()
	tlsClient := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}

	cases := []struct {
		name   string
		cookie string
		secure bool
	}{
		{"plain HTTP", login(t, plain.URL, http.DefaultClient), false},
		{"X-Forwarded-Proto from an untrusted peer", login(t, plain.URL, http.DefaultClient, "X-Forwarded-Proto", "https"), false},
		{"X-Forwarded-Proto from a peer outside the trusted list", login(t, notOurProxy.URL, http.DefaultClient, "X-Forwarded-Proto", "https"), false},
		{"trusted proxy, plain HTTP to it", login(t, viaProxy.URL, http.DefaultClient, "X-Forwarded-Proto", "http"), false},
		{"trusted proxy, HTTPS to it", login(t, viaProxy.URL, http.DefaultClient, "X-Forwarded-Proto", "https"), true},
		{"TLS on our listener", login(t, overTLS.URL, tlsClient), true},
	}
	for _, c := range cases {
		// The signed-in hint and the device cookie follow the same Secure rule
		// as the session cookie.
		cookies := strings.Split(c.cookie, "\n")
		sort.Strings(cookies) // ugcfolio_device=, ugcfolio_session=, ugcfolio_signed_in=
		if len(cookies) != 3 || !strings.HasPrefix(cookies[0], deviceCookie+"=") || !strings.HasPrefix(cookies[2], "ugcfolio_signed_in=1;") {
			t.Errorf("%s: want the device cookie, the session cookie and the hint: %q", c.name, cookies)
			continue
		}
		if got := clientaddr.HasCookieAttr(cookies[2], "Secure"); got != c.secure {
			t.Errorf("%s: hint Secure = %v, want %v (%s)", c.name, got, c.secure, cookies[2])
		}
		device := cookies[0]
		if clientaddr.HasCookieAttr(device, "Secure") != c.secure || !clientaddr.HasCookieAttr(device, "HttpOnly") ||
			!clientaddr.HasCookieAttr(device, "SameSite=Strict") || !clientaddr.HasCookieAttr(device, "Path=/api/login") {
			t.Errorf("%s: device cookie attributes: %s", c.name, device)
		}
		c.cookie = cookies[1]
		if !strings.HasPrefix(c.cookie, "ugcfolio_session=") {
			t.Errorf("%s: no session cookie: %q", c.name, c.cookie)
			continue
		}
		if got := clientaddr.HasCookieAttr(c.cookie, "Secure"); got != c.secure {
			t.Errorf("%s: Secure = %v, want %v (%s)", c.name, got, c.secure, c.cookie)
		}
		if !clientaddr.HasCookieAttr(c.cookie, "HttpOnly") || !clientaddr.HasCookieAttr(c.cookie, "SameSite=Lax") {
			t.Errorf("%s: cookie lost its attributes: %s", c.name, c.cookie)
		}
	}

	// Logout's expiring cookie is marked too, or the browser would keep the old one.
	c := &http.Client{}
	req, _ := http.NewRequest("POST", viaProxy.URL+"/api/logout", nil)
	req.Header.Set("X-Forwarded-Proto", "https")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	got := res.Header.Values("Set-Cookie")
	sort.Strings(got)
	if len(got) != 2 || !strings.HasPrefix(got[0], "ugcfolio_session=;") || !clientaddr.HasCookieAttr(got[0], "Secure") ||
		!strings.HasPrefix(got[1], "ugcfolio_signed_in=;") || !clientaddr.HasCookieAttr(got[1], "Secure") {
		t.Errorf("logout over HTTPS: Set-Cookie %q", got)
	}
}
