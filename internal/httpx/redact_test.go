package httpx

import (
	"strings"
	"testing"
)

// roomRoutes are routes shaped as the delivery rooms' are: a token as the
// second segment, and one literal file beside it.
var roomRoutes = []Route{
	{Pattern: "GET /room/print.js"},
	{Pattern: "GET /room/{token}", Redact: true},
	{Pattern: "GET /room/{token}/drafts/{draft}/media/{name}", Media: true, Redact: true},
	{Pattern: "GET /api/admin/deals/{id}/room"},
	{Pattern: "GET /api/admin/contact"},
	{Pattern: "/room/", Redact: true}, // the rest under /room/: a 404 page
}

// Every spelling of a secret's path is logged cleaned, with the secret
// hidden; other paths are logged as they came.
func TestRedactorEverySpelling(t *testing.T) {
	redact := NewRedactor(roomRoutes)
	tok := strings.Repeat("x", 31) + "Q"
	for p, want := range map[string]string{
		"/room/" + tok:                              "/room/…",
		"/room/" + tok + "/":                        "/room/…",
		"//room/" + tok:                             "/room/…",
		"/room//" + tok:                             "/room/…",
		"/x/../room/" + tok:                         "/room/…",
		"/./room/" + tok:                            "/room/…",
		"/ROOM/" + tok:                              "/ROOM/…",
		"/rOoM/" + tok + "/licences":                "/rOoM/…/licences",
		"/%72oom/" + tok:                            "/room/…",
		"/%2572oom/" + tok:                          "/room/…",
		"/room/%2551" + tok[1:]:                     "/room/…",
		"/room/" + tok + "/..":                      "/room",
		"/room/x/../" + tok:                         "/room/…",
		"//room/" + tok + "/drafts/3/media/p_a.mp4": "/room/…/drafts/3/media/p_a.mp4",
		"/x/../room/" + tok + "/drafts/3/final":     "/room/…/drafts/3/final",
		"/room/" + tok + "/invoices/7/pay":          "/room/…/invoices/7/pay", // no such route: hidden all the same
		"/room/print.js":                            "/room/print.js",
		"/ROOM/Print.JS":                            "/ROOM/Print.JS",
		"/room":                                     "/room",
		"/rooms/" + tok:                             "/rooms/" + tok,
		"/api/admin/deals/3/room":                   "/api/admin/deals/3/room",
		"/x/../api/admin/contact":                   "/x/../api/admin/contact",
		"/%zz/room/" + tok:                          "/%zz/room/" + tok, // no room: its first segment is another
	} {
		if got := redact.Path(p); got != want {
			t.Errorf("Path(%q) = %q, want %q", p, got, want)
		}
	}
}

// Without a Redact route nothing is hidden; a Redact route whose secret is
// not its second segment stops the start, where it would be logged in full.
func TestRedactorReadsOnlyRedactRoutes(t *testing.T) {
	none := NewRedactor([]Route{{Pattern: "GET /room/{token}"}})
	if got := none.Path("/room/abc"); got != "/room/abc" {
		t.Errorf("no Redact route: Path = %q", got)
	}
	subtree := NewRedactor([]Route{{Pattern: "/vault/", Redact: true}})
	if got := subtree.Path("/vault/abc/x"); got != "/vault/…/x" {
		t.Errorf("a Redact subtree: Path = %q", got)
	}
	for _, pattern := range []string{"GET /{token}", "GET /room/list/{token}", "POST /room"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewRedactor took the Redact route %q", pattern)
				}
			}()
			NewRedactor([]Route{{Pattern: pattern, Redact: true}})
		}()
	}
}

// Path runs for every request's log line.
func BenchmarkRedactorPath(b *testing.B) {
	redact := NewRedactor(roomRoutes)
	for b.Loop() {
		redact.Path("/api/portfolio/no")
		redact.Path("/room/" + strings.Repeat("x", 32) + "/drafts/3/media/p_a.mp4")
	}
}
