package httpapi

import (
	"net/http"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// deviceCookie carries the browser's device token for the account it logged
// in to (ratelimit.DeviceToken): with it, a login goes through while the
// account's per-username limit is used up.
const deviceCookie = "ugcfolio_device"

// isTrustedDevice reports whether the request carries a valid, unexpired
// device cookie for u.
func (s *Server) isTrustedDevice(r *http.Request, u store.User) bool {
	c, err := r.Cookie(deviceCookie)
	return err == nil && ratelimit.TrustedDevice(c.Value, u, s.now())
}

// setTrustedDevice gives the browser a fresh device cookie for u. It goes
// only to the login call; clientaddr.OverHTTPS marks it Secure like the session's.
func (s *Server) setTrustedDevice(w http.ResponseWriter, u store.User) {
	http.SetCookie(w, &http.Cookie{
		Name:     deviceCookie,
		Value:    ratelimit.DeviceToken(u, s.now()),
		Path:     "/api/login",
		MaxAge:   int(ratelimit.DeviceLifetime / time.Second),
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
}
