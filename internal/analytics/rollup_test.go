package analytics

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// scenario is the browser test's story in events: a brand arrives through
// a pitch link, reads down to pricing, watches item 5 to the end, clicks a
// package and sends the form; a second visitor comes from a search engine
// through a campaign and leaves; a crawler and the admin count nothing.
func scenario(t *testing.T, f *fixture) (PitchLink, store.Inquiry) {
	t.Helper()
	ctx := context.Background()
	link, err := f.s.CreatePitchLink(ctx, PitchLinkInput{Name: "Acme AS", Note: "sent in March", NotifyOpen: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link.URL, "https://ugc.example/?ref=") || len(link.URL) < len("https://ugc.example/?ref=")+10 {
		t.Fatalf("pitch link URL %q", link.URL)
	}
	token := strings.TrimPrefix(link.URL, "https://ugc.example/?ref=")
	// The portfolio's item 5, the one played (plays of items not in the portfolio count nothing).
	override := "" // PostgreSQL's ids are GENERATED ALWAYS
	if f.st.Dialect == store.Postgres {
		override = "OVERRIDING SYSTEM VALUE"
	}
	if _, err := f.st.DB.Exec(`INSERT INTO portfolio_items (id, title, language) ` + override + ` VALUES (5, 'Serum unboxing', 'no')`); err != nil {
		t.Fatal(err)
	}
	brand := "198.51.100.1"
	f.s.PageView(request("GET", "/?ref="+token, brand), "no")
	f.beacon(request("POST", "/api/analytics/events", brand), `{"events":[
		{"t":"view","path":"/","lang":"no","screen":"desktop","tz":"Europe/Oslo"},
		{"t":"section","id":"hero"},{"t":"section","id":"about"},{"t":"section","id":"work"},{"t":"section","id":"pricing"},
		{"t":"play","item":5},{"t":"progress","item":5,"pct":25},{"t":"progress","item":5,"pct":50},
		{"t":"progress","item":5,"pct":75},{"t":"progress","item":5,"pct":100},
		{"t":"click","target":"package-2"},{"t":"form","step":"started"},{"t":"time","sec":30}]}`)
	f.s.Flush() // the pitch visit is written before the inquiry arrives
	inq, err := f.st.CreateInquiry(ctx, store.InquiryInput{Name: "Kari", Email: "kari@acme.example", Message: "Hello there, let us talk"})
	if err != nil {
		t.Fatal(err)
	}
	// The store stamps inquiries with the real clock; this story happens on the fixture's day.
	if _, err := f.st.DB.Exec(f.st.Rebind(`UPDATE contact_inquiries SET created_at = ? WHERE id = ?`), f.now, inq.ID); err != nil {
		t.Fatal(err)
	}
	f.s.AttributeInquiry(request("POST", "/api/contact", brand), inq.ID)
	// A reload by the brand: a second page view, the same visitor.
	f.s.PageView(request("GET", "/", brand), "no")

	other := request("GET", "/en?utm_source=newsletter&utm_campaign=spring", "203.0.113.9")
	other.Header.Set("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
	other.Header.Set("Referer", "https://www.google.com/")
	f.s.PageView(other, "en")
	f.beacon(other, `{"events":[{"t":"time","sec":4}]}`)

	bot := request("GET", "/", "192.0.2.50")
	bot.Header.Set("User-Agent", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	f.s.PageView(bot, "no")
	admin := request("GET", "/", "192.0.2.60")
	admin.Header.Set("X-Test-Admin", "yes")
	admin.Header.Set("Cookie", signedInHint+"=1")
	f.s.PageView(admin, "no")
	return link, inq
}

func TestRollupGivesExactFigures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st, config.AnalyticsConfig{}, 0)
		ctx := context.Background()
		link, inq := scenario(t, f)
		f.rollup()
		rg, err := f.s.ParseRange("2025-03-10", "2025-03-10")
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.s.Summary(ctx, rg)
		if err != nil {
			t.Fatal(err)
		}
		want := Summary{From: "2025-03-10", To: "2025-03-10", Visitors: 2, Pageviews: 3,
			Daily: []Day{{"2025-03-10", 2, 3}}, Live: 2,
			Sections: map[string]int64{"hero": 1, "about": 1, "work": 1, "pricing": 1},
			Videos:   []Video{{ItemID: 5, Plays: 1, AvgPct: 100, Completions: 1}},
			Clicks:   []Click{{"package-2", 1}},
			Funnel:   Funnel{Visitors: 2, FormStarted: 1, Submitted: 1},
			Engaged:  Engaged{Visits: 2, Over10s: 1, AvgSeconds: 17},
			Sources:  []Source{{"(direct)", 1}, {"newsletter", 1}}, Campaigns: []Campaign{{"spring", 1}},
			Languages: []Keyed{{"en", 1}, {"no", 1}}, Devices: []Keyed{{"desktop", 1}, {"mobile", 1}},
			Browsers: []Keyed{{"Chrome", 1}, {"Safari", 1}}, Countries: []Keyed{{"NO", 1}},
			PitchLinks: []PitchTotals{{ID: link.ID, Name: "Acme AS", Visits: 1, Plays: 1, Inquiries: 1}}}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("summary\n got %+v\nwant %+v", got, want)
		}
		links, err := f.s.PitchLinks(ctx)
		if err != nil || len(links) != 1 {
			t.Fatalf("pitch links %+v, %v", links, err)
		}
		l := links[0]
		if l.Visits != 1 || l.FirstVisit == nil || !l.FirstVisit.Equal(f.now) || l.Inquiries != 1 ||
			!reflect.DeepEqual(l.Sections, map[string]int64{"hero": 1, "about": 1, "work": 1, "pricing": 1}) ||
			!reflect.DeepEqual(l.Plays, []PitchPlay{{ItemID: 5, Plays: 1, MaxPct: 100}}) ||
			!reflect.DeepEqual(l.PackageClicks, map[string]int64{"package-2": 1}) {
			t.Fatalf("pitch link %+v", l)
		}
		refs, err := f.s.InquiryLinks(ctx, []int64{inq.ID})
		if err != nil || refs[inq.ID] != (LinkRef{link.ID, "Acme AS"}) {
			t.Fatalf("inquiry links %v, %v", refs, err)
		}
		// Hourly totals and the previous period.
		if n := f.count(`SELECT visitors FROM analytics_hourly WHERE hour = ? AND metric = 'pageviews'`, "2025-03-10T12"); n != 2 {
			t.Fatalf("hourly visitors %d, want 2", n)
		}
		f.now = f.now.Add(24 * time.Hour)
		next, _ := f.s.Summary(ctx, Range{From: rg.From.AddDate(0, 0, 1), To: rg.To.AddDate(0, 0, 1)})
		if next.Visitors != 0 || next.Previous != (Totals{2, 3}) || next.Live != 0 {
			t.Fatalf("next day: visitors %d, previous %+v, live %d", next.Visitors, next.Previous, next.Live)
		}
		// Activity: the inquiry and the pitch link opened.
		acts, err := f.s.Activity(ctx)
		if err != nil || len(acts) != 2 {
			t.Fatalf("activity %+v, %v", acts, err)
		}
		// Deleting the link takes its visits; the inquiry stays, without it.
		if err := f.s.DeletePitchLink(ctx, link.ID); err != nil {
			t.Fatal(err)
		}
		if n := f.count(`SELECT COUNT(*) FROM analytics_pitch_visits`) + f.count(`SELECT COUNT(*) FROM analytics_pitch_events`); n != 0 {
			t.Fatalf("%d pitch rows left after deleting the link", n)
		}
		if n := f.count(`SELECT COUNT(*) FROM contact_inquiries WHERE pitch_link_id IS NULL`); n != 1 {
			t.Fatal("the inquiry went with its pitch link, or kept it")
		}
	})
}

