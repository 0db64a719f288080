// Package httpapi is the HTTP face of ugcfolio: the JSON API under /api/,
// uploaded media under /uploads/, and the embedded web app for every other
// path. Every route is registered in routes(), one file per resource holds
// its handlers, and every error is answered by writeError.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/alexedwards/scs/v2"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Deps are what the server needs from the outside world.
type Deps struct {
	Config config.Config
	Store  *store.Store
	Log    *slog.Logger
	Web    fs.FS // the built web app (web/dist)
}

// Server holds the dependencies of every handler.
type Server struct {
	cfg   config.Config
	store *store.Store
	log   *slog.Logger
	web   *staticFiles
	mux   *http.ServeMux

	sessions    *scs.SessionManager
	adminRoutes []string // every pattern registered with s.admin

	contactLimit *rateLimiter // POST /api/contact, per client address
}

// New wires a server; Handler answers its requests.
func New(d Deps) *Server {
	s := &Server{
		cfg:   d.Config,
		store: d.Store,
		log:   d.Log,
		web:   newStaticFiles(d.Web),
		mux:   http.NewServeMux(),

		sessions: newSessions(d.Store, false),
	}
	s.routes()
	return s
}

// Handler is the whole site with its middleware: request log, security
// headers, and refusal of cross-origin state-changing requests.
func (s *Server) Handler() http.Handler {
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, map[string]string{"message": "Cross-origin request refused"})
	}))
	return logRequests(s.log, securityHeaders(csrf.Handler(s.withSessions(s.mux))))
}

// routes registers every route of the site, in one place.
func (s *Server) routes() {
	s.mux.HandleFunc("GET /healthz", s.healthz)

	// Accounts
	s.mux.Handle("GET /api/user", s.handle(s.getUser))
	s.mux.Handle("POST /api/login", s.handle(s.login))
	s.mux.Handle("POST /api/register", s.handle(s.register))
	s.mux.Handle("POST /api/logout", s.handle(s.logout))

	// Public site: content, portfolio and testimonial reads, the contact form
	s.mux.Handle("GET /api/content/{section}/{lang}", s.handle(s.getContent))
	s.mux.Handle("GET /api/portfolio/{lang}", s.handle(s.listPortfolio))
	s.mux.Handle("GET /api/testimonials/{lang}", s.handle(s.listTestimonials))
	s.contactLimit = newRateLimiter(contactEvery, contactBurst)
	s.mux.Handle("POST /api/contact", s.handle(s.createContact))

	// Uploaded media (local storage)
	s.mux.HandleFunc("GET /uploads/{name}", s.serveUpload)
	s.mux.Handle("/uploads/", http.NotFoundHandler()) // never the app's HTML

	s.mux.Handle("/api/", s.handle(func(w http.ResponseWriter, r *http.Request) error {
		return apperr.NotFound("No API route %s %s", r.Method, r.URL.Path)
	}))
	s.mux.Handle("/", s.web)
}

// handle adapts a handlerFunc: its error becomes the answer.
func (s *Server) handle(fn handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			writeError(w, r, s.log, err)
		}
	})
}

// healthz answers 200 when the database answers, 503 otherwise.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.Error("health check failed", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
