package httpapi

import (
	"context"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/clientaddr"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

func TestRegisterLoginLogout(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		c := e.client()
		c.do("GET", "/api/user", nil).wantStatus(t, http.StatusUnauthorized)

		var u store.User
		c.do("POST", "/api/register", map[string]string{"username": "kari@example.no", "password": "hemmelig", "displayName": "Kari"}).
			wantStatus(t, http.StatusCreated).json(t, &u)
		if u.Username != "kari@example.no" || u.DisplayName != "Kari" || u.IsAdmin {
			t.Fatalf("registered %+v", u)
		}
		r := c.do("GET", "/api/user", nil).wantStatus(t, http.StatusOK)
		if strings.Contains(r.body, "password") || strings.Contains(r.body, "argon2") {
			t.Fatalf("user answer leaks the password: %s", r.body)
		}
		c.do("POST", "/api/logout", nil).wantStatus(t, http.StatusNoContent)
		c.do("GET", "/api/user", nil).wantStatus(t, http.StatusUnauthorized)

		c.do("POST", "/api/login", map[string]string{"username": "KARI@example.no", "password": "hemmelig"}).wantStatus(t, http.StatusOK)
		c.do("GET", "/api/user", nil).wantStatus(t, http.StatusOK)
	})
}

// TestSignedInHint: login and register set a readable hint cookie that lives
// as long as the session, logout clears it; it carries no secret.
func TestSignedInHint(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		hint := func(t *testing.T, r response) string {
			t.Helper()
			for _, c := range r.header.Values("Set-Cookie") {
				if strings.HasPrefix(c, "ugcfolio_signed_in=") {
					return c
				}
			}
			t.Fatalf("no ugcfolio_signed_in cookie in %q", r.header.Values("Set-Cookie"))
			return ""
		}
		wantSet := func(t *testing.T, c string) {
			t.Helper()
			for _, attr := range []string{"Path=/", "Max-Age=1209600", "SameSite=Lax"} {
				if !clientaddr.HasCookieAttr(c, attr) {
					t.Errorf("hint %q lacks %s", c, attr)
				}
			}
			if !strings.HasPrefix(c, "ugcfolio_signed_in=1;") || clientaddr.HasCookieAttr(c, "HttpOnly") || clientaddr.HasCookieAttr(c, "Secure") {
				t.Errorf("hint %q: want value 1, readable by scripts, not Secure over plain HTTP", c)
			}
		}
		c := e.client()
		wantSet(t, hint(t, c.do("POST", "/api/register", map[string]string{"username": "kari@example.no", "password": "hemmelig", "displayName": "Kari"}).wantStatus(t, http.StatusCreated)))
		cleared := hint(t, c.do("POST", "/api/logout", nil).wantStatus(t, http.StatusNoContent))
		if !strings.HasPrefix(cleared, "ugcfolio_signed_in=;") || !clientaddr.HasCookieAttr(cleared, "Max-Age=0") || !clientaddr.HasCookieAttr(cleared, "Path=/") {
			t.Errorf("logout: hint not cleared: %q", cleared)
		}
		wantSet(t, hint(t, c.do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": "hemmelig"}).wantStatus(t, http.StatusOK)))
		// A failed login says nothing about the hint.
		for _, v := range c.do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": "feil-passord"}).wantStatus(t, http.StatusUnauthorized).header.Values("Set-Cookie") {
			if strings.HasPrefix(v, "ugcfolio_signed_in=") {
				t.Errorf("failed login touched the hint: %q", v)
			}
		}
	})
}

func TestAccountRules(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		c := e.client()
		c.do("POST", "/api/register", map[string]string{"username": "kari@example.no", "password": "hemmelig"}).wantStatus(t, http.StatusCreated)
		cases := []struct {
			path   string
			body   any
			status int
			msg    string
		}{
			{"/api/register", map[string]any{"username": "ola@example.no", "password": "hemmelig", "isAdmin": true}, 400, `Unknown field "isAdmin"`},
			{"/api/register", map[string]string{"username": "ola", "password": "hemmelig"}, 400, auth.MsgInvalidEmail},
			{"/api/register", map[string]string{"username": "ola@example.no", "password": "12345"}, 400, auth.MsgShortPassword},
			// Over 1,024 bytes is refused before any hashing.
			{"/api/register", map[string]string{"username": "ola@example.no", "password": strings.Repeat("x", 1025)}, 400, auth.MsgLongPassword},
			{"/api/login", map[string]string{"username": "kari@example.no", "password": strings.Repeat("ø", 513)}, 400, auth.MsgLongPassword},
			{"/api/login", map[string]string{"username": "kari@example.no", "password": "feil-passord"}, 401, "Invalid username or password"},
			{"/api/login", map[string]string{"username": "nobody@example.no", "password": "hemmelig"}, 401, "Invalid username or password"},
			{"/api/login", map[string]string{"username": "kari", "password": "hemmelig"}, 400, auth.MsgInvalidEmail},
		}
		for _, tc := range cases {
			e.client().do("POST", tc.path, tc.body).wantMessage(t, tc.status, tc.msg)
		}
	})
}

