package clientaddr

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientIP(t *testing.T) {
	proxy := Proxies{netip.MustParsePrefix("10.0.0.0/8")}
	cases := []struct {
		remote, xff string
		trusted     Proxies
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
		if got := c.trusted.Key(r); got != c.want {
			t.Errorf("%s via %q: %s, want %s", c.remote, c.xff, got, c.want)
		}
	}
}
