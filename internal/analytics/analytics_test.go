package analytics

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

const chromeUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

// fixture is a Service over a fresh store with a clock the test moves.
type fixture struct {
	t   *testing.T
	st  *store.Store
	s   *Service
	now time.Time
}

func newFixture(t *testing.T, st *store.Store, cfg config.AnalyticsConfig, queue int) *fixture {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f := &fixture{t: t, st: st, now: time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)}
	f.s = New(Deps{Config: cfg, Store: st, Jobs: jobs.New(st, log), Log: log, SiteURL: "https://ugc.example",
		ClientAddr: func(r *http.Request) string { return r.RemoteAddr },
		IsAdmin:    func(r *http.Request) bool { return r.Header.Get("X-Test-Admin") == "yes" },
		QueueSize:  queue})
	f.s.SetClock(func() time.Time { return f.now })
	t.Cleanup(f.s.Close)
	return f
}

// request is a visitor's request from addr with a browser's User-Agent.
func request(method, target, addr string) *http.Request {
	r := httptest.NewRequest(method, target, nil)
	r.RemoteAddr = addr
	r.Header.Set("User-Agent", chromeUA)
	return r
}

func (f *fixture) beacon(r *http.Request, body string) {
	f.t.Helper()
	evs, err := ParseBeacon([]byte(body))
	if err != nil {
		f.t.Fatalf("beacon %s: %v", body, err)
	}
	if _, err := f.s.Accept(r, evs); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) rollup() {
	f.t.Helper()
	f.s.Flush()
	if err := f.s.Rollup(context.Background()); err != nil {
		f.t.Fatalf("rollup: %v", err)
	}
}

func (f *fixture) count(query string, args ...any) int {
	f.t.Helper()
	var n int
	if err := f.st.DB.QueryRow(f.st.Rebind(query), args...).Scan(&n); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestIsBot(t *testing.T) {
	cases := []struct {
		ua  string
		bot bool
	}{
		{"", true},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true},
		{"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true},
		{"curl/8.5.0", true},
		{"python-requests/2.31", true},
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36", true},
		{chromeUA, false},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", false},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", false},
		// The look-behind and look-ahead patterns of isbot's list:
		{"Mozilla/5.0 (Linux; Android 9; CUBOT_X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0 Mobile Safari/537.36", false},
		{"Mozilla/5.0 (Linux; Android 14; Google Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36", false},
		{"Mozilla/5.0 (compatible; SomeBot/1.0)", true},
		{"Mozilla/5.0 (compatible; Google-InspectionTool/1.0)", true},
	}
	for _, tc := range cases {
		if got := IsBot(tc.ua); got != tc.bot {
			t.Errorf("IsBot(%q) = %v, want %v", tc.ua, got, tc.bot)
		}
	}
}

func TestCountryOf(t *testing.T) {
	for tz, want := range map[string]string{"Europe/Oslo": "NO", "Europe/Stockholm": "SE", "America/New_York": "US",
		"Asia/Tokyo": "JP", "UTC": "", "Etc/GMT+1": "", "Mars/Base": ""} {
		if got := countryOf(tz); got != want {
			t.Errorf("countryOf(%q) = %q, want %q", tz, got, want)
		}
	}
}

