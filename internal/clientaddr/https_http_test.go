package clientaddr_test

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sort"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/clientaddr"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// Whether a request came over HTTPS, as the site applies it: Secure cookies
// and HSTS only then, whether TLS is on our listener or on a proxy we trust.

// TestSessionCookieSecureOverHTTPS: the cookie is Secure when the client's
// connection is HTTPS — TLS on our listener, or a trusted proxy saying so —
// and not over plain HTTP, where a browser would drop a Secure cookie.
func TestSessionCookieSecureOverHTTPS(t *testing.T) {
	t.Parallel()
	st := sitetest.SQLite(t)
	sitetest.CreateAccount(t, st, "kari@example.no", "hemmelig", false)
	login := func(t *testing.T, url string, hc *http.Client, headers ...string) string {
		t.Helper()
		req, _ := http.NewRequest("POST", url+"/api/login", strings.NewReader(`{"username":"kari@example.no","password":"hemmelig"}`))
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		res, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("login: %d", res.StatusCode)
		}
		return strings.Join(res.Header.Values("Set-Cookie"), "\n")
	}
	handler := func(trusted ...netip.Prefix) http.Handler {
		return httpapi.New(httpapi.Deps{Config: config.Config{TrustedProxies: trusted}, Store: st, Log: sitetest.Quiet, Web: sitetest.Web}).Handler()
	}
	loopback := netip.MustParsePrefix("127.0.0.1/32")
	other := netip.MustParsePrefix("10.0.0.0/8")

	plain := httptest.NewServer(handler())
	defer plain.Close()
	viaProxy := httptest.NewServer(handler(loopback)) // the test client plays the proxy
	defer viaProxy.Close()
	notOurProxy := httptest.NewServer(handler(other))
	defer notOurProxy.Close()
	overTLS := httptest.NewTLSServer(handler())
	defer overTLS.Close()
	tlsClient := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}

	cases := []struct {
		name   string
		cookie string
		secure bool
	}{
		{"plain HTTP", login(t, plain.URL, http.DefaultClient), false},
		{"X-Forwarded-Proto from an untrusted peer", login(t, plain.URL, http.DefaultClient, "X-Forwarded-Proto", "https"), false},
		{"X-Forwarded-Proto from a peer outside the trusted list", login(t, notOurProxy.URL, http.DefaultClient, "X-Forwarded-Proto", "https"), false},
		{"trusted proxy, plain HTTP to it", login(t, viaProxy.URL, http.DefaultClient, "X-Forwarded-Proto", "http"), false},
		{"trusted proxy, HTTPS to it", login(t, viaProxy.URL, http.DefaultClient, "X-Forwarded-Proto", "https"), true},
		{"TLS on our listener", login(t, overTLS.URL, tlsClient), true},
	}
	for _, c := range cases {
		// The signed-in hint and the device cookie follow the same Secure rule
		// as the session cookie.
		cookies := strings.Split(c.cookie, "\n")
		sort.Strings(cookies) // ugcfolio_device=, ugcfolio_session=, ugcfolio_signed_in=
		if len(cookies) != 3 || !strings.HasPrefix(cookies[0], "ugcfolio_device=") || !strings.HasPrefix(cookies[2], "ugcfolio_signed_in=1;") {
			t.Errorf("%s: want the device cookie, the session cookie and the hint: %q", c.name, cookies)
			continue
		}
		if got := clientaddr.HasCookieAttr(cookies[2], "Secure"); got != c.secure {
			t.Errorf("%s: hint Secure = %v, want %v (%s)", c.name, got, c.secure, cookies[2])
		}
		device := cookies[0]
		if clientaddr.HasCookieAttr(device, "Secure") != c.secure || !clientaddr.HasCookieAttr(device, "HttpOnly") ||
			!clientaddr.HasCookieAttr(device, "SameSite=Strict") || !clientaddr.HasCookieAttr(device, "Path=/api/login") {
			t.Errorf("%s: device cookie attributes: %s", c.name, device)
		}
		c.cookie = cookies[1]
		if !strings.HasPrefix(c.cookie, "ugcfolio_session=") {
			t.Errorf("%s: no session cookie: %q", c.name, c.cookie)
			continue
		}
		if got := clientaddr.HasCookieAttr(c.cookie, "Secure"); got != c.secure {
			t.Errorf("%s: Secure = %v, want %v (%s)", c.name, got, c.secure, c.cookie)
		}
		if !clientaddr.HasCookieAttr(c.cookie, "HttpOnly") || !clientaddr.HasCookieAttr(c.cookie, "SameSite=Lax") {
			t.Errorf("%s: cookie lost its attributes: %s", c.name, c.cookie)
		}
	}

	// Logout's expiring cookie is marked too, or the browser would keep the old one.
	c := &http.Client{}
	req, _ := http.NewRequest("POST", viaProxy.URL+"/api/logout", nil)
	req.Header.Set("X-Forwarded-Proto", "https")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	got := res.Header.Values("Set-Cookie")
	sort.Strings(got)
	if len(got) != 2 || !strings.HasPrefix(got[0], "ugcfolio_session=;") || !clientaddr.HasCookieAttr(got[0], "Secure") ||
		!strings.HasPrefix(got[1], "ugcfolio_signed_in=;") || !clientaddr.HasCookieAttr(got[1], "Secure") {
		t.Errorf("logout over HTTPS: Set-Cookie %q", got)
	}
}

// HSTS goes out exactly when the request reached us over HTTPS
// (TLS on our listener, or a trusted proxy saying so), never over plain
// HTTP, where it would lock a local or test site out.
func TestHSTSOverHTTPSOnly(t *testing.T) {
	t.Parallel()
	st := sitetest.SQLite(t)
	handler := func(trusted ...netip.Prefix) http.Handler {
		return httpapi.New(httpapi.Deps{Config: config.Config{TrustedProxies: trusted}, Store: st, Log: sitetest.Quiet, Web: sitetest.Web}).Handler()
	}
	plain := httptest.NewServer(handler())
	defer plain.Close()
	viaProxy := httptest.NewServer(handler(netip.MustParsePrefix("127.0.0.1/32")))
	defer viaProxy.Close()
	overTLS := httptest.NewTLSServer(handler())
	defer overTLS.Close()
	tlsClient := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}

	hsts := func(hc *http.Client, url, proto string) string {
		req, _ := http.NewRequest("GET", url+"/api/portfolio/no", nil)
		if proto != "" {
			req.Header.Set("X-Forwarded-Proto", proto)
		}
		res, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Header.Get("Strict-Transport-Security")
	}
	for _, c := range []struct {
		name string
		got  string
		want string
	}{
		{"plain HTTP", hsts(http.DefaultClient, plain.URL, ""), ""},
		{"untrusted X-Forwarded-Proto", hsts(http.DefaultClient, plain.URL, "https"), ""},
		{"trusted proxy, plain HTTP", hsts(http.DefaultClient, viaProxy.URL, "http"), ""},
		{"trusted proxy, HTTPS", hsts(http.DefaultClient, viaProxy.URL, "https"), "max-age=63072000"},
		{"TLS on our listener", hsts(tlsClient, overTLS.URL, ""), "max-age=63072000"},
	} {
		if c.got != c.want {
			t.Errorf("%s: HSTS %q, want %q", c.name, c.got, c.want)
		}
	}
}
