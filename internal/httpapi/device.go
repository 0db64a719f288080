package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// A browser that has logged in to an account carries a device cookie for it.
// When the account's per-username login limit is used up — by someone
// guessing its password, or locking its owner out on purpose with one wrong
// guess a minute — that browser may still log in (OWASP's "device cookies").
// Its own address's limit still applies.
const (
	deviceCookie   = "ugcfolio_device"
	deviceLifetime = 180 * 24 * time.Hour
)

// deviceToken is "ISSUED.MAC": the account and the issue time signed with
// the account's password hash as the key. The hash never leaves the server
// and holds a random salt; a new password makes every old token worthless.
func deviceToken(u store.User, issued time.Time) string {
	sec := strconv.FormatInt(issued.Unix(), 10)
	return sec + "." + deviceMAC(u, sec)
}

func deviceMAC(u store.User, issued string) string {
	mac := hmac.New(sha256.New, []byte(u.PasswordHash))
	fmt.Fprintf(mac, "ugcfolio device|%d|%s|%s", u.ID, strings.ToLower(u.Username), issued)
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// isTrustedDevice reports whether the request carries a valid, unexpired
// device cookie for u.
func (s *Server) isTrustedDevice(r *http.Request, u store.User) bool {
	c, err := r.Cookie(deviceCookie)
	if err != nil || u.PasswordHash == "" {
		return false
	}
	issued, mac, ok := strings.Cut(c.Value, ".")
	sec, err := strconv.ParseInt(issued, 10, 64)
	if !ok || err != nil || s.now().Sub(time.Unix(sec, 0)) > deviceLifetime {
		return false
	}
	return hmac.Equal([]byte(mac), []byte(deviceMAC(u, issued)))
}

// setTrustedDevice gives the browser a fresh device cookie for u. It goes
// only to the login call; clientaddr.OverHTTPS marks it Secure like the session's.
func (s *Server) setTrustedDevice(w http.ResponseWriter, u store.User) {
	http.SetCookie(w, &http.Cookie{
		Name:     deviceCookie,
		Value:    deviceToken(u, s.now()),
		Path:     "/api/login",
		MaxAge:   int(deviceLifetime / time.Second),
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
}
