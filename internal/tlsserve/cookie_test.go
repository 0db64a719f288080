package tlsserve

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The session cookie is __Host- prefixed over HTTPS while the handler
// behind keeps its one name, and a session from before the prefix keeps
// working until the cookie is next set, which also removes the old one.
func TestHostPrefixedSessionCookie(t *testing.T) {
	var seen string
	setCookie := false
	h := HostPrefixed("sess", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r.Header.Get("Cookie")
		if setCookie {
			http.SetCookie(w, &http.Cookie{Name: "sess", Value: "new", Path: "/", Secure: true, HttpOnly: true})
		}
	}))
	do := func(cookies ...*http.Cookie) []string {
		req := httptest.NewRequest("GET", "https://example.no/api/user", nil)
		for _, c := range cookies {
			req.AddCookie(c)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result().Header.Values("Set-Cookie")
	}

	// Both: only the prefixed one is passed on, under the plain name.
	got := do(&http.Cookie{Name: "sess", Value: "old"}, &http.Cookie{Name: "__Host-sess", Value: "cur"}, &http.Cookie{Name: "lang", Value: "en"})
	if seen != "sess=cur; lang=en" || len(got) != 0 {
		t.Errorf("both cookies: handler saw %q, Set-Cookie %q", seen, got)
	}
	// Only the old one: passed on as it is.
	do(&http.Cookie{Name: "sess", Value: "old"})
	if seen != "sess=old" {
		t.Errorf("old cookie: handler saw %q", seen)
	}
	// The handler sets the cookie: it goes out prefixed, and the old one is removed.
	setCookie = true
	got = do(&http.Cookie{Name: "sess", Value: "old"})
	if len(got) != 2 || !strings.HasPrefix(got[0], "__Host-sess=new; Path=/") || !strings.HasPrefix(got[1], "sess=; Path=/; Max-Age=0") {
		t.Errorf("Set-Cookie %q", got)
	}
	// No old cookie: nothing to remove.
	got = do()
	if len(got) != 1 || !strings.HasPrefix(got[0], "__Host-sess=new") {
		t.Errorf("Set-Cookie %q", got)
	}
}
