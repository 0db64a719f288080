package httpapi

import (
	"context"
	"net/http"
	"testing"
	"time"
)

func TestPasswordWorkRunsWithinItsBound(t *testing.T) {
	p := &passwordWork{slots: make(chan struct{}, 1), wait: 20 * time.Millisecond}
	ran := false
	if err := p.do(context.Background(), func() { ran = true }); err != nil || !ran {
		t.Fatalf("free slot: err %v, ran %v", err, ran)
	}
	// The slot was given back: it can be taken again.
	p.slots <- struct{}{}
	if err := p.do(context.Background(), func() { t.Error("ran without a slot") }); err != errBusy {
		t.Fatalf("no slot: err %v, want errBusy", err)
	}
}

// With every hashing slot busy, logins and sign-ups are told to come back
// instead of piling up 19 MiB hashes; once a slot frees they work.
func TestLoginAndRegisterWaitForAPasswordSlot(t *testing.T) {
	login := &passwordWork{slots: make(chan struct{}, 1), wait: 20 * time.Millisecond}
	registration := &passwordWork{slots: make(chan struct{}, 1), wait: 20 * time.Millisecond}
	e := newServerEnv(t, sqliteStore(t), nil, func(s *Server) { s.loginHashes, s.registrationHashes = login, registration })
	createAccount(t, e.store, "kari@example.no", testPassword, false)
	creds := map[string]string{"username": "kari@example.no", "password": testPassword}
	signUp := map[string]string{"username": "ola@example.no", "password": testPassword, "displayName": "Ola"}

	login.slots <- struct{}{} // another login is hashing
	registration.slots <- struct{}{}
	for _, r := range []response{e.client().do("POST", "/api/login", creds), e.client().do("POST", "/api/register", signUp)} {
		r.wantMessage(t, http.StatusServiceUnavailable, "The server is busy, please try again in a moment")
		if r.header.Get("Retry-After") != "2" {
			t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
		}
	}

	<-login.slots
	e.client().do("POST", "/api/login", creds).wantStatus(t, http.StatusOK)
}

// Issue 24: registrations hash in slots of their own, so a flood of sign-ups
// (each a valid new account, so no rate limit per address stops a botnet)
// never keeps the owner from logging in.
func TestRegistrationFloodDoesNotBlockLogin(t *testing.T) {
	e := newServerEnv(t, sqliteStore(t), nil, func(s *Server) {
		for range cap(s.registrationHashes.slots) {
			s.registrationHashes.slots <- struct{}{} // every registration slot is hashing
		}
		s.loginHashes.wait = 20 * time.Millisecond // fail fast if login waited for them
	})
	createAccount(t, e.store, "kari@example.no", testPassword, true)
	e.client().do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": testPassword}).
		wantStatus(t, http.StatusOK)
}
