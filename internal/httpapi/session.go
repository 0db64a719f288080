package httpapi

import (
	"context"
	"net/http"
	"net/netip"
	"path"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// sessionUserKey is the session key holding the logged-in user's id.
const sessionUserKey = "userID"

// newSessions configures scs over the database, so replicas share sessions.
func newSessions(st *store.Store, secure bool) *scs.SessionManager {
	sm := scs.New()
	sm.Store = st.Sessions()
	// An absolute lifetime and no idle timeout: with an idle timeout scs
	// rewrites the session row on every request, which made each upload
	// chunk pay for a durable database write.
	sm.Lifetime = 14 * 24 * time.Hour
	sm.HashTokenInStore = true // a leaked sessions table does not leak live tokens
	sm.Cookie.Name = "ugcfolio_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Path = "/"
	return sm
}

// withSessions loads and saves the session for API calls only: static files
// and uploads never need it, and skipping it saves a query per asset.
func (s *Server) withSessions(next http.Handler) http.Handler {
	withSession := s.sessions.LoadAndSave(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			withSession.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

var (
	errNotLoggedIn   = apperr.New(apperr.CodeUnauthorized, "Not logged in")
	errAdminRequired = apperr.New(apperr.CodeForbidden, "Admin access required")
)

// userContextKey caches the logged-in user in a request's context, so the
// admin guard and the handler behind it look the user up once.
type userContextKey struct{}

// currentUser returns the logged-in user, or errNotLoggedIn. A session
// whose user has been deleted counts as logged out.
func (s *Server) currentUser(r *http.Request) (store.User, error) {
	if u, ok := r.Context().Value(userContextKey{}).(store.User); ok {
		return u, nil
	}
	id := s.sessions.GetInt64(r.Context(), sessionUserKey)
	if id == 0 {
		return store.User{}, errNotLoggedIn
	}
	u, err := s.store.UserByID(r.Context(), id)
	if apperr.Is(err, apperr.CodeNotFound) {
		return store.User{}, errNotLoggedIn
	}
	return u, err
}

// isAdmin reports whether the request comes from a logged-in admin; role-aware
// lists use it to include hidden items.
func (s *Server) isAdmin(r *http.Request) bool {
	u, err := s.currentUser(r)
	return err == nil && u.IsAdmin
}

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
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.publicCache.invalidate() // the admin may have changed what visitors see
		}
	})
}

// admin registers an /api/admin/ route and remembers it, so a test can walk
// every admin route and prove the guard answers on each. guardAdmin protects
// the path space as a whole, so the handler itself needs no check.
// that costs nothing (the user is cached in the context).
func (s *Server) admin(pattern string, fn handlerFunc) {
	_, p, _ := strings.Cut(pattern, " ")
	if !strings.HasPrefix(p, adminPrefix) {
		panic("httpapi: admin route outside " + adminPrefix + ": " + pattern)
	}
	s.adminRoutes = append(s.adminRoutes, pattern)
	s.mux.Handle(pattern, s.handle(fn))
}

// secureCookies marks every cookie of the answer Secure when the request
// reached us over HTTPS: either TLS on our own listener, or a trusted proxy
// (UGCFOLIO_TRUSTED_PROXIES) saying X-Forwarded-Proto: https. The header is
// believed from a trusted proxy only, as with X-Forwarded-For; over plain
// HTTP (local development, tests) the cookie must not be Secure or the
// browser would drop it.
func (s *Server) secureCookies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isHTTPS(r, s.cfg.TrustedProxies) {
			next.ServeHTTP(w, r)
			return
		}
		sw := &secureCookieWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		sw.markSecure() // a handler that wrote nothing: headers go out after it returns
	})
}

// isHTTPS reports whether the client's connection to us is HTTPS.
func isHTTPS(r *http.Request, trusted []netip.Prefix) bool {
	if r.TLS != nil {
		return true
	}
	if !isTrusted(peerAddr(r.RemoteAddr), trusted) {
		return false
	}
	// A chain of proxies appends; the value closest to us is the last.
	protos := strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(protos[len(protos)-1]), "https")
}

// secureCookieWriter adds the Secure attribute to each Set-Cookie header just
// before the headers are sent (scs adds its cookie at that moment too).
type secureCookieWriter struct {
	http.ResponseWriter
	done bool
}

func (w *secureCookieWriter) markSecure() {
	if w.done {
		return
	}
	w.done = true
	h := w.Header()
	for i, c := range h["Set-Cookie"] {
		if !hasCookieAttr(c, "Secure") {
			h["Set-Cookie"][i] = c + "; Secure"
		}
	}
}

func (w *secureCookieWriter) WriteHeader(code int) {
	w.markSecure()
	w.ResponseWriter.WriteHeader(code)
}

func (w *secureCookieWriter) Write(b []byte) (int, error) {
	w.markSecure()
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer.
func (w *secureCookieWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func hasCookieAttr(cookie, attr string) bool {
	parts := strings.Split(cookie, ";")
	for _, a := range parts[1:] {
		if strings.EqualFold(strings.TrimSpace(a), attr) {
			return true
		}
	}
	return false
}
