package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Issue 27: several servers over one database behave as one. Each testEnv
// here is a replica: its own Server (its own caches and limits in memory),
// the same store.

// onClock puts the replicas' shared limits on one fake clock: the tries of
// a test must not be regained while it runs (argon2 is slow under -race).
func onClock(clock *fakeClock, replicas ...*testEnv) {
	for _, e := range replicas {
		s := e.server
		for _, l := range []ratelimit.Limiter{s.limits.LoginByAddr, s.limits.LoginByUser, s.limits.Register, s.limits.Gate,
			s.contactLimit, s.analyticsLimit} {
			switch l := l.(type) {
			case *ratelimit.Shared:
				l.Now = clock.now
			case *ratelimit.Memory:
				l.Now = clock.now
			}
		}
	}
}

// on is the same browser (its cookies) talking to another replica: cookies
// are kept per host, not per port, so a session from one is sent to all.
func (c *client) on(e *testEnv) *client { return &client{e: e, http: c.http} }

// An admin's edit through one replica shows on the next request to another,
// whose caches (the visitor lists, the rendered home page) were warm.
func TestEditShowsOnEveryReplica(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, b := newHomeEnv(t, st, nil, nil), newHomeEnv(t, st, nil, nil)
		visitor := b.client()
		page := func() string { return visitor.do("GET", "/", nil).wantStatus(t, http.StatusOK).body }
		list := func(path string) string { return visitor.do("GET", path, nil).wantStatus(t, http.StatusOK).body }
		// Warm b's caches.
		if strings.Contains(page(), "Ny-video") || list("/api/portfolio/no") != "[]\n" || list("/api/testimonials/no") != "[]\n" {
			t.Fatal("a fresh site shows content")
		}

		admin := a.signedInAdmin(t)
		var item store.PortfolioItem
		admin.do("POST", "/api/admin/portfolio", map[string]any{"title": "Ny-video", "description": "d", "category": "product",
			"imageUrl": "https://cdn.example.no/poster.jpg", "language": "no", "isActive": true}).wantStatus(t, http.StatusCreated).json(t, &item)
		admin.do("POST", "/api/admin/testimonials", map[string]any{"name": "Ny-kunde", "company": "AS", "rating": 5,
			"testimonial": "Ny-omtale", "language": "no", "isActive": true}).wantStatus(t, http.StatusCreated)
		hero := strings.Replace(homeContent["no"]["hero"], "Hei fra lagret innhold", "Hei fra en annen replika", 1)
		admin.do("POST", "/api/admin/content", `{"section":"hero","language":"no","content":`+hero+`}`).wantStatus(t, http.StatusOK)

		if got := list("/api/portfolio/no"); !strings.Contains(got, "Ny-video") {
			t.Errorf("the other replica's list after the edit: %s", got)
		}
		if got := list("/api/testimonials/no"); !strings.Contains(got, "Ny-omtale") {
			t.Errorf("the other replica's testimonials after the edit: %s", got)
		}
		got := page()
		for _, want := range []string{"Ny-video", "Ny-kunde", "Hei fra en annen replika"} {
			if !strings.Contains(got, want) {
				t.Errorf("the other replica's home page lacks %q", want)
			}
		}

		// Hidden through b this time: a shows it gone at once.
		admin.on(b).do("PATCH", "/api/admin/portfolio/"+strconv.FormatInt(item.ID, 10), map[string]any{"isActive": false}).wantStatus(t, http.StatusOK)
		if got := a.client().do("GET", "/api/portfolio/no", nil).body; got != "[]\n" {
			t.Errorf("a hidden item still listed by the first replica: %s", got)
		}
		if strings.Contains(a.client().do("GET", "/", nil).body, "Ny-video") {
			t.Error("a hidden item still on the first replica's home page")
		}

		// A change no admin request made (a photo or video job finishing on a): b sees it too.
		list("/api/portfolio/no") // b's cache, at the version of the last edit
		if _, err := st.CreatePortfolioItem(context.Background(), store.PortfolioInput{Title: "Fra-jobben", Category: "product",
			ImageURL: "https://x/y.jpg", Language: "no", IsActive: true}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(list("/api/portfolio/no"), "Fra-jobben") {
			t.Fatal("the list was not served from the cache before the change was recorded")
		}
		a.server.publicCache.invalidate()
		if got := list("/api/portfolio/no"); !strings.Contains(got, "Fra-jobben") {
			t.Errorf("after a job's change on another replica: %s", got)
		}
	})
}

