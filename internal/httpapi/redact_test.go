package httpapi

// (That a room's token never reaches the real server's request log, however
// its path is spelled, is internal/rooms' test, http_log_test.go; every
// spelling is httpx's, redact_test.go.)

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// The panic and internal-error lines hide a Redact route's secret as the
// request line does.
func TestSecretNeverInPanicOrErrorLines(t *testing.T) {
	t.Parallel()
	const token = "S3cr3tT0kenQ9x_S3cr3tT0kenQ9x-Zw"
	for _, p := range []string{"//room/" + token, "/x/../room/" + token + "/drafts/1/final", "/ROOM/" + token} {
		var logs bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logs, nil))
		redact := httpx.NewRedactor([]httpx.Route{{Pattern: "GET /room/{token}", Redact: true}})
		h := logRequests(log, redact, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			writeError(w, r, log, errors.New("the database is gone"))
			panic("after the answer")
		}))
		h.ServeHTTP(httptest.NewRecorder(), &http.Request{Method: "GET", URL: &url.URL{Path: p}})
		out := logs.String()
		if !strings.Contains(out, "msg=panic") || !strings.Contains(out, `msg="internal error"`) {
			t.Fatalf("%s: no panic or error line:\n%s", p, out)
		}
		if strings.Contains(out, token) {
			t.Errorf("%s: the token reached the log:\n%s", p, out)
		}
	}
}
