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
)

// MinPasswordLength is the shortest password accepted.
const MinPasswordLength = 6

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
	return nil
}
