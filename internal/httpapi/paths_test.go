package httpapi

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// rawGet sends target exactly as written (Go's client would clean it) and
// reads the answer.
func rawGet(t *testing.T, baseURL, target string, headers ...string) *http.Response {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(baseURL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(30 * time.Second)) // a hung server fails the test instead of hanging it
	req := "GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
	for _, h := range headers {
		req += h + "\r\n"
	}
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// A path that cleans to an admin route never reaches a handler
// without its session. "/x/../api/admin/contact" used to slip past the
// session loader and make the admin guard panic (500); now every
// spelling with "//", "." or ".." is redirected to its clean path first
// (which answers 401), and dot segments in disguise (%2e%2e) are a 404.
func TestNonCanonicalAdminPathsNeverReachAHandler(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	for _, target := range []string{
		"/x/../api/admin/contact",
		"//api/admin/contact",
		"/api//admin/contact",
		"/api/admin/./contact",
		"/x/%2e%2e/api/admin/contact",
		"/x/%2E%2E/api/admin/contact",
		"/api/admin/%2e/contact",
		"/%2e%2e/api/admin/contact",
		"/api/x/..%2fadmin/contact",
	} {
		resp := rawGet(t, e.url, target)
		switch resp.StatusCode {
		case http.StatusTemporaryRedirect:
			loc := resp.Header.Get("Location")
			if loc != "/api/admin/contact" {
				t.Errorf("%s: redirected to %q", target, loc)
			}
			// Following the redirect is the clean path, which the guard answers.
			if got := rawGet(t, e.url, loc).StatusCode; got != http.StatusUnauthorized {
				t.Errorf("%s → %s: %d, want 401", target, loc, got)
			}
		case http.StatusUnauthorized, http.StatusBadRequest, http.StatusNotFound:
		default:
			body, _ := io.ReadAll(resp.Body)
			t.Errorf("%s: %d %s, want 401 or a redirect/400/404", target, resp.StatusCode, body)
		}
	}
	// The clean path itself still answers 401, and keeps its query on a redirect.
	if got := rawGet(t, e.url, "/api/admin/contact").StatusCode; got != http.StatusUnauthorized {
		t.Errorf("/api/admin/contact: %d", got)
	}
	if loc := rawGet(t, e.url, "/en/./?a=1").Header.Get("Location"); loc != "/en/?a=1" {
		t.Errorf("query lost on redirect: %q", loc)
	}
}

func TestCleanPath(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/": "/", "": "/", "/a/b": "/a/b", "/a/b/": "/a/b/", "//a": "/a", "/a/../b/": "/b/", "/a/./b": "/a/b", "a": "/a",
	} {
		if got := cleanPath(in); got != want {
			t.Errorf("cleanPath(%q) = %q, want %q", in, got, want)
		}
	}
}
