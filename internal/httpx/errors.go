package httpx

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// StatusClientClosed is logged for a request whose client went away
// (nginx's "client closed request"), so the request log tells it apart
// from a failure.
const StatusClientClosed = 499

// Status maps a domain error code to its HTTP status; an unknown code is
// an internal error.
func Status(code apperr.Code) int {
	switch code {
	case apperr.CodeInvalid:
		return http.StatusBadRequest
	case apperr.CodeUnauthorized:
		return http.StatusUnauthorized
	case apperr.CodeForbidden:
		return http.StatusForbidden
	case apperr.CodeNotFound:
		return http.StatusNotFound
	case apperr.CodeConflict:
		return http.StatusConflict
	case apperr.CodeTimeout:
		return http.StatusRequestTimeout
	case apperr.CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case apperr.CodeUnsupportedMedia:
		return http.StatusUnsupportedMediaType
	case apperr.CodeRateLimited:
		return http.StatusTooManyRequests
	case apperr.CodeUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// RetryLater is an error that tells the client when to come back: a rate
// limit (429) or a saturated server (503).
type RetryLater interface {
	error
	RetryAfterSeconds() string
	AppErr() *apperr.Error
}

// WriteError answers err as {"message": …}: a domain error with its
// status and message, a RetryLater with its Retry-After too. Any other
// error is logged and answered as a plain internal error, so no SQL text
// or stack reaches a client. logPath is the request's path as the log may
// show it (with any secret it carries hidden).
func WriteError(w http.ResponseWriter, r *http.Request, log *slog.Logger, logPath string, err error) {
	var later RetryLater
	if errors.As(err, &later) {
		w.Header().Set("Retry-After", later.RetryAfterSeconds())
		err = later.AppErr()
	}
	if e, ok := apperr.As(err); ok {
		WriteJSON(w, Status(e.Code), map[string]string{"message": e.Message})
		return
	}
	if r.Context().Err() != nil && errors.Is(err, context.Canceled) {
		// The client went away (closed the tab, lost its network): nothing
		// failed here and nobody reads an answer.
		log.Info("client cancelled the request", "method", r.Method, "path", logPath)
		w.WriteHeader(StatusClientClosed)
		return
	}
	log.Error("internal error", "method", r.Method, "path", logPath, "err", err)
	WriteJSON(w, http.StatusInternalServerError, map[string]string{"message": "Internal server error"})
}
