package httpapi

import (
	"bytes"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
)

func TestUnknownAPIPathIsJSON404(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	for _, method := range []string{"GET", "POST", "DELETE"} {
		r := e.client().do(method, "/api/no-such-thing", nil)
		r.wantStatus(t, http.StatusNotFound)
		if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Errorf("%s: content type %q", method, ct)
		}
		if strings.Contains(r.body, "<html") {
			t.Errorf("%s: HTML in an API 404", method)
		}
	}
}

// The built app's files (static, gzip, revalidation) are internal/webapp's test (http_test.go).

func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	for _, path := range []string{"/", "/assets/app-abc123.js", "/api/nope", "/healthz"} {
		r := e.client().do("GET", path, nil)
		csp := r.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: no frame-ancestors in %q", path, csp)
		}
		for h, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"Referrer-Policy":        "strict-origin-when-cross-origin",
			"X-Frame-Options":        "DENY",
		} {
			if got := r.header.Get(h); got != want {
				t.Errorf("%s: %s = %q, want %q", path, h, got, want)
			}
		}
	}
}

func TestCrossOriginWritesRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	r := e.client().do("POST", "/api/anything", `{}`, "Sec-Fetch-Site", "cross-site")
	r.wantMessage(t, http.StatusForbidden, "Cross-origin request refused")
	r = e.client().do("POST", "/api/anything", `{}`, "Origin", "https://evil.example")
	r.wantStatus(t, http.StatusForbidden)
	// The same request from our own page passes the check (and meets the 404).
	e.client().do("POST", "/api/anything", `{}`, "Sec-Fetch-Site", "same-origin").wantStatus(t, http.StatusNotFound)
}

// Forwarding headers with no trusted proxy configured: one warning, not one
// per request; with a trusted proxy, none.
func TestWarnsOnceAboutAnUntrustedProxy(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		trusted []netip.Prefix
		want    int
	}{
		{nil, 1},
		{[]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, 0},
	} {
		var logged bytes.Buffer
		s := New(Deps{Config: config.Config{TrustedProxies: tc.trusted}, Store: sqliteStore(t), Log: slog.New(slog.NewTextHandler(&logged, nil)), Web: fs.FS(testWeb)})
		h := s.Handler()
		for range 3 {
			r := httptest.NewRequest("GET", "/healthz", nil)
			r.Header.Set("X-Forwarded-For", "198.51.100.1")
			h.ServeHTTP(httptest.NewRecorder(), r)
		}
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/healthz", nil))
		if got := strings.Count(logged.String(), "UGCFOLIO_TRUSTED_PROXIES"); got != tc.want {
			t.Errorf("trusted %v: %d warnings, want %d:\n%s", tc.trusted, got, tc.want, logged.String())
		}
	}
}
