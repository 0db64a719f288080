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
	if len(password) > MaxPasswordBytes {
		return apperr.Invalid(MsgLongPassword)
	}
	return nil
}
