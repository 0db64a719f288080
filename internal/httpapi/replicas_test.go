package httpapi

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Several servers over one database behave as one. Each testEnv
// here is a replica: its own Server (its own limits in memory), the same
// store. (That an edit shows on every replica is contentversion's test.)

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
