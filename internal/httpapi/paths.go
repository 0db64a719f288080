package httpapi

import (
	"net/http"
	"net/url"
	"path"
	"strings"
)

// canonicalPaths redirects a request whose path is not in its clean form
// ("/x/../api/admin/contact", "//api/admin/contact", "/api/admin/./contact",
// and their %2e%2e spellings, which arrive decoded) to the clean path,
// before any other middleware looks at it. ServeMux would do the same, but
// only when routing, after the middleware had judged the raw path: the
// session loader (withSessions) skipped "/x/../api/…" as not under /api/,
// and the admin guard, cleaning the path itself, then asked for a session
// that was never loaded (a panic, answered 500). With this first, every
// middleware and handler sees one spelling of each path.
func canonicalPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodConnect {
			next.ServeHTTP(w, r) // ServeMux leaves CONNECT paths alone too
			return
		}
		clean := cleanPath(r.URL.Path)
		if clean == r.URL.Path {
			next.ServeHTTP(w, r)
			return
		}
		u := url.URL{Path: clean, RawQuery: r.URL.RawQuery}
		http.Redirect(w, r, u.String(), http.StatusMovedPermanently)
	})
}

// cleanPath is path.Clean that keeps a trailing slash, as ServeMux cleans.
func cleanPath(p string) string {
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	return clean
}
