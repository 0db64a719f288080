package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The window of the tight test limits; tests wait it out on a fake clock.
const testWindow = time.Minute

// fakeClock is the limiters' time in tests: it moves only when told.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)} }

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func limiterOn(clock *fakeClock, burst int) *ratelimit.Memory {
	l := ratelimit.NewMemory(ratelimit.Rate{Every: testWindow, Burst: burst})
	l.Now = clock.now
	return l
}

// behindProxy makes the test client a trusted proxy, so X-Forwarded-For
// chooses the client address each request comes from.
func behindProxy(c *config.Config) {
	c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
}

// tightLimits gives every auth limit the burst, on the clock.
func tightLimits(clock *fakeClock, burst int) func(*Server) {
	return func(s *Server) {
		s.limits = ratelimit.Auth{
			LoginByAddr: limiterOn(clock, burst),
			LoginByUser: limiterOn(clock, burst),
			Register:    limiterOn(clock, burst),
			Gate:        limiterOn(clock, burst),
		}
	}
}

func login(c *client, username, password, from string) response {
	return c.do("POST", "/api/login", map[string]string{"username": username, "password": password}, "X-Forwarded-For", from)
}

func wantRetryAfter(t *testing.T, r response) {
	t.Helper()
	r.wantMessage(t, http.StatusTooManyRequests, "Too many requests, please try again later")
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s < 1 || s > 60 {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
}

func TestLoginThrottledPerAddress(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := newFakeClock()
		e := newServerEnv(t, st, behindProxy, tightLimits(clock, 3))
		createAccount(t, st, "kari@example.no", "hemmelig", false)
		c := e.client()
		// Three failures from one address, each for a different account.
		for _, u := range []string{"a@example.no", "b@example.no", "kari@example.no"} {
			login(c, u, "feil-passord", "203.0.113.7").wantStatus(t, http.StatusUnauthorized)
		}
		// Now even the right password is refused from that address…
		wantRetryAfter(t, login(c, "kari@example.no", "hemmelig", "203.0.113.7"))
		// …but not from another one.
		login(e.client(), "kari@example.no", "hemmelig", "198.51.100.2").wantStatus(t, http.StatusOK)
		// Just before the window passes it is still refused, then it works again.
		clock.advance(testWindow - time.Second)
		r := login(c, "kari@example.no", "hemmelig", "203.0.113.7")
		wantRetryAfter(t, r)
		if got := r.header.Get("Retry-After"); got != "1" {
			t.Errorf("Retry-After %s a second before the window ends", got)
		}
		clock.advance(time.Second)
		login(c, "kari@example.no", "hemmelig", "203.0.113.7").wantStatus(t, http.StatusOK)
		c.do("GET", "/api/user", nil).wantStatus(t, http.StatusOK)
	})
}

// Failures count per username within the client's network: a guesser
// spreading over addresses of one network (and varying the case) is
// stopped, while the owner on another network still gets in (a count
// across all addresses let anyone lock her out of a new browser).
func TestLoginThrottledPerUsername(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := newFakeClock()
		e := newServerEnv(t, st, behindProxy, func(s *Server) {
			tightLimits(clock, 3)(s)
			s.limits.LoginByAddr = limiterOn(clock, 100) // only the username limit bites
		})
		createAccount(t, st, "kari@example.no", "hemmelig", false)
		createAccount(t, st, "ola@example.no", "hemmelig", false)
		for i, u := range []string{"kari@example.no", "KARI@example.no", "Kari@Example.No"} {
			login(e.client(), u, "feil-passord", "203.0.113."+strconv.Itoa(i+1)).wantStatus(t, http.StatusUnauthorized)
		}
		wantRetryAfter(t, login(e.client(), "kari@example.no", "hemmelig", "203.0.113.200"))
		// The owner on her own network is not kept out, nor is another account.
		login(e.client(), "kari@example.no", "hemmelig", "198.51.100.9").wantStatus(t, http.StatusOK)
		login(e.client(), "ola@example.no", "hemmelig", "203.0.113.200").wantStatus(t, http.StatusOK)
		// IPv6 guessers count per /48.
		for i := range 3 {
			login(e.client(), "ola@example.no", "feil-passord", fmt.Sprintf("2001:db8:1:%x::1", i)).wantStatus(t, http.StatusUnauthorized)
		}
		wantRetryAfter(t, login(e.client(), "ola@example.no", "hemmelig", "2001:db8:1:ffff::9"))
		login(e.client(), "ola@example.no", "hemmelig", "2001:db8:2::9").wantStatus(t, http.StatusOK)
		clock.advance(testWindow)
		login(e.client(), "kari@example.no", "hemmelig", "203.0.113.200").wantStatus(t, http.StatusOK)
	})
}

func TestSuccessfulLoginsDoNotCount(t *testing.T) {
	t.Parallel()
	st := sqliteStore(t)
	clock := newFakeClock()
	e := newServerEnv(t, st, nil, tightLimits(clock, 2))
	createAccount(t, st, "kari@example.no", "hemmelig", false)
	c := e.client()
	for i := range 6 {
		if r := login(c, "kari@example.no", "hemmelig", ""); r.status != http.StatusOK {
			t.Fatalf("login %d: %d %s", i+1, r.status, r.body)
		}
	}
	// Nor do requests refused before the password is checked.
	for range 4 {
		login(c, "not-an-email", "hemmelig", "").wantStatus(t, http.StatusBadRequest)
	}
	login(c, "kari@example.no", "feil-passord", "").wantStatus(t, http.StatusUnauthorized)
	login(c, "kari@example.no", "hemmelig", "").wantStatus(t, http.StatusOK)
}

