package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/health"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// contentSecurityPolicy allows our own scripts only (no inline script),
// images and media from anywhere over http(s) because the admin links them,
// and frames from the two video services the portfolio embeds.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self'; " +
	"style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https: http:; " +
	"media-src 'self' blob: https: http:; " +
	"font-src 'self' data:; " +
	"connect-src 'self'; " +
	"frame-src " + videoFrameHosts + "; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// videoFrameHosts are the origins of the players the portfolio embeds: the
// client's embedUrl (web/src/lib/media-url.ts) makes addresses on these only
// (testdata/rules.json holds both to them).
const videoFrameHosts = "https://www.youtube.com https://player.vimeo.com"

// securityHeaders sets the headers every answer carries.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		next.ServeHTTP(w, r)
	})
}

// statusRecorder remembers what a handler wrote, for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer (flush, deadlines).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// loggedPathKey holds a request's path as the log may show it, when that is
// not its path (logRequests).
type loggedPathKey struct{}

// loggedPath is r's path with any secret in it hidden (a room's token), as
// logRequests judged it: what every line about r writes.
func loggedPath(r *http.Request) string {
	if p, ok := r.Context().Value(loggedPathKey{}).(string); ok {
		return p
	}
	return r.URL.Path
}

// writeError answers err (httpx.WriteError), its line naming the path as
// the request log does (loggedPath: no secret in it).
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	httpx.WriteError(w, r, log, loggedPath(r), err)
}

// logRequests writes one line per request (but a load balancer's probe that
// passed), and turns a panic into a 500 instead of a dropped connection. The
// path is written as redact shows it: the routes marked Redact carry a key.
func logRequests(log *slog.Logger, redact *httpx.Redactor, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		if p := redact.Path(r.URL.Path); p != r.URL.Path {
			r = r.WithContext(context.WithValue(r.Context(), loggedPathKey{}, p))
		}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				log.Error("panic", "method", r.Method, "path", loggedPath(r), "panic", p)
				if rec.status == 0 {
					httpx.WriteJSON(rec, http.StatusInternalServerError, map[string]string{"message": "Internal server error"})
				}
			}
			if rec.status < 400 && health.IsProbe(r.URL.Path) {
				return // a load balancer's probe every few seconds: only failures are news
			}
			log.Info("request", "method", r.Method, "path", loggedPath(r), "status", rec.status,
				"duration", time.Since(start), "bytes", rec.bytes)
		}()
		next.ServeHTTP(rec, r)
	})
}
