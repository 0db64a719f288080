// Package apperr is the one error type of the domain. Handlers and the store
// return these; the HTTP layer maps each Code to a status in one place and
// shows only Message to the client. Any other error is logged and answered
// as an internal error, so no SQL text or stack ever reaches a visitor.
package apperr

import (
	"errors"
	"fmt"
)

// Code classifies an error independently of the transport.
type Code string

const (
	CodeInvalid          Code = "invalid"           // 400: bad input, with the rule's own message
	CodeUnauthorized     Code = "unauthorized"      // 401: no session, wrong credentials
	CodeForbidden        Code = "forbidden"         // 403: logged in but not allowed
	CodeNotFound         Code = "not_found"         // 404
	CodeConflict         Code = "conflict"          // 409: duplicate username
	CodeTimeout          Code = "timeout"           // 408: the request body arrived too slowly
	CodeTooLarge         Code = "too_large"         // 413
	CodeUnsupportedMedia Code = "unsupported_media" // 415
	CodeRateLimited      Code = "rate_limited"      // 429
	CodeUnavailable      Code = "unavailable"       // 503: saturated, try again shortly
)

// Error is an error that is safe to show to the client.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// New returns an Error with a formatted message.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid is shorthand for a 400 with the given client-facing message.
func Invalid(format string, args ...any) *Error { return New(CodeInvalid, format, args...) }

// NotFound is shorthand for a 404.
func NotFound(format string, args ...any) *Error { return New(CodeNotFound, format, args...) }

// As returns the *Error inside err, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Is reports whether err carries the given code.
func Is(err error, code Code) bool {
	e, ok := As(err)
	return ok && e.Code == code
}
