package httpapi

import (
	"context"
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

// gatePassSecret names the site secret (store.SiteSecret) the passes' key
// is derived from.
const gatePassSecret = "gate-pass"

// gatePassKey is the key passes are signed with: an HMAC, under the site's
// random secret, of the gate's credentials. The secret is in the database,
// so every replica agrees without another setting; the credentials are in
// it, so changing the password ends every pass given under the old one. A
// plain hash of the credentials would let any guest (they all know them)
// mint passes, and anyone holding a pass test guesses of the password
// offline at hashing speed.
func (s *Server) gatePassKey(ctx context.Context) ([]byte, error) {
	secret, err := s.store.SiteSecret(ctx, gatePassSecret)
	if err != nil {
		return nil, err
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("ugcfolio gate pass\x00" + s.cfg.GateUsername + "\x00" + s.cfg.GatePassword))
	return mac.Sum(nil), nil
}

// gatePassSignature signs a pass's expiry (Unix seconds, in decimal).
func gatePassSignature(key []byte, expiry string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(expiry))
	return hex.EncodeToString(mac.Sum(nil))
}

// setGatePass gives the browser a pass (only while the gate is on).
func (s *Server) setGatePass(w http.ResponseWriter, r *http.Request) error {
	if !s.cfg.GateEnabled() {
		return nil
	}
	key, err := s.gatePassKey(r.Context())
	if err != nil {
		return err
	}
	expiry := strconv.FormatInt(s.now().Add(gatePassLifetime).Unix(), 10)
	http.SetCookie(w, &http.Cookie{
		Name:     gatePassCookie,
		Value:    expiry + "." + gatePassSignature(key, expiry),
		Path:     "/",
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
	})
	return nil
}

// gatePassSkew is how far past gatePassLifetime a pass's expiry may lie:
// the replica that signed it may have a clock a little ahead of ours.
const gatePassSkew = time.Minute

// hasGatePass reports whether r carries a pass this site signed that has
// not expired. An expiry further away than a pass is ever given for is
// refused, whoever signed it: no pass lives longer than gatePassLifetime.
func (s *Server) hasGatePass(r *http.Request) bool {
	c, err := r.Cookie(gatePassCookie)
	if err != nil {
		return false
	}
	expiry, sig, ok := strings.Cut(c.Value, ".")
	unix, err := strconv.ParseInt(expiry, 10, 64)
	if !ok || err != nil {
		return false
	}
	now, until := s.now(), time.Unix(unix, 0)
	if now.After(until) || until.After(now.Add(gatePassLifetime+gatePassSkew)) {
		return false
	}
	key, err := s.gatePassKey(r.Context())
	if err != nil {
		s.log.Error("gate pass: no key", "err", err)
		return false
	}
	return hmac.Equal([]byte(sig), []byte(gatePassSignature(key, expiry)))
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
	switch p {
	case "/api/video-proxy", "/sitemap.xml", "/api/client-logos",
		"/media-kit", "/en/media-kit", "/media-kit.pdf", "/en/media-kit.pdf": // internal/mediakit
		return true
	}
	return false
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
