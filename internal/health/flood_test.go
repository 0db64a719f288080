package health

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A flood of /readyz costs the database at most one ping a second: the
// answer is kept for a second, and requests that come while a check runs
// wait for it instead of starting their own.
func TestReadyPingsAtMostOncePerSecond(t *testing.T) {
	var pings atomic.Int32
	release := make(chan struct{})
	db := Check{"database", func(context.Context) error { pings.Add(1); <-release; return nil }}
	h := New(slog.New(slog.NewTextHandler(io.Discard, nil)), db)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var clock sync.Mutex
	h.now = func() time.Time { clock.Lock(); defer clock.Unlock(); return now }
	advance := func(d time.Duration) { clock.Lock(); now = now.Add(d); clock.Unlock() }

	// 50 requests at once, while the first check is still running.
	codes := make(chan int, 50)
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() { code, _ := get(h.Ready); codes <- code })
	}
	for pings.Load() == 0 {
		time.Sleep(time.Millisecond) // the first check has started
	}
	close(release)
	wg.Wait()
	close(codes)
	for code := range codes {
		if code != 200 {
			t.Fatalf("answer %d, want 200", code)
		}
	}
	if n := pings.Load(); n != 1 {
		t.Fatalf("50 concurrent requests pinged the database %d times, want 1", n)
	}
	// More within the second: no ping.
	advance(999 * time.Millisecond)
	for range 100 {
		get(h.Ready)
	}
	if n := pings.Load(); n != 1 {
		t.Fatalf("after 150 requests within a second: %d pings, want 1", n)
	}
	// The next second asks again, once.
	advance(time.Millisecond)
	for range 100 {
		get(h.Ready)
	}
	if n := pings.Load(); n != 2 {
		t.Fatalf("a second later: %d pings, want 2", n)
	}
}

// A failure is kept for the second too (a flood during an outage neither
// pings nor logs per request), and the next check sees the recovery.
func TestReadyKeepsAFailureForASecond(t *testing.T) {
	var pings atomic.Int32
	var down atomic.Bool
	down.Store(true)
	db := Check{"database", func(context.Context) error {
		pings.Add(1)
		if down.Load() {
			return errors.New("gone")
		}
		return nil
	}}
	h := New(slog.New(slog.NewTextHandler(io.Discard, nil)), db)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	h.now = func() time.Time { return now }
	for range 20 {
		if code, body := get(h.Ready); code != 503 || body != `{"status":"unavailable","failed":["database"]}`+"\n" {
			t.Fatalf("down: %d %s", code, body)
		}
	}
	down.Store(false)
	now = now.Add(time.Second)
	if code, _ := get(h.Ready); code != 200 || pings.Load() != 2 {
		t.Fatalf("recovered: %d after %d pings, want 200 after 2", code, pings.Load())
	}
	// Draining answers at once, whatever was kept.
	h.Drain()
	if code, body := get(h.Ready); code != 503 || body != `{"status":"draining"}`+"\n" {
		t.Fatalf("draining: %d %s", code, body)
	}
}

// A client that goes away does not fail the check the others wait for.
func TestReadyCheckOutlivesItsClient(t *testing.T) {
	db := Check{"database", func(ctx context.Context) error { return ctx.Err() }}
	h := New(slog.New(slog.NewTextHandler(io.Discard, nil)), db)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	h.Ready(w, httptest.NewRequest("GET", "/readyz", nil).WithContext(ctx))
	if w.Code != 200 {
		t.Fatalf("a request whose client left got %d %s, and its failure would be kept for a second", w.Code, w.Body)
	}
}
