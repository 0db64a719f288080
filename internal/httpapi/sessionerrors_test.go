package httpapi

import (
	"bytes"
	"context"
	"io/fs"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// An error of the session middleware (the session row cannot be
// read) is one structured line naming the request, never a bare
// "context canceled" on Go's standard logger; a client that left is a 499
// and no error.
func TestSessionErrorsAreLoggedWithTheirRequest(t *testing.T) {
	var std bytes.Buffer
	log.SetOutput(&std)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })

	var logs bytes.Buffer
	st := sqliteStore(t)
	s := New(Deps{Config: config.Config{DataDir: t.TempDir()}, Store: st,
		Log: slog.New(slog.NewTextHandler(&logs, nil)), Web: fs.FS(testWeb)})
	h := s.Handler()
	withSessionCookie := func(ctx context.Context) *http.Request {
		r := httptest.NewRequest("GET", "/api/user", nil).WithContext(ctx)
		r.AddCookie(&http.Cookie{Name: "ugcfolio_session", Value: "some-token"})
		return r
	}

	// The client left before its session was read.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, withSessionCookie(ctx))
	if w.Code != httpx.StatusClientClosed {
		t.Errorf("client gone: status %d, want %d", w.Code, httpx.StatusClientClosed)
	}
	if strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "client cancelled the request") ||
		!strings.Contains(logs.String(), "path=/api/user") {
		t.Errorf("client gone: log %q", logs.String())
	}

	// The database fails: an error, logged once with its request.
	logs.Reset()
	st.DB.Close()
	w = httptest.NewRecorder()
	h.ServeHTTP(w, withSessionCookie(context.Background()))
	if w.Code != http.StatusInternalServerError {
		t.Errorf("database closed: status %d", w.Code)
	}
	if n := strings.Count(logs.String(), `msg="internal error"`); n != 1 || !strings.Contains(logs.String(), "path=/api/user") {
		t.Errorf("database closed: %d error lines, log %q", n, logs.String())
	}
	if std.Len() > 0 {
		t.Errorf("bare lines on the standard logger: %q", std.String())
	}
}
