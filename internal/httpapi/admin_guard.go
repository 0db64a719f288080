package httpapi

import (
	"context"
	"net/http"
	"path"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

var errAdminRequired = apperr.New(apperr.CodeForbidden, "Admin access required")

// adminPrefix is the path space of the admin API. guardAdmin covers all of it.
const adminPrefix = "/api/admin/"

// isAdminPath reports whether a request path lies in the admin API. The path
// is cleaned first, so "/api//admin/x" or "/api/x/../admin/y" count too.
func isAdminPath(p string) bool {
	p = path.Clean("/" + p)
	return p == strings.TrimSuffix(adminPrefix, "/") || strings.HasPrefix(p, adminPrefix)
}

// guardAdmin is the one guard of the admin API: every request under
// /api/admin/ needs an admin session (401 without a session, 403 for a
// non-admin), whatever route it reaches and however that route was
// registered. It sits between the session loader and the router in Handler.
func (s *Server) guardAdmin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isAdminPath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		u, err := s.currentUser(r)
		if err == nil && !u.IsAdmin {
			err = errAdminRequired
		}
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userContextKey{}, u)))
	})
}

// admin registers an /api/admin/ route and remembers it, so a test can walk
// every admin route and prove the guard answers on each. guardAdmin protects
// the path space as a whole, so the handler itself needs no check.
func (s *Server) admin(pattern string, fn httpx.Handler) {
	_, p, _ := strings.Cut(pattern, " ")
	if !strings.HasPrefix(p, adminPrefix) {
		panic("httpapi: admin route outside " + adminPrefix + ": " + pattern)
	}
	s.adminRoutes = append(s.adminRoutes, pattern)
	s.mux.Handle(pattern, s.handle(fn))
}
