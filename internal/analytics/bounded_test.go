package analytics

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// A flood of page views, each with a source, campaign and referrer of its
// own (what a script sends for free), must not become a daily row each:
// the daily totals are kept for good, and the summary and the Analytics
// tab read them all.
func TestMadeUpSourcesStayBounded(t *testing.T) {
	// 250 times the sources a day keeps (topDimsPerDay): unbounded, they
	// would be 5,000 daily rows and a summary of some 175 KB, both refused
	// below. (50,000 took half a minute under -race and showed no more.)
	const views = 5_000
	// The day's rows: pageviews, lang, device and browser (one each here),
	// and the top sources and campaigns with their "(other)".
	const maxDailyRows = 4 + 2*(topDimsPerDay+1)
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st, config.AnalyticsConfig{}, views+10)
		for i := range views {
			// Each from an address of its own: a script with many addresses
			// (or many scripts) is not held back by the limit per address.
			r := request("GET", fmt.Sprintf("/?utm_source=src-%d&utm_campaign=camp-%d", i, i),
				fmt.Sprintf("10.%d.%d.%d:1234", i>>16&255, i>>8&255, i&255))
			r.Header.Set("Referer", fmt.Sprintf("https://host-%d.example/", i))
			f.s.PageView(r, "no")
		}
		// Ten real visitors from a newsletter: a source that stays in the top.
		for i := range 10 {
			f.s.PageView(request("GET", "/?utm_source=newsletter", fmt.Sprintf("192.0.2.%d:1", i)), "no")
		}
		f.rollup()
		rows := f.count(`SELECT COUNT(*) FROM analytics_daily WHERE day = ?`, "2025-03-10")
		rg, err := f.s.ParseRange("2025-03-10", "2025-03-10")
		if err != nil {
			t.Fatal(err)
		}
		sum, err := f.s.Summary(context.Background(), rg)
		if err != nil {
			t.Fatal(err)
		}
		body, err := json.Marshal(sum)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d page views with distinct sources: %d daily rows, summary %d bytes", views, rows, len(body))
		if rows > maxDailyRows {
			t.Errorf("%d daily rows for the day, want at most %d", rows, maxDailyRows)
		}
		if len(body) >= 100_000 {
			t.Errorf("summary JSON is %d bytes, want under 100 KB", len(body))
		}
		if sum.Pageviews != views+10 || sum.Visitors != views+10 {
			t.Errorf("summary counts %d visitors, %d page views; want %d of each", sum.Visitors, sum.Pageviews, views+10)
		}
		// Nothing is lost: what did not make the top is counted as "(other)".
		var total int64
		for _, s := range sum.Sources {
			total += s.Visitors
		}
		if total != views+10 || len(sum.Sources) == 0 || sum.Sources[0] != (Source{"newsletter", 10}) {
			t.Errorf("sources sum to %d visitors (want %d), top %+v", total, views+10, sum.Sources[:min(3, len(sum.Sources))])
		}
	})
}

// The other dimensions a beacon names are the site's own: clicks on its
// calls to action, plays of its portfolio's items; a visitor's day counts
// a day's seconds at most; and one client's page views count up to a
// limit. Made-up values count, but as one "(other)" or not at all.
func TestOnlyTheSitesOwnValuesAreDimensions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st, config.AnalyticsConfig{}, 0)
		r := request("POST", "/api/analytics/events", "192.0.2.1")
		f.beacon(r, `{"events":[{"t":"click","target":"hero-cta"},{"t":"click","target":"package-3"},
			{"t":"click","target":"made-up-1"},{"t":"click","target":"made-up-2"},
			{"t":"play","item":987654},{"t":"progress","item":987654,"pct":100},
			{"t":"time","sec":86400},{"t":"time","sec":86400},{"t":"time","sec":86400}]}`)
		// One client reloading: the burst counts, the rest is served uncounted.
		for range 2 * pageViewRate.Burst {
			f.s.PageView(request("GET", "/", "198.51.100.7"), "no")
		}
		f.rollup()
		dims := map[string]int{}
		rows, err := st.DB.Query(`SELECT metric, dim, events FROM analytics_daily`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var metric, dim string
			var events int
			if err := rows.Scan(&metric, &dim, &events); err != nil {
				t.Fatal(err)
			}
			dims[metric+" "+dim] = events
		}
		want := map[string]int{"click hero-cta": 1, "click package-3": 1, "click (other)": 2}
		for k, n := range want {
			if dims[k] != n {
				t.Errorf("%s: %d events, want %d (rows %v)", k, dims[k], n, dims)
			}
		}
		for k := range dims {
			if k == "play 987654" || k == "watch 987654" || k == "click made-up-1" {
				t.Errorf("row %q kept for a value that is not the site's", k)
			}
		}
		if got := dims["pageviews "]; got != pageViewRate.Burst {
			t.Errorf("%d page views counted from one client reloading, want %d", got, pageViewRate.Burst)
		}
		var seconds int
		if err := st.DB.QueryRow(`SELECT total FROM analytics_daily WHERE metric = 'time'`).Scan(&seconds); err != nil || seconds != 86400 {
			t.Errorf("one visitor's day counts %d seconds (%v), want 86400", seconds, err)
		}
	})
}
