package sitetest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/auth/authtest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Client is a browser: it keeps cookies between requests.
type Client struct {
	site *Site
	t    testing.TB // where Do reports; nil: the site's test
	HTTP *http.Client
}

// Client is a new visitor, with no session.
func (s *Site) Client() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{site: s, HTTP: &http.Client{Jar: jar}}
}

// For is c reporting its failures to t (a subtest's), with the same
// cookies.
func (c *Client) For(t testing.TB) *Client {
	cc := *c
	cc.t = t
	return &cc
}

// NoRedirects makes c answer a redirect as it is, instead of following it.
func (c *Client) NoRedirects() *Client {
	c.HTTP.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return c
}

// Response is what a test looks at.
type Response struct {
	Status int
	Header http.Header
	Body   string
}

// Do sends a request; body may be nil, a string (sent as is) or a value
// (sent as JSON), and either way is declared JSON unless a header says
// otherwise. Extra headers come in pairs ("Host" sets the request's host).
func (c *Client) Do(method, path string, body any, headers ...string) Response {
	t := c.site.T
	if c.t != nil {
		t = c.t
	}
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, c.site.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" { // Go's client sends req.Host, not the header
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return Response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

// JSON decodes the body into v, failing the test on error.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(r.Body), v); err != nil {
		t.Fatalf("decode %q: %v", r.Body, err)
	}
}

// WantStatus fails the test unless r has the status, showing the body.
func (r Response) WantStatus(t testing.TB, status int) Response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body %s", r.Status, status, r.Body)
	}
	return r
}

// WantMessage fails the test unless r is the status with {"message": msg}.
func (r Response) WantMessage(t testing.TB, status int, msg string) {
	t.Helper()
	r.WantStatus(t, status)
	var body struct{ Message string }
	r.JSON(t, &body)
	if body.Message != msg {
		t.Fatalf("message %q, want %q", body.Message, msg)
	}
}

// Password is the password of the accounts SignedIn creates.
const Password = "hemmelig"

// CreateAccount adds a user straight to the store (as `ugcfolio admin
// create` does).
func CreateAccount(t testing.TB, st *store.Store, username, password string, admin bool) {
	t.Helper()
	// A cheap hash the real sign-in checks (authtest): a real one costs half a second under -race.
	hash := authtest.Hash(password)
	if _, err := st.CreateUser(context.Background(), store.UserInput{Username: username, PasswordHash: hash, IsAdmin: admin}); err != nil {
		t.Fatal(err)
	}
}

// LoggedIn is a client with a session for username.
func (s *Site) LoggedIn(t testing.TB, username, password string) *Client {
	t.Helper()
	c := s.Client()
	c.Do("POST", "/api/login", map[string]string{"username": username, "password": password}).WantStatus(t, http.StatusOK)
	return c
}

// SignedIn creates an account straight in the store and answers a client
// logged in as it.
func (s *Site) SignedIn(t testing.TB, username string, admin bool) *Client {
	t.Helper()
	CreateAccount(t, s.Store, username, Password, admin)
	return s.LoggedIn(t, username, Password)
}

// SignedInAdmin is a client logged in as the admin admin@example.no.
func (s *Site) SignedInAdmin(t testing.TB) *Client {
	t.Helper()
	return s.SignedIn(t, "admin@example.no", true)
}

// Visitor is a client signed in as visitor@example.no, an account that is
// not an admin.
func (s *Site) Visitor(t testing.TB) *Client {
	t.Helper()
	return s.SignedIn(t, "visitor@example.no", false)
}

// Titles is the list at path as c gets it: each item's title (portfolio
// items) or name (testimonials), in the list's order.
func (c *Client) Titles(t testing.TB, path string) []string {
	t.Helper()
	var list []struct {
		Title string `json:"title"`
		Name  string `json:"name"`
	}
	c.For(t).Do("GET", path, nil).WantStatus(t, http.StatusOK).JSON(t, &list)
	out := []string{}
	for _, it := range list {
		out = append(out, it.Title+it.Name)
	}
	return out
}

// On is the same browser (its cookies) talking to another site over the
// same database, a replica: cookies are kept per host, not per port, so a
// session from one is sent to all.
func (c *Client) On(s *Site) *Client {
	cc := *c
	cc.site = s
	return &cc
}