func TestParseBeaconAcceptsEveryKind(t *testing.T) {
	body := `{"events":[{"t":"view","path":"/en","lang":"en","screen":"phone","tz":"Europe/Oslo"},
		{"t":"section","id":"pricing"},{"t":"play","item":3},{"t":"progress","item":3,"pct":75},
		{"t":"click","target":"package-2"},{"t":"form","step":"started"},{"t":"time","sec":42}]}`
	evs, err := ParseBeacon([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	want := []Event{{Kind: "view", Path: "/en", Lang: "en", Screen: "phone", Country: "NO"}, {Kind: "section", Target: "pricing"},
		{Kind: "play", Item: 3}, {Kind: "progress", Item: 3, Value: 75}, {Kind: "click", Target: "package-2"},
		{Kind: "form", Target: "started"}, {Kind: "time", Value: 42}}
	if len(evs) != len(want) {
		t.Fatalf("got %d events, want %d", len(evs), len(want))
	}
	for i := range want {
		if evs[i] != want[i] {
			t.Errorf("event %d = %+v, want %+v", i, evs[i], want[i])
		}
	}
}

func TestExclusionsCountNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		cases := []struct {
			name  string
			tweak func(r *http.Request)
			off   bool
		}{
			{"bot", func(r *http.Request) { r.Header.Set("User-Agent", "Googlebot/2.1 (+http://www.google.com/bot.html)") }, false},
			{"GPC", func(r *http.Request) { r.Header.Set("Sec-GPC", "1") }, false},
			{"prefetch", func(r *http.Request) { r.Header.Set("Sec-Purpose", "prefetch;prerender") }, false},
			{"legacy prefetch", func(r *http.Request) { r.Header.Set("Purpose", "prefetch") }, false},
			{"admin", func(r *http.Request) {
				r.Header.Set("X-Test-Admin", "yes")
				r.AddCookie(&http.Cookie{Name: signedInHint, Value: "1"})
			}, false},
			{"analytics off", func(r *http.Request) {}, true},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				f := newFixture(t, st, config.AnalyticsConfig{Off: tc.off}, 0)
				before := f.count(`SELECT COUNT(*) FROM analytics_events`)
				r := request("GET", "/", "192.0.2.1")
				tc.tweak(r)
				f.s.PageView(r, "no")
				evs, _ := ParseBeacon([]byte(`{"events":[{"t":"section","id":"hero"}]}`))
				if counted, err := f.s.Accept(r, evs); counted || err != nil {
					t.Fatalf("Accept = %v, %v; want not counted", counted, err)
				}
				f.s.Flush()
				if n := f.count(`SELECT COUNT(*) FROM analytics_events`); n != before {
					t.Fatalf("%d events stored, want none", n-before)
				}
			})
		}
		// The hint cookie alone (a visitor whose session is not an admin's) counts.
		f := newFixture(t, st, config.AnalyticsConfig{}, 0)
		r := request("GET", "/", "192.0.2.1")
		r.AddCookie(&http.Cookie{Name: signedInHint, Value: "1"})
		f.s.PageView(r, "no")
		f.s.Flush()
		if n := f.count(`SELECT COUNT(*) FROM analytics_events`); n != 1 {
			t.Fatalf("%d events stored, want 1", n)
		}
	})
}

func TestVisitorHashUsesDailySaltThenDestroysIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st, config.AnalyticsConfig{}, 0)
		ctx := context.Background()
		r := request("GET", "/", "192.0.2.7")
		day1, err := f.s.visitorHash(ctx, r, f.now)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := f.s.visitorHash(ctx, r, f.now.Add(time.Hour))
		other, _ := f.s.visitorHash(ctx, request("GET", "/", "192.0.2.8"), f.now)
		if day1 != again || day1 == other || len(day1) != 32 {
			t.Fatalf("same visitor same day %q/%q, other visitor %q", day1, again, other)
		}
		var salt1 string
		st.DB.QueryRow(st.Rebind(`SELECT salt FROM analytics_salts WHERE day = ?`), "2025-03-10").Scan(&salt1)
		f.now = f.now.Add(24 * time.Hour)
		day2, _ := f.s.visitorHash(ctx, r, f.now)
		if day2 == day1 {
			t.Fatal("the visitor hash did not change with the day's salt")
		}
		if n := f.count(`SELECT COUNT(*) FROM analytics_salts WHERE day = ?`, "2025-03-10"); n != 0 || salt1 == "" {
			t.Fatalf("yesterday's salt %q: %d rows left, want it destroyed", salt1, n)
		}
		if n := f.count(`SELECT COUNT(*) FROM analytics_salts`); n != 1 {
			t.Fatalf("%d salts stored, want today's only", n)
		}
	})
}

func TestQueueFullDropsAndCounts(t *testing.T) {
	f := newFixture(t, storetest.SQLite(t), config.AnalyticsConfig{}, 3)
	f.s.Close() // no writer: the queue only fills
	for range 10 {
		f.s.PageView(request("GET", "/", "192.0.2.1"), "no")
	}
	if got := f.s.Dropped(); got != 7 {
		t.Fatalf("dropped %v events, want 7", got)
	}
	if got := counterValue(f.s.accepted); got != 3 {
		t.Fatalf("accepted %v events, want 3", got)
	}
}
