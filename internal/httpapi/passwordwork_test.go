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
	work := &passwordWork{slots: make(chan struct{}, 1), wait: 20 * time.Millisecond}
	e := newServerEnv(t, sqliteStore(t), nil, func(s *Server) { s.passwords = work })
	createAccount(t, e.store, "kari@example.no", testPassword, false)
	creds := map[string]string{"username": "kari@example.no", "password": testPassword}

	work.slots <- struct{}{} // another request is hashing
	for _, r := range []response{
		e.client().do("POST", "/api/login", creds),
		e.client().do("POST", "/api/register", map[string]string{"username": "ola@example.no", "password": testPassword, "displayName": "Ola"}),
	} {
		r.wantMessage(t, http.StatusServiceUnavailable, "The server is busy, please try again in a moment")
		if r.header.Get("Retry-After") != "2" {
			t.Errorf("Retry-After %q", r.header.Get("Retry-After"))
		}
	}

	<-work.slots
	e.client().do("POST", "/api/login", creds).wantStatus(t, http.StatusOK)
}
