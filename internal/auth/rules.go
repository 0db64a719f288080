package auth

import (
	"regexp"
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

// EmailPattern is the address rule of the web client's schemas (zod's
// email check, word for word), so both sides accept and refuse the same
// addresses: testdata/rules.json holds the pattern and sample addresses that
// both sides' parity tests run.
const EmailPattern = `^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`

var emailPattern = regexp.MustCompile(EmailPattern)

// ValidEmail reports whether s is a plain address like name@example.no.
func ValidEmail(s string) bool {
	return emailPattern.MatchString(s)
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
