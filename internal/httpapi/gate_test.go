package httpapi

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

func gateOn(c *config.Config) {
	c.GateUsername = "preview"
	c.GatePassword = "sommer-2025"
}

func TestSiteSaysWhetherTheGateIsOn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tweak func(*config.Config)
		want  string
	}{
		{nil, `{"gate":false}`},
		{gateOn, `{"gate":true}`},
	} {
		e := newEnv(t, sqliteStore(t), tc.tweak)
		r := e.client().do("GET", "/api/site", nil).wantStatus(t, http.StatusOK)
		if strings.TrimSpace(r.body) != tc.want {
			t.Errorf("body %s, want %s", r.body, tc.want)
		}
		if strings.Contains(r.body, "preview") || strings.Contains(r.body, "sommer") {
			t.Errorf("the gate credentials leak: %s", r.body)
		}
	}
}

func TestSiteAccess(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), gateOn)
	cases := []struct {
		name   string
		body   any
		status int
		msg    string
	}{
		{"right", map[string]string{"username": "preview", "password": "sommer-2025"}, 204, ""},
		{"wrong password", map[string]string{"username": "preview", "password": "sommer-2024"}, 401, "Wrong username or password"},
		{"wrong username", map[string]string{"username": "Preview", "password": "sommer-2025"}, 401, "Wrong username or password"},
		{"swapped", map[string]string{"username": "sommer-2025", "password": "preview"}, 401, "Wrong username or password"},
		{"password as prefix", map[string]string{"username": "preview", "password": "sommer"}, 401, "Wrong username or password"},
		{"empty password", map[string]string{"username": "preview", "password": ""}, 400, "Username and password are required"},
		{"missing username", map[string]string{"password": "sommer-2025"}, 400, "Username and password are required"},
		{"unknown field", map[string]any{"username": "preview", "password": "sommer-2025", "remember": true}, 400, `Unknown field "remember"`},
		{"not JSON", "username=preview", 400, "Request body is not valid JSON"},
	}
	for _, tc := range cases {
		r := e.client().do("POST", "/api/site-access", tc.body)
		if tc.status == 204 {
			r.wantStatus(t, 204)
			continue
		}
		r.wantMessage(t, tc.status, tc.msg)
	}
}

func TestSiteAccessWhenGateOff(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	e.client().do("POST", "/api/site-access", map[string]string{"username": "anyone", "password": "anything"}).wantStatus(t, http.StatusNoContent)
	e.client().do("POST", "/api/site-access", map[string]string{}).wantStatus(t, http.StatusNoContent)
}

func TestSiteAccessRateLimited(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e := newServerEnv(t, sqliteStore(t), func(c *config.Config) { gateOn(c); behindProxy(c) }, tightLimits(clock, 3))
	try := func(password, from string) response {
		return e.client().do("POST", "/api/site-access", map[string]string{"username": "preview", "password": password}, "X-Forwarded-For", from)
	}
	// Successes do not count against the address.
	for range 5 {
		try("sommer-2025", "203.0.113.7").wantStatus(t, http.StatusNoContent)
	}
	for range 3 {
		try("gjetting", "203.0.113.7").wantStatus(t, http.StatusUnauthorized)
	}
	wantRetryAfter(t, try("sommer-2025", "203.0.113.7"))
	try("sommer-2025", "198.51.100.2").wantStatus(t, http.StatusNoContent)
	clock.advance(testWindow)
	try("sommer-2025", "203.0.113.7").wantStatus(t, http.StatusNoContent)
}

func TestGateMatches(t *testing.T) {
	t.Parallel()
	if !gateMatches("sommer-2025", "sommer-2025") {
		t.Error("equal strings do not match")
	}
	for _, g := range []string{"", "sommer-202", "sommer-20255", "Sommer-2025"} {
		if gateMatches(g, "sommer-2025") {
			t.Errorf("%q matches", g)
		}
	}
}

// While the gate is on, stored content reaches only a browser with
// the signed, HttpOnly pass that POST /api/site-access sets, or an admin;
// pages carry noindex. A forged or foreign pass opens nothing.
func TestGateProtectsContentOnTheServer(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, gateOn)
		gated := []string{"/api/content/no", "/api/content/hero/en", "/api/portfolio/no", "/api/testimonials/en",
			"/sitemap.xml", "/uploads/abcdef123456.mp4", "/media/abcdef123456.webp", "/api/video-proxy?url=/uploads/abcdef123456.mp4",
			"/api//portfolio/no", "/x/../api/testimonials/no", "/api/client-logos"}
		stranger := e.client()
		for _, p := range gated {
			stranger.do("GET", p, nil).wantMessage(t, http.StatusUnauthorized, "This site is not open yet")
		}
		home := stranger.do("GET", "/", nil).wantStatus(t, http.StatusOK)
		if home.header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("home page without noindex: %v", home.header)
		}
		stranger.do("GET", "/api/site", nil).wantStatus(t, http.StatusOK) // what the app needs to show the gate

		forged := e.client()
		forged.do("GET", "/api/portfolio/no", nil, "Cookie", gatePassCookie+"=9999999999.00ff").wantStatus(t, http.StatusUnauthorized)
		other := newEnv(t, sqliteStore(t), func(c *config.Config) { c.GateUsername, c.GatePassword = "preview", "another-password" })
		foreign := other.client()
		foreign.do("POST", "/api/site-access", map[string]string{"username": "preview", "password": "another-password"}).wantStatus(t, 204)
		var pass string
		u, _ := url.Parse(other.url)
		for _, c := range foreign.http.Jar.Cookies(u) {
			if c.Name == gatePassCookie {
				pass = c.Value
			}
		}
		e.client().do("GET", "/api/portfolio/no", nil, "Cookie", gatePassCookie+"="+pass).wantStatus(t, http.StatusUnauthorized)

		visitor := e.client()
		r := visitor.do("POST", "/api/site-access", map[string]string{"username": "preview", "password": "sommer-2025"}).wantStatus(t, 204)
		if c := r.header.Get("Set-Cookie"); !strings.Contains(c, gatePassCookie+"=") || !strings.Contains(c, "HttpOnly") {
			t.Fatalf("no HttpOnly pass: %q", c)
		}
		visitor.do("GET", "/api/portfolio/no", nil).wantStatus(t, http.StatusOK)
		visitor.do("GET", "/sitemap.xml", nil).wantStatus(t, http.StatusOK)
		visitor.do("GET", "/uploads/abcdef123456.mp4", nil).wantStatus(t, http.StatusNotFound) // past the gate: just missing
		if r := visitor.do("GET", "/", nil); r.header.Get("X-Robots-Tag") != "" {
			t.Errorf("a visitor with the pass gets noindex")
		}

		admin := e.signedInAdmin(t) // a session only: the API lets the admin through
		admin.do("GET", "/api/portfolio/no", nil).wantStatus(t, http.StatusOK)
		admin.do("GET", "/api/user", nil).wantStatus(t, http.StatusOK) // and hands the admin a pass for media
		admin.do("GET", "/uploads/abcdef123456.mp4", nil).wantStatus(t, http.StatusNotFound)
	})
}

// Without the gate nothing changes: no pass is needed or given.
func TestNoGateNoPass(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	c := e.client()
	c.do("GET", "/api/portfolio/no", nil).wantStatus(t, http.StatusOK)
	if r := c.do("POST", "/api/site-access", map[string]string{"username": "a", "password": "b"}); strings.Contains(r.header.Get("Set-Cookie"), gatePassCookie) {
		t.Fatal("a pass without a gate")
	}
}
