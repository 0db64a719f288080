package httpapi

import (
	"net/http"
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

var errNotLoggedIn = apperr.New(apperr.CodeUnauthorized, "Not logged in")

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