// An operator can close registration; existing accounts still log in.
func TestRegistrationClosedByConfiguration(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), func(c *config.Config) { c.Registration = config.RegistrationClosed })
	createAccount(t, e.store, "kari@example.no", testPassword, true)
	e.client().do("POST", "/api/register", map[string]string{"username": "ola@example.no", "password": "hemmelig", "displayName": "Ola"}).
		wantMessage(t, http.StatusForbidden, "Registration is closed")
	if _, err := e.store.UserByUsername(context.Background(), "ola@example.no"); err == nil {
		t.Fatal("an account was created while registration is closed")
	}
	e.client().do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": testPassword}).wantStatus(t, http.StatusOK)
}

func TestLoginRenewsSessionToken(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	c := e.client()
	c.do("POST", "/api/register", map[string]string{"username": "kari@example.no", "password": "hemmelig"})
	c.do("POST", "/api/logout", nil)
	sessionCookie := func(r response) string {
		for _, v := range r.header.Values("Set-Cookie") {
			if strings.HasPrefix(v, "ugcfolio_session=") {
				return v
			}
		}
		return ""
	}
	first := sessionCookie(c.do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": "hemmelig"}))
	second := sessionCookie(c.do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": "hemmelig"}))
	if first == "" || first == second {
		t.Fatalf("token not renewed on login: %q then %q", first, second)
	}
	for _, attr := range []string{"HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(first, attr) {
			t.Errorf("cookie lacks %s: %s", attr, first)
		}
	}
}

// Logout destroys the session on the server: the old cookie, replayed by
// someone who kept it, no longer logs in. A token from before login is
// worthless after it.
func TestOldSessionTokensStopWorking(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		sessionCookie := func(r response) string {
			for _, c := range (&http.Response{Header: r.header}).Cookies() {
				if c.Name == "ugcfolio_session" && c.Value != "" {
					return c.Value
				}
			}
			t.Fatalf("no session cookie in %v", r.header)
			return ""
		}
		replay := func(token string) int {
			return e.client().do("GET", "/api/user", nil, "Cookie", "ugcfolio_session="+token).status
		}

		c := e.client()
		registered := sessionCookie(c.do("POST", "/api/register", map[string]string{"username": "kari@example.no", "password": "hemmelig"}))
		if replay(registered) != http.StatusOK {
			t.Fatal("the fresh session does not work")
		}
		loggedIn := sessionCookie(c.do("POST", "/api/login", map[string]string{"username": "kari@example.no", "password": "hemmelig"}))
		if replay(registered) != http.StatusUnauthorized {
			t.Fatal("the token from before login still works")
		}
		c.do("POST", "/api/logout", nil).wantStatus(t, http.StatusNoContent)
		if replay(loggedIn) != http.StatusUnauthorized {
			t.Fatal("the session survives logout on the server")
		}
	})
}

// The janitor deletes expired session rows; live ones stay.
func TestJanitorDeletesExpiredSessions(t *testing.T) {
	t.Parallel()
	st := sqliteStore(t)
	ss := st.Sessions()
	if err := ss.Commit("expired", []byte("x"), time.Now().Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := ss.Commit("live", []byte("x"), time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	s := New(Deps{Store: st, Log: discardLog, Web: fs.FS(testWeb)})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.runJanitor(ctx, time.Hour); close(done) }()

	deadline := time.Now().Add(5 * time.Second)
	for {
		var tokens []string
		rows, err := st.DB.Query(`SELECT token FROM sessions ORDER BY token`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var tok string
			rows.Scan(&tok)
			tokens = append(tokens, tok)
		}
		rows.Close()
		if slices.Equal(tokens, []string{"live"}) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("sessions left: %v, want [live]", tokens)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
}

// A session unused for the idle time ends, though its absolute
// lifetime has not passed; each use starts the idle time again.
func TestSessionEndsAfterIdleTime(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := newFakeClock()
		e := newServerEnv(t, st, func(c *config.Config) { c.SessionIdle = 48 * time.Hour }, func(s *Server) { s.now = clock.now })
		createAccount(t, st, "kari@example.no", testPassword, true)
		c := e.loggedIn(t, "kari@example.no", testPassword)
		for range 3 { // used every 47 hours: still logged in after 141
			clock.advance(47 * time.Hour)
			c.do("GET", "/api/user", nil).wantStatus(t, http.StatusOK)
		}
		clock.advance(49 * time.Hour)
		c.do("GET", "/api/admin/contact", nil).wantStatus(t, http.StatusUnauthorized)
		clock.advance(-49 * time.Hour) // the session was destroyed, not just refused
		c.do("GET", "/api/user", nil).wantStatus(t, http.StatusUnauthorized)
	})
}
