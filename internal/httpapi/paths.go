package httpapi

import (
	"net/http"
	"path"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// canonicalPaths settles, before any other middleware looks at a request,
// that its path has one spelling. ServeMux cleans the path too, but only
// when routing, after the middleware had judged the raw path: the session
// loader (withSessions) skipped "/x/../api/…" as not under /api/, and the
// admin guard, cleaning the path itself, then asked for a session that was
// never loaded (a panic, answered 500).
//
//   - A path with "//", "." or ".." segments is redirected to its clean
//     form, as ServeMux would redirect it (307, query kept).
//   - A path that is clean as sent but not once decoded ("%2e%2e",
//     "..%2f", "%2e": dot segments in disguise) is no path of ours: 404,
//     the JSON every miss under /api/ and /uploads/ answers.
func canonicalPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodConnect {
			next.ServeHTTP(w, r) // ServeMux leaves CONNECT paths alone too
			return
		}
		sent := r.URL.EscapedPath()
		if clean := cleanPath(sent); clean != sent {
			if r.URL.RawQuery != "" {
				clean += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, clean, http.StatusTemporaryRedirect)
			return
		}
		if cleanPath(r.URL.Path) != r.URL.Path {
			httpx.WriteJSON(w, http.StatusNotFound, map[string]string{"message": "Not found"})
			return
		}
		next.ServeHTTP(w, r)
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
