package httpapi

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestRateLimiterBurstThenRetryAfter(t *testing.T) {
	l := newRateLimiter(time.Minute, 10)
	for i := range 10 {
		if err := l.allow("1.2.3.4"); err != nil {
			t.Fatalf("request %d of the burst refused: %v", i+1, err)
		}
	}
	err := l.allow("1.2.3.4")
	var limited *rateLimitedError
	if !errors.As(err, &limited) || limited.retryAfterSeconds() != "60" {
		t.Fatalf("11th request: %v", err)
	}
	if err := l.allow("5.6.7.8"); err != nil {
		t.Fatalf("another client refused: %v", err)
	}
	// A refused request does not use up a token: the wait stays one interval.
	l.allow("1.2.3.4")
	if err := l.allow("1.2.3.4"); !errors.As(err, &limited) || limited.retryAfterSeconds() != "60" {
		t.Fatalf("retry after grew: %v", err)
	}

	w := httptest.NewRecorder()
	writeError(w, httptest.NewRequest("POST", "/", nil), discardLog, err)
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "60" {
		t.Fatalf("answer %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
}

func TestRateLimiterRefills(t *testing.T) {
	l := newRateLimiter(20*time.Millisecond, 10)
	for range 10 {
		l.allow("a")
	}
	if l.allow("a") == nil {
		t.Fatal("not limited")
	}
	time.Sleep(60 * time.Millisecond)
	if err := l.allow("a"); err != nil {
		t.Fatalf("not refilled: %v", err)
	}
}