// TestLoginDefaultLimits: with the shipped limits a person may get the
// password wrong 10 times in a row without being blocked; the 11th attempt
// for that account is refused for a minute.
func TestLoginDefaultLimits(t *testing.T) {
	t.Parallel()
	st := sqliteStore(t)
	e := newEnv(t, st, nil)
	createAccount(t, st, "kari@example.no", "hemmelig", false)
	c := e.client()
	for i := range 10 {
		if r := login(c, "kari@example.no", "feil-passord", ""); r.status != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d %s", i+1, r.status, r.body)
		}
	}
	r := login(c, "kari@example.no", "hemmelig", "")
	wantRetryAfter(t, r)
	// About a minute (less the time the ten slow password checks took).
	if got, _ := strconv.Atoi(r.header.Get("Retry-After")); got < 40 || got > 60 {
		t.Errorf("Retry-After %d, want about 60", got)
	}
	// The burst of every shipped limit: ratelimit.TestShippedAuthBursts.
}

func TestRegisterRateLimited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := newFakeClock()
		e := newServerEnv(t, st, behindProxy, tightLimits(clock, 2))
		register := func(username, from string) response {
			return e.client().do("POST", "/api/register", map[string]string{"username": username, "password": "hemmelig"}, "X-Forwarded-For", from)
		}
		register("a@example.no", "203.0.113.7").wantStatus(t, http.StatusCreated)
		register("bad", "203.0.113.7").wantStatus(t, http.StatusBadRequest) // every attempt counts
		wantRetryAfter(t, register("c@example.no", "203.0.113.7"))
		register("d@example.no", "198.51.100.2").wantStatus(t, http.StatusCreated)
		clock.advance(testWindow)
		register("c@example.no", "203.0.113.7").wantStatus(t, http.StatusCreated)
	})
}

func TestCrossOriginLoginRefused(t *testing.T) {
	t.Parallel()
	st := sqliteStore(t)
	e := newEnv(t, st, nil)
	createAccount(t, st, "kari@example.no", "hemmelig", false)
	body := map[string]string{"username": "kari@example.no", "password": "hemmelig"}
	for _, headers := range [][]string{
		{"Origin", "https://evil.example"},
		{"Sec-Fetch-Site", "cross-site"},
	} {
		c := e.client()
		r := c.do("POST", "/api/login", body, headers...)
		r.wantMessage(t, http.StatusForbidden, "Cross-origin request refused")
		if r.header.Get("Set-Cookie") != "" {
			t.Errorf("%v: a refused login set a cookie", headers)
		}
		c.do("GET", "/api/user", nil).wantStatus(t, http.StatusUnauthorized)
	}
	// The same login from our own page works.
	e.client().do("POST", "/api/login", body, "Sec-Fetch-Site", "same-origin").wantStatus(t, http.StatusOK)
}

// Wrong guesses from the owner's own network use up the account's limit
// there, but a browser that has logged in to that account before (it holds
// the device cookie) still gets in: nobody can lock the owner out. The cookie
// opens no other account and is worthless once tampered with.
func TestTrustedDeviceLogsInDuringALockout(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := newFakeClock()
		e := newServerEnv(t, st, behindProxy, func(s *Server) {
			tightLimits(clock, 3)(s)
			s.limits.LoginByAddr = limiterOn(clock, 100) // only the username limit bites
			s.now = clock.now
		})
		createAccount(t, st, "kari@example.no", "hemmelig", false)
		createAccount(t, st, "ola@example.no", "hemmelig", false)
		owner, olasBrowser := e.client(), e.client()
		login(owner, "kari@example.no", "hemmelig", "198.51.100.9").wantStatus(t, http.StatusOK)
		login(olasBrowser, "ola@example.no", "hemmelig", "198.51.100.7").wantStatus(t, http.StatusOK)

		for i := range 3 {
			login(e.client(), "kari@example.no", "feil-passord", "198.51.100."+strconv.Itoa(i+1)).wantStatus(t, http.StatusUnauthorized)
		}
		wantRetryAfter(t, login(e.client(), "kari@example.no", "hemmelig", "198.51.100.9")) // a new browser
		login(owner, "kari@example.no", "hemmelig", "198.51.100.9").wantStatus(t, http.StatusOK)
		login(owner, "kari@example.no", "feil-passord", "198.51.100.9").wantStatus(t, http.StatusUnauthorized)
		wantRetryAfter(t, login(olasBrowser, "kari@example.no", "hemmelig", "198.51.100.7"))

		forged := e.client()
		u, _ := url.Parse(e.url + "/api/login")
		forged.http.Jar.SetCookies(u, []*http.Cookie{{Name: deviceCookie, Value: strconv.FormatInt(clock.now().Unix(), 10) + ".forged", Path: "/api/login"}})
		wantRetryAfter(t, login(forged, "kari@example.no", "hemmelig", "198.51.100.8"))
	})
}

// A rate limit's error is answered 429 with Retry-After in whole seconds.
func TestRateLimitedAnswer(t *testing.T) {
	t.Parallel()
	l := ratelimit.NewMemory(ratelimit.Rate{Every: time.Minute, Burst: 10})
	var err error
	for range 11 {
		_, err = l.Attempt(context.Background(), "1.2.3.4")
	}
	w := httptest.NewRecorder()
	writeError(w, httptest.NewRequest("POST", "/", nil), discardLog, err)
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "60" {
		t.Fatalf("answer %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
}