func TestRollupTwiceIsTheSame(t *testing.T) {
	f := newFixture(t, storetest.SQLite(t), config.AnalyticsConfig{}, 0)
	scenario(t, f)
	f.rollup()
	before := f.count(`SELECT CAST(SUM(visitors + events + total) AS BIGINT) FROM analytics_daily`)
	f.now = f.now.Add(time.Minute)
	f.rollup()
	// A run after the overlap window recomputes nothing, and changes nothing.
	f.now = f.now.Add(time.Hour)
	f.rollup()
	if after := f.count(`SELECT CAST(SUM(visitors + events + total) AS BIGINT) FROM analytics_daily`); after != before || before == 0 {
		t.Fatalf("daily totals %d, then %d", before, after)
	}
}

func TestRetentionPrunes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st, config.AnalyticsConfig{RetentionDays: 30}, 0)
		scenario(t, f)
		f.rollup()
		f.now = f.now.Add(31 * 24 * time.Hour)
		f.rollup()
		if n := f.count(`SELECT COUNT(*) FROM analytics_events`); n != 0 {
			t.Fatalf("%d raw events past 30 days kept", n)
		}
		if n := f.count(`SELECT COUNT(*) FROM analytics_daily WHERE day = '2025-03-10'`); n == 0 {
			t.Fatal("the daily totals went with the raw events")
		}
		if n := f.count(`SELECT COUNT(*) FROM analytics_pitch_visits`); n != 1 {
			t.Fatalf("%d pitch visits after 31 days, want 1 (kept 12 months)", n)
		}
		f.now = f.now.Add(335 * 24 * time.Hour)
		f.rollup()
		if n := f.count(`SELECT COUNT(*) FROM analytics_pitch_visits`) + f.count(`SELECT COUNT(*) FROM analytics_pitch_events`); n != 0 {
			t.Fatalf("%d pitch rows kept past 12 months", n)
		}
		if n := f.count(`SELECT COUNT(*) FROM analytics_salts`); n != 0 {
			t.Fatalf("%d old salts kept", n)
		}
	})
}

