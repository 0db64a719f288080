package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// sessionUserKey is the session key holding the logged-in user's id;
// sessionSeenKey the Unix second the session was last used (idle timeout).
const (
	sessionUserKey = "userID"
	sessionSeenKey = "seen"
)

// sessionSeenEvery is how stale the recorded last use may get before a
// request records it again: scs writes the session row whenever it changes,
// and one write a minute per session is cheap where one per upload chunk
// was not (newSessions).
const sessionSeenEvery = time.Minute

// newSessions configures scs over the database, so replicas share sessions.
func newSessions(st *store.Store, secure bool) *scs.SessionManager {
	sm := scs.New()
	sm.Store = st.Sessions()
	// An absolute lifetime, and scs's idle timeout off: it rewrites the
	// session row on every request, which made each upload chunk pay for a
	// durable database write. The idle timeout is ours (stillFresh).
	sm.Lifetime = 14 * 24 * time.Hour
	sm.HashTokenInStore = true // a leaked sessions table does not leak live tokens
	sm.Cookie.Name = "ugcfolio_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Path = "/"
	return sm
}

// SessionUser answers the id of the user a stored session's data is logged
// in as (0: nobody, or data it cannot read), for the command line, which
// ends an account's sessions without a running server
// (store.TakeOverUser). The data is scs's default encoding, which
// newSessions keeps.
func SessionUser(data []byte) int64 {
	_, values, err := scs.GobCodec{}.Decode(data)
	if err != nil {
		return 0
	}
	id, _ := values[sessionUserKey].(int64)
	return id
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
	if !s.stillFresh(r) {
		if err := s.sessions.Destroy(r.Context()); err != nil {
			return store.User{}, err
		}
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

// stillFresh reports whether the session was used within the configured
// idle time, and records this use (at most once a minute). A session from
// before idle timeouts existed counts as used now.
func (s *Server) stillFresh(r *http.Request) bool {
	now := s.now()
	seen := s.sessions.GetInt64(r.Context(), sessionSeenKey)
	if seen != 0 && s.cfg.SessionIdle > 0 && now.Sub(time.Unix(seen, 0)) > s.cfg.SessionIdle {
		return false
	}
	if now.Sub(time.Unix(seen, 0)) >= sessionSeenEvery {
		s.sessions.Put(r.Context(), sessionSeenKey, now.Unix())
	}
	return true
}
