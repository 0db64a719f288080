package rooms

import (
	"strings"
	"testing"
)

// Every spelling of a room's path is logged cleaned, with its token hidden;
// other paths are logged as they came.
func TestRedactPathEverySpelling(t *testing.T) {
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
		"/room/print.js":                            "/room/print.js",
		"/room":                                     "/room",
		"/rooms/" + tok:                             "/rooms/" + tok,
		"/api/admin/deals/3/room":                   "/api/admin/deals/3/room",
		"/x/../api/admin/contact":                   "/x/../api/admin/contact",
		"/%zz/room/" + tok:                          "/%zz/room/" + tok, // no room: its first segment is another
	} {
		if got := RedactPath(p); got != want {
			t.Errorf("RedactPath(%q) = %q, want %q", p, got, want)
		}
	}
}

// RedactPath runs for every request's log line.
func BenchmarkRedactPath(b *testing.B) {
	for _, p := range []string{"/api/portfolio/no", "/room/" + strings.Repeat("x", 32) + "/drafts/3/media/p_a.mp4"} {
		b.Run(strings.SplitN(p[1:], "/", 2)[0], func(b *testing.B) {
			for b.Loop() {
				RedactPath(p)
			}
		})
	}
}
