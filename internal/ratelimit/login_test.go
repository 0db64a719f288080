package ratelimit

import (
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// A device token is good for DeviceLifetime after it was issued, for its
// account and password only.
func TestDeviceCookieExpires(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	u := store.User{ID: 7, Username: "Kari@example.no", PasswordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$a2V5"}
	token := DeviceToken(u, now)
	if !TrustedDevice(token, u, now) {
		t.Fatal("a fresh token is not trusted")
	}
	other := u
	other.PasswordHash += "x" // the password changed
	if TrustedDevice(token, other, now) {
		t.Fatal("a token outlived its password")
	}
	if TrustedDevice(token, u, now.Add(DeviceLifetime+time.Second)) {
		t.Fatal("an expired token is trusted")
	}
}
