package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// mintPass signs a gate pass with key the way the server does.
func mintPass(key []byte, expiry time.Time) string {
	unix := strconv.FormatInt(expiry.Unix(), 10)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(unix))
	return unix + "." + hex.EncodeToString(mac.Sum(nil))
}

// serverGateKey is the key e's server signs passes with.
func serverGateKey(t *testing.T, e *testEnv) []byte {
	t.Helper()
	key, err := e.server.gatePassKey(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// withPass reads a gated list with pass as the gate cookie.
func withPass(e *testEnv, pass string) response {
	return e.client().do("GET", "/api/portfolio/no", nil, "Cookie", gatePassCookie+"="+pass)
}

// TestGatePassExpiryIsCapped: a pass is good for gatePassLifetime at most,
// whatever expiry it claims, even signed with the server's own key.
func TestGatePassExpiryIsCapped(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, gateOn)
		key, now := serverGateKey(t, e), time.Now()
		withPass(e, mintPass(key, now.Add(time.Hour))).wantStatus(t, http.StatusOK)
		withPass(e, mintPass(key, now.Add(gatePassLifetime-time.Minute))).wantStatus(t, http.StatusOK)
		withPass(e, mintPass(key, now.Add(gatePassLifetime+time.Hour))).wantStatus(t, http.StatusUnauthorized)
		withPass(e, mintPass(key, time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))).wantStatus(t, http.StatusUnauthorized)
		withPass(e, mintPass(key, now.Add(-time.Minute))).wantStatus(t, http.StatusUnauthorized)
	})
}

// TestGatePassKeyIsTheSitesSecret: the passes' key is not a hash of the
// gate's credentials, which every guest knows (they could mint passes) and
// which a pass would let anyone guess offline at hashing speed. Servers
// over one database (replicas) accept each other's passes, and a new gate
// password still ends the passes given under the old one.
func TestGatePassKeyIsTheSitesSecret(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, gateOn)
		credentialsHash := sha256.Sum256([]byte("ugcfolio gate pass\x00preview\x00sommer-2025"))
		withPass(e, mintPass(credentialsHash[:], time.Now().Add(time.Hour))).wantStatus(t, http.StatusUnauthorized)

		visitor := e.client()
		visitor.do("POST", "/api/site-access", map[string]string{"username": "preview", "password": "sommer-2025"}).wantStatus(t, http.StatusNoContent)
		var pass string
		u, _ := url.Parse(e.url)
		for _, c := range visitor.http.Jar.Cookies(u) {
			if c.Name == gatePassCookie {
				pass = c.Value
			}
		}
		withPass(e, pass).wantStatus(t, http.StatusOK)
		replica := newEnv(t, st, gateOn)
		withPass(replica, pass).wantStatus(t, http.StatusOK)
		newPassword := newEnv(t, st, func(c *config.Config) { c.GateUsername, c.GatePassword = "preview", "vinter-2026" })
		withPass(newPassword, pass).wantStatus(t, http.StatusUnauthorized)
	})
}
