package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
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

func TestStaticFiles(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	c := e.client()

	cases := []struct {
		path, wantCache, wantType, wantIn string
		wantStatus                        int
	}{
		{"/", "no-cache", "text/html", "id=root", 200},
		{"/admin/inquiries", "no-cache", "text/html", "id=root", 200}, // client route
		{"/admin/", "no-cache", "text/html", "id=root", 200},          // the same route, cleaned
		{"/no-such-page", "no-cache", "text/html", "id=root", 404},    // the app shows its 404 screen
		{"/assets/app-abc123.js", "public, max-age=31536000, immutable", "text/javascript", "console.log", 200},
		{"/favicon.svg", "no-cache", "image/svg+xml", "<svg", 200},
		{"/assets/gone-999.js", "", "", "", 404}, // an old asset is never answered with HTML
	}
	for _, tc := range cases {
		r := c.do("GET", tc.path, nil)
		if r.status != tc.wantStatus {
			t.Errorf("%s: status %d, want %d", tc.path, r.status, tc.wantStatus)
			continue
		}
		if tc.wantStatus != 200 && tc.wantIn == "" {
			continue
		}
		if got := r.header.Get("Cache-Control"); got != tc.wantCache {
			t.Errorf("%s: Cache-Control %q, want %q", tc.path, got, tc.wantCache)
		}
		if got := r.header.Get("Content-Type"); !strings.HasPrefix(got, tc.wantType) {
			t.Errorf("%s: Content-Type %q, want %q", tc.path, got, tc.wantType)
		}
		if !strings.Contains(r.body, tc.wantIn) {
			t.Errorf("%s: body lacks %q", tc.path, tc.wantIn)
		}
	}
}

func TestStaticGzipAndRevalidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	// A transport that does not decompress by itself, to see the raw answer.
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	req, _ := http.NewRequest("GET", e.url+"/assets/app-abc123.js", nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	res, err := raw.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("not gzipped: %v", res.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.HasPrefix(string(plain), "console.log('app');") {
		t.Fatalf("gunzipped %q", plain[:20])
	}

	// A browser holding the ETag gets 304 for index.html.
	first := e.client().do("GET", "/", nil)
	etag := first.header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	e.client().do("GET", "/", nil, "If-None-Match", etag).wantStatus(t, http.StatusNotModified)
}

func TestStaticServesTheBuildsPrecompressedGzip(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(acceptEncoding string, name ...string) (*http.Response, []byte) {
		path := "/assets/pre-abc123.js"
		if len(name) > 0 {
			path = name[0]
		}
		req, _ := http.NewRequest("GET", e.url+path, nil)
		req.Header.Set("Accept-Encoding", acceptEncoding)
		res, err := raw.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, body
	}

	res, body := get("gzip")
	if res.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(body, testWeb["assets/pre-abc123.js.gz"].Data) {
		t.Fatalf("gzip answer %v is not the precompressed file (%d bytes)", res.Header, len(body))
	}
	gzipETag := res.Header.Get("ETag")
	res, body = get("identity")
	if res.Header.Get("Content-Encoding") != "" || string(body) != precompressedPlain {
		t.Fatalf("plain answer %v: %q", res.Header, body)
	}
	if plainETag := res.Header.Get("ETag"); plainETag == "" || plainETag == gzipETag {
		t.Fatalf("the gzip and plain answers share ETag %q: a range request could mix their bytes", plainETag)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
		t.Fatalf("Content-Type %q", ct)
	}

	// A .gz larger than its file is not used.
	res, body = get("gzip", "/assets/tiny-abc123.js")
	if res.Header.Get("Content-Encoding") != "" || string(body) != "1" {
		t.Fatalf("tiny file answer %v: %q", res.Header, body)
	}
}

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