// The limits hold across replicas (the shipped limits, counted in the
// database): 30 wrong logins spread over three replicas are throttled as on
// one, and so are registrations, inquiries and gate attempts.
func TestLimitsHoldAcrossReplicas(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		gate := func(c *config.Config) { behindProxy(c); gateOn(c) }
		replicas := []*testEnv{newEnv(t, st, gate), newEnv(t, st, gate), newEnv(t, st, gate)}
		onClock(newFakeClock(), replicas...)
		createAccount(t, st, "kari@example.no", "hemmelig", false)
		from := func(addr string) []string { return []string{"X-Forwarded-For", addr} }
		at := func(i int) *client { return replicas[i%3].client() }

		// The account's own limit: 10 failures from its network, then 429 on every replica.
		statuses := make([]int, 0, 30)
		for i := range 30 {
			statuses = append(statuses, login(at(i), "kari@example.no", "feil-passord", "203.0.113.7").status)
		}
		if want := wantFirst(10, http.StatusUnauthorized, 30); !equalInts(statuses, want) {
			t.Fatalf("30 wrong logins over three replicas: %v", statuses)
		}
		// The address's own limit (20) counts those 10 and 10 more for other accounts.
		for i := range 10 {
			login(at(i), "nobody"+strconv.Itoa(i)+"@example.no", "feil-passord", "203.0.113.7").wantStatus(t, http.StatusUnauthorized)
		}
		for i := range 3 {
			wantRetryAfter(t, login(at(i), "someone@example.no", "feil-passord", "203.0.113.7"))
		}
		login(at(1), "kari@example.no", "hemmelig", "198.51.100.2").wantStatus(t, http.StatusOK)

		for i := range inquiries.Limit.Burst {
			at(i).do("POST", "/api/contact", validContact(), from("203.0.113.8")...).wantStatus(t, http.StatusCreated)
		}
		for i := range 3 {
			wantRetryAfter(t, at(i).do("POST", "/api/contact", validContact(), from("203.0.113.8")...))
		}

		for i := range 10 { // the gate's burst
			at(i).do("POST", "/api/site-access", map[string]string{"username": "preview", "password": "gjetting"}, from("203.0.113.9")...).
				wantStatus(t, http.StatusUnauthorized)
		}
		for i := range 3 {
			wantRetryAfter(t, at(i).do("POST", "/api/site-access", map[string]string{"username": "preview", "password": "sommer-2025"}, from("203.0.113.9")...))
		}

		for i := range 20 { // the registration burst
			at(i).do("POST", "/api/register", map[string]string{"username": "ny" + strconv.Itoa(i) + "@example.no", "password": "hemmelig"},
				from("203.0.113.10")...).wantStatus(t, http.StatusCreated)
		}
		wantRetryAfter(t, at(2).do("POST", "/api/register", map[string]string{"username": "en-til@example.no", "password": "hemmelig"}, from("203.0.113.10")...))
	})
}

// The beacon's limit is shared on PostgreSQL, where replicas are; on SQLite,
// one process's database, it counts in memory (no write per beacon).
func TestBeaconLimitAcrossReplicas(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		replicas := []*testEnv{newEnv(t, st, behindProxy), newEnv(t, st, behindProxy), newEnv(t, st, behindProxy)}
		onClock(newFakeClock(), replicas...)
		_, memory := replicas[0].server.analyticsLimit.(*ratelimit.Memory)
		if memory != (st.Dialect == store.SQLite) {
			t.Fatalf("the beacon's limit on %s is %T", st.Dialect, replicas[0].server.analyticsLimit)
		}
		if memory {
			return
		}
		beacon := func(i int) response {
			return replicas[i%3].client().do("POST", "/api/analytics/events", `{"events":[{"t":"section","id":"hero"}]}`,
				"X-Forwarded-For", "203.0.113.11")
		}
		for i := range analytics.BeaconRate.Burst {
			if r := beacon(i); r.status == http.StatusTooManyRequests {
				t.Fatalf("beacon %d of the burst refused", i+1)
			}
		}
		for i := range 3 {
			wantRetryAfter(t, beacon(i))
		}
	})
}

func wantFirst(n, status, total int) []int {
	out := make([]int, total)
	for i := range out {
		out[i] = http.StatusTooManyRequests
		if i < n {
			out[i] = status
		}
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
