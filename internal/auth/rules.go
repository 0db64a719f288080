package auth

import (
	"net/mail"
	"strings"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// The messages of SPEC.md section 5, the same on the client.
const (
	MsgInvalidEmail  = "Please enter a valid email address"
	MsgShortPassword = "Password must be at least 6 characters"
	MsgLongPassword  = "Password must be at most 1024 bytes"
)

// MinPasswordLength is the shortest password accepted.
const MinPasswordLength = 6

// MaxPasswordBytes is the longest password accepted. argon2 reads the whole
// password, so without a cap a 1 MiB "password" costs a core for as long as
// the body takes to hash; no person types more than this.
const MaxPasswordBytes = 1024

// MinAdminPasswordLength is the shortest password `ugcfolio admin create`
// accepts: an admin account guards the whole site, so it asks for more than
// the spec's minimum for visitors' accounts.
const MinAdminPasswordLength = 12

// ValidEmail reports whether s is a plain address like name@example.no.
func ValidEmail(s string) bool {
	if s == "" || len(s) > 254 || strings.ContainsAny(s, " \t\r\n<>\"") {
		return false
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Address != s {
		return false
	}
	local, domain, _ := strings.Cut(s, "@")
	if local == "" || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return false
	}
	dot := strings.LastIndex(domain, ".")
	return dot > 0 && len(domain)-dot-1 >= 2
}

// ValidateCredentials applies the login and register rules.
func ValidateCredentials(username, password string) error {
	if !ValidEmail(username) {
		return apperr.Invalid(MsgInvalidEmail)
	}
	if utf8.RuneCountInString(password) < MinPasswordLength {
		return apperr.Invalid(MsgShortPassword)
	}
	if len(password) > MaxPasswordBytes {
		return apperr.Invalid(MsgLongPassword)
	}
	return nil
}