func TestDeleteAllAndCSV(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st, config.AnalyticsConfig{}, 0)
		ctx := context.Background()
		scenario(t, f)
		f.rollup()
		var csv strings.Builder
		rg := Range{From: time.Date(2025, 3, 9, 0, 0, 0, 0, time.UTC), To: time.Date(2025, 3, 10, 0, 0, 0, 0, time.UTC)}
		if err := f.s.ExportCSV(ctx, rg, &csv); err != nil {
			t.Fatal(err)
		}
		want := "date,visitors,pageviews,form_started,inquiries,plays,completions,clicks,engaged_visits,visits_over_10s\n" +
			"2025-03-09,0,0,0,0,0,0,0,0,0\n" +
			"2025-03-10,2,3,1,1,1,1,1,2,1\n"
		if csv.String() != want {
			t.Fatalf("CSV\n%s\nwant\n%s", csv.String(), want)
		}
		if err := f.s.DeleteAll(ctx); err != nil {
			t.Fatal(err)
		}
		for _, table := range []string{"analytics_events", "analytics_daily", "analytics_hourly", "analytics_pitch_visits", "analytics_pitch_events"} {
			if n := f.count(`SELECT COUNT(*) FROM ` + table); n != 0 {
				t.Errorf("%s: %d rows after delete all", table, n)
			}
		}
		if n := f.count(`SELECT COUNT(*) FROM analytics_pitch_links`); n != 1 {
			t.Error("delete all took the pitch links too")
		}
		sum, _ := f.s.Summary(ctx, rg)
		if sum.Visitors != 0 || sum.Live != 0 || len(sum.Sections) != 0 {
			t.Fatalf("summary after delete all: %+v", sum)
		}
	})
}
