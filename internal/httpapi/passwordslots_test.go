package httpapi

import (
	"net/http"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
)

// With every hashing slot busy, logins and sign-ups are told to come back
// instead of piling up 19 MiB hashes; once a slot frees they work.
func TestLoginAndRegisterWaitForAPasswordSlot(t *testing.T) {
	t.Parallel()
	login := ratelimit.NewPasswordSlotsOf(1, 20*time.Millisecond)
	registration := ratelimit.NewPasswordSlotsOf(1, 20*time.Millisecond)
	e := newServerEnv(t, sqliteStore(t), nil, func(s *Server) { s.loginHashes, s.registrationHashes = login, registration })
	createAccount(t, e.store, "kari@example.no", testPassword, false)
	creds := map[string]string{"username": "kari@example.no", "password": testPassword}
	signUp := map[string]string{"username": "ola@example.no", "password": testPassword, "displayName": "Ola"}

	releaseLogin := login.Fill() // another login is hashing
	registration.Fill()
	for _, r := range []response{e.client().do("POST", "/api/login", creds), e.client().do("POST", "/api/register", signUp)} {
		r.wantMessage(t, http.StatusServiceUnavailable, "The server is busy, please try again in a moment")
		if r.header.Get("Retry-After") != "2" {
			t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
		}
	}

	releaseLogin()
	e.client().do("POST", "/api/login", creds).wantStatus(t, http.StatusOK)
}

// Registrations hash in slots of their own, so a flood of sign-ups
// (each a valid new account, so no rate limit per address stops a botnet)
// never keeps the owner from logging in.
func TestRegistrationFloodDoesNotBlockLogin(t *testing.T) {
	t.Parallel()
	e := newServerEnv(t, sqliteStore(t), nil, func(s *Server) {
		s.registrationHashes.Fill()                // every registration slot is hashing
		s.loginHashes.Wait = 20 * time.Millisecond // fail fast if login waited for them
	})
	createAccount(t, e.store, "kari@example.no", testPassword, true)
	e.client().do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": testPassword}).
		wantStatus(t, http.StatusOK)
}
