package health

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func get(h http.HandlerFunc) (int, string) {
	w := httptest.NewRecorder()
	h(w, httptest.NewRequest("GET", "/", nil))
	return w.Code, w.Body.String()
}

// Readiness names every failing check in order, runs them at once within
// its time limit, and answers draining before asking anything.
func TestReady(t *testing.T) {
	var asked int
	ok := Check{"database", func(context.Context) error { asked++; return nil }}
	slow := Check{"storage", func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }}
	broken := Check{"cache", func(context.Context) error { return errors.New("gone") }}
	h := New(slog.New(slog.NewTextHandler(io.Discard, nil)), ok, slow, broken)
	h.timeout = 50 * time.Millisecond
	if code, body := get(h.Ready); code != 503 || body != `{"status":"unavailable","failed":["storage","cache"]}`+"\n" {
		t.Fatalf("failing: %d %s", code, body)
	}
	h = New(slog.New(slog.NewTextHandler(io.Discard, nil)), ok)
	if code, body := get(h.Ready); code != 200 || body != `{"status":"ok"}`+"\n" {
		t.Fatalf("passing: %d %s", code, body)
	}
	asked = 0
	h.Drain()
	if code, body := get(h.Ready); code != 503 || body != `{"status":"draining"}`+"\n" || asked != 0 {
		t.Fatalf("draining: %d %s, %d checks asked", code, body, asked)
	}
	if code, _ := get(h.Live); code != 200 {
		t.Fatalf("alive while draining: %d", code)
	}
}
