package httpapi

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
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

func TestClientIP(t *testing.T) {
	proxy := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	cases := []struct {
		remote, xff string
		trusted     []netip.Prefix
		want        string
	}{
		{"203.0.113.5:1234", "", nil, "203.0.113.5"},
		{"203.0.113.5:1234", "198.51.100.1", nil, "203.0.113.5"},                    // no proxy trusted: header ignored
		{"203.0.113.5:1234", "198.51.100.1", proxy, "203.0.113.5"},                  // peer is not the proxy
		{"10.0.0.2:1234", "198.51.100.1", proxy, "198.51.100.1"},                    // via the proxy
		{"10.0.0.2:1234", "6.6.6.6, 198.51.100.1, 10.0.0.9", proxy, "198.51.100.1"}, // a spoofed first hop is ignored
		{"10.0.0.2:1234", "garbage", proxy, "10.0.0.2"},
		{"[::ffff:10.0.0.2]:1234", "198.51.100.1", proxy, "198.51.100.1"},
		// An IPv6 client is its /64, wherever in it the request comes from.
		{"[2001:db8:1:2:aaaa::1]:1234", "", nil, "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:bbbb::7]:1234", "", nil, "2001:db8:1:2::/64"},
		{"10.0.0.2:1234", "2001:db8:9:9::5", proxy, "2001:db8:9:9::/64"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := rateLimitKey(r, c.trusted); got != c.want {
			t.Errorf("%s via %q: %s, want %s", c.remote, c.xff, got, c.want)
		}
	}
}
