package httpapi

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

func TestRequestLogLineAndPanicRecovery(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	h := logRequests(log, httpx.NewRedactor(nil), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/boom" {
			panic("kaboom")
		}
		w.WriteHeader(http.StatusTeapot)
		w.Write([]byte("hello"))
	}))

	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/tea", nil))
	line := buf.String()
	for _, want := range []string{"method=GET", "path=/tea", "status=418", "bytes=5", "duration="} {
		if !strings.Contains(line, want) {
			t.Errorf("log line %q lacks %q", line, want)
		}
	}

	buf.Reset()
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/boom", nil))
	if w.Code != http.StatusInternalServerError || strings.Contains(w.Body.String(), "kaboom") {
		t.Fatalf("panic answered %d %q", w.Code, w.Body.String())
	}
	if !strings.Contains(buf.String(), "panic=kaboom") || !strings.Contains(buf.String(), "status=500") {
		t.Fatalf("panic not logged: %s", buf.String())
	}
}
