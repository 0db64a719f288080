package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// While the coming-soon gate is on, the server gives no stored content to a
// visitor without the gate pass: the browser's session-storage flag (SPEC.md)
// decides what the app shows, and this cookie decides what the server sends
// (DESIGN.md section 4). Admins pass without it.

// gatePassCookie holds "EXPIRY.HMAC": signed, HttpOnly, set by
// POST /api/site-access and by an admin's login.
const gatePassCookie = "ugcfolio_gate"

// gatePassLifetime is how long a pass is good for; the cookie itself ends
// with the browser session, like the session-storage flag.
const gatePassLifetime = 30 * 24 * time.Hour

var errGateClosed = apperr.New(apperr.CodeUnauthorized, "This site is not open yet")

// gatePassKey is the key passes are signed with, made once in New. It is
// derived from the gate's credentials, so every replica agrees without
// another setting, and changing the password ends every pass given under the
// old one.
func gatePassKey(username, password string) []byte {
	sum := sha256.Sum256([]byte("ugcfolio gate pass\x00" + username + "\x00" + password))
	return sum[:]
}

func (s *Server) gatePassSignature(expiry string) string {
	mac := hmac.New(sha256.New, s.gateKey)
	mac.Write([]byte(expiry))
	return hex.EncodeToString(mac.Sum(nil))
}

// setGatePass gives the browser a pass (only while the gate is on).
func (s *Server) setGatePass(w http.ResponseWriter) {
	if !s.cfg.GateEnabled() {
		return
	}
	expiry := strconv.FormatInt(s.now().Add(gatePassLifetime).Unix(), 10)
	http.SetCookie(w, &http.Cookie{
		Name:     gatePassCookie,
		Value:    expiry + "." + s.gatePassSignature(expiry),
		Path:     "/",
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
	})
}

// hasGatePass reports whether r carries a pass this server signed that has
// not expired.
func (s *Server) hasGatePass(r *http.Request) bool {
	c, err := r.Cookie(gatePassCookie)
	if err != nil {
		return false
	}
	expiry, sig, ok := strings.Cut(c.Value, ".")
	unix, err := strconv.ParseInt(expiry, 10, 64)
	if !ok || err != nil || s.now().After(time.Unix(unix, 0)) {
		return false
	}
	return hmac.Equal([]byte(sig), []byte(s.gatePassSignature(expiry)))
}

// isGatedContent reports whether a request reads stored content: the public
// content, portfolio, testimonial and client logo lists, the sitemap, and media.
func isGatedContent(p string) bool {
	p = path.Clean("/" + p)
	for _, prefix := range []string{"/api/content/", "/api/portfolio/", "/api/testimonials/", "/uploads/", "/media/"} {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return p == "/api/video-proxy" || p == "/sitemap.xml" || p == "/api/client-logos"
}

// guardGate keeps an unlaunched site private: while the gate is on, content
// answers 401 to a visitor without a pass, and every page says noindex (the
// pages themselves are the plain app, which shows the gate screen). It sits
// behind the session loader, so an admin's session lets them through on
// API paths; their browser also gets a pass at login for media.
func (s *Server) guardGate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.cfg.GateEnabled() || s.hasGatePass(r) {
			next.ServeHTTP(w, r)
			return
		}
		if isGatedContent(r.URL.Path) && !(strings.HasPrefix(r.URL.Path, "/api/") && s.isAdmin(r)) {
			writeError(w, r, s.log, errGateClosed)
			return
		}
		w.Header().Set("X-Robots-Tag", "noindex")
		next.ServeHTTP(w, r)
	})
}
