package httpapi

import (
	"cmp"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// mount registers the routes a capability declares (internal/httpx): an admin route behind the
// admin guard, given the signed-in admin; any other as it is; a Media one noted (servesMedia). The
// request log's redaction is read from all of them once mounted (Handler).
func (s *Server) mount(routes []httpx.Route) {
	s.mounted = append(s.mounted, routes...)
	for _, rt := range routes {
		if (rt.Admin == nil) == (rt.Handler == nil) {
			panic("httpapi: route " + rt.Pattern + " needs exactly one of Handler and Admin")
		}
		if rt.Media {
			s.mediaRoutes[rt.Pattern] = true
		}
		if rt.Admin != nil {
			s.admin(rt.Pattern, s.asAdmin(rt.Admin))
			continue
		}
		s.mux.Handle(rt.Pattern, s.handle(rt.Handler))
	}
}

// asAdmin calls h with the admin the session names. guardAdmin has let
// only an admin through to every admin route; the check is repeated so a
// handler is never called without one.
func (s *Server) asAdmin(h httpx.AdminHandler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		u, err := s.currentUser(r)
		if err != nil {
			return err
		}
		if !u.IsAdmin {
			return errAdminRequired
		}
		return h(w, r, httpx.Admin{ID: u.ID, Name: cmp.Or(u.DisplayName, u.Username)})
	}
}
