package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// statusClientClosed is logged for a request whose client went away.
const statusClientClosed = httpx.StatusClientClosed

// handlerFunc is a handler that returns its error instead of writing it, so
// that every error is answered in one place (writeError).
type handlerFunc = httpx.Handler

// writeError answers err (httpx.WriteError), its line naming the path as
// the request log does (loggedPath: no secret in it).
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	httpx.WriteError(w, r, log, loggedPath(r), err)
}
